import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, withoutParameterTypings, type Database, type DatabaseHandle } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema';

/** 'pglite' unless the run was started for PostgreSQL (scripts/test.mjs sets TEST_DB_KIND). */
export const testDatabaseKind: 'pglite' | 'postgres' = process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL that is dropped again on close.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (testDatabaseKind === 'pglite') return createPgliteFromTemplate();

  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB_KIND=postgres needs TEST_DATABASE_URL');
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  // A copy of the database global-setup.ts migrated once for this run.
  const template = inject('postgresTemplate');
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      // pool.end() resolves before its sockets have closed; forcing the drop at once would kill
      // those closing connections and surface as unhandled errors. Wait for them, force last.
      for (let attempt = 0; ; attempt++) {
        try {
          await dropper.query(`drop database if exists ${name}`);
          break;
        } catch (error) {
          if (attempt >= 40) {
            await dropper.query(`drop database if exists ${name} with (force)`);
            break;
          }
          if ((error as { code?: string }).code !== '55006') throw error;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
      await dropper.end();
    },
  };
}

/** In-memory PGlite started from the migrated dump global-setup.ts made for this run. */
async function createPgliteFromTemplate(): Promise<DatabaseHandle> {
  const template = inject('pgliteTemplate');
  if (!template) return openDatabase({ dataDir: null });
  const client = await PGlite.create({ loadDataDir: new Blob([readFileSync(template)]) });
  // Built as openDatabase builds the app's (src/server/db/client.ts).
  const db = withoutParameterTypings(drizzlePglite({ client, schema }) as unknown as Database);
  return { db, kind: 'pglite', wasEmpty: true, close: () => client.close() };
}
