import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { bookingResponseSchema, type CreateBookingInput } from '../../../booking';

/** POST /api/bookings: a paid booking (after the provider confirmed) or a free one ('free-booking'). */
export async function createBooking(input: CreateBookingInput) {
  const response = await apiRequest('POST', '/api/bookings', input);
  return readJson(response, bookingResponseSchema);
}

/** The lists whose seat counts a new booking changes (spec §7). */
export const bookingChangesQueryKeys = [['/api/workshop-dates'], ['/api/admin/workshop-dates']] as const;
