import { useMutation } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { testSentSchema, type DateMessageInput, type TestSent } from '../../date-messages.schema';

/** POST /api/admin/workshop-dates/{id}/messages/test: one copy to the signed-in admin. */
export async function sendTestMessage(workshopDateId: number, input: DateMessageInput): Promise<TestSent> {
  return readJson(await apiRequest('POST', `/api/admin/workshop-dates/${workshopDateId}/messages/test`, input), testSentSchema);
}

export function useSendTestMessage(workshopDateId: number) {
  return useMutation({ mutationFn: (input: DateMessageInput) => sendTestMessage(workshopDateId, input) });
}
