import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { confirmReservationResponseSchema } from '../../booking.schema';
import type { ReservationConfirmLink } from '../confirmation-link';
import { bookingConfirmationQueryOptions } from './get-booking-confirmation';

/** POST /api/bookings/{id}/confirm-reservation: the token of the link e-mailed to a new reservation. */
export async function confirmReservation({ bookingId, confirmToken }: ReservationConfirmLink) {
  return readJson(await apiRequest('POST', `/api/bookings/${bookingId}/confirm-reservation`, { token: confirmToken }), confirmReservationResponseSchema);
}

/** Confirms, then keeps the answer as the confirmation page's read, so the page shows it at once. */
export function useConfirmReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmReservation,
    onSuccess: ({ confirmationToken, confirmation }) => {
      queryClient.setQueryData(bookingConfirmationQueryOptions({ bookingId: confirmation.bookingId, token: confirmationToken }).queryKey, confirmation);
    },
  });
}
