import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest, readJson } from '../../../../client/lib/api-client';
import { adminPollSchema, adminWorkshopDateSchema, participantPollSchema, seatMovedSchema, seatMoveOptionsSchema, type PollInput } from '../../admin-workshops.schema';
import { workshopDatesResource } from './workshop-dates-resource';

/** A TBC date's poll (docs/decisions/022-dates-that-change.md): the organiser's calls and a seat's. */

const pollUrl = (id: number) => `/api/admin/workshop-dates/${id}/poll`;
const seatPollUrl = (bookingId: number) => `/api/participant/bookings/${bookingId}/poll`;
const pollKey = (id: number | null) => [workshopDatesResource.path, id, 'poll'];

export const useDatePoll = (id: number | null) => useQuery({ queryKey: pollKey(id), queryFn: () => apiGet(pollUrl(id!), adminPollSchema), enabled: id !== null, staleTime: 0 });

export function useOpenDatePoll(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: PollInput) => readJson(await apiRequest('PUT', pollUrl(id!), input), adminPollSchema),
    onSuccess: (poll) => queryClient.setQueryData(pollKey(id), poll),
  });
}

export function useChoosePollOption(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (optionId: number) => readJson(await apiRequest('POST', `${pollUrl(id!)}/choose`, { optionId }), adminWorkshopDateSchema),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [workshopDatesResource.path] });
      for (const key of workshopDatesResource.alsoRefresh ?? []) void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

const seatPollKey = (bookingId: number) => [seatPollUrl(bookingId)];
export const useSeatPoll = (bookingId: number, enabled: boolean) => useQuery({ queryKey: seatPollKey(bookingId), queryFn: () => apiGet(seatPollUrl(bookingId), participantPollSchema), enabled });

export function useVoteSeatPoll(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (optionIds: number[]) => readJson(await apiRequest('POST', seatPollUrl(bookingId), { optionIds }), participantPollSchema),
    onSuccess: (poll) => queryClient.setQueryData(seatPollKey(bookingId), poll),
  });
}

const seatMoveUrl = (bookingId: number) => `/api/participant/bookings/${bookingId}/move`;
/** Whether a seat the poll left out may move itself, and where to (move-own-seat.ts on the server). */
export const useSeatMove = (bookingId: number, enabled: boolean) => useQuery({ queryKey: [seatMoveUrl(bookingId)], queryFn: () => apiGet(seatMoveUrl(bookingId), seatMoveOptionsSchema), enabled });

export function useMoveOwnSeat(bookingId: number) {
  return useMutation({
    mutationFn: async (workshopDateId: number) => readJson(await apiRequest('POST', seatMoveUrl(bookingId), { workshopDateId }), seatMovedSchema),
  });
}
