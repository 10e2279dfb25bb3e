import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { connectDatabase, openDatabase, startRetryDelayMs, START_RETRY_FIRST_MS, START_RETRY_MAX_MS, type DatabaseHandle } from '../../src/server/db/client';
import { isDatabaseUnavailable } from '../../src/server/db/unavailable';
import { freePort, startAppProcess, type AppProcess } from '../helpers/app-process';
import { buyer, createDiscountCode, createWorkshopDate } from '../helpers/factories';
import { clientHeaders } from '../helpers/test-app';
import { testDatabaseKind } from '../helpers/test-database';
import { ThrowawayCluster } from '../helpers/throwaway-cluster';

/*
 * Issue 15 point 1, at start: a server whose PostgreSQL cannot be reached when it
 * starts (a failover under way, a cluster still starting) does not exit. It listens, /healthz
 * answers 200, /readyz and the API 503 with Retry-After, it tries again with backoff and logs each
 * try; once the database answers it migrates, creates its admin and serves. It runs the real
 * server process (tests/helpers/app-process.ts).
 *
 * Both passes: a DATABASE_URL where nothing listens (no PostgreSQL needed for that). The
 * PostgreSQL pass also starts the server on a throwaway cluster that is stopped, then starts the
 * cluster and books a seat.
 */

const WAITING_MESSAGE = /^database unavailable at start/;
const sleep = (ms: number) => new Promise((wake) => setTimeout(wake, ms));

async function get(server: AppProcess, path: string) {
  const response = await fetch(`${server.baseUrl}${path}`, { signal: AbortSignal.timeout(10_000) });
  const body = (await response.json().catch(() => null)) as { code?: string; status?: string } | null;
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body };
}

/** Waits until `test` holds, polling; throws with `what` after `ms`. */
async function eventually(what: string, ms: number, test: () => Promise<boolean> | boolean) {
  const deadline = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(100);
  }
}

const waitingLines = (server: AppProcess) => server.logLines(40).filter((line) => WAITING_MESSAGE.test(line.msg ?? ''));

describe('the backoff between attempts at start', () => {
  it('doubles from 0.5 s up to 5 s, with ±20 % jitter', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 5, 6, 50].map((attempt) => startRetryDelayMs(attempt, middle))).toEqual([500, 1000, 2000, 4000, 5000, 5000, 5000]);
    expect(startRetryDelayMs(1, () => 0)).toBe(START_RETRY_FIRST_MS * 0.8);
    expect(startRetryDelayMs(9, () => 1)).toBe(START_RETRY_MAX_MS * 1.2);
  });
});

describe('a database that does not answer at start', () => {
  let server: AppProcess | undefined;
  afterEach(async () => {
    await server?.stop(2_000);
  });

  it('keeps the process up: /healthz 200, /readyz and the API 503 with Retry-After, tries again, and stops cleanly on SIGTERM', async () => {
    // A loopback port where nothing listens: every connection attempt is refused.
    const nobody = await freePort();
    server = await startAppProcess({
      name: 'no-database',
      env: { DATABASE_URL: `postgres://postgres@127.0.0.1:${nobody}/postgres`, SEED_DEMO: '0', APP_SECRET: randomBytes(32).toString('hex') },
      readyPath: '/healthz',
    });

    expect((await get(server, '/healthz')).status).toBe(200);
    expect(await get(server, '/readyz')).toMatchObject({ status: 503, retryAfter: '5', body: { code: 'database_unavailable' } });
    expect(await get(server, '/api/workshop-dates')).toMatchObject({ status: 503, retryAfter: '5', body: { code: 'database_unavailable' } });

    // It keeps trying (0.5 s, 1 s, 2 s… apart) and says so, with the reason, as warnings.
    await eventually('three attempts logged', 20_000, () => waitingLines(server!).length >= 3);
    const lines = waitingLines(server);
    expect(lines.slice(0, 3).map((line) => line.attempt)).toEqual([1, 2, 3]);
    expect(JSON.stringify(lines[0]!.err)).toContain('ECONNREFUSED');
    expect(server.logLines(50)).toEqual([]);
    expect((await get(server, '/healthz')).status).toBe(200);

    // SIGTERM while it waits: a clean exit, at once.
    const stoppedAt = Date.now();
    expect(await server.stop(10_000)).toEqual({ code: 0, signal: null });
    expect(Date.now() - stoppedAt).toBeLessThan(5_000);
  }, 90_000);
});

if (testDatabaseKind === 'postgres') {
  describe('a PostgreSQL cluster that is down when the server starts', () => {
    let cluster: ThrowawayCluster | undefined;
    let server: AppProcess | undefined;
    let database: DatabaseHandle | undefined;
    const admin = { email: 'late.admin@test.local', password: 'waited for its database' };

    beforeAll(async () => {
      cluster = await ThrowawayCluster.create({ start: false });
    }, 60_000);

    afterAll(async () => {
      await server?.stop(5_000);
      await database?.close().catch(() => undefined);
      await cluster?.remove();
    }, 60_000);

    it('waits for it, then migrates, creates its admin and serves a booking', async () => {
      server = await startAppProcess({
        name: 'late-database',
        env: {
          DATABASE_URL: cluster!.url,
          SEED_DEMO: '0',
          ADMIN_EMAIL: admin.email,
          ADMIN_PASSWORD: admin.password,
          APP_SECRET: randomBytes(32).toString('hex'),
          LOG_LEVEL: 'info',
        },
        readyPath: '/healthz',
      });
      expect(await get(server, '/readyz')).toMatchObject({ status: 503, body: { code: 'database_unavailable' } });
      await eventually('a failed attempt logged', 20_000, () => waitingLines(server!).length >= 2);

      await cluster!.start();
      const upAt = Date.now();
      // The next attempt comes within the backoff's cap (5 s, +20 %).
      await eventually('ready after the cluster started', 15_000, async () => (await get(server!, '/readyz')).status === 200);
      const readyMs = Date.now() - upAt;

      // The start-up work ran once the database answered: migrations and the configured admin.
      const login = await fetch(`${server.baseUrl}/api/auth/login2`, { method: 'POST', headers: { ...clientHeaders, 'content-type': 'application/json' }, body: JSON.stringify(admin) });
      expect(login.status).toBe(200);

      // And a visitor books a seat.
      database = await openDatabase({ databaseUrl: cluster!.url });
      const date = await createWorkshopDate(database.db, { seatsTotal: 5 });
      await createDiscountCode(database.db, { code: 'LATESTART100', discountPercent: 100 });
      const booking = await fetch(`${server.baseUrl}/api/bookings`, {
        method: 'POST',
        headers: { ...clientHeaders, 'content-type': 'application/json' },
        body: JSON.stringify({ workshopDateId: date.id, ...buyer('late-start'), discountCode: 'LATESTART100', stripePaymentId: 'free-booking' }),
      });
      expect(booking.status).toBe(201);

      console.log('database at start:', JSON.stringify({ attemptsBeforeReady: waitingLines(server).length, readyMsAfterClusterUp: readyMs }));
      expect(server.logLines(50)).toEqual([]);
      expect(server.logLines(30).some((line) => line.msg === 'database ready')).toBe(true);
    }, 120_000);

    it("refuses the app's queries as unavailable (57P03) until the start-up work is done, then lets them through", async () => {
      const pending = await connectDatabase({ databaseUrl: cluster!.url });
      try {
        const early = await pending.db.execute(sql`select 1`).then(
          () => null,
          (error: unknown) => error,
        );
        expect(isDatabaseUnavailable(early)).toBe(true);
        expect(JSON.stringify(early, Object.getOwnPropertyNames(early)) + String((early as { cause?: unknown }).cause)).toMatch(/57P03|not ready yet/);
        let sawPool: unknown = 'not run';
        // The start-up work runs on its own connection, while the app's pool is still closed.
        await pending.prepare(async (db) => {
          await db.execute(sql`select 1`);
          sawPool = await pending.db.execute(sql`select 1`).then(
            () => 'let through',
            (error: unknown) => (isDatabaseUnavailable(error) ? 'refused' : error),
          );
          return {};
        });
        expect(sawPool).toBe('refused');
        await expect(pending.db.execute(sql`select 1`)).resolves.toBeDefined();
      } finally {
        await pending.close();
      }
    });
  });
}
