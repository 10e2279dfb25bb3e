// Part of `npm run build`: renders the pages listed below with the client's own components
// (bundled for Node by `vite build --ssr src/client/prerender.tsx`) and writes their HTML to
// dist/prerendered/pages.json, which the server puts inside #root (src/server/pages.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

/** The landing page: the page visitors arrive on, whose first paint must not wait for scripts. */
const PRERENDERED_PATHS = ['/'];

const { renderPage } = await import(pathToFileURL(resolve('dist/ssr/prerender.js')).href);
const pages = Object.fromEntries(PRERENDERED_PATHS.map((path) => [path, renderPage(path)]));
mkdirSync('dist/prerendered', { recursive: true });
writeFileSync('dist/prerendered/pages.json', `${JSON.stringify(pages)}\n`);
for (const [path, html] of Object.entries(pages)) console.log(`prerendered ${path}: ${(html.length / 1024).toFixed(1)} KB of HTML`);
