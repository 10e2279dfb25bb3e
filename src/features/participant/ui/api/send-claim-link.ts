import { useMutation } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { seatClaimLinkSentSchema, type SeatClaimLinkInput } from '../../participant.schema';

/** POST /api/participant/seats/{bookingId}/claim-link: e-mails an unnamed seat's claim link to the address the buyer typed. */
export async function sendClaimLink({ bookingId, ...input }: SeatClaimLinkInput & { bookingId: number }) {
  return readJson(await apiRequest('POST', `/api/participant/seats/${bookingId}/claim-link`, input), seatClaimLinkSentSchema);
}

export function useSendClaimLink() {
  return useMutation({ mutationFn: sendClaimLink });
}
