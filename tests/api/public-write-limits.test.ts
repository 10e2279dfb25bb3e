/**
 * Every call anyone can make that changes state is limited per address, POST /api/bookings
 * included (it was unlimited: a known payment id replayed as fast as a client could send it), and
 * a client over its limit costs the database nothing more until its window ends.
 */
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitHits } from '../../src/server/db/schema';
import { databaseRateLimitStore } from '../../src/server/lib/rate-limit-store';
import { requireLimitsOnPublicWrites } from '../../src/server/plugins/public-write-limits';
import { payWithDemoCard } from '../helpers/demo-payments';
import { buyer, createWorkshopDate } from '../helpers/factories';
import { clientHeaders, createTestApp, type TestApp } from '../helpers/test-app';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

/** Windows are a minute, aligned to the clock: a burst must not straddle two of them. */
async function clearOfMinuteBoundary(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 10_000) await new Promise((wake) => setTimeout(wake, left + 100));
}

describe('POST /api/bookings', () => {
  it('answers one address 120 times a minute, then 429, while other addresses go on', async () => {
    const date = await createWorkshopDate(app.database.db);
    const who = buyer('replayer');
    const { paymentIntentId } = await payWithDemoCard(app, { workshopDateId: date.id, customerInfo: who });
    const replay = (remoteAddress: string) =>
      app.inject({ method: 'POST', url: '/api/bookings', headers: clientHeaders, remoteAddress, payload: { workshopDateId: date.id, ...who, stripePaymentId: paymentIntentId, isPaid: true } });

    await clearOfMinuteBoundary();
    const statuses: number[] = [];
    for (let n = 0; n < 130; n++) statuses.push((await replay('10.20.0.1')).statusCode);
    expect(statuses.slice(0, 120)).toEqual(Array(120).fill(201));
    expect(statuses.slice(120)).toEqual(Array(10).fill(429));
    expect((await replay('10.20.0.2')).statusCode).toBe(201);

    // Past the limit the refusals are answered without counting in the database again.
    const [row] = await app.database.db.select().from(rateLimitHits).where(eq(rateLimitHits.key, 'POST /api/bookings 10.20.0.1'));
    expect(row!.hits).toBe(121);
  });
});

describe('a route store with a fixed limit', () => {
  const routeStore = (now: () => number) => {
    const noop = () => undefined;
    const log = { warn: noop, info: noop, error: noop, debug: noop, trace: noop, fatal: noop, child: () => log } as never;
    const Store = databaseRateLimitStore({ db: app.database.db, log, now });
    return new Store({}).child({ max: 3, routeInfo: { method: 'POST', url: '/api/short-cut' } } as unknown as Parameters<FastifyRateLimitStore['child']>[0]);
  };
  const incr = (store: FastifyRateLimitStore, key: string) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) => store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), 60_000, 3));
  const hitsOf = async (key: string) => (await app.database.db.select().from(rateLimitHits).where(eq(rateLimitHits.key, `POST /api/short-cut ${key}`))).map((row) => row.hits);

  it('answers a client over its limit from memory until the window ends, then counts in the database again', async () => {
    let now = Date.UTC(2031, 0, 1, 12, 0, 5);
    const store = routeStore(() => now);
    const answers = [];
    for (let n = 0; n < 8; n++) answers.push((await incr(store, '10.30.0.1')).current);
    expect(answers.slice(0, 4)).toEqual([1, 2, 3, 4]);
    // Refused (above 3) without another statement: the database still says 4.
    for (const current of answers.slice(4)) expect(current).toBeGreaterThan(3);
    expect(await hitsOf('10.30.0.1')).toEqual([4]);
    // Another client is counted as ever.
    expect((await incr(store, '10.30.0.2')).current).toBe(1);

    now += 60_000;
    expect((await incr(store, '10.30.0.1')).current).toBe(1);
    expect(await hitsOf('10.30.0.1')).toEqual([4, 1]);
  });
});

describe('a public call that changes state without a limit', () => {
  it('stops the app as it is registered; admin calls, the Stripe webhook and sign-in are exempt', async () => {
    const build = async (register: (app: ReturnType<typeof Fastify>) => void) => {
      const scratch = Fastify();
      requireLimitsOnPublicWrites(scratch);
      register(scratch);
      await scratch.ready();
      await scratch.close();
    };
    await expect(build((scratch) => scratch.post('/api/bookings/new-way', async () => ({})))).rejects.toThrow(
      'POST /api/bookings/new-way changes state for anyone but has no per-address rate limit (config.rateLimit)',
    );
    await expect(build((scratch) => scratch.delete('/api/participant/thing/:id', async () => ({})))).rejects.toThrow('DELETE /api/participant/thing/:id');
    await expect(
      build((scratch) => {
        scratch.post('/api/limited', { config: { rateLimit: { max: 5, timeWindow: '1 minute' } } }, async () => ({}));
        scratch.post('/api/admin/anything', async () => ({}));
        scratch.post('/api/stripe/webhook', async () => ({}));
        scratch.get('/api/read', async () => ({}));
      }),
    ).resolves.toBeUndefined();
  });
});
