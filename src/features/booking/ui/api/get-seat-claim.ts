import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../../client/lib/api-client';
import { seatClaimSchema, type SeatClaim } from '../../claim.schema';

/** The claim calls' address for a link's token. */
export const claimUrl = (token: string) => `/api/claims/${encodeURIComponent(token)}`;

/** GET /api/claims/{token}: what the claim link is for, and whether it can still be claimed. */
export function getSeatClaim(token: string): Promise<SeatClaim> {
  return apiGet(claimUrl(token), seatClaimSchema);
}

export const seatClaimQueryOptions = (token: string) => queryOptions({ queryKey: ['/api/claims', token] as const, queryFn: () => getSeatClaim(token) });

export function useSeatClaim(token: string) {
  return useQuery({
    ...seatClaimQueryOptions(token),
    // The page's own answer decides what it shows once the seat is claimed; a refetch on focus
    // would only say 'claimed' about the claim just made.
    refetchOnWindowFocus: false,
  });
}
