import { buildApp } from '../../src/server/app';
import type { DatabaseHandle } from '../../src/server/db/client';
import { seedDemoContent } from '../../src/server/db/seed';
import { loadEnv } from '../../src/server/env';
import { ReadCache } from '../../src/server/lib/read-cache';
import { createTestDatabase } from './test-database';

export type TestApp = Awaited<ReturnType<typeof buildApp>> & { database: DatabaseHandle };

/** The real application on a fresh database, without listening; close() drops everything. */
export async function createTestApp(options: { seed?: boolean; env?: Record<string, string> } = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  if (options.seed) await seedDemoContent(database.db);
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://test.local', ...options.env });
  // No read cache across requests: tests change data and read it straight back.
  const app = await buildApp({ db: database.db, env, publicCache: new ReadCache(0), clientDir: null });
  app.addHook('onClose', async () => database.close());
  return Object.assign(app, { database });
}

/** Headers our web client sends on every call (CONTRACT §2). */
export const clientHeaders = { 'x-client-source': 'web', 'x-request-time': String(Date.now()) };
