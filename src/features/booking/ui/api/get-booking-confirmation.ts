import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../../client/lib/api-client';
import { bookingConfirmationSchema } from '../../booking.schema';
import type { ConfirmationLink } from '../confirmation-link';

/** GET /api/bookings/{id}/confirmation?token=…: what the confirmation page shows. */
export function getBookingConfirmation({ bookingId, token }: ConfirmationLink) {
  return apiGet(`/api/bookings/${bookingId}/confirmation`, bookingConfirmationSchema, { token });
}

export function bookingConfirmationQueryOptions(link: ConfirmationLink) {
  return queryOptions({
    queryKey: [`/api/bookings/${link.bookingId}/confirmation`, { token: link.token }],
    queryFn: () => getBookingConfirmation(link),
  });
}

export function useBookingConfirmation(link: ConfirmationLink) {
  return useQuery(bookingConfirmationQueryOptions(link));
}
