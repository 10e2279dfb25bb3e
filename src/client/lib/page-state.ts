import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';

/**
 * Puts the reads the server answered for this page (the text of its `<script id="page-state">`,
 * app/server/pages.ts) into the browser's query cache. They are kept until a part shows them: a
 * lazy part can hydrate minutes later, when the visitor scrolls to it, and must find the data its
 * HTML was drawn from (the client's default is to drop unused data at once). Each read is asked
 * again as its part mounts, like any other.
 */
export function startFromPageState(queryClient: QueryClient, stateText: string | null | undefined): void {
  if (!stateText) return;
  hydrate(queryClient, JSON.parse(stateText) as DehydratedState, { defaultOptions: { queries: { gcTime: Infinity } } });
}
