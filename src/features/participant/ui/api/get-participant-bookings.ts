import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../../client/lib/api-client';
import { participantBookingListSchema, type ParticipantBooking } from '../../participant.schema';

const BOOKINGS_URL = '/api/participant/bookings';

/** The key of one address's list; `email` is left out for a participant's own session. */
export const participantBookingsKey = (email?: string) => (email ? ([BOOKINGS_URL, { email }] as const) : ([BOOKINGS_URL] as const));

/** GET /api/participant/bookings[?email=]: an admin names the address, a participant need not. */
export function getParticipantBookings(email?: string): Promise<ParticipantBooking[]> {
  return apiGet(BOOKINGS_URL, participantBookingListSchema, email ? { email } : undefined);
}

export const participantBookingsQueryOptions = (email?: string) =>
  queryOptions({ queryKey: participantBookingsKey(email), queryFn: () => getParticipantBookings(email) });

export function useParticipantBookings(email?: string) {
  return useQuery(participantBookingsQueryOptions(email));
}
