import { ADMIN_FRESH_MS, adminQueryDefaults } from '../../../../client/lib/admin-queries';
import { apiRead } from '../../../../client/lib/api-read';
import { adminBookingListSchema } from '../../admin-bookings.schema';

/** The Bookings and Users tabs share this read: same key, same cache (spec §7: fresh for 60 s). */
const read = apiRead('/api/admin/bookings', adminBookingListSchema, adminQueryDefaults(ADMIN_FRESH_MS.bookings));

export const ADMIN_BOOKINGS_KEY = read.key;
export const useAdminBookings = read.useRead;
