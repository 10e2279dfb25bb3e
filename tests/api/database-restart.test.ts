import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DatabaseHandle } from '../../src/server/db/client';
import { bookings, emailOutbox, orders, payments } from '../../src/server/db/schema';
import { startAppProcess, type AppProcess } from '../helpers/app-process';
import { buyer, createDiscountCode, createWorkshopDate } from '../helpers/factories';
import { recipientAddress } from '../../src/server/email/outbox-worker';
import { SmtpCatcher } from '../helpers/smtp-catcher';
import { clientHeaders, testAppSession } from '../helpers/test-app';
import { testDatabaseKind } from '../helpers/test-database';
import { ThrowawayCluster } from '../helpers/throwaway-cluster';

/*
 * Issue 15 point 1: losing the database never ends the process. The PostgreSQL pass
 * starts its own throwaway cluster (initdb and pg_ctl of the machine's PostgreSQL 15, on a free
 * port, removed afterwards), runs the real server process on it, and takes the cluster down for a
 * moment in the middle of a booking load. Then: the process is alive; while the database was away
 * calls answered 503 with Retry-After (never 500); every booking or hold that got a 2xx exists;
 * seats_taken matches the bookings and holds; bookings succeed again within 10 s; every booking's
 * confirmation is in the outbox and the outbox worker delivers again.
 *
 * Embedded PGlite has no connection to lose; its pass checks what the same code gives it.
 */

/** Bookings succeed again within this long after the database is back. */
const RECOVERY_LIMIT_MS = 10_000;
/** How long the cluster stays down: long enough that the load certainly meets the outage. */
const OUTAGE_MS = 2_000;
/** Load before the outage, and after the first booking that succeeded again. */
const LOAD_BEFORE_MS = 1_500;
const LOAD_AFTER_MS = 1_500;
const CONCURRENCY = 8;
/** E-mails the outbox worker must deliver after the database is back, to show it kept running. */
const MAILS_AFTER_RECOVERY = 10;

/** seats_taken against what should hold a seat: confirmed and reserved bookings, and the seats of pending orders (live holds). */
async function seatAccounts(db: Database, workshopDateId: number) {
  const result = await db.execute(sql`
    select
      (select seats_taken from workshop_dates where id = ${workshopDateId}) as "seatsTaken",
      (select count(*)::int from bookings where workshop_date_id = ${workshopDateId} and status in ('confirmed', 'reserved')) as "bookings",
      (select coalesce(sum(seats), 0)::int from orders where workshop_date_id = ${workshopDateId} and status = 'pending') as "holds"`);
  return (result as unknown as { rows: [{ seatsTaken: number; bookings: number; holds: number }] }).rows[0];
}

const sleep = (ms: number) => new Promise((wake) => setTimeout(wake, ms));

type Outcome = { kind: 'booking' | 'hold'; status: number; startedAt: number; endedAt: number; key: string; retryAfter: string | null; code?: string };

if (testDatabaseKind === 'postgres') {
  describe('a PostgreSQL restart in the middle of a booking load', () => {
    let cluster: ThrowawayCluster | undefined;
    let server: AppProcess | undefined;
    let catcher: SmtpCatcher | undefined;
    let database: DatabaseHandle | undefined;

    beforeAll(async () => {
      cluster = await ThrowawayCluster.create();
      catcher = await SmtpCatcher.start();
      server = await startAppProcess({
        name: 'restart',
        env: {
          DATABASE_URL: cluster.url,
          SEED_DEMO: '0',
          APP_SECRET: randomBytes(32).toString('hex'),
          SMTP_URL: catcher.url,
          // This test is the load balancer: each visitor's address arrives in X-Forwarded-For.
          TRUST_PROXY: '127.0.0.1',
        },
      });
      // After the server: it applied the migrations. This pool has the server's own error handling.
      database = await openDatabase({ databaseUrl: cluster.url });
    }, 90_000);

    afterAll(async () => {
      await server?.stop(5_000);
      await database?.close().catch(() => undefined);
      await catcher?.stop();
      await cluster?.remove();
    }, 60_000);

    it('keeps the process alive, answers 503 meanwhile, loses nothing and books again within 10 s', async () => {
      const { db } = database!;
      const date = await createWorkshopDate(db, { seatsTotal: 100_000, requiresImmediatePayment: false });
      await createDiscountCode(db, { code: 'RESTART100', discountPercent: 100 });

      const outcomes: Outcome[] = [];
      let visitor = 0;
      let stopLoad = false;
      const call = async (kind: Outcome['kind']) => {
        const n = ++visitor;
        const key = `restart${n}`;
        const headers = { ...clientHeaders, 'content-type': 'application/json', 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
        const body =
          kind === 'booking'
            ? { workshopDateId: date.id, ...buyer(key), discountCode: 'RESTART100', stripePaymentId: 'free-booking' }
            : { workshopDateId: date.id, customerInfo: buyer(key) };
        const url = kind === 'booking' ? '/api/bookings' : '/api/create-payment-intent';
        const startedAt = Date.now();
        try {
          const response = await fetch(`${server!.baseUrl}${url}`, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(20_000) });
          const json = (await response.json()) as { paymentIntentId?: string; code?: string };
          outcomes.push({ kind, status: response.status, startedAt, endedAt: Date.now(), key: kind === 'hold' ? (json.paymentIntentId ?? '') : buyer(key).email, retryAfter: response.headers.get('retry-after'), code: json.code });
        } catch (error) {
          // No answer at all (status 0): the assertions below refuse it.
          outcomes.push({ kind, status: 0, startedAt, endedAt: Date.now(), key, retryAfter: null, code: String(error) });
        }
      };
      const worker = async (w: number) => {
        for (let i = 0; !stopLoad; i++) await call((w + i) % 3 === 0 ? 'hold' : 'booking');
      };
      const load = Promise.all(Array.from({ length: CONCURRENCY }, (_, w) => worker(w)));

      await sleep(LOAD_BEFORE_MS);
      const downAt = Date.now();
      await cluster!.stop('fast');
      await sleep(OUTAGE_MS);
      await cluster!.start();
      const upAt = Date.now();
      const deliveredAtUp = catcher!.messages.length;
      // Load on until a booking that started after the database came back has succeeded, and a little more.
      const recovered = () => outcomes.find((o) => o.kind === 'booking' && o.status === 201 && o.startedAt >= upAt);
      while (!recovered() && Date.now() - upAt < RECOVERY_LIMIT_MS + 5_000) await sleep(50);
      await sleep(LOAD_AFTER_MS);
      stopLoad = true;
      await load;

      const firstAgain = recovered();
      const count = (test: (o: Outcome) => boolean) => outcomes.filter(test).length;
      const figures = {
        requests: outcomes.length,
        ok2xx: count((o) => o.status >= 200 && o.status < 300),
        unavailable503: count((o) => o.status === 503),
        other: count((o) => o.status < 200 || (o.status >= 300 && o.status !== 503)),
        outageMs: upAt - downAt,
        recoveredMsAfterDatabaseBack: firstAgain ? firstAgain.endedAt - upAt : null,
      };
      console.log('database restart under load:', JSON.stringify(figures));

      // The process is alive and serving, and ready again.
      expect(server!.logLines(60)).toEqual([]);
      expect(() => process.kill(server!.pid, 0)).not.toThrow();
      expect((await fetch(`${server!.baseUrl}/healthz`)).status).toBe(200);
      expect((await fetch(`${server!.baseUrl}/readyz`)).status).toBe(200);

      // Every answer was a success or a 503 with Retry-After; the outage was met, never a 500.
      expect(outcomes.filter((o) => ![200, 201, 503].includes(o.status))).toEqual([]);
      expect(figures.unavailable503).toBeGreaterThan(0);
      for (const o of outcomes.filter((x) => x.status === 503)) expect(o).toMatchObject({ retryAfter: '5', code: 'database_unavailable' });

      // Bookings succeed again within 10 s of the database's return.
      expect(firstAgain).toBeDefined();
      expect(figures.recoveredMsAfterDatabaseBack!).toBeLessThan(RECOVERY_LIMIT_MS);

      // Every 2xx exists.
      const booked = outcomes.filter((o) => o.kind === 'booking' && o.status === 201).map((o) => o.key);
      const held = outcomes.filter((o) => o.kind === 'hold' && o.status === 200).map((o) => o.key);
      const foundBookings = await db.select({ email: bookings.email }).from(bookings).where(inArray(bookings.email, booked));
      expect(foundBookings.map((b) => b.email).sort()).toEqual([...booked].sort());
      // Each hold is a payment whose order is still pending, holding its seat.
      const foundHolds = await db
        .select({ id: payments.providerPaymentId })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(and(inArray(payments.providerPaymentId, held), eq(orders.status, 'pending')));
      expect(foundHolds).toHaveLength(held.length);

      // Seats match bookings and holds, including any the outage interrupted.
      const seats = await seatAccounts(db, date.id);
      expect(seats.seatsTaken).toBe(seats.bookings + seats.holds);

      // Each of those bookings queued its confirmation in the same transaction, and none was given up on.
      const outbox = await db.select({ to: emailOutbox.to, status: emailOutbox.status }).from(emailOutbox);
      const queuedFor = new Set(outbox.map((row) => recipientAddress(row.to)));
      expect(booked.filter((email) => !queuedFor.has(email))).toEqual([]);
      expect(outbox.filter((row) => row.status === 'failed')).toEqual([]);
      // The outbox worker kept running through the outage: it delivers again (all of them, given time).
      const deliveredWhenBack = deliveredAtUp;
      const deadline = Date.now() + 15_000;
      while (catcher!.messages.length < deliveredWhenBack + MAILS_AFTER_RECOVERY && Date.now() < deadline) await sleep(100);
      expect(catcher!.messages.length).toBeGreaterThanOrEqual(deliveredWhenBack + MAILS_AFTER_RECOVERY);
    }, 90_000);
  });
} else {
  describe('embedded PGlite (no connection to lose)', () => {
    const session = testAppSession();

    it('is ready at once, books, and keeps seats matching bookings and holds', async () => {
      expect(session.app.database.kind).toBe('pglite');
      expect((await session.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      const date = await createWorkshopDate(session.db, { seatsTotal: 10 });
      await createDiscountCode(session.db, { code: 'EMBEDDED100', discountPercent: 100 });
      const booking = await session.app.inject({
        method: 'POST',
        url: '/api/bookings',
        headers: clientHeaders,
        payload: { workshopDateId: date.id, ...buyer('embedded'), discountCode: 'EMBEDDED100', stripePaymentId: 'free-booking' },
      });
      expect(booking.statusCode).toBe(201);
      const hold = await session.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: clientHeaders, payload: { workshopDateId: date.id, customerInfo: buyer('held') } });
      expect(hold.statusCode).toBe(200);
      expect(await seatAccounts(session.db, date.id)).toEqual({ seatsTaken: 2, bookings: 1, holds: 1 });
    });
  });
}
