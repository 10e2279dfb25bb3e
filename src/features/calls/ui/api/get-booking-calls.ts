import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../../client/lib/api-client';
import { bookingCallsSchema, type BookingCalls } from '../../calls.schema';
import { bookingCallsKey } from './call-keys';

/** GET /api/participant/bookings/{id}/calls: whether the seat may book, how many are left, its calls. */
export const bookingCallsQueryOptions = (bookingId: number) =>
  queryOptions({
    queryKey: bookingCallsKey(bookingId),
    queryFn: (): Promise<BookingCalls> => apiGet(`/api/participant/bookings/${bookingId}/calls`, bookingCallsSchema),
  });

export function useBookingCalls(bookingId: number, enabled = true) {
  return useQuery({ ...bookingCallsQueryOptions(bookingId), enabled });
}
