import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ZodType } from 'zod';
import { apiGet } from './api-client';

/** How long a read stays fresh and when it is asked again (TanStack Query's own options). */
export type ReadCache = { staleTime?: number; gcTime?: number; refetchOnWindowFocus?: boolean; refetchOnReconnect?: boolean };

/**
 * A GET without parameters, cached under its path (`[path]`): its key (to re-read it after a change), its
 * query options (to read it outside a hook) and the hook a screen reads it with. A read that takes
 * parameters (an id, a token) writes its own options.
 */
export function apiRead<Path extends string, T>(path: Path, schema: ZodType<T>, cache: ReadCache = {}) {
  const key = [path] as const;
  const options = () => queryOptions({ queryKey: key, queryFn: (): Promise<T> => apiGet(path, schema), ...cache });
  return { key, options, useRead: () => useQuery(options()) };
}
