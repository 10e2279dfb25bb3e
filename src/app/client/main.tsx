import '../../client/lib/zod-without-eval';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { preloadScreen } from './router';
import { afterNextPaint } from '../../client/lib/after-next-paint';
import { brandNameOfPage } from '../../client/lib/brand-name';
import { startFromPageState } from '../../client/lib/page-state';
import { createQueryClient } from '../../client/lib/query-client';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
const brandName = brandNameOfPage(document);

// The reads the server answered for this page: those a server-rendered page was drawn from, or
// those a pay-later link's checkout starts from.
startFromPageState(queryClient, document.getElementById('page-state')?.textContent);

if (root.hasAttribute('data-server-rendered')) {
  // A page the server rendered with its data: React adopts the HTML where it stands instead of
  // drawing it again, starting from the same data, so nothing is replaced and a click made while
  // it hydrates is replayed rather than lost. Lazy parts keep their server HTML until their chunk
  // is in.
  // The page's own screen is in first (the HTML asked for it beside the entry): a screen still
  // loading while React hydrates would drop the taps made in it, which React replays only where
  // it can hydrate at once.
  void preloadScreen(window.location.pathname)
    .catch(() => {})
    .then(() => {
      performance.mark('hydration-start');
      window.__hydrating = true;
      hydrateRoot(
        root,
        <StrictMode>
          <App queryClient={queryClient} brandName={brandName} />
        </StrictMode>,
      );
    });
} else {
  const render = () =>
    // A transition renders in slices that yield to the browser, so mounting the page never blocks
    // input for long; the HTML already on screen stays until React replaces it in one commit.
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <App queryClient={queryClient} brandName={brandName} />
        </StrictMode>,
      );
    });

  // The page's own chunk is asked for now, beside React's start, not once the router renders it.
  // A chunk that fails to load is the route's error boundary's to show.
  const screen = preloadScreen(window.location.pathname).catch(() => {});

  // A page whose frame was built at build time (the checkout) is painted from its HTML first;
  // React takes over after that paint instead of delaying it, and once the page's own chunk is
  // in, so that the takeover renders the page at once rather than its loading state.
  if (root.firstChild) void Promise.all([afterNextPaint(), screen]).then(render);
  else render();
}
