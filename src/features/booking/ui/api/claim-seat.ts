import { useMutation } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { bookingResponseSchema } from '../../booking.schema';
import type { ClaimSeatInput } from '../../claim.schema';
import { claimUrl } from './get-seat-claim';

/** POST /api/claims/{token}: puts the person on the seat; answers the seat as their booking. */
export async function claimSeat({ token, person }: { token: string; person: ClaimSeatInput }) {
  return readJson(await apiRequest('POST', claimUrl(token), person), bookingResponseSchema);
}

export function useClaimSeat() {
  return useMutation({ mutationFn: claimSeat });
}
