import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../../client/lib/api-client';
import { ADMIN_STATS_KEY } from '../../../../client/lib/admin-queries';
import { adminStatsSchema, type AdminStats } from '../../admin-dashboard.schema';

export function getAdminStats(): Promise<AdminStats> {
  return apiGet(ADMIN_STATS_KEY[0], adminStatsSchema);
}

export const adminStatsQueryOptions = () =>
  queryOptions({ queryKey: ADMIN_STATS_KEY, queryFn: getAdminStats, staleTime: 0, gcTime: 10 * 60_000, refetchOnWindowFocus: false });

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions());
}
