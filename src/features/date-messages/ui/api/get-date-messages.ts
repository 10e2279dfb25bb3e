import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_FRESH_MS, adminQueryDefaults } from '../../../../client/lib/admin-queries';
import { apiGet } from '../../../../client/lib/api-client';
import { dateMessageLogSchema, type DateMessageLog } from '../../date-messages.schema';

/** GET /api/admin/workshop-dates/{id}/messages: the log, whom a send reaches now, and the schedule. */
export const dateMessagesKey = (workshopDateId: number) => ['/api/admin/workshop-dates', workshopDateId, 'messages'] as const;

export function getDateMessages(workshopDateId: number): Promise<DateMessageLog> {
  return apiGet(`/api/admin/workshop-dates/${workshopDateId}/messages`, dateMessageLogSchema);
}

export const dateMessagesQueryOptions = (workshopDateId: number) =>
  queryOptions({ queryKey: dateMessagesKey(workshopDateId), queryFn: () => getDateMessages(workshopDateId), ...adminQueryDefaults(ADMIN_FRESH_MS.default) });

export function useDateMessages(workshopDateId: number) {
  return useQuery(dateMessagesQueryOptions(workshopDateId));
}
