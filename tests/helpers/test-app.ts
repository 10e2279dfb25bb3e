import { afterAll, beforeAll } from 'vitest';
import { ensureAdminUser } from '../../src/features/admin-auth/server/admin-auth.service';
import { buildApp } from '../../src/app/server/app';
import type { DatabaseHandle } from '../../src/server/db/client';
import { seedDemoContent } from '../../src/server/db/seed';
import { loadEnv } from '../../src/server/env';
import { ReadCache } from '../../src/server/lib/read-cache';
import type { Database } from '../../src/server/db/client';
import { createPaymentProvider } from '../../src/server/payments/create-provider';
import { DemoPaymentProvider } from '../../src/server/payments/demo-provider';
import type { PaymentProvider } from '../../src/server/payments/payment-provider';
import { SESSION_COOKIE } from '../../src/server/plugins/csrf-guard';
import { createTestDatabase } from './test-database';

export const TEST_SECRET = 'test-secret-test-secret-test-secret!';

export type TestApp = Awaited<ReturnType<typeof buildApp>> & { database: DatabaseHandle };

export type TestAppOptions = {
  seed?: boolean;
  env?: Record<string, string>;
  payments?: (db: Database) => PaymentProvider;
  onEmailQueued?: () => void;
  /** The booking lifecycle's clock (hold and reservation expiry); real time by default. */
  clock?: () => Date;
  /** The app's logger, e.g. a stream a test reads the log lines from; silent by default. */
  logger?: Parameters<typeof buildApp>[0]['logger'];
  /** How long the public read cache keeps an answer: none by default, as tests change data and read it straight back. */
  publicCacheMs?: number;
};

/** The real application on a fresh database, without listening; close() drops everything. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  if (options.seed) await seedDemoContent(database.db);
  const app = await createTestAppOn(database, options);
  app.addHook('onClose', async () => database.close());
  return app;
}

/**
 * Another instance of the app on a database that already exists, like a second server behind a
 * load balancer; its close() leaves the database open for its owner.
 */
export async function createTestAppOn(database: DatabaseHandle, options: Omit<TestAppOptions, 'seed'> = {}): Promise<TestApp> {
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://test.local', ...options.env });
  const app = await buildApp({
    db: database.db,
    env,
    publicCache: new ReadCache(options.publicCacheMs ?? 0),
    payments: options.payments?.(database.db) ?? createPaymentProvider(env, database.db, TEST_SECRET),
    secret: TEST_SECRET,
    onEmailQueued: options.onEmailQueued,
    clock: options.clock,
    clientDir: null,
    logger: options.logger,
  });
  return Object.assign(app, { database });
}

/** Runs `use` on an app of its own on a fresh database, and closes it afterwards whatever happens. */
export async function withTestApp<T>(use: (app: TestApp) => Promise<T>, options: TestAppOptions = {}): Promise<T> {
  const app = await createTestApp(options);
  try {
    return await use(app);
  } finally {
    await app.close();
  }
}

/** Headers our web client sends on every call. */
export const clientHeaders = { 'x-client-source': 'web', 'x-request-time': String(Date.now()) };

/** The admin loginAsAdmin signs in unless told otherwise. */
export const TEST_ADMIN = { email: 'admin@test.local', password: 'correct horse battery staple' };

/** `sid=…` from a response's Set-Cookie, ready for a Cookie header; null when none was set. */
export function sessionCookieFrom(response: { cookies: { name: string; value: string }[] }): string | null {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE && c.value !== '');
  return cookie ? `${SESSION_COOKIE}=${cookie.value}` : null;
}

/**
 * Makes sure the admin exists and signs in through POST /api/auth/login2. `headers` carry the
 * session cookie and the client headers, for admin calls: `app.inject({ ..., headers })`.
 */
export async function loginAsAdmin(
  app: TestApp,
  credentials: { email: string; password: string } = TEST_ADMIN,
): Promise<{ cookie: string; headers: Record<string, string> }> {
  await ensureAdminUser(app.database.db, credentials);
  const response = await app.inject({ method: 'POST', url: '/api/auth/login2', headers: clientHeaders, payload: credentials });
  const cookie = sessionCookieFrom(response);
  if (response.statusCode !== 200 || !cookie) throw new Error(`admin login failed: ${response.statusCode} ${response.body}`);
  return { cookie, headers: { ...clientHeaders, cookie } };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The app for a whole test file or describe block (beforeAll starts it, afterAll closes it):
 * `session.app`, its `session.db`, and `session.post(url, payload)` for the web client's calls.
 * `options` are createTestApp's, or a function that starts the app some other way.
 */
export function testAppSession(options: TestAppOptions | (() => Promise<TestApp>) = {}) {
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await (typeof options === 'function' ? options() : createTestApp(options));
  });
  afterAll(async () => {
    await started?.close();
  });
  const app = (): TestApp => {
    if (!started) throw new Error('testAppSession: the app starts in beforeAll');
    return started;
  };
  return {
    get app(): TestApp {
      return app();
    },
    get db(): Database {
      return app().database.db;
    },
    post: (url: string, payload: object) => app().inject({ method: 'POST', url, payload, headers: clientHeaders }),
  };
}

/**
 * The app signed in as the admin for a whole test file (see testAppSession): also its
 * `session.headers`, `session.call(method, url, payload?)` for the admin's calls, and
 * `session.json(...)`, the same call answering its status and parsed body.
 */
export function adminTestSession(options: TestAppOptions | (() => Promise<TestApp>) = {}) {
  const visitor = testAppSession(options);
  let signedIn: Record<string, string> | undefined;
  beforeAll(async () => {
    ({ headers: signedIn } = await loginAsAdmin(visitor.app));
  });
  const headers = (): Record<string, string> => {
    if (!signedIn) throw new Error('adminTestSession: the session starts in beforeAll');
    return signedIn;
  };
  const call = (method: Method, url: string, payload?: unknown, withHeaders = headers()) =>
    visitor.app.inject({ method, url, headers: withHeaders, ...(payload === undefined ? {} : { payload: payload as object }) });
  const json = async (method: Method, url: string, payload?: unknown, withHeaders = headers()) => {
    const response = await call(method, url, payload, withHeaders);
    return { status: response.statusCode, body: response.json() };
  };
  return {
    get app(): TestApp {
      return visitor.app;
    },
    get db(): Database {
      return visitor.db;
    },
    post: visitor.post,
    get headers(): Record<string, string> {
      return headers();
    },
    call,
    json,
  };
}

/**
 * The app serving a build of the client from `clientDir` (a test's own dist/ stand-in), on a test
 * app's database, with no public-read cache: every request reads again.
 */
export function buildAppServingClient(database: DatabaseHandle, clientDir: string) {
  return buildApp({
    db: database.db,
    env: loadEnv({ LOG_LEVEL: 'silent', PUBLIC_URL: 'http://test.local' }),
    publicCache: new ReadCache(0),
    payments: new DemoPaymentProvider(database.db, TEST_SECRET),
    secret: 'x'.repeat(32),
    clientDir,
    logger: false,
  });
}
