import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { App } from './app';

export { preloadScreen, PRERENDERED_FRAME_PATHS, PRERENDERED_PATHS, screenModule } from './router';

/**
 * A page's first render as HTML, made at build time (scripts/prerender.mjs) and served inside
 * #root (server/pages.ts), so the first paint needs no JavaScript: the landing page's heading is
 * painted as soon as the HTML and CSS arrive. In the browser, createRoot replaces it with the
 * same markup from the same components; data is pending on both sides, so nothing moves.
 * Lazy parts render their Suspense fallback here, as they do on the client's first render; so does
 * a page whose screen is a lazy chunk (/blog, /checkout): its HTML is the frame and the loading state.
 */
export function renderPage(path: string): string {
  return renderToString(
    <Router ssrPath={path}>
      <App />
    </Router>,
  );
}
