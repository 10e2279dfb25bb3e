import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { deleteBookingResponseSchema, type AdminBooking } from '../../admin-bookings.schema';
import { seatsChanged } from './booking-cache';
import { ADMIN_BOOKINGS_KEY } from './get-admin-bookings';

/**
 * DELETE /api/admin/bookings/{id}. A paid booking needs `refund`: true sends the payment back in
 * full, false keeps it; without it the server answers 409 refund_choice_required.
 */
export async function deleteBooking({ id, refund }: { id: number; refund?: boolean }) {
  const query = refund === undefined ? '' : `?refund=${refund}`;
  return readJson(await apiRequest('DELETE', `/api/admin/bookings/${id}${query}`), deleteBookingResponseSchema);
}

export function useDeleteBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBooking,
    onSuccess: async (_result, { id }) => {
      queryClient.setQueryData<AdminBooking[]>(ADMIN_BOOKINGS_KEY, (list) => list?.filter((booking) => booking.id !== id));
      await seatsChanged(queryClient);
    },
  });
}
