import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { scheduledMessageListSchema, type ScheduledMessage, type ScheduledMessageInput } from '../../date-messages.schema';
import { dateMessagesKey } from './get-date-messages';

/**
 * The writes of a date's schedule (…/scheduled-messages: POST, PUT and DELETE of one, POST
 * apply-defaults); each answers the whole schedule, and the log (which lists it) is read again.
 */
type Change =
  | { action: 'add'; input: ScheduledMessageInput }
  | { action: 'edit'; id: number; input: ScheduledMessageInput }
  | { action: 'delete'; id: number }
  | { action: 'apply-defaults' };

export async function changeSchedule(workshopDateId: number, change: Change): Promise<ScheduledMessage[]> {
  const base = `/api/admin/workshop-dates/${workshopDateId}/scheduled-messages`;
  const response =
    change.action === 'add'
      ? await apiRequest('POST', base, change.input)
      : change.action === 'edit'
        ? await apiRequest('PUT', `${base}/${change.id}`, change.input)
        : change.action === 'delete'
          ? await apiRequest('DELETE', `${base}/${change.id}`)
          : await apiRequest('POST', `${base}/apply-defaults`);
  return readJson(response, scheduledMessageListSchema);
}

export function useChangeSchedule(workshopDateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Change) => changeSchedule(workshopDateId, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dateMessagesKey(workshopDateId) }),
  });
}
