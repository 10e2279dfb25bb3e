import type { FastifyBaseLogger } from 'fastify';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { ensureAdminUser, ensureFirstAdmin } from '../../features/admin-auth/server/admin-auth.service';
import { buildApp } from './app';
import { resolveAppSecret } from './app-secret';
import { createPaymentProvider } from '../../server/payments/create-provider';
import { connectDatabase } from '../../server/db/client';
import { isDatabaseUnavailable } from '../../server/db/unavailable';
import { seedDemoContent } from '../../server/db/seed';
import { rederiveWorkshopInstants } from '../../features/workshops/server/workshop-instants';
import { EnvError, loadEnv, type Env } from '../../server/env';
import { ReadCache } from '../../server/lib/read-cache';
import { startRuntime, type Runtime } from './runtime';

const PUBLIC_READ_TTL_MS = 1000;
const SHUTDOWN_GRACE_MS = 10_000;

/** The built client sits beside the server bundle (dist/client); from source, under dist/ too. */
function findClientDir(): string | null {
  const candidates = [fileURLToPath(new URL('../client', import.meta.url)), resolve(process.cwd(), 'dist/client')];
  return candidates.find((dir) => existsSync(resolve(dir, 'index.html'))) ?? null;
}

/**
 * Hands the generated first admin's password to the operator: in a file only they can read in
 * DATA_DIR and, outside production, in the log, so a newcomer can sign in straight away.
 */
function announceFirstAdmin(log: { warn: (obj: object, msg: string) => void }, env: Env, admin: { email: string; password: string }) {
  const file = join(resolve(env.DATA_DIR), 'initial-admin.txt');
  mkdirSync(resolve(env.DATA_DIR), { recursive: true });
  writeFileSync(file, `email: ${admin.email}\npassword: ${admin.password}\n`, { mode: 0o600 });
  const shown = env.NODE_ENV === 'production' ? { email: admin.email, passwordFile: file } : { ...admin, passwordFile: file };
  log.warn(shown, `First admin created: sign in at ${env.PUBLIC_URL}/admin/login2 and add your own admin, or set ADMIN_EMAIL and ADMIN_PASSWORD`);
}

/**
 * The last net under promises nobody awaited: one that failed because the database went away is
 * logged and the server carries on (CONTRACT §9: never a crash); anything else is a bug, logged
 * and fatal, as Node would have it.
 */
function keepRunningThroughDatabaseLoss(log: FastifyBaseLogger) {
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason)) {
      log.warn({ err: reason }, 'database unavailable (in work nobody waited for)');
      return;
    }
    log.fatal({ err: reason }, 'unhandled promise rejection');
    process.exit(1);
  });
}

/** After this long without a database at start, each further failed attempt is logged as an error, not a warning. */
const START_WAIT_WARN_MS = 5 * 60_000;

/**
 * What an operator sees while the database cannot be reached at start: one warning per attempt
 * with the reason, and errors once it has gone on for minutes (a wrong host rather than a
 * failover, say), so an alert on error logs finds it.
 */
function startWaitLogger(log: FastifyBaseLogger) {
  const since = Date.now();
  return (error: unknown, attempt: number, retryInMs: number) => {
    const waitedMs = Date.now() - since;
    const fields = { err: error, attempt, waitedSeconds: Math.round(waitedMs / 1000), retryInMs };
    const message = 'database unavailable at start; serving /healthz, answering 503 elsewhere, and trying again';
    if (waitedMs >= START_WAIT_WARN_MS) log.error(fields, message);
    else log.warn(fields, message);
  };
}

/**
 * How far V8 may grow the JavaScript heap past what survived its last full collection, in per
 * cent, when the server holds the embedded database too. By default it grows by up to four times
 * under load (the bench's bursts took the heap from 90 to over 200 MB, of which 60 MB was live),
 * which beside PGlite's own memory took the process past 550 MB. A quarter costs a full
 * collection more often: about 7 % more CPU per order in the bench, so only the embedded database,
 * a single small process, pays it.
 */
const EMBEDDED_HEAP_GROWING_PERCENT = 25;

async function main() {
  const env = loadEnv();
  if (!env.DATABASE_URL) setFlagsFromString(`--heap-growing-percent=${EMBEDDED_HEAP_GROWING_PERCENT}`);
  // The app's logger exists only once the app is built.
  // eslint-disable-next-line prefer-const
  let log: FastifyBaseLogger | undefined;
  // Sends nothing to a PostgreSQL server yet: the app is built and listening before the database
  // has to answer, and its queries are refused as unavailable (503) until prepare() below is done.
  const database = await connectDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolSize: env.DATABASE_POOL_SIZE,
    onConnectionError: (error) => log?.warn({ err: error }, 'database connection lost; the next query opens a new one'),
  });

  // The worker logs through the app's logger and the app wakes the worker: made after the app.
  // eslint-disable-next-line prefer-const
  let runtime: Runtime | undefined;
  const secret = resolveAppSecret(env.APP_SECRET, env.DATA_DIR);
  const payments = createPaymentProvider(env, database.db, secret);
  const app = await buildApp({
    db: database.db,
    env,
    publicCache: new ReadCache(PUBLIC_READ_TTL_MS),
    payments,
    secret,
    onEmailQueued: () => runtime?.outbox.nudge(),
    clientDir: findClientDir(),
  });
  log = app.log;
  keepRunningThroughDatabaseLoss(app.log);
  const starting = new AbortController();
  app.addHook('onClose', async () => {
    starting.abort();
    await runtime?.stop();
    await database.close();
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  // Migrations, then demo content and admins, under one lock across instances. A PostgreSQL server
  // that cannot be reached yet (a failover, a cluster still starting) is waited for, with backoff,
  // while /healthz answers 200 and /readyz and the API 503: a crash loop would say nothing more.
  const prepare = () =>
    database.prepare(
      async (db, { wasEmpty }) => {
        // Instants under the zone rules this runtime ships: before anything reads them.
        const rederived = await rederiveWorkshopInstants(db);
        if (rederived > 0) app.log.info({ rederived }, 'workshop dates placed again under the current time zone rules');
        // SEED_DEMO defaults to on for a new embedded database.
        const seed = env.SEED_DEMO ?? (database.kind === 'pglite' && wasEmpty);
        const seeded = seed ? await seedDemoContent(db) : false;
        // CONTRACT §1: with both set, that admin exists and has that password after start.
        const adminAccount = env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? await ensureAdminUser(db, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }) : 'not configured';
        const firstAdmin = env.ADMIN_EMAIL ? null : await ensureFirstAdmin(db);
        return { seeded, adminAccount, firstAdmin };
      },
      { onUnavailable: startWaitLogger(app.log), signal: starting.signal },
    );
  // The embedded database is in this process: nothing to wait for, so it is ready before the port opens, as before.
  let prepared = database.kind === 'pglite' ? await prepare() : null;
  await app.listen({ port: env.PORT, host: env.HOST });
  try {
    prepared ??= await prepare();
  } catch (error) {
    // Shut down while waiting for the database: shutdown() exits.
    if (starting.signal.aborted) return;
    throw error;
  }
  if (starting.signal.aborted) return;

  runtime = startRuntime({ db: database.db, env, secret, payments, log: app.log });
  app.log.info({ database: database.kind, seeded: prepared.seeded, adminAccount: prepared.adminAccount }, 'database ready');
  if (prepared.firstAdmin) announceFirstAdmin(app.log, env, prepared.firstAdmin);
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) {
    console.error(error.message);
  } else {
    console.error('Failed to start:', error);
  }
  process.exit(1);
});
