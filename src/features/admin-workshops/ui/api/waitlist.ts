import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminQueryDefaults, invalidateAdminOverview } from '../../../../client/lib/admin-queries';
import { apiGet, apiRequest, readJson } from '../../../../client/lib/api-client';
import { adminWaitlistActionResponseSchema, adminWaitlistResponseSchema } from '../../../waitlist';
import { ADMIN_WORKSHOP_DATES_KEY } from './workshop-dates-resource';

/** Every date's list is read under this key, so one action re-reads whichever lists are open or cached. */
export const ADMIN_WAITLIST_KEY = ['/api/admin/waitlist'] as const;

/** GET /api/admin/waitlist?workshopDateId=: read each time the list opens (offers come and go on their own). */
export const adminWaitlistQuery = (workshopDateId: number) =>
  queryOptions({
    queryKey: [...ADMIN_WAITLIST_KEY, workshopDateId],
    queryFn: () => apiGet(ADMIN_WAITLIST_KEY[0], adminWaitlistResponseSchema, { workshopDateId }),
    ...adminQueryDefaults(0),
  });

export const useAdminWaitlist = (workshopDateId: number) => useQuery(adminWaitlistQuery(workshopDateId));

/** DELETE /api/admin/waitlist/{id}: takes the entry off the list; an offer it held passes on. */
async function removeEntry({ entryId }: { entryId: number }) {
  return readJson(await apiRequest('DELETE', `/api/admin/waitlist/${entryId}`), adminWaitlistActionResponseSchema);
}

/** POST /api/admin/waitlist/{id}/offer: free seats of the date offered to this entry now; the date is named for an entry waiting for any date. */
async function offerSeats({ entryId, workshopDateId }: { entryId: number; workshopDateId?: number }) {
  return readJson(await apiRequest('POST', `/api/admin/waitlist/${entryId}/offer`, workshopDateId === undefined ? {} : { workshopDateId }), adminWaitlistActionResponseSchema);
}

/**
 * After an action the lists, the dates' seats and waiting counts, the dashboard's cards and the
 * visitors' seat counts may all have changed (an offer takes seats; a removed offer passes them on).
 */
function useWaitlistMutation<Input>(mutationFn: (input: Input) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_WAITLIST_KEY }),
        queryClient.invalidateQueries({ queryKey: ADMIN_WORKSHOP_DATES_KEY }),
        queryClient.invalidateQueries({ queryKey: ['/api/workshop-dates'] }),
        invalidateAdminOverview(queryClient),
      ]),
  });
}

export const useRemoveWaitlistEntry = () => useWaitlistMutation(removeEntry);
export const useOfferWaitlistSeats = () => useWaitlistMutation(offerSeats);
