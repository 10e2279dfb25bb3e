import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_FRESH_MS, adminQueryDefaults } from '../../../../client/lib/admin-queries';
import { apiGet } from '../../../../client/lib/api-client';
import { adminBookingListSchema, type AdminBooking } from '../../admin-bookings.schema';

/** The Bookings and Users tabs share this read: same key, same cache (spec §7: fresh for 60 s). */
export const ADMIN_BOOKINGS_KEY = ['/api/admin/bookings'] as const;

export function getAdminBookings(): Promise<AdminBooking[]> {
  return apiGet(ADMIN_BOOKINGS_KEY[0], adminBookingListSchema);
}

export const adminBookingsQueryOptions = () =>
  queryOptions({ queryKey: ADMIN_BOOKINGS_KEY, queryFn: getAdminBookings, ...adminQueryDefaults(ADMIN_FRESH_MS.bookings) });

export function useAdminBookings() {
  return useQuery(adminBookingsQueryOptions());
}
