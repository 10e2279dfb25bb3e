import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { bookingActionResponseSchema, type BookingActionResponse, type MoveBookingInput } from '../../admin-bookings.schema';
import { bookingChanged } from './booking-cache';

/** POST /api/admin/bookings/{id}/move. */
export async function moveBooking({ id, input }: { id: number; input: MoveBookingInput }): Promise<BookingActionResponse> {
  return readJson(await apiRequest('POST', `/api/admin/bookings/${id}/move`, input), bookingActionResponseSchema);
}

export function useMoveBooking() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: moveBooking, onSuccess: (result) => bookingChanged(queryClient, result.booking) });
}
