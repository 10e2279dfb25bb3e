import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupsDir } from '../../src/features/operations/server/scheduled-backups';
import { enqueueEmail } from '../../src/server/email/outbox';
import { loadEnv } from '../../src/server/env';
import { createPaymentProvider } from '../../src/server/payments/create-provider';
import { startRuntime, type Runtime } from '../../src/server/runtime';
import { SmtpCatcher } from '../helpers/smtp-catcher';
import { createTestApp, loginAsAdmin, TEST_SECRET, type TestApp } from '../helpers/test-app';

/*
 * What server.ts starts beside the HTTP app (src/server/runtime.ts), run as production runs it:
 * no SMTP_URL, so e-mail can only leave through the admin's saved settings (CONTRACT §4); every
 * e-mail carries the unsubscribe link (issue 6 point 2); the daily backup lands in DATA_DIR.
 */
let app: TestApp;
let smtp: SmtpCatcher;
let dataDir: string;
let runtime: Runtime;

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
  runtime = startRuntime({ db: app.database.db, env, secret: TEST_SECRET, payments: createPaymentProvider(env, app.database.db), log: app.log, timings: { firstBackupCheckMs: 50 } });
});

afterAll(async () => {
  await runtime?.stop();
  await app?.close();
  await smtp?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the server runtime', () => {
  it('delivers outbox e-mail through the saved mail settings, with the unsubscribe link', async () => {
    await enqueueEmail(app.database.db, { to: 'reader@example.test', subject: 'Runtime check', html: '<p>Hello</p>', kind: 'test' });
    runtime.outbox.nudge();
    await expect.poll(() => smtp.messages.filter((m) => m.subject === 'Runtime check').length, { timeout: 10_000 }).toBe(1);
    const mail = smtp.messages.find((m) => m.subject === 'Runtime check')!;
    expect(mail.recipients).toEqual(['reader@example.test']);
    expect(mail.from).toContain('hello@example.test');
    expect(mail.headers.get('list-unsubscribe')).toMatch(/<http:\/\/test\.local\/api\/newsletter\/unsubscribe\?token=[^>]+>/);
    expect(mail.html).toMatch(/http:\/\/test\.local\/api\/newsletter\/unsubscribe\?token=/);
  });

  it('writes the daily backup into DATA_DIR/backups', async () => {
    await expect.poll(() => readdirSync(backupsDir(dataDir), { withFileTypes: true }).filter((f) => f.isFile()).length, { timeout: 10_000 }).toBe(1);
  });
});
