import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import * as schema from './schema';
import { isDatabaseUnavailable } from './unavailable';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** True when the database had no tables before migrations ran. */
  wasEmpty: boolean;
  close: () => Promise<void>;
};

/**
 * Drizzle works out a type hint for every parameter of every statement it builds, for the one
 * driver that reads them (the AWS Data API); node-postgres and PGlite never do. Each hint is a
 * chain of class checks per parameter: a tenth of the time Drizzle spent building an order's
 * statements, and a few per cent of the server's CPU under load. The dialect, shared by the
 * database and its transactions, is told to skip them; Drizzle builds the same SQL and parameters.
 */
export function withoutParameterTypings(db: Database): Database {
  const dialect = (db as unknown as { dialect: { prepareTyping?: unknown } }).dialect;
  dialect.prepareTyping = undefined;
  return db;
}

/** Migrations sit beside this module in the source tree and beside the bundle in dist/server. */
function migrationsFolder(): string {
  return join(dirname(fileURLToPath(import.meta.url)), 'migrations');
}

// Any fixed number: instances starting together take turns applying migrations.
const MIGRATION_LOCK_KEY = 727_274_001;

const TABLE_COUNT_SQL = `select count(*)::int as n from information_schema.tables where table_schema = 'public' and table_name = 'workshop_dates'`;

/** Told about connections that failed outside any request (idle ones, or one a transaction held). */
export type ConnectionErrorListener = (error: Error) => void;

export type OpenDatabaseOptions = {
  databaseUrl?: string;
  dataDir?: string | null;
  /** Connections the PostgreSQL pool may open (DATABASE_POOL_SIZE). */
  poolSize?: number;
  onConnectionError?: ConnectionErrorListener;
};

/**
 * Opens the database: a PostgreSQL server when `databaseUrl` is given, otherwise embedded PGlite
 * (in `dataDir`, or in memory when `dataDir` is null), and applies the committed migrations. A
 * server that cannot be reached is an error at once (tests, scripts); server.ts uses
 * connectDatabase, which waits for it.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const pending = await connectDatabase(options);
  try {
    const { wasEmpty } = await pending.prepare(async () => undefined, { retry: false });
    return { db: pending.db, kind: pending.kind, wasEmpty, close: pending.close };
  } catch (error) {
    await pending.close().catch(() => undefined);
    throw error;
  }
}

/** Told about each failed attempt to reach the database at start, before the next one. */
export type UnavailableAtStartListener = (error: unknown, attempt: number, retryInMs: number) => void;

export type PrepareOptions = {
  /** false: the first failure is thrown. Default: try again, with backoff, while it is unavailable. */
  retry?: boolean;
  onUnavailable?: UnavailableAtStartListener;
  /** Stops the retries (the server shuts down during start-up). */
  signal?: AbortSignal;
};

/**
 * Start-up work that needs the migrated database: `db` for it, and whether the database had no
 * tables before the migrations ran.
 */
export type PrepareWork<T> = (db: Database, facts: { wasEmpty: boolean }) => Promise<T>;

/**
 * A database that is not yet ready for requests: `db` exists and can be handed to the app, but its
 * queries are refused as unavailable (57P03, answered 503) until prepare() has applied the
 * migrations and run the start-up work, on a connection of its own. For PostgreSQL nothing is
 * sent before prepare(); for PGlite there is nothing to wait for.
 */
export type PendingDatabase = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Applies the migrations, runs `work` (seeding, admins) and then lets queries through. While the
   * server cannot be reached (isDatabaseUnavailable: refused, starting up, timed out…) it tries
   * again with backoff, for as long as it takes; any other error (a wrong password, a missing
   * database, a failed migration) is thrown at once.
   */
  prepare: <T>(work: PrepareWork<T>, options?: PrepareOptions) => Promise<T & { wasEmpty: boolean }>;
  close: () => Promise<void>;
};

/** Backoff between attempts to reach the database at start: 0.5 s doubling to 5 s, ±20 %. */
export const START_RETRY_FIRST_MS = 500;
export const START_RETRY_MAX_MS = 5_000;

export function startRetryDelayMs(attempt: number, random = Math.random): number {
  const base = Math.min(START_RETRY_MAX_MS, START_RETRY_FIRST_MS * 2 ** Math.max(0, attempt - 1));
  // Instances started together by a deploy do not knock in step.
  return Math.round(base * (0.8 + 0.4 * random()));
}

/**
 * Runs `attempt` until it succeeds, waiting startRetryDelayMs between tries while its error means
 * the database is unavailable; any other error, or the signal, ends it.
 */
export async function retryWhileUnavailable<T>(attempt: (n: number) => Promise<T>, { onUnavailable, signal }: Omit<PrepareOptions, 'retry'> = {}): Promise<T> {
  for (let n = 1; ; n++) {
    signal?.throwIfAborted();
    try {
      return await attempt(n);
    } catch (error) {
      if (signal?.aborted || !isDatabaseUnavailable(error)) throw error;
      const delay = startRetryDelayMs(n);
      onUnavailable?.(error, n, delay);
      await sleep(delay, undefined, { signal });
    }
  }
}

/** Opens the database's client without waiting for the database (see PendingDatabase). */
export async function connectDatabase(options: OpenDatabaseOptions): Promise<PendingDatabase> {
  if (options.databaseUrl) return connectPostgres(options.databaseUrl, options);
  return connectPglite(options.dataDir ?? null);
}

/**
 * The embedded database's settings at start, beside PGlite's own: `shared_buffers` at 16 MB rather
 * than PostgreSQL's 128 MB. PGlite keeps its buffers in the WebAssembly memory of this process,
 * which never shrinks: with 128 MB it grew to 189 MB, with 32 MB it stays at the 128 MB it starts
 * with, and with 16 MB fewer of those pages are ever touched (the bench's peak fell by about 18 MB,
 * bookings and orders as fast). The pages it no longer holds are still in the operating system's
 * file cache.
 */
export const PGLITE_START_PARAMS: readonly string[] = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * Makes a new embedded database directory in a process of its own. PGlite runs initdb in two more
 * WebAssembly instances beside the one that will serve, and this process's resident memory then
 * peaked at about 0.9 GB, three times what the server holds afterwards; the child gives all of
 * that back when it exits, and the server opens the directory as on any later start.
 */
async function initialiseApart(path: string): Promise<void> {
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script = 'const [pglite, dir] = process.argv.slice(1); require(pglite).PGlite.create(dir).then((db) => db.close()).then(() => process.exit(0), (error) => { console.error(error); process.exit(1); });';
  await new Promise<void>((done, fail) => {
    execFile(process.execPath, ['-e', script, pglite, path], { maxBuffer: 1 << 20 }, (error, _stdout, stderr) => {
      if (error) fail(new Error(`initialising the embedded database in ${path} failed: ${stderr.trim() || error.message}`));
      else done();
    });
  });
}

async function connectPglite(dataDir: string | null): Promise<PendingDatabase> {
  let client: PGlite;
  const options = { startParams: [...PGLITE_START_PARAMS] };
  if (dataDir) {
    const path = resolve(dataDir, 'pglite');
    mkdirSync(path, { recursive: true });
    if (!existsSync(join(path, 'PG_VERSION'))) await initialiseApart(path);
    client = await PGlite.create(path, options);
  } else {
    client = await PGlite.create(options);
  }
  const db = withoutParameterTypings(drizzlePglite({ client, schema }) as unknown as Database);
  return {
    db,
    kind: 'pglite',
    // In this process: nothing to wait for, and no one else to keep out while it runs.
    prepare: async (work) => {
      const before = await client.query<{ n: number }>(TABLE_COUNT_SQL);
      await migratePglite(db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder: migrationsFolder() });
      const facts = { wasEmpty: before.rows[0]?.n === 0 };
      return { ...(await work(db, facts)), ...facts };
    },
    close: () => client.close(),
  };
}

/** How long a request waits for a connection before it is answered 503 (see unavailable.ts). */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * A pool that survives its server: a restart, failover or network cut ends connections, and
 * node-postgres reports that as an 'error' event on the connection, which ends the process when
 * nobody listens. The pool listens only while a connection is idle, so every connection gets a
 * listener of its own at birth, which also covers the time a transaction holds it. The failed
 * connection is dropped, the query on it fails (answered 503, see unavailable.ts), and the next
 * query opens a new connection.
 */
function createPool(url: string, { poolSize = 10, onConnectionError = () => {} }: OpenDatabaseOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // Finds a silently dead peer (a failover without a reset) instead of waiting on it for ever.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  pool.on('connect', (client) => client.on('error', onConnectionError));
  // The pool re-emits an idle connection's error, already reported by the listener above.
  pool.on('error', () => {});
  return pool;
}

/** The error a query meets while the database is not prepared yet: 57P03 is PostgreSQL's own "starting up". */
function notReadyError(): Error {
  return Object.assign(new Error('the database is not ready yet: start-up is waiting for it or migrating it'), { code: '57P03' });
}

function connectPostgres(url: string, options: OpenDatabaseOptions): PendingDatabase {
  const pool = createPool(url, options);
  // Until prepare() is done the app's queries are refused, as unavailable: the schema may not be
  // migrated yet, and the admin and demo content may not exist.
  let ready = false;
  const connect = pool.connect.bind(pool);
  pool.connect = ((callback?: (error: Error | undefined, client?: pg.PoolClient, done?: () => void) => void) => {
    if (ready) return callback ? connect(callback) : connect();
    const error = notReadyError();
    if (!callback) return Promise.reject(error);
    process.nextTick(() => callback(error));
    return undefined;
  }) as typeof pool.connect;
  const stopping = new AbortController();

  const prepareOnce = async <T>(work: PrepareWork<T>): Promise<T & { wasEmpty: boolean }> => {
    // A connection of its own, outside the pool that is still closed to the app.
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    client.on('error', (error) => options.onConnectionError?.(error));
    try {
      await client.connect();
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      // Instances that start together take turns: migrations, then seeding and admins, once each.
      try {
        const before = await client.query<{ n: number }>(TABLE_COUNT_SQL);
        const facts = { wasEmpty: before.rows[0]?.n === 0 };
        await migratePg(drizzlePg({ client }), { migrationsFolder: migrationsFolder() });
        const result = await work(drizzlePg({ client, schema }) as unknown as Database, facts);
        return { ...result, ...facts };
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      }
    } finally {
      await client.end().catch(() => undefined);
    }
  };

  return {
    db: withoutParameterTypings(drizzlePg({ client: pool, schema }) as unknown as Database),
    kind: 'postgres',
    prepare: async (work, { retry = true, onUnavailable, signal } = {}) => {
      const signals = AbortSignal.any([stopping.signal, ...(signal ? [signal] : [])]);
      const result = retry ? await retryWhileUnavailable(() => prepareOnce(work), { onUnavailable, signal: signals }) : await prepareOnce(work);
      ready = true;
      return result;
    },
    close: async () => {
      stopping.abort();
      await pool.end();
    },
  };
}
