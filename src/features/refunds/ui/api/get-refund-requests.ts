import { ADMIN_FRESH_MS, adminQueryDefaults } from '../../../../client/lib/admin-queries';
import { apiRead } from '../../../../client/lib/api-read';
import { adminRefundRequestListSchema } from '../../refunds.schema';

/** Read with the Bookings tab, with its cache time (spec §7: fresh for 60 s). */
const read = apiRead('/api/admin/refund-requests', adminRefundRequestListSchema, adminQueryDefaults(ADMIN_FRESH_MS.bookings));

export const ADMIN_REFUND_REQUESTS_KEY = read.key;
export const useRefundRequests = read.useRead;
