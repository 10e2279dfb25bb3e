import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../../client/lib/api-client';
import { participantSessionSchema, type ParticipantSession } from '../../participant.schema';

export const PARTICIPANT_SESSION_KEY = ['/api/participant/session'] as const;

/** GET /api/participant/session: whose bookings this browser may open, if anyone's. */
export function getParticipantSession(): Promise<ParticipantSession> {
  return apiGet(PARTICIPANT_SESSION_KEY[0], participantSessionSchema);
}

export const participantSessionQueryOptions = () =>
  // Asked once per visit to the page; signing in or out updates it from the answers themselves.
  queryOptions({ queryKey: PARTICIPANT_SESSION_KEY, queryFn: getParticipantSession, refetchOnWindowFocus: false });

export function useParticipantSession() {
  return useQuery(participantSessionQueryOptions());
}
