import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateAdminOverview } from '../../../../client/lib/admin-queries';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { adminBookingSchema, type AdminBooking } from '../../admin-bookings.schema';
import { replaceBooking } from './booking-cache';
import { ADMIN_BOOKINGS_KEY } from './get-admin-bookings';
import { ADMIN_ORDERS_KEY } from './get-admin-order';

type AttendanceChange = { id: number; hasAttended: boolean };

/** PUT /api/admin/bookings/{id}/attendance. */
export async function updateAttendance({ id, hasAttended }: AttendanceChange): Promise<AdminBooking> {
  const response = await apiRequest('PUT', `/api/admin/bookings/${id}/attendance`, { hasAttended });
  return readJson(response, adminBookingSchema);
}

/**
 * The switch moves at once (optimistic) and moves back if the server refuses. The answer goes
 * into the cached list rather than reading 5,000 bookings again for one flag.
 */
export function useUpdateAttendance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAttendance,
    onMutate: async ({ id, hasAttended }: AttendanceChange) => {
      await queryClient.cancelQueries({ queryKey: ADMIN_BOOKINGS_KEY });
      const previous = queryClient.getQueryData<AdminBooking[]>(ADMIN_BOOKINGS_KEY)?.find((booking) => booking.id === id)?.hasAttended;
      queryClient.setQueryData<AdminBooking[]>(ADMIN_BOOKINGS_KEY, replaceBooking(id, (booking) => ({ ...booking, hasAttended })));
      return { previous };
    },
    onError: (_error, { id }, context) => {
      const previous = context?.previous;
      if (previous !== undefined) queryClient.setQueryData<AdminBooking[]>(ADMIN_BOOKINGS_KEY, replaceBooking(id, (booking) => ({ ...booking, hasAttended: previous })));
    },
    onSuccess: async (updated) => {
      queryClient.setQueryData<AdminBooking[]>(ADMIN_BOOKINGS_KEY, replaceBooking(updated.id, () => updated));
      await Promise.all([invalidateAdminOverview(queryClient), queryClient.invalidateQueries({ queryKey: ADMIN_ORDERS_KEY })]);
    },
  });
}
