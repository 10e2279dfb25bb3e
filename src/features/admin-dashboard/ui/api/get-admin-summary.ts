import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../../client/lib/api-client';
import { ADMIN_SUMMARY_KEY } from '../../../../client/lib/admin-queries';
import { adminSummarySchema, type AdminSummary } from '../../admin-dashboard.schema';

export function getAdminSummary(): Promise<AdminSummary> {
  return apiGet(ADMIN_SUMMARY_KEY[0], adminSummarySchema);
}

/** Read on entry and after every change a tab reports (invalidateAdminOverview). */
export const adminSummaryQueryOptions = () =>
  queryOptions({ queryKey: ADMIN_SUMMARY_KEY, queryFn: getAdminSummary, staleTime: 0, gcTime: 10 * 60_000, refetchOnWindowFocus: false });

export function useAdminSummary() {
  return useQuery(adminSummaryQueryOptions());
}
