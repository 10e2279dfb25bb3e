import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { bookingActionResponseSchema, type BookingActionResponse, type MarkPaidInput } from '../../admin-bookings.schema';
import { bookingChanged } from './booking-cache';

/** POST /api/admin/bookings/{id}/mark-paid: a reservation paid outside the site. */
export async function markPaid({ id, input }: { id: number; input: MarkPaidInput }): Promise<BookingActionResponse> {
  return readJson(await apiRequest('POST', `/api/admin/bookings/${id}/mark-paid`, input), bookingActionResponseSchema);
}

export function useMarkPaid() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markPaid, onSuccess: (result) => bookingChanged(queryClient, result.booking) });
}
