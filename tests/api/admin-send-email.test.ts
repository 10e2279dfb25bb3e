import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox } from '../../src/server/db/schema';
import { OutboxWorker } from '../../src/server/email/outbox-worker';
import { smtpTransportFromUrl } from '../../src/server/email/transport';
import { SmtpCatcher } from '../helpers/smtp-catcher';
import { clientHeaders, createTestApp, loginAsAdmin, TEST_ADMIN, TEST_SECRET, type TestApp } from '../helpers/test-app';

/** An admin e-mails one user from the Users tab: queued in the outbox. */

let app: TestApp;
let headers: Record<string, string>;
let nudges = 0;

beforeAll(async () => {
  app = await createTestApp({ seed: false, onEmailQueued: () => void nudges++ });
  ({ headers } = await loginAsAdmin(app));
});
afterAll(async () => {
  await app.close();
});
beforeEach(async () => {
  await app.database.db.delete(emailOutbox);
  nudges = 0;
});

const send = (payload: object, requestHeaders = headers) => app.inject({ method: 'POST', url: '/api/admin/send-email', headers: requestHeaders, payload });

describe('POST /api/admin/send-email', () => {
  it('queues one e-mail with the message escaped into HTML and kept as text, then nudges the worker', async () => {
    const content = 'Hi Ada,\n\n<script>alert("x")</script> & see you <b>soon</b>\nBye';
    const response = await send({ email: 'ada@example.com', subject: 'About your workshop', content });

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ success: true, message: 'Email queued for delivery', id: expect.any(Number) });
    expect(nudges).toBe(1);

    const rows = await app.database.db.select().from(emailOutbox);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({ id: body.id, to: 'ada@example.com', subject: 'About your workshop', kind: 'admin-message', status: 'pending', text: content });
    expect(row!.html).not.toContain('<script>');
    expect(row!.html).not.toContain('<b>soon</b>');
    expect(row!.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; see you &lt;b&gt;soon&lt;/b&gt;<br>Bye');
    expect(row!.html).toContain('<p>Hi Ada,</p>');

    const audit = await app.database.db.select().from(auditLog).where(eq(auditLog.action, 'admin_email_queued'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: TEST_ADMIN.email, entityId: String(body.id) });
  });

  it('shows up in the admin outbox list', async () => {
    const { id } = (await send({ email: 'grace@example.com', subject: 'Hello', content: 'Welcome' })).json();
    const list = (await app.inject({ method: 'GET', url: '/api/admin/outbox', headers })).json();
    expect(list[0]).toMatchObject({ id, to: 'grace@example.com', subject: 'Hello', status: 'pending', attempts: 0, lastError: null });
  });

  it('refuses a missing address, subject or message with a clear message and queues nothing', async () => {
    const cases: [object, string][] = [
      [{ subject: 'Hi', content: 'Text' }, 'Please enter a valid email address'],
      [{ email: 'not-an-address', subject: 'Hi', content: 'Text' }, 'Please enter a valid email address'],
      [{ email: 'ada@example.com', content: 'Text' }, 'Subject is required'],
      [{ email: 'ada@example.com', subject: '   ', content: 'Text' }, 'Subject is required'],
      [{ email: 'ada@example.com', subject: 'Hi' }, 'Message is required'],
      [{ email: 'ada@example.com', subject: 'Hi', content: '' }, 'Message is required'],
    ];
    for (const [payload, message] of cases) {
      const response = await send(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message, JSON.stringify(payload)).toBe(message);
    }
    expect(await app.database.db.select().from(emailOutbox)).toEqual([]);
    expect(nudges).toBe(0);
  });

  it('is for admins only', async () => {
    const response = await send({ email: 'ada@example.com', subject: 'Hi', content: 'Text' }, clientHeaders);
    expect(response.statusCode).toBe(401);
    expect(await app.database.db.select().from(emailOutbox)).toEqual([]);
  });

  it('is delivered over SMTP by the outbox worker with HTML and text parts', async () => {
    const catcher = await SmtpCatcher.start();
    try {
      await send({ email: 'ada@example.com', subject: 'Slides are up', content: 'Look <here> & there' });
      const worker = new OutboxWorker({ db: app.database.db, secret: TEST_SECRET, getTransport: () => smtpTransportFromUrl(catcher.url), backoff: () => 0 });
      expect(await worker.runOnce()).toEqual({ sent: 1, failed: 0, retried: 0 });
      expect(catcher.messages).toHaveLength(1);
      const mail = catcher.messages[0]!;
      expect(mail.recipients).toEqual(['ada@example.com']);
      expect(mail.subject).toBe('Slides are up');
      expect(mail.html).toContain('Look &lt;here&gt; &amp; there');
      expect(mail.text).toContain('Look <here> & there');
    } finally {
      await catcher.stop();
    }
  });
});
