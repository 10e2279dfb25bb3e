import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { queuedSchema, type DateMessageInput, type Queued } from '../../date-messages.schema';
import { dateMessagesKey } from './get-date-messages';

/** POST /api/admin/workshop-dates/{id}/messages: one e-mail per attendee address, logged. */
export async function sendDateMessage(workshopDateId: number, input: DateMessageInput): Promise<Queued> {
  return readJson(await apiRequest('POST', `/api/admin/workshop-dates/${workshopDateId}/messages`, input), queuedSchema);
}

export function useSendDateMessage(workshopDateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DateMessageInput) => sendDateMessage(workshopDateId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dateMessagesKey(workshopDateId) }),
  });
}
