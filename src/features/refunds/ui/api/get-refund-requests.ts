import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_FRESH_MS, adminQueryDefaults } from '../../../../client/lib/admin-queries';
import { apiGet } from '../../../../client/lib/api-client';
import { adminRefundRequestListSchema, type AdminRefundRequest } from '../../refunds.schema';

/** Read with the Bookings tab, with its cache time (spec §7: fresh for 60 s). */
export const ADMIN_REFUND_REQUESTS_KEY = ['/api/admin/refund-requests'] as const;

export function getRefundRequests(): Promise<AdminRefundRequest[]> {
  return apiGet(ADMIN_REFUND_REQUESTS_KEY[0], adminRefundRequestListSchema);
}

export const refundRequestsQueryOptions = () =>
  queryOptions({ queryKey: ADMIN_REFUND_REQUESTS_KEY, queryFn: getRefundRequests, ...adminQueryDefaults(ADMIN_FRESH_MS.bookings) });

export function useRefundRequests() {
  return useQuery(refundRequestsQueryOptions());
}
