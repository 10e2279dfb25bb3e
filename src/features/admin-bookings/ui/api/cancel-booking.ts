import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { cancelBookingResponseSchema, type AdminCancelBookingInput, type CancelBookingResponse } from '../../admin-bookings.schema';
import { bookingChanged } from './booking-cache';

/** POST /api/admin/bookings/{id}/cancel: no refundAmount refunds a paid booking in full. */
export async function cancelBooking({ id, input }: { id: number; input: AdminCancelBookingInput }): Promise<CancelBookingResponse> {
  return readJson(await apiRequest('POST', `/api/admin/bookings/${id}/cancel`, input), cancelBookingResponseSchema);
}

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelBooking, onSuccess: (result) => bookingChanged(queryClient, result.booking) });
}
