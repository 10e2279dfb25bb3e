// The server's page rendering, measured beside the read load: for each page the
// server renders with its data, the time of the server's own first render of it (its Server-Timing
// header: reads and render, with every lazy part loaded for the first time), then the time of the
// render alone, repeated, with the same bundle the server runs (dist/ssr/server-render.js) and the
// page's reads answered by the running server. A page whose data has not changed is not rendered
// again (app/server/pages.ts), so the read load on '/' measures the cached page, as it should.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { call, savedBrandName } from './load.mjs';
import { DIST } from './server.mjs';
import { percentile } from './stats.mjs';

const WARMUP = 5;
const SAMPLES = 40;

/** The server-rendered pages: the fixed ones and the first published post. */
async function renderedPaths(baseUrl) {
  const posts = JSON.parse((await call(baseUrl, 'GET', '/api/blog-posts')).body.toString('utf8'));
  return ['/', '/intro', '/blog', ...(posts[0] ? [`/blog/${posts[0].slug}`] : [])];
}

/** `admin`: the bench admin's session, to read the brand name the server renders the pages with. */
export async function measureRenders(baseUrl, admin) {
  const brandName = await savedBrandName(baseUrl, admin);
  const renderer = await import(pathToFileURL(resolve(DIST, 'ssr', 'server-render.js')).href);
  renderer.setApiTransport((url, init) => fetch(new URL(url, baseUrl), init));
  const figures = [];
  for (const path of await renderedPaths(baseUrl)) {
    const first = await call(baseUrl, 'GET', path, { bare: true, headers: { accept: 'text/html' } });
    const serverTiming = /render;dur=([\d.]+)/.exec(String(first.headers['server-timing'] ?? ''))?.[1];
    const page = await renderer.readPage(path, brandName);
    const times = [];
    try {
      for (let run = 0; run < WARMUP + SAMPLES; run++) {
        const started = performance.now();
        const html = await page.render();
        if (run >= WARMUP) times.push(performance.now() - started);
        if (!html.includes('</')) throw new Error(`rendering ${path} gave no HTML`);
      }
    } finally {
      // Its queries' timers would otherwise keep the bench running minutes after it printed.
      page.release();
    }
    figures.push({ path, firstRenderMs: serverTiming ? Number(serverTiming) : null, renderP50Ms: percentile(times, 50), renderP95Ms: percentile(times, 95), bytes: first.body.length });
  }
  return figures;
}
