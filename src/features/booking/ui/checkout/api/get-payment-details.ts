import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../../../client/lib/api-client';
import { reservationDetailsSchema } from '../../../booking.schema';

/** GET /api/bookings/{id}/payment-details?token=…: the reservation a pay-later link names. */
export function getPaymentDetails(bookingId: number, token: string) {
  return apiGet(`/api/bookings/${bookingId}/payment-details`, reservationDetailsSchema, { token });
}

export function paymentDetailsQueryOptions(bookingId: number, token: string) {
  return queryOptions({
    queryKey: [`/api/bookings/${bookingId}/payment-details`, { token }],
    queryFn: () => getPaymentDetails(bookingId, token),
    // Read once when the link opens; the checkout below it must not be reset by a refetch.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function usePaymentDetails(bookingId: number, token: string) {
  return useQuery(paymentDetailsQueryOptions(bookingId, token));
}
