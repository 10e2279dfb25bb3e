// Part of `npm run build`: renders the prerendered pages (PRERENDERED_PATHS) with the client's
// own components (bundled for Node by `vite build --ssr src/app/client/prerender.tsx`) and writes their
// HTML to dist/prerendered/pages.json, which the server puts inside #root (src/app/server/pages.ts).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { chunkWithImports, landingPageFiles } from './report-sizes.mjs';

// The pages to prerender are listed beside the routes (PRERENDERED_PATHS in router.tsx). A
// screen in its own chunk is loaded first, here as in the browser (src/app/client/main.tsx), so it
// renders rather than its loading state. The frame pages (PRERENDERED_FRAME_PATHS) are rendered
// without their screen: their HTML is the frame and the loading state.
// React's production build, as in the browser: the development one also writes, into the HTML of
// a loading state it leaves for the browser, why it did so with a component stack of build paths.
process.env.NODE_ENV = 'production';
const { renderPage, preloadScreen, PRERENDERED_PATHS, PRERENDERED_FRAME_PATHS, screenModule } = await import(pathToFileURL(resolve('dist/ssr/prerender.js')).href);
const pages = {};
for (const path of PRERENDERED_FRAME_PATHS) pages[path] = renderPage(path);
for (const path of PRERENDERED_PATHS) {
  await preloadScreen(path);
  pages[path] = renderPage(path);
}

// The chunks of each prerendered page's screen that the entry does not bring: the page's HTML asks
// for them beside the entry (server/lib/scripts-after-paint.ts) instead of after it has run.
const manifest = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8'));
const entryFiles = new Set(landingPageFiles(manifest).js);
const screenChunks = {};
for (const path of [...PRERENDERED_PATHS, ...PRERENDERED_FRAME_PATHS]) {
  const module = screenModule(path);
  if (!module) continue;
  if (!manifest[module]) throw new Error(`router.tsx names ${module} as the screen of ${path}, which the client build's manifest does not have`);
  screenChunks[path] = chunkWithImports(manifest, manifest[module]).js.filter((file) => !entryFiles.has(file)).map((file) => `/${file}`);
}

mkdirSync('dist/prerendered', { recursive: true });
writeFileSync('dist/prerendered/pages.json', `${JSON.stringify(pages)}\n`);
writeFileSync('dist/prerendered/screen-chunks.json', `${JSON.stringify(screenChunks)}\n`);
for (const [path, html] of Object.entries(pages)) console.log(`prerendered ${path}: ${(html.length / 1024).toFixed(1)} KB of HTML`);
