import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { apiRequest, stopReadsInFlight } from '../../../../client/lib/api-client';
import { LOGIN_PATH } from '../admin-texts';

/** POST /api/auth/logout: no body; the answer must be ok. */
export async function logout(): Promise<void> {
  await apiRequest('POST', '/api/auth/logout');
}

const LOGOUT_KEY = ['logout'] as const;

/**
 * Ends the admin session. The dashboard's reads still on their way are stopped first: they would
 * reach the server after the session ends and come back 401.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: LOGOUT_KEY,
    mutationFn: async () => {
      await stopReadsInFlight(queryClient);
      await logout();
    },
  });
}

/** True from the Logout click until the session has ended: the dashboard starts no more reads. */
export function useLoggingOut(): boolean {
  return useIsMutating({ mutationKey: LOGOUT_KEY }) > 0;
}

/**
 * After the session has ended: go to the login, then forget every cached admin read so nothing
 * lingers for the next person. In that order: a dashboard still on screen when the cache empties
 * would fetch its reads again, and they would come back 401.
 */
export function useLeaveAdmin(): () => void {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return () => {
    navigate(LOGIN_PATH);
    queryClient.clear();
  };
}
