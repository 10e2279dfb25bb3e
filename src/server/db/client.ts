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

/**
 * Opens the database: a PostgreSQL server when `databaseUrl` is given, otherwise embedded PGlite
 * (in `dataDir`, or in memory when `dataDir` is null), and applies the committed migrations.
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir?: string | null }): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
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

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
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
