import { buildApp } from '../../src/server/app';
import type { DatabaseHandle } from '../../src/server/db/client';
import { seedDemoContent } from '../../src/server/db/seed';
import { loadEnv } from '../../src/server/env';
import { ReadCache } from '../../src/server/lib/read-cache';
import type { Database } from '../../src/server/db/client';
import { createPaymentProvider } from '../../src/server/payments/create-provider';
import type { PaymentProvider } from '../../src/server/payments/payment-provider';
import { createTestDatabase } from './test-database';

export const TEST_SECRET = 'test-secret-test-secret-test-secret!';

export type TestApp = Awaited<ReturnType<typeof buildApp>> & { database: DatabaseHandle };

/** The real application on a fresh database, without listening; close() drops everything. */
export async function createTestApp(
  options: { seed?: boolean; env?: Record<string, string>; payments?: (db: Database) => PaymentProvider; onEmailQueued?: () => void } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  if (options.seed) await seedDemoContent(database.db);
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://test.local', ...options.env });
  const app = await buildApp({
    db: database.db,
    env,
    // No read cache across requests: tests change data and read it straight back.
    publicCache: new ReadCache(0),
    payments: options.payments?.(database.db) ?? createPaymentProvider(env, database.db),
    secret: TEST_SECRET,
    onEmailQueued: options.onEmailQueued,
    clientDir: null,
  });
  app.addHook('onClose', async () => database.close());
  return Object.assign(app, { database });
}

/** Headers our web client sends on every call (CONTRACT §2). */
export const clientHeaders = { 'x-client-source': 'web', 'x-request-time': String(Date.now()) };
