import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { DehydratedState } from '@tanstack/react-query';
import type * as ServerRender from '../client/server-render';

/** The client's server-side bundle (`vite build --ssr src/app/client/server-render.tsx`). */
export type ServerRenderer = typeof ServerRender;

/**
 * Loads the server-side bundle the build left beside the client (dist/ssr), and points its API
 * reads at this app in-process: a page's data comes from the same routes, with the same
 * validation and the same one-second cache as the browser's reads. Null without a build (API
 * tests, a server started from source before `npm run build`): pages are then the bare template.
 */
export async function loadServerRenderer(app: FastifyInstance, clientDir: string | null): Promise<ServerRenderer | null> {
  const file = clientDir ? join(clientDir, '..', 'ssr', 'server-render.js') : null;
  if (!file || !existsSync(file)) return null;
  const renderer = (await import(pathToFileURL(file).href)) as ServerRenderer;
  renderer.setApiTransport(inProcessTransport(app));
  return renderer;
}

/**
 * The API client's transport for a render on the server: each read answered by this app's own
 * routes without a socket. A render only reads; anything else is refused before it is sent.
 */
export function inProcessTransport(app: Pick<FastifyInstance, 'inject'>) {
  return async (url: string, init: RequestInit): Promise<Response> => {
    if (init.method && init.method !== 'GET') throw new Error(`A page render may only read: ${init.method} ${url}`);
    const answer = await app.inject({ method: 'GET', url, headers: { accept: 'application/json', 'x-client-source': 'web', 'x-request-time': String(Date.now()) } });
    return new Response(answer.body, { status: answer.statusCode, headers: { 'content-type': String(answer.headers['content-type'] ?? '') } });
  };
}

/**
 * What a render shows, without the moments it was read at: equal when the page would be the same.
 * The minute is part of it, so a page is made again at least once a minute while visited: what
 * depends on the clock (a date that has started is no longer offered to search engines) follows.
 */
export function dataFingerprint(state: DehydratedState, minute = new Date().toISOString().slice(0, 16)): string {
  return JSON.stringify([minute, state.queries.map((query) => [query.queryHash, query.state.status, query.state.data])]);
}

/**
 * The API reads a page was rendered from ('/api/workshop-dates', '/api/blog-posts', …): the first
 * part of each query key, as PUBLIC_READS names them, so a write drops the pages that show it.
 */
export function readsShownBy(state: DehydratedState): string[] {
  return [...new Set(state.queries.map((query) => query.queryKey[0]).filter((read): read is string => typeof read === 'string'))];
}

/** The data of the read under `key` in a page's state (the parsed answer, as the browser has it). */
export function readData(state: DehydratedState, key: readonly unknown[]): unknown {
  const hash = JSON.stringify(key);
  return state.queries.find((query) => query.queryHash === hash)?.state.data;
}

/**
 * The page state as the text of a `<script type="application/json">`: JSON.parse reads it back,
 * and no `<` is left to end the element early (a post titled `</script>` stays text).
 */
export function stateScript(state: DehydratedState): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `<script id="page-state" type="application/json">${json}</script>`;
}
