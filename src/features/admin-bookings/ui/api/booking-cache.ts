import type { QueryClient } from '@tanstack/react-query';
import { invalidateAdminOverview } from '../../../../client/lib/admin-queries';
import type { AdminBooking } from '../../admin-bookings.schema';
import { ADMIN_WORKSHOP_DATES_KEY } from '../../../admin-workshops/ui';
import { ADMIN_BOOKINGS_KEY } from './get-admin-bookings';

/** A new list with one booking changed, for the cached Bookings list. */
export const replaceBooking = (id: number, change: (booking: AdminBooking) => AdminBooking) => (list: AdminBooking[] | undefined) =>
  list?.map((booking) => (booking.id === id ? change(booking) : booking));

/**
 * After an action on one booking: its answer goes into the cached list (rather than reading 5,000
 * bookings again), and the summary cards and the Workshops tab's seat counts are read again.
 */
export async function bookingChanged(queryClient: QueryClient, updated: AdminBooking): Promise<void> {
  queryClient.setQueryData<AdminBooking[]>(ADMIN_BOOKINGS_KEY, replaceBooking(updated.id, () => updated));
  await Promise.all([invalidateAdminOverview(queryClient), queryClient.invalidateQueries({ queryKey: ADMIN_WORKSHOP_DATES_KEY })]);
}
