import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workshopDates } from '../../src/server/db/schema';
import { buildAppServingClient, createTestApp, type TestApp } from '../helpers/test-app';

/*
 * Issue 19 point 1, the server's side: how pages.ts serves what the client's server bundle renders
 * (its reads answered by the app in-process, the page kept with the public reads, made again only
 * when its data changes, its data and JSON-LD in the page). The bundle here is a stand-in with the
 * real one's interface (dist/ssr/server-render.js), which counts its renders; the real one, React
 * and all, is exercised by tests/e2e/server-rendering.spec.ts on the built app.
 */
const STAND_IN_RENDERER = `
let transport;
export const renders = [];
export const reads = { made: 0, released: 0 };
export function setApiTransport(next) { transport = next; }
export function isServerRendered(path) { return path === '/' || path === '/intro' || path === '/blog'; }
export async function readPage(path) {
  reads.made++;
  const response = await transport('/api/workshop-dates', { method: 'GET', headers: {} });
  const queries = response.ok
    ? [{ queryKey: ['/api/workshop-dates'], queryHash: '["/api/workshop-dates"]', state: { data: await response.json(), dataUpdatedAt: Date.now(), status: 'success' } }]
    : [];
  return {
    state: { mutations: [], queries },
    render: async () => {
      renders.push(path);
      const dates = queries[0]?.state.data ?? [];
      return '<main>' + dates.map((date) => '<p>' + date.title + ': ' + date.seatsRemaining + ' seats</p>').join('') + '</main>';
    },
    release: () => {
      reads.released++;
    },
  };
}
`;

let app: TestApp;
let pages: Awaited<ReturnType<typeof buildAppServingClient>>;
let distDir: string;
let renders: string[];
let reads: { made: number; released: number };

beforeAll(async () => {
  app = await createTestApp({ seed: true });
  distDir = mkdtempSync(join(tmpdir(), 'dist-'));
  const clientDir = join(distDir, 'client');
  mkdirSync(clientDir, { recursive: true });
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><html><head><!--app-meta--><script type="module" crossorigin src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>');
  mkdirSync(join(distDir, 'ssr'));
  const bundle = join(distDir, 'ssr', 'server-render.js');
  writeFileSync(bundle, STAND_IN_RENDERER);
  // No public-read cache: every request reads the data again, so only the data decides a new render.
  pages = await buildAppServingClient(app.database, clientDir);
  ({ renders, reads } = (await import(bundle)) as { renders: string[]; reads: { made: number; released: number } });
});

afterAll(async () => {
  await pages.close();
  await app.close();
  rmSync(distDir, { recursive: true, force: true });
});

const page = (url: string) => pages.inject({ url, headers: { accept: 'text/html' } });

describe('server-rendered pages', () => {
  it('hold what the renderer drew from the API, the data it drew from, and the JSON-LD of those dates', async () => {
    const dates = (await app.inject('/api/workshop-dates')).json() as { title: string; seatsRemaining: number; isTBC: boolean }[];
    const landing = await page('/');
    expect(landing.statusCode).toBe(200);
    expect(landing.body).toContain(`<div id="root" data-server-rendered><main><p>${dates[0]!.title}: ${dates[0]!.seatsRemaining} seats</p>`);
    const state = JSON.parse(/<script id="page-state" type="application\/json">([\s\S]*?)<\/script>/.exec(landing.body)![1]!) as { queries: { state: { data: unknown } }[] };
    expect(state.queries[0]!.state.data).toEqual(dates);
    const events = Array.from(landing.body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g), (match) => JSON.parse(match[1]!)).filter((item) => item['@type'] === 'Event');
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((event) => dates.some((date) => date.title === event.name && !date.isTBC))).toBe(true);
    expect(String(landing.headers['server-timing'])).toMatch(/^render;dur=\d+(\.\d)?$/);
    // The entry waits for the first paint, as on every page whose HTML holds its first screen.
    expect(landing.body).toContain('<script data-entry="/assets/index-abc123.js"');
  });

  it('are rendered again only when their data changes', async () => {
    const before = renders.filter((path) => path === '/intro').length;
    await page('/intro');
    await page('/intro');
    await page('/intro');
    expect(renders.filter((path) => path === '/intro').length - before).toBe(1);

    const [first] = await app.database.db.select().from(workshopDates).limit(1);
    await app.database.db.update(workshopDates).set({ title: 'Renamed for the render test' }).where(eq(workshopDates.id, first!.id));
    const renamed = await page('/intro');
    expect(renders.filter((path) => path === '/intro').length - before).toBe(2);
    expect(renamed.body).toContain('Renamed for the render test');
    // Every read of a page is let go once the page is made, rendered again or not.
    expect(reads.made).toBeGreaterThan(0);
    expect(reads.released).toBe(reads.made);
  });

  it('compress each render once, and answer the same page in every encoding', async () => {
    const plain = await page('/blog');
    const brotli = await pages.inject({ url: '/blog', headers: { accept: 'text/html', 'accept-encoding': 'br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(plain.body);
  });
});
