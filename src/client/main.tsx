import './lib/zod-without-eval';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadScreen } from './app/router';
import { afterNextPaint } from './lib/use-after-first-paint';
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

// A prerendered page (server/pages.ts) is painted from its HTML first; React takes over after
// that paint instead of delaying it, and once the page's own chunk is in, so that the takeover
// renders the same page at once rather than its loading state.
if (root.firstChild) {
  // A chunk that fails to load is the route's error boundary's to show.
  void Promise.all([afterNextPaint(), preloadScreen(window.location.pathname).catch(() => {})]).then(render);
} else render();
