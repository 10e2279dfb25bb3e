import type { QueryClient } from '@tanstack/react-query';
import { invalidateAdminOverview } from '../../../../client/lib/admin-queries';
import type { AdminBooking } from '../../admin-bookings.schema';
import { ADMIN_WORKSHOP_DATES_KEY } from '../../../admin-workshops/ui';
import { ADMIN_BOOKINGS_KEY } from './get-admin-bookings';
import { ADMIN_ORDERS_KEY } from './get-admin-order';

/** A new list with one booking changed, for the cached Bookings list. */
export const replaceBooking = (id: number, change: (booking: AdminBooking) => AdminBooking) => (list: AdminBooking[] | undefined) =>
  list?.map((booking) => (booking.id === id ? change(booking) : booking));

/**
 * After an action on one booking: its answer goes into the cached list (rather than reading 5,000
 * bookings again), and the summary cards, the Workshops tab's seat counts and the orders are read again.
 */
export async function bookingChanged(queryClient: QueryClient, updated: AdminBooking): Promise<void> {
  queryClient.setQueryData<AdminBooking[]>(ADMIN_BOOKINGS_KEY, replaceBooking(updated.id, () => updated));
  await seatsChanged(queryClient);
}

/** What follows a booking's seat or money: the summary cards, the Workshops tab's seat counts, the orders. */
export async function seatsChanged(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    invalidateAdminOverview(queryClient),
    queryClient.invalidateQueries({ queryKey: ADMIN_WORKSHOP_DATES_KEY }),
    queryClient.invalidateQueries({ queryKey: ADMIN_ORDERS_KEY }),
  ]);
}
