import { useMutation } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { participantAccessResponseSchema, type ParticipantAccessInput } from '../../participant.schema';

/** POST /api/participant/access: e-mails the sign-in link; the answer is the same whoever asks. */
export async function requestAccessLink(input: ParticipantAccessInput) {
  const response = await apiRequest('POST', '/api/participant/access', input);
  return readJson(response, participantAccessResponseSchema);
}

export function useRequestAccessLink() {
  return useMutation({ mutationFn: requestAccessLink });
}
