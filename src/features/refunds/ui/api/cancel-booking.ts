import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { cancelBookingResponseSchema, type CancelBookingBody, type CancelBookingResponse } from '../../refunds.schema';
import { cancellationTermsKey } from './get-cancellation-terms';

/** POST /api/participant/cancel-booking/{bookingId}. */
export async function cancelBooking({ bookingId, ...body }: { bookingId: number } & CancelBookingBody): Promise<CancelBookingResponse> {
  const response = await apiRequest('POST', `/api/participant/cancel-booking/${bookingId}`, body);
  return readJson(response, cancelBookingResponseSchema);
}

/** The participant's booking lists (keys start with the URL) no longer hold the cancelled booking. */
export const isParticipantBookings = (key: readonly unknown[]) => typeof key[0] === 'string' && key[0].startsWith('/api/participant/bookings');

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    // Not awaited: the lists refetch while the caller's own onSuccess runs (its toast), and a card
    // that leaves the list on the first refetch would otherwise take those callbacks with it.
    onSuccess: (_answer, { bookingId }) => {
      queryClient.removeQueries({ queryKey: cancellationTermsKey(bookingId) });
      void queryClient.invalidateQueries({ predicate: (query) => isParticipantBookings(query.queryKey) });
    },
  });
}
