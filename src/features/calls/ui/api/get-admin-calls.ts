import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../../client/lib/api-client';
import { adminCallsSchema, type AdminCalls } from '../../calls.schema';
import { adminCallsKey } from './call-keys';

/** GET /api/admin/calls: the booked calls still to come, soonest first, and the organiser's zone. */
export const adminCallsQueryOptions = () =>
  queryOptions({
    queryKey: adminCallsKey,
    queryFn: (): Promise<AdminCalls> => apiGet('/api/admin/calls', adminCallsSchema),
  });

export function useAdminCalls() {
  return useQuery(adminCallsQueryOptions());
}
