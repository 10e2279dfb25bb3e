import { eq, sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { graphTransport } from '../../src/features/settings/server/graph-transport';
import { resolveMailTransport } from '../../src/features/settings/server/mail-transport';
import { settings } from '../../src/server/db/schema';
import { enqueueEmail } from '../../src/server/email/outbox';
import { OutboxWorker } from '../../src/server/email/outbox-worker';
import type { OutgoingEmail } from '../../src/server/email/transport';
import { startGraphDouble, type GraphDouble } from '../helpers/graph-double';
import { SmtpCatcher } from '../helpers/smtp-catcher';
import { createTestApp, adminTestSession, TEST_SECRET } from '../helpers/test-app';

const GRAPH = { tenantId: 'contoso-tenant', clientId: 'app-client-id', clientSecret: 'graph-client-secret' };

function message(overrides: Partial<OutgoingEmail> = {}): OutgoingEmail {
  return { to: 'guest@example.test', bcc: null, subject: 'Hello', html: '<p>Hello</p>', text: 'Hello', attachments: null, ...overrides };
}

/** An SMTP server that wants a login: 'mailer' / 'right-password'; anything else is refused. */
async function startAuthSmtp() {
  const received: { subject: string; recipients: string[]; user: string | undefined }[] = [];
  const server = new SMTPServer({
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 'right-password') return callback(null, { user: auth.username });
      return callback(new Error('Authentication failed'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const subject = /^Subject: (.*)$/im.exec(Buffer.concat(chunks).toString('utf8'))?.[1]?.trim() ?? '';
        received.push({ subject, recipients: session.envelope.rcptTo.map((r) => r.address), user: session.user as string | undefined });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('resolveMailTransport: saved settings, else SMTP_URL, else none', () => {
  let envCatcher: SmtpCatcher;
  let settingsCatcher: SmtpCatcher;

  beforeAll(async () => {
    envCatcher = await SmtpCatcher.start();
    settingsCatcher = await SmtpCatcher.start();
  });
  const session = adminTestSession(() => createTestApp({ env: { SMTP_URL: envCatcher.url } }));
  afterAll(async () => {
    await envCatcher.stop();
    await settingsCatcher.stop();
  });
  afterEach(() => vi.restoreAllMocks());

  const env = () => ({ SMTP_URL: envCatcher.url });
  const save = (payload: Record<string, unknown>) => session.app.inject({ method: 'POST', url: '/api/admin/settings', headers: session.headers, payload });
  const settingsPort = () => Number(new URL(settingsCatcher.url).port);

  it('is null with neither settings nor SMTP_URL', async () => {
    expect(await resolveMailTransport(session.db, {}, TEST_SECRET)).toBeNull();
  });

  it('delivers through SMTP_URL when nothing is saved', async () => {
    const transport = await resolveMailTransport(session.db, env(), TEST_SECRET);
    await transport!.send(message({ subject: 'via env' }));
    expect(envCatcher.messages.map((m) => m.subject)).toEqual(['via env']);
    expect(settingsCatcher.messages).toHaveLength(0);
  });

  it('refuses incomplete settings, ignores an incomplete row saved before that rule, and keeps SMTP_URL', async () => {
    expect((await save({ emailServiceType: 'microsoft365', emailTenantId: 'only-a-tenant' })).statusCode).toBe(400);
    await session.db
      .insert(settings)
      .values({ key: 'email', value: { serviceType: 'microsoft365', tenantId: 'only-a-tenant' } })
      .onConflictDoUpdate({ target: settings.key, set: { value: { serviceType: 'microsoft365', tenantId: 'only-a-tenant' }, updatedAt: sql`now()` } });
    const transport = await resolveMailTransport(session.db, env(), TEST_SECRET);
    await transport!.send(message({ subject: 'still env' }));
    expect(envCatcher.messages.map((m) => m.subject)).toContain('still env');
  });

  it('prefers saved SMTP settings over SMTP_URL as soon as they are saved', async () => {
    const saved = await save({
      emailServiceType: 'smtp',
      emailHost: '127.0.0.1',
      emailPort: settingsPort(),
      emailFrom: 'Studio <studio@example.test>',
    });
    expect(saved.json()).toMatchObject({ emailConfigured: true, emailTransportSource: 'settings' });
    const transport = await resolveMailTransport(session.db, env(), TEST_SECRET);
    await transport!.send(message({ subject: 'via settings', bcc: 'admin@example.test' }));
    const [mail] = settingsCatcher.messages;
    expect(mail).toMatchObject({ subject: 'via settings', from: 'Studio <studio@example.test>' });
    expect(mail!.recipients.sort()).toEqual(['admin@example.test', 'guest@example.test']);
    expect(envCatcher.messages.map((m) => m.subject)).not.toContain('via settings');
  });

  it('notices settings saved by another instance within 10 seconds', async () => {
    const transport = await resolveMailTransport(session.db, env(), TEST_SECRET);
    // Another instance points the settings back at nothing usable: host cleared, straight in the database.
    await session.db
      .update(settings)
      .set({ value: sql`${settings.value} || '{"host": null}'::jsonb`, updatedAt: sql`now()` })
      .where(eq(settings.key, 'email'));
    expect(await resolveMailTransport(session.db, env(), TEST_SECRET)).toBe(transport);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 11_000);
    const fresh = await resolveMailTransport(session.db, env(), TEST_SECRET);
    expect(fresh).not.toBe(transport);
    await fresh!.send(message({ subject: 'back to env' }));
    expect(envCatcher.messages.map((m) => m.subject)).toContain('back to env');
  });
});

describe('POST /api/admin/settings/test-email over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startAuthSmtp>>;

  beforeAll(async () => {
    smtp = await startAuthSmtp();
  });
  const session = adminTestSession();
  afterAll(async () => {
    await smtp.close();
  });

  const save = (payload: Record<string, unknown>) => session.app.inject({ method: 'POST', url: '/api/admin/settings', headers: session.headers, payload });
  const testEmail = (to: unknown) => session.app.inject({ method: 'POST', url: '/api/admin/settings/test-email', headers: session.headers, payload: { to } });

  it('says nothing is configured when nothing is', async () => {
    const response = await session.app.inject({ method: 'POST', url: '/api/admin/settings/email-diagnostics', headers: session.headers });
    expect(response.json()).toMatchObject({ configured: false, source: 'none', serviceType: null, checks: [{ name: 'Configuration', ok: false }] });
  });

  it('answers 400 when no mail server is configured', async () => {
    const response = await testEmail('owner@example.test');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^No mail server is configured/);
  });

  it('refuses a recipient that is not an e-mail address', async () => {
    const response = await testEmail('not-an-address');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Please enter a valid email address' });
  });

  it('sends one e-mail at once with the saved login', async () => {
    await save({ emailServiceType: 'smtp', emailHost: '127.0.0.1', emailPort: smtp.port, emailUser: 'mailer', emailPassword: 'right-password', emailFrom: 'owner@example.test' });
    const response = await testEmail('owner@example.test');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Email sent to owner@example.test' });
    expect(smtp.received).toEqual([{ subject: 'Test email from your workshop site', recipients: ['owner@example.test'], user: 'mailer' }]);
  });

  it("answers 502 with the server's refusal when the login is wrong", async () => {
    await save({ emailPassword: 'wrong-password' });
    const response = await testEmail('owner@example.test');
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toContain('Authentication failed');
    expect(response.body).not.toContain('wrong-password');
    expect(smtp.received).toHaveLength(1);
  });

  it("answers 502 with 'unable to connect' when the server is down", async () => {
    const down = await SmtpCatcher.start();
    const port = Number(new URL(down.url).port);
    await down.stop();
    await save({ emailPort: port, emailUser: '', clearEmailPassword: true });
    const response = await testEmail('owner@example.test');
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toContain('unable to connect');
  });

  it('diagnoses the saved server step by step', async () => {
    await save({ emailPort: smtp.port, emailUser: 'mailer', emailPassword: 'right-password' });
    const good = await session.app.inject({ method: 'POST', url: '/api/admin/settings/email-diagnostics', headers: session.headers });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toMatchObject({ configured: true, source: 'settings', serviceType: 'smtp', host: '127.0.0.1', port: smtp.port, from: 'owner@example.test' });
    const checks = good.json().checks as { name: string; ok: boolean; detail: string }[];
    expect(checks.map((c) => [c.name, c.ok])).toEqual([
      ['Configuration', true],
      ['DNS lookup', true],
      ['TCP connection', true],
      ['SMTP greeting and login', true],
    ]);

    await save({ emailPassword: 'wrong-password' });
    const badLogin = (await session.app.inject({ method: 'POST', url: '/api/admin/settings/email-diagnostics', headers: session.headers })).json();
    expect(badLogin.checks.at(-1)).toMatchObject({ name: 'SMTP greeting and login', ok: false, detail: expect.stringContaining('Authentication failed') });

    const down = await SmtpCatcher.start();
    const port = Number(new URL(down.url).port);
    await down.stop();
    await save({ emailPort: port });
    const unreachable = (await session.app.inject({ method: 'POST', url: '/api/admin/settings/email-diagnostics', headers: session.headers })).json();
    expect(unreachable.checks.at(-1)).toMatchObject({ name: 'TCP connection', ok: false, detail: expect.stringContaining('unable to connect') });
  });

});

describe('Microsoft 365 through Microsoft Graph (local double)', () => {
  let graph: GraphDouble;

  beforeAll(async () => {
    graph = await startGraphDouble(GRAPH);
  });
  const session = adminTestSession(() => createTestApp({ env: { MS_LOGIN_BASE_URL: graph.baseUrl, MS_GRAPH_BASE_URL: graph.baseUrl } }));
  beforeAll(async () => {
    const saved = await session.app.inject({
      method: 'POST',
      url: '/api/admin/settings',
      headers: session.headers,
      payload: {
        emailServiceType: 'microsoft365',
        emailTenantId: GRAPH.tenantId,
        emailClientId: GRAPH.clientId,
        emailClientSecret: GRAPH.clientSecret,
        emailFrom: 'Workshops <sender@contoso.test>',
      },
    });
    expect(saved.json()).toMatchObject({ emailConfigured: true, hasEmailClientSecret: true });
  });
  afterAll(async () => {
    await graph.close();
  });

  const env = () => ({ MS_LOGIN_BASE_URL: graph.baseUrl, MS_GRAPH_BASE_URL: graph.baseUrl });
  const testEmail = (to: string) => session.app.inject({ method: 'POST', url: '/api/admin/settings/test-email', headers: session.headers, payload: { to } });

  it('gets a client-credentials token and sends with it, once per token', async () => {
    expect((await testEmail('first@example.test')).json()).toEqual({ success: true, message: 'Email sent to first@example.test' });
    expect((await testEmail('second@example.test')).statusCode).toBe(200);

    expect(graph.tokenRequests).toEqual([
      {
        tenant: GRAPH.tenantId,
        form: {
          client_id: GRAPH.clientId,
          client_secret: GRAPH.clientSecret,
          scope: 'https://graph.microsoft.com/.default',
          grant_type: 'client_credentials',
        },
      },
    ]);
    expect(graph.sendMailRequests).toHaveLength(2);
    const [first, second] = graph.sendMailRequests;
    expect(first!.mailbox).toBe('sender@contoso.test');
    expect(first!.authorization).toBe(`Bearer ${graph.issuedTokens[0]}`);
    expect(second!.authorization).toBe(first!.authorization);
    expect(first!.body.message).toMatchObject({
      subject: 'Test email from your workshop site',
      body: { contentType: 'HTML', content: expect.stringContaining('test email') },
      toRecipients: [{ emailAddress: { address: 'first@example.test' } }],
    });
    expect(second!.body.message.toRecipients).toEqual([{ emailAddress: { address: 'second@example.test' } }]);
  });

  it('sends bcc and attachments as Graph fileAttachments', async () => {
    const transport = await resolveMailTransport(session.db, env(), TEST_SECRET);
    const ics = Buffer.from('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n').toString('base64');
    await transport!.send(
      message({ bcc: 'admin@example.test', attachments: [{ filename: 'workshop.ics', contentType: 'text/calendar', content: ics }] }),
    );
    const sent = graph.sendMailRequests.at(-1)!.body;
    expect(sent.message.bccRecipients).toEqual([{ emailAddress: { address: 'admin@example.test' } }]);
    expect(sent.message.attachments).toEqual([
      { '@odata.type': '#microsoft.graph.fileAttachment', name: 'workshop.ics', contentType: 'text/calendar', contentBytes: ics },
    ]);
    expect(graph.tokenRequests).toHaveLength(1);
  });

  it("throws Graph's error message when sendMail fails", async () => {
    graph.failNextSend(403, 'ErrorAccessDenied', 'Access is denied. Check credentials and try again.');
    const response = await testEmail('third@example.test');
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toContain('Access is denied. Check credentials and try again.');

    graph.failNextSend(403, 'ErrorAccessDenied', 'Access is denied. Check credentials and try again.');
    const transport = await resolveMailTransport(session.db, env(), TEST_SECRET);
    await expect(transport!.send(message())).rejects.toThrow('Access is denied. Check credentials and try again.');
  });

  it('delivers outbox e-mail through Graph', async () => {
    const before = graph.sendMailRequests.length;
    await enqueueEmail(session.db, { to: 'queued@example.test', subject: 'From the outbox', html: '<p>Queued</p>', kind: 'test' });
    const worker = new OutboxWorker({ db: session.db, secret: TEST_SECRET, getTransport: () => resolveMailTransport(session.db, env(), TEST_SECRET) });
    expect(await worker.runOnce()).toMatchObject({ sent: 1, failed: 0, retried: 0 });
    expect(graph.sendMailRequests.slice(before).map((r) => r.body.message.subject)).toEqual(['From the outbox']);
  });

  it('diagnoses the Microsoft 365 settings by fetching a token', async () => {
    const response = await session.app.inject({ method: 'POST', url: '/api/admin/settings/email-diagnostics', headers: session.headers });
    expect(response.json()).toMatchObject({ configured: true, serviceType: 'microsoft365', from: 'Workshops <sender@contoso.test>' });
    expect(response.json().checks.at(-1)).toMatchObject({ name: 'Access token', ok: true });
  });

  it("says 'Authentication failed' with Microsoft's reason when the client secret is wrong", async () => {
    await session.app.inject({ method: 'POST', url: '/api/admin/settings', headers: session.headers, payload: { emailClientSecret: 'wrong-secret' } });
    const response = await testEmail('fourth@example.test');
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toMatch(/^Authentication failed: .*AADSTS7000215: Invalid client secret provided/);
    expect(response.body).not.toContain('wrong-secret');
    const diagnostics = (await session.app.inject({ method: 'POST', url: '/api/admin/settings/email-diagnostics', headers: session.headers })).json();
    expect(diagnostics.checks.at(-1)).toMatchObject({ name: 'Access token', ok: false, detail: expect.stringContaining('Authentication failed') });
  });
});

describe('graphTransport token lifetime', () => {
  it('renews a token once it is close to expiry', async () => {
    const graph = await startGraphDouble({ ...GRAPH, expiresIn: 1 });
    try {
      const transport = graphTransport({ ...GRAPH, from: 'sender@contoso.test', loginBase: graph.baseUrl, graphBase: graph.baseUrl });
      await transport.send(message());
      await transport.send(message());
      expect(graph.tokenRequests).toHaveLength(1);
      await new Promise((resolve) => setTimeout(resolve, 600));
      await transport.send(message());
      expect(graph.tokenRequests).toHaveLength(2);
      expect(graph.sendMailRequests.at(-1)!.authorization).toBe(`Bearer ${graph.issuedTokens[1]}`);
    } finally {
      await graph.close();
    }
  });
});
