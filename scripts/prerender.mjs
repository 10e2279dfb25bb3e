// Part of `npm run build`, after the client's server-side bundle (`vite build --ssr
// src/app/client/server-render.tsx`, which the server also uses to render pages per request):
// - renders the frames of the client-rendered pages (PRERENDERED_FRAME_PATHS: header, footer and
//   the screen's loading state) to dist/prerendered/pages.json, which the server puts inside #root;
// - lists, for each page with a screen of its own (SCREEN_PATHS), the chunks of that screen beyond
//   the entry's, in dist/prerendered/screen-chunks.json: the page's HTML asks for them beside the
//   entry (server/lib/scripts-after-paint.ts) instead of after it has run.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { chunkWithImports, landingPageFiles } from './report-sizes.mjs';

const { renderFrame, PRERENDERED_FRAME_PATHS, SCREEN_PATHS, screenModule } = await import(pathToFileURL(resolve('dist/ssr/server-render.js')).href);
const pages = {};
// A frame is rendered without its screen, which is a chunk the app loads first (main.tsx).
for (const path of PRERENDERED_FRAME_PATHS) pages[path] = renderFrame(path);

const manifest = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8'));
const entryFiles = new Set(landingPageFiles(manifest).js);
const screenChunks = {};
for (const path of SCREEN_PATHS) {
  const module = screenModule(path);
  if (!module) continue;
  if (!manifest[module]) throw new Error(`router.tsx names ${module} as the screen of ${path}, which the client build's manifest does not have`);
  screenChunks[path] = chunkWithImports(manifest, manifest[module]).js.filter((file) => !entryFiles.has(file)).map((file) => `/${file}`);
}

mkdirSync('dist/prerendered', { recursive: true });
writeFileSync('dist/prerendered/pages.json', `${JSON.stringify(pages)}\n`);
writeFileSync('dist/prerendered/screen-chunks.json', `${JSON.stringify(screenChunks)}\n`);
for (const [path, html] of Object.entries(pages)) console.log(`prerendered the frame of ${path}: ${(html.length / 1024).toFixed(1)} KB of HTML`);
