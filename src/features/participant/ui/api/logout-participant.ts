import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, stopReadsInFlight } from '../../../../client/lib/api-client';
import type { ParticipantSession } from '../../participant.schema';
import { PARTICIPANT_SESSION_KEY } from './get-participant-session';

/** POST /api/participant/logout: ends a participant session (an admin's stays). */
export async function logoutParticipant(): Promise<void> {
  await apiRequest('POST', '/api/participant/logout');
}

export function useLogoutParticipant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await stopReadsInFlight(queryClient);
      await logoutParticipant();
    },
    onSuccess: () => {
      queryClient.setQueryData<ParticipantSession>(PARTICIPANT_SESSION_KEY, (session) => ({ email: null, isAdmin: session?.isAdmin ?? false }));
      // Nothing of the last address stays in memory for the next person at this screen.
      queryClient.removeQueries({
        predicate: (query) => {
          const [url] = query.queryKey;
          return typeof url === 'string' && url.startsWith('/api/participant/') && url !== PARTICIPANT_SESSION_KEY[0];
        },
      });
    },
  });
}
