import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateAdminOverview } from '../../../../client/lib/admin-queries';
import { apiRequest } from '../../../../client/lib/api-client';
import type { AdminBooking } from '../../admin-bookings.schema';
import { ADMIN_BOOKINGS_KEY } from './get-admin-bookings';

/** The Workshops tab's list: its seat counts change when a booking goes. */
const ADMIN_WORKSHOP_DATES_KEY = ['/api/admin/workshop-dates'] as const;

/** DELETE /api/admin/bookings/{id}. */
export async function deleteBooking(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/admin/bookings/${id}`);
}

export function useDeleteBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBooking,
    onSuccess: async (_result, id) => {
      queryClient.setQueryData<AdminBooking[]>(ADMIN_BOOKINGS_KEY, (list) => list?.filter((booking) => booking.id !== id));
      await Promise.all([invalidateAdminOverview(queryClient), queryClient.invalidateQueries({ queryKey: ADMIN_WORKSHOP_DATES_KEY })]);
    },
  });
}
