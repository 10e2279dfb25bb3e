import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest, readJson } from '../../../../client/lib/api-client';
import { leaveWaitlistResponseSchema, publicWaitlistEntrySchema, type PublicWaitlistEntry } from '../../waitlist.schema';

/** The waiting-list link's calls for its token (the same token books an offer and leaves). */
const entryUrl = (token: string) => `/api/waitlist/${encodeURIComponent(token)}`;

/** GET /api/waitlist/{token}: where the entry stands, and its offer while one holds. */
export const waitlistEntryQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['/api/waitlist', token] as const,
    queryFn: (): Promise<PublicWaitlistEntry> => apiGet(entryUrl(token), publicWaitlistEntrySchema),
  });

export function useWaitlistEntry(token: string) {
  return useQuery(waitlistEntryQueryOptions(token));
}

/** DELETE /api/waitlist/{token}: leaves the list (an offer held passes on at once); the entry is read again after. */
export function useLeaveWaitlist(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => readJson(await apiRequest('DELETE', entryUrl(token)), leaveWaitlistResponseSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: waitlistEntryQueryOptions(token).queryKey }),
  });
}
