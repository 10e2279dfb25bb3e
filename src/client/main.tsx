import './lib/zod-without-eval';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
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
// that paint instead of delaying it.
if (root.firstChild) requestAnimationFrame(() => setTimeout(render, 0));
else render();
