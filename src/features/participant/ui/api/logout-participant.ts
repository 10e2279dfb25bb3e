import { useMutation, useQueryClient } from '@tanstack/react-query';
import { abandonReadsInFlight, apiRequest } from '../../../../client/lib/api-client';
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
      // Reads still on their way would reach the server after the session ends and come back 401.
      await queryClient.cancelQueries();
      abandonReadsInFlight();
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
