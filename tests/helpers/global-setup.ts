import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory dump of an embedded database the real migrations ran on, once per run. */
    pgliteTemplate: string | null;
    /** A PostgreSQL database the real migrations ran on, which each file's database copies. */
    postgresTemplate: string | null;
  }
}

/**
 * Every test file gets a fresh database with the migrations applied. Migrating is done once here,
 * through the production path (openDatabase), and each file starts from a copy: on PGlite, initdb
 * plus the migrations took about four seconds per file and a dump loads in one; on PostgreSQL,
 * each file's database is created from a migrated template database.
 */
export async function setup(project: TestProject) {
  if (process.env.TEST_DB_KIND === 'postgres') {
    project.provide('pgliteTemplate', null);
    return setupPostgresTemplate(project);
  }
  project.provide('postgresTemplate', null);
  const database = await openDatabase({ dataDir: null });
  const client = (database.db as unknown as { $client: { dumpDataDir: (compression: 'none') => Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const dir = mkdtempSync(join(tmpdir(), 'pglite-template-'));
  const file = join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

async function setupPostgresTemplate(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB_KIND=postgres needs TEST_DATABASE_URL');
  const name = `tpl_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const onServer = async (sql: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  await onServer(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  await database.close();
  project.provide('postgresTemplate', name);
  return () => onServer(`drop database if exists ${name} with (force)`);
}
