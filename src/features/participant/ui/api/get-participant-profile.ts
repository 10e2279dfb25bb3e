import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../../client/lib/api-client';
import { participantProfileSchema, type ParticipantProfile } from '../../participant.schema';

export const participantProfileUrl = (bookingId: number) => `/api/participant/profile/${bookingId}`;

/** GET /api/participant/profile/{bookingId}: empty strings until saved. */
export function getParticipantProfile(bookingId: number): Promise<ParticipantProfile> {
  return apiGet(participantProfileUrl(bookingId), participantProfileSchema);
}

export const participantProfileQueryOptions = (bookingId: number) =>
  // The form is filled from this once; refetching on focus would not change an edited form anyway.
  queryOptions({ queryKey: [participantProfileUrl(bookingId)], queryFn: () => getParticipantProfile(bookingId), refetchOnWindowFocus: false });

export function useParticipantProfile(bookingId: number) {
  return useQuery(participantProfileQueryOptions(bookingId));
}
