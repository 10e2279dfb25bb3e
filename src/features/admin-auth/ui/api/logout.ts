import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../client/lib/api-client';

/** POST /api/auth/logout: no body; the answer must be ok (spec §7). */
export async function logout(): Promise<void> {
  await apiRequest('POST', '/api/auth/logout');
}

/** Logs out and forgets every cached admin read, so nothing lingers for the next person. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: logout, onSuccess: () => queryClient.clear() });
}
