import { randomBytes } from 'node:crypto';
import { eq, inArray, like, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdminUser } from '../../src/features/admin-auth/server/admin-auth.service';
import { releaseExpiredHolds } from '../../src/features/booking/server/seats';
import { sendDueReminders } from '../../src/features/calendar/server/reminders';
import { formatLongDate } from '../../src/common/dates';
import type { Database, DatabaseHandle } from '../../src/server/db/client';
import { bookingReminders, bookings, discountCodes, emailOutbox, orders, payments, rateLimitHits, workshopDates } from '../../src/server/db/schema';
import { OutboxWorker } from '../../src/server/email/outbox-worker';
import { smtpTransportFromUrl } from '../../src/server/email/transport';
import { deleteExpiredSessions } from '../../src/server/plugins/auth';
import { startAppProcess, type AppProcess } from '../helpers/app-process';
import { SmtpCatcher } from '../helpers/smtp-catcher';
import { clientHeaders, createTestAppOn, sessionCookieFrom, TEST_SECRET, type TestApp } from '../helpers/test-app';
import { createTestDatabase, testDatabaseKind } from '../helpers/test-database';

/*
 * Issue 7 point 4: several app instances on one database. ARCHITECTURE.md promises that the app
 * servers keep no state of their own (sessions, seat holds, the outbox and the scheduled jobs all
 * live in the database), so any number of them can run behind a load balancer. One scenario, two
 * ways of running "two instances":
 *
 * - PostgreSQL pass: two real OS processes (`node --import tsx src/app/server/server.ts`, see
 *   tests/helpers/app-process.ts), each with its own connection pool, outbox worker and 30-second
 *   background sweep, sharing one database and one SMTP server. This is the test the issue asks
 *   for; it exists only in this pass, because embedded PGlite cannot be opened by two processes.
 * - PGlite pass: two app instances inside this process (createTestAppOn), each with its own
 *   outbox worker and its own sweeps, on the one embedded database. The same scenario and the
 *   same assertions, as far as that database allows: the claims in SQL (conditional updates,
 *   SKIP LOCKED, unique rows) must hold for any two callers, and the pass runs real tests of this
 *   file rather than skipped ones.
 *
 * Every assertion reads the database or the SMTP catcher, never what an instance says about
 * itself.
 */

const ADMIN = { email: 'scale.admin@test.local', password: 'two instances, one database' };
const RUSH_SEATS = 10;
const RUSH_BUYERS = 60;
/** Confirmed participants of a workshop starting in about 12 hours: each is owed one 24h reminder. */
const REMINDED = 20;
/** Card checkouts that hold a seat; the first HOLDS_EXPIRED run out, the others must stay held. */
const HOLDS_EXPIRED = 12;
const HOLDS_LIVE = 4;
const SOLD_OUT = 'Sorry, this workshop is fully booked.';
/** HOLD_SWEEP_INTERVAL_MS in src/app/server/background-jobs.ts (not exported; no env setting yet). */
const SERVER_SWEEP_INTERVAL_MS = 30_000;
/** How late a sweep may start after its timer was due (a busy machine delays timers). */
const SWEEP_SLACK_MS = 10_000;
/** POST /api/participant/access: the smallest per-address limit (participant-access.routes.ts). */
const ACCESS_LIMIT = { max: 10, windowMs: 15 * 60_000 };

type Reply = { status: number; body: unknown; sessionCookie: string | null };
type CallOptions = { body?: unknown; cookie?: string; ip?: string };
type Instance = { name: string; call: (method: 'GET' | 'POST', url: string, options?: CallOptions) => Promise<Reply> };

type Cluster = {
  a: Instance;
  b: Instance;
  /** This test's own connection, for setting up expiries and checking rows. */
  db: Database;
  catcher: SmtpCatcher;
  /**
   * Before the holds expire: makes the coming sweeps of both instances meet, where the instances
   * allow it (see startProcessCluster). `workshopDateId` is the held date, `bookingId` the first
   * booking the reminder sweep will take.
   */
  jamSweeps: (targets: { workshopDateId: number; bookingId: number }) => Promise<void>;
  /** Resolves once both instances have run their background sweep (holds and reminders) after `since`. */
  sweepsAfter: (since: number) => Promise<void>;
  /** Errors the instances logged (a failed sweep or outbox run is only logged, never answered). */
  loggedErrors: () => string[];
  close: () => Promise<void>;
};

/** Headers our web client sends, a distinct client address (per-IP limits) and the session. */
function headersFor(options: CallOptions): Record<string, string> {
  return {
    ...clientHeaders,
    'x-forwarded-for': options.ip ?? '10.0.0.1',
    ...(options.cookie ? { cookie: options.cookie } : {}),
    ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
  };
}

/** An app instance inside this process, reached through app.inject. */
function injected(name: string, app: TestApp): Instance {
  return {
    name,
    call: async (method, url, options = {}) => {
      const response = await app.inject({
        method,
        url,
        headers: headersFor(options),
        ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }),
      });
      const body: unknown = response.headers['content-type']?.toString().includes('json') ? response.json() : response.body;
      return { status: response.statusCode, body, sessionCookie: sessionCookieFrom(response) };
    },
  };
}

/** A server process, reached over HTTP like a load balancer would. */
function overHttp(server: AppProcess): Instance {
  return {
    name: server.name,
    call: async (method, url, options = {}) => {
      const response = await fetch(`${server.baseUrl}${url}`, {
        method,
        headers: headersFor(options),
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(20_000),
      });
      const text = await response.text();
      const body: unknown = response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
      const sid = response.headers
        .getSetCookie()
        .map((cookie) => /^sid=([^;]*)/.exec(cookie)?.[1])
        .find((value) => value);
      return { status: response.status, body, sessionCookie: sid ? `sid=${sid}` : null };
    },
  };
}

/** The URL of the PostgreSQL database this handle is connected to. */
async function databaseUrlOf(db: Database): Promise<string> {
  // Both drivers answer `execute` with `{ rows }`; the shared Database type leaves it unknown.
  const result = (await db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${result.rows[0]!.name}`;
  return url.toString();
}

// ---------------------------------------------------------------- the two ways to run two instances

/**
 * Two instances in this process, wired like src/app/server/server.ts wires one: an outbox worker each
 * (nudged by its own app), and the sweep of src/app/server/background-jobs.ts run on demand.
 */
async function startInProcessCluster(): Promise<Cluster> {
  const catcher = await SmtpCatcher.start({ latencyMs: 20 });
  const database = await createTestDatabase();
  await ensureAdminUser(database.db, ADMIN);
  const transport = smtpTransportFromUrl(catcher.url);
  const publicUrl = 'http://test.local';

  const instance = async (name: string, handle: DatabaseHandle) => {
    const worker = new OutboxWorker({ db: handle.db, secret: TEST_SECRET, getTransport: () => transport, maxAttempts: 12, pollIntervalMs: 250 });
    // TRUST_PROXY: this test stands in for the load balancer (app.inject comes from 127.0.0.1).
    const app = await createTestAppOn(handle, { env: { PUBLIC_URL: publicUrl, TRUST_PROXY: '127.0.0.1' }, onEmailQueued: () => worker.nudge() });
    worker.start();
    const sweep = async () => {
      await releaseExpiredHolds(handle.db);
      await deleteExpiredSessions(handle.db);
      await sendDueReminders(handle.db, { secret: TEST_SECRET, publicUrl, onEmailQueued: () => worker.nudge() }, new Date());
    };
    return { name, app, worker, sweep };
  };
  const a = await instance('A', database);
  const b = await instance('B', database);

  return {
    a: injected('A', a.app),
    b: injected('B', b.app),
    db: database.db,
    catcher,
    // One connection: concurrent callers queue on it, so there is nothing to jam.
    jamSweeps: async () => {},
    // Both at once, twice over: the timers of real instances may fire together.
    sweepsAfter: async () => {
      await Promise.all([a.sweep(), b.sweep(), a.sweep(), b.sweep()]);
    },
    loggedErrors: () => [],
    close: async () => {
      for (const { app, worker } of [a, b]) {
        await worker.stop();
        await app.close();
      }
      await database.close();
      await catcher.stop();
    },
  };
}

/**
 * By when a server process has surely run a sweep after `since`. Its timer fires every 30 s from
 * the moment it was set, which lies between the spawn and the first good answer (it is set before
 * the server listens); so any 30 s after `since` hold a sweep, and when `since` comes before the
 * first sweep could possibly fire, that first sweep (at readyAt + 30 s at the latest) is after it.
 */
function nextSweepBy(server: AppProcess, since: number): number {
  return since < server.spawnedAt + SERVER_SWEEP_INTERVAL_MS ? server.readyAt + SERVER_SWEEP_INTERVAL_MS : since + SERVER_SWEEP_INTERVAL_MS;
}

/** Two server processes on one fresh PostgreSQL database and one SMTP server. */
async function startProcessCluster(): Promise<Cluster & { processes: AppProcess[] }> {
  const catcher = await SmtpCatcher.start({ latencyMs: 20 });
  const database = await createTestDatabase();
  const databaseUrl = await databaseUrlOf(database.db);
  const env = {
    DATABASE_URL: databaseUrl,
    // Shared, as behind a real load balancer: signed links made by one must verify on the other.
    APP_SECRET: randomBytes(32).toString('hex'),
    SEED_DEMO: '0',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SMTP_URL: catcher.url,
    PUBLIC_URL: 'http://shop.test.local',
    // This test is the load balancer: X-Forwarded-For names each simulated visitor.
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
  };
  // Started together, like a deploy bringing up a fleet: both create the admin from ADMIN_EMAIL.
  const started = await Promise.allSettled([startAppProcess({ name: 'A', env }), startAppProcess({ name: 'B', env })]);
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  let jam: pg.Client | null = null;
  const unjam = async () => {
    const client = jam;
    jam = null;
    if (!client) return;
    await client.query('rollback');
    await client.end();
  };
  const close = async () => {
    await unjam().catch(() => undefined);
    await Promise.all(servers.map((server) => server.stop()));
    await database.close();
    await catcher.stop();
  };
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await close();
    throw failed.reason;
  }
  const [a, b] = servers as [AppProcess, AppProcess];
  return {
    a: overHttp(a),
    b: overHttp(b),
    db: database.db,
    catcher,
    /*
     * Timers of two processes rarely fire in the same millisecond, and a sweep takes a few: left
     * alone, the second sweep would just find the work done. So this connection holds row locks
     * that every sweep runs into: the held date's row (the hold sweep waits on it while holding
     * the expired holds it claimed) and the first due booking (the reminder sweep waits on it).
     * The first process to sweep waits in its hold sweep; the other skips those claimed holds
     * and waits at the reminders. Once both wait, the locks go and both sweeps run on at once.
     */
    jamSweeps: async ({ workshopDateId, bookingId }) => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      jam = client;
      await client.query('begin');
      await client.query('select id from workshop_dates where id = $1 for update', [workshopDateId]);
      await client.query('select id from bookings where id = $1 for update', [bookingId]);
    },
    sweepsAfter: async (since) => {
      if (!jam) throw new Error('jamSweeps() first');
      const client = jam;
      // A process sweeps one job at a time, so two waiting sessions are two processes sweeping.
      const waiting = async () =>
        (
          await client.query<{ n: number }>(
            'select count(*)::int as n from pg_stat_activity where pg_backend_pid() = any(pg_blocking_pids(pid))',
          )
        ).rows[0]!.n;
      const deadline = Math.max(...servers.map((server) => nextSweepBy(server, since))) + SWEEP_SLACK_MS;
      let sweeping = await waiting();
      while (sweeping < 2 && Date.now() < deadline) {
        await new Promise((wake) => setTimeout(wake, 250));
        sweeping = await waiting();
      }
      await unjam();
      if (sweeping !== 2) throw new Error(`expected the sweeps of both processes to wait on the test's locks, saw ${sweeping}`);
    },
    loggedErrors: () => servers.flatMap((server) => server.logLines(50).map((line) => `${server.name}: ${JSON.stringify(line)}`)),
    close,
    processes: servers,
  };
}

// ---------------------------------------------------------------- the scenario

type Fixtures = {
  adminCookie: string;
  rushDateId: number;
  holdDateId: number;
  holdCodeId: number;
  soonTitle: string;
  reminded: { email: string; bookingId: number }[];
  expiredIntents: string[];
  liveIntents: string[];
  /** When the expired holds and the due reminders were all in place (epoch ms). */
  readyAt: number;
};

const FREE_CODE = 'SCALEFREE';
const TEN_PERCENT_CODE = 'SCALETEN';

const buyer = (email: string) => ({ firstName: 'Grace', lastName: 'Hopper', email, company: 'Compilers Inc' });

function statusCounts(replies: Reply[]) {
  return replies.reduce<Record<number, number>>((counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});
}

async function expectStatus(reply: Promise<Reply>, status: number, what: string): Promise<Reply> {
  const settled = await reply;
  if (settled.status !== status) throw new Error(`${what}: expected ${status}, got ${settled.status} ${JSON.stringify(settled.body)}`);
  return settled;
}

/** A workshop on a full hour 12 to 13 hours from now (UTC), so its 24h reminder is due and its 1h one is not. */
function soonSlot(): { date: string; time: string; startsAt: Date } {
  const startsAt = new Date(Math.ceil((Date.now() + 12 * 3_600_000) / 3_600_000) * 3_600_000);
  const hour = startsAt.getUTCHours();
  const time = `${hour % 12 === 0 ? 12 : hour % 12}:00 ${hour < 12 ? 'AM' : 'PM'}`;
  return { date: formatLongDate(startsAt), time, startsAt };
}

/**
 * Everything the background jobs will find, made through the admin API and the checkout calls,
 * spread over both instances: a due reminder for REMINDED participants, and card checkouts whose
 * seat holds are then made to run out. Done before the tests so the processes' sweeps, 30 s
 * after their start, already find it while the other tests run.
 */
async function prepare(cluster: Cluster): Promise<Fixtures> {
  const { a, b, db } = cluster;
  const login = await expectStatus(a.call('POST', '/api/auth/login2', { body: ADMIN }), 200, 'admin login on A');
  const adminCookie = login.sessionCookie!;
  const admin = { cookie: adminCookie };
  const createDate = async (on: Instance, body: object) =>
    (await expectStatus(on.call('POST', '/api/admin/workshop-dates', { ...admin, body }), 201, `create a workshop date on ${on.name}`)).body as {
      id: number;
      startsAt: string | null;
    };
  const rushDate = await createDate(a, { title: 'Scale Rush', date: 'July 4, 2031', time: '10:00 AM - 12:00 PM', timezone: 'UTC', seatsTotal: RUSH_SEATS, price: 499 });
  const holdDate = await createDate(b, { title: 'Scale Holds', date: 'July 11, 2031', time: '10:00 AM - 12:00 PM', timezone: 'UTC', seatsTotal: 40, price: 499 });
  const slot = soonSlot();
  const soonTitle = 'Scale Soon';
  const soonDate = await createDate(a, { title: soonTitle, date: slot.date, time: slot.time, timezone: 'UTC', seatsTotal: 50, price: 499, zoomLink: 'https://zoom.us/j/7000' });
  if (soonDate.startsAt !== slot.startsAt.toISOString()) throw new Error(`the soon workshop starts at ${soonDate.startsAt}, not ${slot.startsAt.toISOString()}`);

  await expectStatus(b.call('POST', '/api/admin/discount-codes', { ...admin, body: { code: FREE_CODE, description: 'Everything free', discountPercent: 100 } }), 201, 'free code');
  const tenPercent = await expectStatus(
    a.call('POST', '/api/admin/discount-codes', { ...admin, body: { code: TEN_PERCENT_CODE, description: 'Ten off', discountPercent: 10 } }),
    201,
    'ten percent code',
  );

  const reminded = await Promise.all(
    Array.from({ length: REMINDED }, async (_, i) => {
      const email = `soon${i}@example.com`;
      const reply = await expectStatus(
        (i % 2 ? b : a).call('POST', '/api/bookings', {
          ip: `10.1.${i}.1`,
          body: { workshopDateId: soonDate.id, ...buyer(email), discountCode: FREE_CODE, stripePaymentId: 'free-booking' },
        }),
        201,
        `free booking ${email}`,
      );
      return { email, bookingId: (reply.body as { id: number }).id };
    }),
  );

  const intents = await Promise.all(
    Array.from({ length: HOLDS_EXPIRED + HOLDS_LIVE }, async (_, i) => {
      const reply = await expectStatus(
        (i % 2 ? a : b).call('POST', '/api/create-payment-intent', {
          ip: `10.2.${i}.1`,
          body: { workshopDateId: holdDate.id, customerInfo: buyer(`holder${i}@example.com`), discountCode: TEN_PERCENT_CODE },
        }),
        200,
        `card checkout ${i}`,
      );
      const intent = (reply.body as { paymentIntentId: string | null }).paymentIntentId;
      if (!intent) throw new Error(`card checkout ${i} opened no payment: ${JSON.stringify(reply.body)}`);
      return intent;
    }),
  );
  const expiredIntents = intents.slice(0, HOLDS_EXPIRED);
  const liveIntents = intents.slice(HOLDS_EXPIRED);
  await cluster.jamSweeps({ workshopDateId: holdDate.id, bookingId: Math.min(...reminded.map((person) => person.bookingId)) });
  // The buyers walked away: their 15 minutes are over (the database clock is the one that counts).
  const expiredOrders = await db.select({ id: payments.orderId }).from(payments).where(inArray(payments.providerPaymentId, expiredIntents));
  if (expiredOrders.length !== HOLDS_EXPIRED) throw new Error(`found ${expiredOrders.length} orders for the ${HOLDS_EXPIRED} checkouts to expire`);
  await db
    .update(orders)
    .set({ holdExpiresAt: sql`now() - interval '1 minute'` })
    .where(inArray(orders.id, expiredOrders.map((order) => order.id)));

  return {
    adminCookie,
    rushDateId: rushDate.id,
    holdDateId: holdDate.id,
    holdCodeId: (tenPercent.body as { id: number }).id,
    soonTitle,
    reminded,
    expiredIntents,
    liveIntents,
    readyAt: Date.now(),
  };
}

async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((wake) => setTimeout(wake, 200));
  }
}

/** The status of the order each card checkout's payment opened (pending while it holds its seat). */
async function orderStatusOf(db: Database, intents: string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({ intent: payments.providerPaymentId, status: orders.status })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(inArray(payments.providerPaymentId, intents));
  return new Map(rows.map((row) => [row.intent, row.status]));
}

/** Messages the catcher received for one address with one subject. */
const deliveries = (catcher: SmtpCatcher, email: string, subject: string) =>
  catcher.messages.filter((message) => message.recipients.includes(email) && message.subject === subject).length;

function describeTwoInstances(title: string, start: () => Promise<Cluster>, extra?: () => void) {
  describe(title, () => {
    let cluster: Cluster;
    let fixtures: Fixtures;

    beforeAll(async () => {
      cluster = await start();
      fixtures = await prepare(cluster);
    }, 90_000);
    afterAll(async () => {
      await cluster?.close();
    }, 60_000);

    it('sells exactly the seats to a booking rush spread over both, with no 5xx', async () => {
      const { a, b, db } = cluster;
      const replies = await Promise.all(
        Array.from({ length: RUSH_BUYERS }, (_, i) =>
          (i % 2 ? b : a).call('POST', '/api/bookings', {
            ip: `10.3.${i}.1`,
            body: { workshopDateId: fixtures.rushDateId, ...buyer(`rush${i}@example.com`), discountCode: FREE_CODE, stripePaymentId: 'free-booking' },
          }),
        ),
      );
      expect(statusCounts(replies)).toEqual({ 201: RUSH_SEATS, 409: RUSH_BUYERS - RUSH_SEATS });
      for (const reply of replies.filter((r) => r.status === 409)) expect(reply.body).toMatchObject({ message: SOLD_OUT });

      const [date] = await db.select().from(workshopDates).where(eq(workshopDates.id, fixtures.rushDateId));
      expect(date!.seatsTaken).toBe(RUSH_SEATS);
      const sold = await db.select().from(bookings).where(eq(bookings.workshopDateId, fixtures.rushDateId));
      const winners = replies.filter((r) => r.status === 201).map((r) => (r.body as { email: string }).email);
      expect(sold.map((booking) => booking.email).sort()).toEqual(winners.sort());
      expect(sold.every((booking) => booking.status === 'confirmed')).toBe(true);
      // A losing attempt gives its claim on the code back with everything else.
      const [code] = await db.select().from(discountCodes).where(eq(discountCodes.code, FREE_CODE));
      expect(code!.currentUses).toBe(RUSH_SEATS + REMINDED);
    });

    it('honours an admin session made on one on the other, and a logout on the other ends it on both', async () => {
      const { a, b } = cluster;
      const login = await a.call('POST', '/api/auth/login2', { body: ADMIN, ip: '10.4.0.1' });
      expect(login.status).toBe(200);
      const cookie = login.sessionCookie!;
      expect(cookie).toMatch(/^sid=/);

      const onB = await b.call('GET', '/api/auth/user', { cookie });
      expect(onB.status).toBe(200);
      expect(onB.body).toMatchObject({ authenticated: true, user: { email: ADMIN.email, isAdmin: true } });
      const adminListOnB = await b.call('GET', '/api/admin/workshop-dates', { cookie });
      expect(adminListOnB.status).toBe(200);
      expect((adminListOnB.body as { id: number }[]).map((date) => date.id)).toContain(fixtures.rushDateId);

      expect((await b.call('POST', '/api/auth/logout', { cookie })).status).toBe(200);
      expect((await a.call('GET', '/api/auth/user', { cookie })).body).toEqual({ authenticated: false, user: null });
      const refused = await a.call('GET', '/api/admin/workshop-dates', { cookie });
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ message: 'Authentication required' });
      // Only that session ended: the one made earlier on A still works on B.
      expect((await b.call('GET', '/api/admin/workshop-dates', { cookie: fixtures.adminCookie })).status).toBe(200);
    });

    it('allows one address a rate limit once across both, not once on each', async () => {
      const { a, b, db } = cluster;
      const ip = '10.9.0.1';
      // An address nobody booked with: the link request is answered and counted, but no e-mail is queued.
      const ask = (on: Instance) => on.call('POST', '/api/participant/access', { ip, body: { email: 'nobody.limited@example.com' } });
      // The windows are fixed (aligned to the clock both instances share): start clear of a boundary,
      // or the count would rightly begin again halfway through.
      const untilBoundary = ACCESS_LIMIT.windowMs - (Date.now() % ACCESS_LIMIT.windowMs);
      if (untilBoundary < 5_000) await new Promise((wake) => setTimeout(wake, untilBoundary + 100));

      const allowed: number[] = [];
      for (let n = 0; n < ACCESS_LIMIT.max; n++) allowed.push((await ask(n % 2 ? b : a)).status);
      expect(allowed).toEqual(Array(ACCESS_LIMIT.max).fill(200));
      // Each instance has seen only half the limit, yet the next request is refused on either.
      const onA = await ask(a);
      const onB = await ask(b);
      expect([onA.status, onB.status]).toEqual([429, 429]);
      // Another address is not held back by it.
      expect((await a.call('POST', '/api/participant/access', { ip: '10.9.0.2', body: { email: 'nobody.limited@example.com' } })).status).toBe(200);
      const [row] = await db.select().from(rateLimitHits).where(eq(rateLimitHits.key, `POST /api/participant/access ${ip}`));
      expect(row!.hits).toBe(ACCESS_LIMIT.max + 2);
    });

    it('delivers each booking confirmation once although both outbox workers run', async () => {
      const { db, catcher } = cluster;
      const confirmations = await waitFor('every confirmation to be sent', async () => {
        const rows = await db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'booking-free'));
        return rows.length === RUSH_SEATS + REMINDED && rows.every((row) => row.status === 'sent') && rows;
      });
      // A second delivery of the same e-mail would arrive about as fast as the first one did.
      await new Promise((wake) => setTimeout(wake, 500));

      const recipients = confirmations.map((row) => row.to);
      expect(new Set(recipients).size).toBe(recipients.length);
      for (const row of confirmations) expect(deliveries(catcher, row.to, row.subject), row.to).toBe(1);
      const confirmationsCaught = catcher.messages.filter((message) => message.subject.startsWith('Your seat is booked: '));
      expect(confirmationsCaught).toHaveLength(confirmations.length);
      // Nobody who lost the rush was told they had a seat.
      const rushWinners = recipients.filter((to) => to.startsWith('rush'));
      expect(rushWinners).toHaveLength(RUSH_SEATS);
      expect(confirmationsCaught.filter((message) => message.recipients.some((to) => to.startsWith('rush')))).toHaveLength(RUSH_SEATS);
    });

    it(
      'sends each reminder once and releases each expired seat hold once although both sweep',
      async () => {
        const { db, catcher } = cluster;
        // For the processes: returns once the sweeps of both have met (see jamSweeps), and fails otherwise.
        await cluster.sweepsAfter(fixtures.readyAt);
        const bookingIds = fixtures.reminded.map((person) => person.bookingId);
        await waitFor('the reminders to be claimed and the holds released', async () => {
          const marks = await db.select().from(bookingReminders).where(inArray(bookingReminders.bookingId, bookingIds));
          const holds = await orderStatusOf(db, fixtures.expiredIntents);
          return marks.length === REMINDED && holds.size === HOLDS_EXPIRED && [...holds.values()].every((status) => status === 'lapsed');
        });

        // Holds: the expired orders lapsed and gave their seats back once each, the live ones are
        // still pending. A hold released twice would show here: seats_taken would drop below the
        // live holds (it stops at 0).
        const statusOf = await orderStatusOf(db, [...fixtures.expiredIntents, ...fixtures.liveIntents]);
        for (const intent of fixtures.expiredIntents) expect(statusOf.get(intent)).toBe('lapsed');
        for (const intent of fixtures.liveIntents) expect(statusOf.get(intent)).toBe('pending');
        const [date] = await db.select().from(workshopDates).where(eq(workshopDates.id, fixtures.holdDateId));
        expect(date!.seatsTaken).toBe(HOLDS_LIVE);
        const [code] = await db.select().from(discountCodes).where(eq(discountCodes.id, fixtures.holdCodeId));
        expect(code!.currentUses).toBe(HOLDS_LIVE);

        // Reminders: one 24h claim and one queued e-mail per participant, none for the last hour.
        const marks = await db.select().from(bookingReminders).where(inArray(bookingReminders.bookingId, bookingIds));
        expect(marks.map((mark) => mark.kind)).toEqual(Array(REMINDED).fill('24h'));
        const queued = await waitFor('every reminder to be sent', async () => {
          const rows = await db.select().from(emailOutbox).where(like(emailOutbox.kind, 'booking-reminder-%'));
          return rows.length >= REMINDED && rows.every((row) => row.status === 'sent') && rows;
        });
        // The subject says the hours left at the sweep (the workshop starts within the next day).
        const subject = queued[0]!.subject;
        expect(subject).toMatch(new RegExp(`^Reminder: ${fixtures.soonTitle} starts in \\d+ hours?$`));
        expect(queued.map((row) => [row.kind, row.subject])).toEqual(Array(REMINDED).fill(['booking-reminder-24h', subject]));
        expect(queued.map((row) => row.to).sort()).toEqual(fixtures.reminded.map((person) => person.email).sort());
        await new Promise((wake) => setTimeout(wake, 500));
        for (const person of fixtures.reminded) expect(deliveries(cluster.catcher, person.email, subject), person.email).toBe(1);
        expect(catcher.messages.filter((message) => message.subject.startsWith('Reminder: '))).toHaveLength(REMINDED);

        // Every e-mail of the whole run went out exactly once: no outbox row is left, none doubled.
        const all = await db.select().from(emailOutbox);
        expect(all.filter((row) => row.status !== 'sent')).toEqual([]);
        expect(catcher.messages).toHaveLength(all.length);
        expect(cluster.loggedErrors()).toEqual([]);
      },
      SERVER_SWEEP_INTERVAL_MS + 60_000,
    );

    extra?.();
  });
}

// One variant per pass, each registering real tests (no it.skip / runIf, which would count as
// skipped): PGlite lives inside one process and cannot be shared with another, so its pass runs
// the instances in this process; the PostgreSQL pass runs real processes, which cover everything
// the in-process variant would, plus separate pools, event loops and timers.
if (testDatabaseKind === 'pglite') {
  describeTwoInstances('two app instances in this process on one embedded database', startInProcessCluster);
} else {
  let processes: AppProcess[] = [];
  describeTwoInstances(
    'two app processes on one PostgreSQL database',
    async () => {
      const cluster = await startProcessCluster();
      processes = cluster.processes;
      return cluster;
    },
    () => {
      // Last: a rolling deploy stops instances one by one; each finishes its work and exits.
      it('both shut down cleanly on SIGTERM', async () => {
        const exits = await Promise.all(processes.map((server) => server.stop()));
        expect(exits).toEqual([
          { code: 0, signal: null },
          { code: 0, signal: null },
        ]);
      });
    },
  );
}
