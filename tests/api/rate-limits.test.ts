import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../../src/server/db/client';
import { contactMessages, rateLimitHits } from '../../src/server/db/schema';
import { databaseRateLimitStore, deleteExpiredRateLimitHits } from '../../src/server/lib/rate-limit-store';
import { clientHeaders, createTestAppOn, type TestApp } from '../helpers/test-app';
import { createTestDatabase } from '../helpers/test-database';

/*
 * Issue 15 point 3: the per-address rate limits are counted in the database
 * (src/server/lib/rate-limit-store.ts), so instances on one database share them. The store on its
 * own (counts, windows, clean-up, failing open), then two app instances on one database.
 */

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

type Counted = { current: number; ttl: number };

/** A logger that keeps its warnings. */
function recordingLog(): FastifyBaseLogger & { warnings: unknown[][] } {
  const warnings: unknown[][] = [];
  const noop = () => undefined;
  const log = { warnings, warn: (...args: unknown[]) => warnings.push(args), info: noop, error: noop, debug: noop, trace: noop, fatal: noop, silent: noop, level: 'warn' };
  return Object.assign(log, { child: () => log }) as unknown as FastifyBaseLogger & { warnings: unknown[][] };
}

/** A route's store, as the plugin makes one for each limited route. */
function routeStore(db: Database, options: { now?: () => number; log?: FastifyBaseLogger; url?: string } = {}): FastifyRateLimitStore {
  const Store = databaseRateLimitStore({ db, log: options.log ?? recordingLog(), now: options.now });
  const routeInfo = { method: 'POST', url: options.url ?? '/api/limited' };
  return new Store({}).child({ routeInfo } as unknown as Parameters<FastifyRateLimitStore['child']>[0]);
}

function incr(store: FastifyRateLimitStore, key: string, timeWindow: number, max = 5): Promise<Counted> {
  return new Promise((resolve, reject) => store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), timeWindow, max));
}

const MINUTE = 60_000;

/**
 * Windows are fixed and aligned to the clock: waits out the last seconds of the current one, so a
 * burst of requests falls in one window and the count does not rightly begin again halfway.
 */
async function clearOfWindowBoundary(windowMs: number, marginMs = 5_000): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((wake) => setTimeout(wake, left + 100));
}
/** A window boundary, plus 10 s: a clock to move by hand. */
const T0 = Date.UTC(2030, 0, 1, 12, 0, 10);

describe('the database rate-limit store', () => {
  it('counts each key and route on its own and tells the time left in the window', async () => {
    let now = T0;
    const contact = routeStore(database.db, { now: () => now, url: '/api/contact' });
    const other = routeStore(database.db, { now: () => now, url: '/api/other' });

    expect(await incr(contact, '10.1.0.1', MINUTE)).toEqual({ current: 1, ttl: 50_000 });
    now += 5_000;
    expect(await incr(contact, '10.1.0.1', MINUTE)).toEqual({ current: 2, ttl: 45_000 });
    expect(await incr(contact, '10.1.0.2', MINUTE)).toEqual({ current: 1, ttl: 45_000 });
    expect(await incr(other, '10.1.0.1', MINUTE)).toEqual({ current: 1, ttl: 45_000 });

    const rows = await database.db.select().from(rateLimitHits).where(sql`${rateLimitHits.key} like '%10.1.0.%'`);
    expect(rows.map((row) => [row.key, row.hits]).sort()).toEqual([
      ['POST /api/contact 10.1.0.1', 2],
      ['POST /api/contact 10.1.0.2', 1],
      ['POST /api/other 10.1.0.1', 1],
    ]);
  });

  it('starts a new count when the window rolls over, and the sweep deletes the windows that are over', async () => {
    let now = T0;
    const store = routeStore(database.db, { now: () => now });
    for (let n = 1; n <= 7; n++) expect((await incr(store, '10.2.0.1', MINUTE)).current).toBe(n);
    now += 49_999;
    expect(await incr(store, '10.2.0.1', MINUTE)).toEqual({ current: 8, ttl: 1 });
    now += 1;
    expect(await incr(store, '10.2.0.1', MINUTE)).toEqual({ current: 1, ttl: MINUTE });

    const key = 'POST /api/limited 10.2.0.1';
    expect(await database.db.select({ hits: rateLimitHits.hits }).from(rateLimitHits).where(eq(rateLimitHits.key, key))).toHaveLength(2);
    await deleteExpiredRateLimitHits(database.db, new Date(now));
    const left = await database.db.select().from(rateLimitHits).where(eq(rateLimitHits.key, key));
    expect(left.map((row) => [row.windowStart.getTime(), row.hits])).toEqual([[now, 1]]);
  });

  it('loses no count when many requests arrive at once', async () => {
    const store = routeStore(database.db);
    const counts = await Promise.all(Array.from({ length: 50 }, () => incr(store, '10.3.0.1', MINUTE)));
    expect(counts.map((counted) => counted.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('fails open when the database cannot count: the request is allowed and a warning logged', async () => {
    const log = recordingLog();
    const unreachable = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const failing = {
      insert: () => ({ values: () => ({ onConflictDoUpdate: () => ({ returning: () => Promise.reject(unreachable) }) }) }),
    } as unknown as Database;
    const store = routeStore(failing, { log });
    expect(await incr(store, '10.4.0.1', MINUTE)).toEqual({ current: 0, ttl: MINUTE });
    expect(log.warnings).toHaveLength(1);
    expect(log.warnings[0]![0]).toMatchObject({ err: unreachable, key: 'POST /api/limited 10.4.0.1' });
    expect(log.warnings[0]![1]).toBe('rate limit not counted; request allowed');
  });

  it('refuses limit options it would not honour', () => {
    const Store = databaseRateLimitStore({ db: database.db, log: recordingLog() });
    const child = (options: object) => new Store({}).child({ routeInfo: { method: 'GET', url: '/x' }, ...options } as never);
    expect(() => child({ continueExceeding: true })).toThrow(/continueExceeding/);
    expect(() => child({ exponentialBackoff: true })).toThrow(/exponentialBackoff/);
  });
});

describe('two app instances on one database', () => {
  /** POST /api/contact: 30 a minute per address (contact.routes.ts). */
  const CONTACT_LIMIT = 30;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    // TRUST_PROXY: this test is the load balancer, so X-Forwarded-For names the visitor.
    const options = { env: { TRUST_PROXY: '127.0.0.1' } };
    a = await createTestAppOn(database, options);
    b = await createTestAppOn(database, options);
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  const message = (n: number) => ({ name: 'Ada Lovelace', email: `ada${n}@example.com`, subject: 'Limits', message: 'Counted once for all instances.' });
  const contact = (app: TestApp, ip: string, n: number) =>
    app.inject({ method: 'POST', url: '/api/contact', headers: { ...clientHeaders, 'x-forwarded-for': ip }, payload: message(n) });

  it('allow one address the limit once between them, however its requests are spread and however they race', async () => {
    const ip = '10.5.0.1';
    await clearOfWindowBoundary(MINUTE);
    // Alternately to each instance, all at once: more than the limit in total, under it on each.
    const replies = await Promise.all(Array.from({ length: CONTACT_LIMIT + 10 }, (_, n) => contact(n % 2 === 0 ? a : b, ip, n)));
    const statuses = replies.map((reply) => reply.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(CONTACT_LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    // The refused ones were refused before the handler: exactly the limit's worth were stored.
    const stored = await database.db.select().from(contactMessages).where(sql`${contactMessages.email} like 'ada%@example.com'`);
    expect(stored).toHaveLength(CONTACT_LIMIT);
    const [row] = await database.db.select().from(rateLimitHits).where(eq(rateLimitHits.key, `POST /api/contact ${ip}`));
    expect(row!.hits).toBe(CONTACT_LIMIT + 10);
    // Another address still has its whole allowance, on either instance.
    expect((await contact(b, '10.5.0.2', 0)).headers['x-ratelimit-remaining']).toBe(String(CONTACT_LIMIT - 1));
  });

  it('answer the route, not 500, when the count cannot be kept', async () => {
    // The counting statement fails (its table is gone for a moment); the route itself works.
    await database.db.execute(sql`alter table rate_limit_hits rename to rate_limit_hits_away`);
    try {
      const replies = await Promise.all(Array.from({ length: CONTACT_LIMIT + 2 }, (_, n) => contact(n % 2 === 0 ? a : b, '10.6.0.1', n)));
      expect(replies.map((reply) => reply.statusCode)).toEqual(Array(CONTACT_LIMIT + 2).fill(201));
    } finally {
      await database.db.execute(sql`alter table rate_limit_hits_away rename to rate_limit_hits`);
    }
  });
});
