import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** True when the database had no tables before migrations ran. */
  wasEmpty: boolean;
  close: () => Promise<void>;
};

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
 * (in `dataDir`, or in memory when `dataDir` is null), and applies the committed migrations.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  return openPglite(options.dataDir ?? null);
}

async function openPglite(dataDir: string | null): Promise<DatabaseHandle> {
  let client: PGlite;
  if (dataDir) {
    const path = resolve(dataDir, 'pglite');
    mkdirSync(path, { recursive: true });
    client = await PGlite.create(path);
  } else {
    client = await PGlite.create();
  }
  const before = await client.query<{ n: number }>(TABLE_COUNT_SQL);
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder: migrationsFolder() });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    wasEmpty: before.rows[0]?.n === 0,
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

async function openPostgres(url: string, options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const pool = createPool(url, options);
  const lockClient = await pool.connect();
  let wasEmpty: boolean;
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const before = await lockClient.query<{ n: number }>(TABLE_COUNT_SQL);
    wasEmpty = before.rows[0]?.n === 0;
    await migratePg(drizzlePg({ client: lockClient }), { migrationsFolder: migrationsFolder() });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    lockClient.release();
  }
  const db = drizzlePg({ client: pool, schema });
  return { db: db as unknown as Database, kind: 'postgres', wasEmpty, close: () => pool.end() };
}
