import { useMutation } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { revokedClaimLinkSchema } from '../../participant.schema';

/** POST /api/participant/seats/{bookingId}/revoke-claim: every earlier link stops working; answers the new one. */
export async function revokeClaimLink(bookingId: number) {
  return readJson(await apiRequest('POST', `/api/participant/seats/${bookingId}/revoke-claim`), revokedClaimLinkSchema);
}

export function useRevokeClaimLink() {
  return useMutation({ mutationFn: revokeClaimLink });
}
