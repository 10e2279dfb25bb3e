import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupsDir } from '../../src/features/operations/server/scheduled-backups';
import { eq } from 'drizzle-orm';
import { uploadedFiles } from '../../src/server/db/schema';
import { enqueueEmail } from '../../src/server/email/outbox';
import { loadEnv } from '../../src/server/env';
import { createPaymentProvider } from '../../src/server/payments/create-provider';
import { startRuntime, type Runtime } from '../../src/app/server/runtime';
import { SmtpCatcher } from '../helpers/smtp-catcher';
import { createTestApp, loginAsAdmin, TEST_SECRET, type TestApp } from '../helpers/test-app';

/*
 * What server.ts starts beside the HTTP app (src/app/server/runtime.ts), run as production runs it:
 * no SMTP_URL, so e-mail can only leave through the admin's saved settings; every
 * e-mail carries the unsubscribe link; the daily backup lands in DATA_DIR.
 */
let app: TestApp;
let smtp: SmtpCatcher;
let dataDir: string;
let runtime: Runtime;
const LEFT_ON_DISK = '0123456789abcdef0123456789abcdef.gif';
const GIF = Buffer.concat([Buffer.from('GIF89a', 'ascii'), Buffer.from([1, 0, 1, 0, 0, 0, 0, 0x3b])]);

beforeAll(async () => {
  app = await createTestApp();
  smtp = await SmtpCatcher.start();
  dataDir = mkdtempSync(join(tmpdir(), 'runtime-test-'));
  const { headers } = await loginAsAdmin(app);
  const saved = await app.inject({
    method: 'POST',
    url: '/api/admin/settings',
    headers,
    payload: { timezone: 'PST', emailServiceType: 'smtp', emailHost: '127.0.0.1', emailPort: Number(new URL(smtp.url).port), emailFrom: 'Workshops <hello@example.test>' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://test.local', DATA_DIR: dataDir });
  expect(env.SMTP_URL).toBeUndefined();
  // An image an earlier version kept on disk, for start-up to move into the database.
  mkdirSync(join(dataDir, 'uploads'), { recursive: true });
  writeFileSync(join(dataDir, 'uploads', LEFT_ON_DISK), GIF);
  runtime = startRuntime({ db: app.database.db, env, secret: TEST_SECRET, payments: createPaymentProvider(env, app.database.db, TEST_SECRET), log: app.log, timings: { firstBackupCheckMs: 50 } });
});

afterAll(async () => {
  await runtime?.stop();
  await app?.close();
  await smtp?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the server runtime', () => {
  it('moves images left in DATA_DIR/uploads into the database at start', async () => {
    await runtime.started;
    const [row] = await app.database.db.select().from(uploadedFiles).where(eq(uploadedFiles.storedName, LEFT_ON_DISK));
    expect(row?.contentType).toBe('image/gif');
    expect(row?.data?.equals(GIF)).toBe(true);
    expect(readdirSync(join(dataDir, 'uploads'))).toEqual(['moved-to-database']);
  });

  it('delivers outbox e-mail through the saved mail settings, a newsletter with the unsubscribe link', async () => {
    await enqueueEmail(app.database.db, { to: 'reader@example.test', subject: 'Runtime check', html: '<p>Hello</p>', kind: 'newsletter' });
    runtime.outbox.nudge();
    await expect.poll(() => smtp.messages.filter((m) => m.subject === 'Runtime check').length, { timeout: 10_000 }).toBe(1);
    const mail = smtp.messages.find((m) => m.subject === 'Runtime check')!;
    expect(mail.recipients).toEqual(['reader@example.test']);
    expect(mail.from).toContain('hello@example.test');
    expect(mail.headers.get('list-unsubscribe')).toMatch(/<http:\/\/test\.local\/api\/newsletter\/unsubscribe\?token=[^>]+>/);
    expect(mail.html).toMatch(/href="http:\/\/test\.local\/api\/newsletter\/unsubscribe\?token=[^"]+"[^>]*>Unsubscribe<\/a>/);
  });

  it('writes the daily backup into DATA_DIR/backups', async () => {
    await expect.poll(() => readdirSync(backupsDir(dataDir), { withFileTypes: true }).filter((f) => f.isFile()).length, { timeout: 10_000 }).toBe(1);
  });
});
