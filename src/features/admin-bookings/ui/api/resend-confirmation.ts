import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { bookingActionResponseSchema, type BookingActionResponse } from '../../admin-bookings.schema';
import { bookingChanged } from './booking-cache';

/** POST /api/admin/bookings/{id}/resend-confirmation. */
export async function resendConfirmation(id: number): Promise<BookingActionResponse> {
  return readJson(await apiRequest('POST', `/api/admin/bookings/${id}/resend-confirmation`), bookingActionResponseSchema);
}

export function useResendConfirmation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resendConfirmation, onSuccess: (result) => bookingChanged(queryClient, result.booking) });
}
