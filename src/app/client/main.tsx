import '../../client/lib/zod-without-eval';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { preloadScreen } from './router';
import { afterNextPaint } from '../../client/lib/use-after-first-paint';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const render = () =>
  // A transition renders in slices that yield to the browser, so mounting the page never blocks
  // input for long; the HTML already on screen stays until React replaces it in one commit.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });

// The page's own chunk is asked for now, beside React's start, not once the router renders it.
// A chunk that fails to load is the route's error boundary's to show.
const screen = preloadScreen(window.location.pathname).catch(() => {});

// A prerendered page (server/pages.ts) is painted from its HTML first; React takes over after
// that paint instead of delaying it, and once the page's own chunk is in, so that the takeover
// renders the page at once rather than its loading state.
if (root.firstChild) void Promise.all([afterNextPaint(), screen]).then(render);
else render();
