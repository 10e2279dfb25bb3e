import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app/server/app';
import type { Database, DatabaseHandle } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema';
import { loadEnv } from '../../src/server/env';
import { ReadCache } from '../../src/server/lib/read-cache';
import { createPaymentProvider } from '../../src/server/payments/create-provider';
import { freePort } from '../helpers/app-process';
import { buyer, createDiscountCode, createWorkshopDate } from '../helpers/factories';
import { clientHeaders, withTestApp, testAppSession, createTestAppOn, TEST_SECRET, type TestApp } from '../helpers/test-app';
import { createTestDatabase } from '../helpers/test-database';

/*
 * Issue 15 point 7 and the 503 half of point 1: /healthz, /readyz, /metrics, the
 * answer while the database cannot be reached, and logs that keep a failed query's personal data out.
 * The restart of a real PostgreSQL server mid-load is tests/api/database-restart.test.ts.
 */

const METRICS_TOKEN = 'metrics-token-for-the-test-0123456789';

describe('GET /healthz and /readyz', () => {
  const session = testAppSession();

  it('answer 200 with no session and no client headers', async () => {
    const health = await session.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await session.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('/readyz answers 503 once the database is gone, while /healthz still answers 200', async () => {
    const database = await createTestDatabase();
    const other = await createTestAppOn(database);
    try {
      await database.close();
      const ready = await other.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBe('5');
      expect(ready.json()).toMatchObject({ code: 'database_unavailable', message: expect.any(String) });
      expect((await other.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});

/** The app on a PostgreSQL pool aimed at a port where nothing listens: every connection is refused. */
async function appWithUnreachableDatabase(): Promise<TestApp> {
  const pool = new pg.Pool({ connectionString: `postgres://nobody@127.0.0.1:${await freePort()}/none`, connectionTimeoutMillis: 2_000 });
  const handle: DatabaseHandle = { db: drizzle({ client: pool, schema }) as unknown as Database, kind: 'postgres', wasEmpty: false, close: () => pool.end() };
  const app = await createTestAppOn(handle, { env: { METRICS_TOKEN } });
  app.addHook('onClose', () => handle.close());
  return app;
}

describe('while the database cannot be reached', () => {
  const session = testAppSession(appWithUnreachableDatabase);

  it.each([
    ['a read', 'GET', '/api/workshop-dates', undefined],
    ['a booking (a transaction)', 'POST', '/api/bookings', { workshopDateId: 1, ...buyer('down'), stripePaymentId: 'free-booking' }],
  ] as const)('answers %s with 503, Retry-After and a JSON message, never 500', async (_, method, url, payload) => {
    const response = await session.app.inject({ method, url, headers: clientHeaders, ...(payload ? { payload } : {}) });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ message: 'The service is briefly unavailable. Please try again in a few seconds.', code: 'database_unavailable' });
  });

  it('still serves pages that do not need the database, and /healthz', async () => {
    const page = await session.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect((await session.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await session.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
  });

  it('still answers /metrics, saying the database figures could not be read', async () => {
    const response = await session.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/^workshop_database_up 0$/m);
    expect(response.body).not.toMatch(/^workshop_bookings\{/m);
    expect(response.body).toContain('process_cpu_seconds_total');
  });
});

describe('GET /metrics', () => {
  const session = testAppSession({ env: { METRICS_TOKEN } });

  const scrape = (token: string | null = METRICS_TOKEN) =>
    session.app.inject({ method: 'GET', url: '/metrics', headers: token === null ? {} : { authorization: `Bearer ${token}` } });

  /** The value of one sample line, e.g. `workshop_bookings{status="confirmed"}`. */
  const sample = (text: string, series: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };

  it('does not exist without METRICS_TOKEN', async () => {
    await withTestApp(async (plain) => {
      const response = await plain.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(response.statusCode).toBe(404);
    });
  });

  it('refuses a missing or wrong token with 401', async () => {
    for (const response of [await scrape(null), await scrape('wrong'), await scrape(`${METRICS_TOKEN}x`)]) {
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.body).not.toContain('http_request_duration_seconds');
    }
    const basic = await session.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Basic ${METRICS_TOKEN}` } });
    expect(basic.statusCode).toBe(401);
  });

  it('times requests by route pattern, never by the raw URL', async () => {
    const date = await createWorkshopDate(session.db);
    await session.app.inject({ method: 'GET', url: `/api/workshop-dates/${date.id}?who=ada@example.com` });
    await session.app.inject({ method: 'GET', url: '/api/no-such-thing/ada@example.com' });
    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/api\/workshop-dates\/:id",status_code="200"\} 1$/m);
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="unmatched",status_code="404"\} 1$/m);
    expect(text).not.toContain('ada@example.com');
    // Default process metrics come along.
    expect(text).toContain('process_cpu_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('reads bookings, payments, refunds, the outbox and held seats from the database at scrape time', async () => {
    const before = (await scrape()).body;
    expect(sample(before, 'workshop_database_up')).toBe(1);
    expect(sample(before, 'workshop_bookings{status="confirmed"}')).toBe(0);
    expect(sample(before, 'workshop_seats_held')).toBe(0);

    const date = await createWorkshopDate(session.db, { seatsTotal: 10 });
    await createDiscountCode(session.db, { code: 'METRICSFREE', discountPercent: 100 });
    for (const n of [1, 2]) {
      const booked = await session.app.inject({
        method: 'POST',
        url: '/api/bookings',
        headers: clientHeaders,
        payload: { workshopDateId: date.id, ...buyer(`metrics${n}`), discountCode: 'METRICSFREE', stripePaymentId: 'free-booking' },
      });
      expect(booked.statusCode).toBe(201);
    }
    const held = await session.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: clientHeaders, payload: { workshopDateId: date.id, customerInfo: buyer('metrics-card') } });
    expect(held.statusCode).toBe(200);
    const [booking] = await session.db.select({ id: schema.bookings.id }).from(schema.bookings).limit(1);
    await session.db.insert(schema.refundRequests).values({ bookingId: booking!.id, reason: 'Cannot come' });

    const text = (await scrape()).body;
    expect(sample(text, 'workshop_bookings{status="confirmed"}')).toBe(2);
    expect(sample(text, 'workshop_bookings{status="cancelled"}')).toBe(0);
    expect(sample(text, 'workshop_seats_held')).toBe(1);
    expect(sample(text, 'workshop_payments{status="requires_payment"}')).toBe(1);
    expect(sample(text, 'workshop_refund_requests{status="PENDING"}')).toBe(1);
    // Two confirmation e-mails wait: the test app has no mail transport.
    const pending = await session.db.$count(schema.emailOutbox, eq(schema.emailOutbox.status, 'pending'));
    expect(pending).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'workshop_outbox_emails{status="pending"}')).toBe(pending);
    expect(sample(text, 'workshop_outbox_emails{status="failed"}')).toBe(0);
  });
});

describe('logs of a query that failed', () => {
  it('carry the query but not its parameters (names, e-mail addresses, messages)', async () => {
    const database = await createTestDatabase();
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const env = loadEnv({ NODE_ENV: 'test', PUBLIC_URL: 'http://test.local' });
    const app = await buildApp({
      db: database.db,
      env,
      publicCache: new ReadCache(0),
      payments: createPaymentProvider(env, database.db, TEST_SECRET),
      secret: TEST_SECRET,
      clientDir: null,
      logger: { level: 'info', stream },
    });
    try {
      // The database refuses every contact message, as a broken constraint or trigger would.
      await database.db.execute(sql`create function refuse_contact() returns trigger language plpgsql as $$ begin raise exception 'contact messages are refused'; end $$`);
      await database.db.execute(sql`create trigger refuse_contact before insert on contact_messages for each row execute function refuse_contact()`);
      const personal = { name: 'Augusta Ada King', email: 'countess.lovelace@example.com', subject: 'Private matter', message: 'Call me on +44 20 7946 0123 please' };
      const response = await app.inject({ method: 'POST', url: '/api/contact', headers: clientHeaders, payload: personal });
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain('Augusta');

      const logged = lines.join('');
      expect(logged).toContain('contact messages are refused');
      expect(logged).toContain('insert into \\"contact_messages\\"');
      expect(logged).toContain('params: [redacted]');
      for (const value of Object.values(personal)) expect(logged).not.toContain(value);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
