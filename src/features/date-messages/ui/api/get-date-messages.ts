import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_FRESH_MS, adminQueryDefaults } from '../../../../client/lib/admin-queries';
import { apiGet } from '../../../../client/lib/api-client';
import { dateMessageLogSchema, type DateMessageLog } from '../../date-messages.schema';

/** GET /api/admin/workshop-dates/{id}/messages: the log, whom a send reaches now, and the schedule. */
export const dateMessagesKey = (workshopDateId: number) => ['/api/admin/workshop-dates', workshopDateId, 'messages'] as const;

export function getDateMessages(workshopDateId: number): Promise<DateMessageLog> {
  return apiGet(`/api/admin/workshop-dates/${workshopDateId}/messages`, dateMessageLogSchema);
}

/** Read again every few seconds while copies of a message still wait, so the log shows them go out. */
const WHILE_PENDING_MS = 3000;

export const dateMessagesQueryOptions = (workshopDateId: number) =>
  queryOptions({
    queryKey: dateMessagesKey(workshopDateId),
    queryFn: () => getDateMessages(workshopDateId),
    ...adminQueryDefaults(ADMIN_FRESH_MS.default),
    refetchInterval: (query) => (query.state.data?.messages.some((message) => message.delivery.pending > 0) ? WHILE_PENDING_MS : false),
  });

export function useDateMessages(workshopDateId: number) {
  return useQuery(dateMessagesQueryOptions(workshopDateId));
}
