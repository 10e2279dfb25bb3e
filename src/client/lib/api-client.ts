import type { QueryClient } from '@tanstack/react-query';
import type { ZodType } from 'zod';

/**
 * The browser's only way to the API: same origin, cookies included, the two headers the CSRF
 * guard expects, and every answer parsed by the shared zod schema so the UI never
 * works with a shape it did not check. Showing a toast or a message is the caller's job.
 */

export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    message: string,
    readonly status: number,
    /** The raw response body, usually `{"message": "...", "code": "..."}`. */
    readonly body: string,
  ) {
    super(message);
  }

  /** The `message` or `code` field of a JSON error body, when there is one. */
  field(name: 'message' | 'code'): string | undefined {
    try {
      const parsed: unknown = JSON.parse(this.body);
      if (parsed && typeof parsed === 'object' && name in parsed) {
        const value = (parsed as Record<string, unknown>)[name];
        return typeof value === 'string' ? value : undefined;
      }
    } catch {
      // Not JSON: there is no field to read.
    }
    return undefined;
  }
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

function withQuery(url: string, params?: QueryParams): string {
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined) search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
}

type Transport = (url: string, init: RequestInit) => Promise<Response>;

let transport: Transport = (url, init) => fetch(url, init);

/**
 * Where requests go: the browser's fetch, unless the server renders a page, when its reads are
 * answered in-process by the same routes (app/server/page-render.ts), with no network between.
 */
export function setApiTransport(next: Transport): void {
  transport = next;
}

function send(method: string, url: string, body?: unknown, extraHeaders?: Record<string, string>, signal?: AbortSignal): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Client-Source': 'web',
    'X-Request-Time': String(Date.now()),
    ...extraHeaders,
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return transport(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
    signal,
  });
}

/** Reads a JSON body and checks it against the schema. */
export async function readJson<T>(response: Response, schema: ZodType<T>): Promise<T> {
  let data: unknown;
  try {
    data = JSON.parse(await response.text());
  } catch {
    throw new ApiError('Invalid JSON response', response.status, '');
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiError(`Unexpected response from ${response.url || 'the server'}`, response.status, '');
  }
  return parsed.data;
}

/** The reads on their way, so that the end of a session can stop them (stopReadsInFlight). */
const readsInFlight = new Set<AbortController>();

/** Data reads: a failure reads '{status}: {body or status text}'. */
export async function apiGet<T>(url: string, schema: ZodType<T>, params?: QueryParams, headers?: Record<string, string>): Promise<T> {
  const read = new AbortController();
  readsInFlight.add(read);
  try {
    const response = await send('GET', withQuery(url, params), undefined, headers, read.signal);
    if (!response.ok) {
      const text = await response.text();
      throw new ApiError(`${response.status}: ${text || response.statusText}`, response.status, text);
    }
    return await readJson(response, schema);
  } finally {
    readsInFlight.delete(read);
  }
}

/**
 * Stops every read still on its way, for the end of a session: those reads would reach the
 * server after it and come back 401. React Query drops the queries first, so it neither retries
 * them nor shows their abort as an error; then their requests are aborted.
 */
export async function stopReadsInFlight(queryClient: QueryClient): Promise<void> {
  await queryClient.cancelQueries();
  for (const read of readsInFlight) read.abort();
  readsInFlight.clear();
}

/**
 * Writes: a failure's message is the response body, or
 * 'API request failed with status {code}' when the body is empty.
 */
export async function apiRequest(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown): Promise<Response> {
  const response = await send(method, url, body);
  if (!response.ok) {
    const text = await response.text();
    throw new ApiError(text || `API request failed with status ${response.status}`, response.status, text);
  }
  return response;
}

/** The server's own words for a refusal (4xx), when it gave any; a 5xx's text is never shown. */
export function refusalMessage(error: unknown): string | undefined {
  return error instanceof ApiError && error.status < 500 ? error.field('message') : undefined;
}
