import { dehydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { BRAND_NAME_SLOT } from '../../common/brand';
import { App } from './app';
import { pageReads, payLinkReads } from './page-data';

export { setApiTransport } from '../../client/lib/api-client';
export { isServerRendered } from './page-data';
export { preloadScreen, PRERENDERED_FRAME_PATHS, SCREEN_PATHS, screenModule } from './router';

/** The server's own cache for one page: nothing is retried, expires or is read again while it is made. */
function renderQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity, staleTime: Infinity } } });
}

/**
 * A page's reads, answered, and the render of the page from them; `release` lets go of its cache
 * once the server is done with it (a read may keep its query for minutes: announcements keep
 * theirs five, for the browser's sake), so nothing outlives the request and no timer keeps a
 * process that rendered alive.
 */
export type PageData = { state: DehydratedState; render: () => Promise<string>; release: () => void };

/**
 * The page at `path` as the server renders it per request (app/server/page-render.ts): its reads
 * are answered first (`state`, what the browser's query cache starts from; without it the first
 * client render would show loading states where the HTML shows data, and hydration would fail),
 * then `render` runs React's streaming renderer to the end (every lazy part loaded, every boundary
 * filled), so the HTML holds the whole page and the browser hydrates it as it is. The two are apart
 * so that the server can keep an earlier render when the data has not changed.
 */
export async function readPage(path: string, brandName: string): Promise<PageData> {
  const queryClient = renderQueryClient();
  // A read that fails leaves its part in its loading state, which the browser then asks again.
  await Promise.all(pageReads(path).map((read) => queryClient.prefetchQuery(read)));
  return {
    state: dehydrate(queryClient),
    render: () =>
      renderToHtml(
        <Router ssrPath={path}>
          <App queryClient={queryClient} brandName={brandName} />
        </Router>,
      ),
    release: () => queryClient.clear(),
  };
}

/**
 * The reads of a pay-later link's checkout (payLinkReads), answered, for the server to put in its
 * frame: nothing is rendered, the app renders the checkout as before, from this data. An invalid
 * link answers nothing (a failed read is left out), and the app asks and says so itself.
 */
export async function readPayLinkState(bookingId: number, token: string): Promise<DehydratedState> {
  const queryClient = renderQueryClient();
  const reads = payLinkReads(bookingId, token);
  const details = await queryClient.fetchQuery(reads.details).catch(() => null);
  if (details) await Promise.all(reads.after(details.workshopDateId).map((read) => queryClient.prefetchQuery(read)));
  const state = dehydrate(queryClient);
  queryClient.clear();
  return state;
}

/** Everything React renders, once every Suspense boundary has its content (no fallbacks streamed). */
function renderToHtml(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      // Every boundary in place, however large: React otherwise sends a large one after its
      // fallback with a script to swap them, which the page's script policy would refuse and a
      // visitor without scripts would never see.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    });
  });
}

/**
 * A client-rendered page's frame (header, footer, the screen's loading state), made at build
 * time (scripts/prerender.mjs): the checkout depends on the address and the visitor's booking,
 * so its HTML shows the page starting and the app replaces it once it has run. The brand name is
 * saved later than the build: the frame carries stand-ins the server fills as it serves the page
 * (fillBrandSlots).
 */
export function renderFrame(path: string): string {
  return renderToString(
    <Router ssrPath={path}>
      <App brandName={BRAND_NAME_SLOT} />
    </Router>,
  );
}
