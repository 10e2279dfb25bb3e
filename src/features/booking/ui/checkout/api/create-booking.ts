import { apiRequest, readJson } from '../../../../../client/lib/api-client';
import { orderBookingResponseSchema, type CreateBookingInput } from '../../../booking.schema';

/** POST /api/bookings: a free order ('free-booking'), from the form's data. */
export async function createBooking(input: CreateBookingInput) {
  const response = await apiRequest('POST', '/api/bookings', input);
  return readJson(response, orderBookingResponseSchema);
}

/** POST /api/orders/complete: back from the card form, the paid order, named by its payment alone. */
export async function completeOrder(paymentIntentId: string) {
  const response = await apiRequest('POST', '/api/orders/complete', { paymentIntentId });
  return readJson(response, orderBookingResponseSchema);
}

/** The lists whose seat counts a new booking changes. */
export const bookingChangesQueryKeys = [['/api/workshop-dates'], ['/api/admin/workshop-dates']] as const;
