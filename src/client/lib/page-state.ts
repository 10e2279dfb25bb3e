import { hashKey, hydrate, type DehydratedState, type QueryClient, type QueryKey, type UseQueryResult } from '@tanstack/react-query';
import { useHydrated } from './use-hydrated';

/** The data each of the page's reads had when the server drew the page, by query hash. */
const drawnFrom = new Map<string, unknown>();

/**
 * Puts the reads the server answered for this page (the text of its `<script id="page-state">`,
 * app/server/pages.ts) into the browser's query cache. They are kept until a part shows them: a
 * lazy part can hydrate minutes later, when the visitor scrolls to it, and must find the data its
 * HTML was drawn from (the client's default is to drop unused data at once). Each read is asked
 * again as its part mounts, like any other; a copy of what the server answered stays for the
 * parts that hydrate later (useAsDrawn).
 */
export function startFromPageState(queryClient: QueryClient, stateText: string | null | undefined): void {
  if (!stateText) return;
  const state = JSON.parse(stateText) as DehydratedState;
  for (const query of state.queries) drawnFrom.set(query.queryHash, query.state.data);
  hydrate(queryClient, state, { defaultOptions: { queries: { gcTime: Infinity } } });
}

/**
 * A read as the component should show it: while React hydrates the server's HTML, the data that
 * HTML was drawn from; from the next render on, the read as it is now. A lazy part hydrates when
 * its code comes, by which time the page may have read the same list again (the dates, read anew
 * as the page mounts) and found it changed by someone's booking: hydrating from the newer answer
 * would not match the HTML, and React would throw the part's HTML away and draw it again, moving
 * the page under the visitor. Drawn as the server drew it, it hydrates in place, then updates.
 */
export function useAsDrawn<T>(queryKey: QueryKey, result: UseQueryResult<T>): UseQueryResult<T> {
  const hydrated = useHydrated();
  const hash = hashKey(queryKey);
  if (hydrated || !drawnFrom.has(hash)) return result;
  return { ...result, data: drawnFrom.get(hash) as T, isPending: false, isError: false, isSuccess: true, status: 'success' } as UseQueryResult<T>;
}
