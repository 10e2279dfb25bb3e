import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../../client/lib/api-client';
import { cancelledBookingListSchema } from '../../participant.schema';

const CANCELLED_URL = '/api/participant/bookings/cancelled';

export const cancelledBookingsKey = (email?: string) => (email ? ([CANCELLED_URL, { email }] as const) : ([CANCELLED_URL] as const));

/** GET /api/participant/bookings/cancelled[?email=]: what each cancellation gave back. */
export function useCancelledBookings(email?: string) {
  return useQuery({ queryKey: cancelledBookingsKey(email), queryFn: () => apiGet(CANCELLED_URL, cancelledBookingListSchema, email ? { email } : undefined) });
}
