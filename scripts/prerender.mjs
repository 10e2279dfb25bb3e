// Part of `npm run build`: renders the prerendered pages (PRERENDERED_PATHS) with the client's
// own components (bundled for Node by `vite build --ssr src/client/prerender.tsx`) and writes their
// HTML to dist/prerendered/pages.json, which the server puts inside #root (src/server/pages.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

// The pages to prerender are listed beside the routes (PRERENDERED_PATHS in router.tsx). A
// screen in its own chunk is loaded first, here as in the browser (src/client/main.tsx), so it
// renders rather than its loading state.
const { renderPage, preloadScreen, PRERENDERED_PATHS } = await import(pathToFileURL(resolve('dist/ssr/prerender.js')).href);
const pages = {};
for (const path of PRERENDERED_PATHS) {
  await preloadScreen(path);
  pages[path] = renderPage(path);
}
mkdirSync('dist/prerendered', { recursive: true });
writeFileSync('dist/prerendered/pages.json', `${JSON.stringify(pages)}\n`);
for (const [path, html] of Object.entries(pages)) console.log(`prerendered ${path}: ${(html.length / 1024).toFixed(1)} KB of HTML`);
