import { QueryClient } from '@tanstack/react-query';

/**
 * Read rules from spec §9: always stale, nothing kept once unused, no retries, and a fresh read
 * whenever the page mounts, the window regains focus or the network comes back. Queries that may
 * be cached longer (announcements) say so in their own options.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 0,
        gcTime: 0,
        retry: false,
        refetchInterval: false,
        refetchOnWindowFocus: true,
        refetchOnMount: true,
        refetchOnReconnect: true,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

export const FIVE_MINUTES = 5 * 60 * 1000;
