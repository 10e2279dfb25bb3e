import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../../client/lib/api-client';
import { authStatusSchema, type AuthStatus } from '../../admin-auth.schema';

/** GET /api/auth/user: with credentials, no-cache headers, JSON accept. */
export function getAuthStatus(): Promise<AuthStatus> {
  return apiGet('/api/auth/user', authStatusSchema, undefined, { 'Cache-Control': 'no-cache', Pragma: 'no-cache' });
}

export const authStatusQueryKey = ['/api/auth/user'] as const;

export const authStatusQueryOptions = () =>
  // Asked afresh on every entry: a session may have ended in another tab.
  queryOptions({ queryKey: authStatusQueryKey, queryFn: getAuthStatus, staleTime: 0, refetchOnWindowFocus: false });

export function useAuthStatus() {
  return useQuery(authStatusQueryOptions());
}
