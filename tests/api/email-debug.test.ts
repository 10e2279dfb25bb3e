import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, emailTemplates } from '../../src/server/db/schema';
import { EMAIL_TEMPLATE_DEFINITIONS, type EmailTemplateType } from '../../src/features/email-templates/email-template-types';
import { SmtpCatcher } from '../helpers/smtp-catcher';
import { clientHeaders, createTestApp, adminTestSession, withTestApp, loginAsAdmin, TEST_ADMIN } from '../helpers/test-app';

/** The e-mail debugging calls (spec §7 Email debugging, §3 entities, §8 test e-mail errors). */

const TYPES = [
  'booking-confirmation',
  'order-confirmation',
  'booking-moved',
  'booking-cancellation',
  'booking-reservation',
  'reservation-confirm',
  'booking-sold-out-refund',
  'payment-refunded',
  'reservation-reminder',
  'reservation-expired',
  'refund-requested',
  'refund-approved',
  'refund-rejected',
  'reminder',
  'participant-access',
  'seat-claim-invite',
  'waitlist-joined',
  'waitlist-offer',
  'waitlist-offer-expired',
  'contact-reply',
  'newsletter',
  'admin-message',
  'date-changed',
  'date-called-off',
  'date-poll-opened',
  'date-poll-chosen',
  'call-booked',
  'call-moved',
  'call-cancelled',
  'call-reminder',
];

describe('without any mail transport', () => {
  afterAll(async () => {
  });
  const session = adminTestSession();
  const call = (method: 'GET' | 'POST', url: string, payload?: object) => session.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });

  it('is for admins only: 401 without a session, before the body is read', async () => {
    for (const [method, url] of [
      ['GET', '/api/debug/email-templates-status'],
      ['GET', '/api/debug/email-template-content/booking-confirmation'],
      ['POST', '/api/debug/create-template'],
      ['POST', '/api/debug/send-test-email'],
      ['POST', '/api/debug/send-booking-confirmation-test'],
    ] as const) {
      const response = await session.app.inject({ method, url, headers: clientHeaders, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('status: not configured, every registry type listed, each its built-in default until saved', async () => {
    const response = await call('GET', '/api/debug/email-templates-status');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      emailConfigured: false,
      emailServiceType: null,
      emailHost: null,
      emailUser: null,
      emailFrom: null,
      totalTemplates: 0,
      templateStatus: TYPES.map((type) => ({ type, exists: true, saved: false, details: { subject: EMAIL_TEMPLATE_DEFINITIONS[type as EmailTemplateType].subject, isActive: true, bccAdmin: false } })),
    });
  });

  it('template content: 404 until a template of that type is saved, and for an unknown type', async () => {
    for (const type of ['booking-confirmation', 'no-such-type']) {
      const response = await call('GET', `/api/debug/email-template-content/${type}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Template not found');
    }
  });

  it('create-template: saves, sanitises the HTML but keeps placeholders, audits, and shows in status and content', async () => {
    const saved = await call('POST', '/api/debug/create-template', {
      type: 'booking-cancellation',
      subject: '  Cancelled: {{workshopTitle}} ',
      content: '<p onclick="steal()">Bye {{firstName}}</p><a href="{{participantLink}}">Bookings</a><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
      isActive: false,
      bccAdmin: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = {
      type: 'booking-cancellation',
      subject: 'Cancelled: {{workshopTitle}}',
      content: '<p>Bye {{firstName}}</p><a href="{{participantLink}}">Bookings</a><a>x</a>',
      isActive: false,
      bccAdmin: true,
    };
    expect(saved.json()).toEqual({ success: true, template: expected });
    const rows = await session.db.select().from(emailTemplates);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject(expected);

    expect((await call('GET', '/api/debug/email-template-content/booking-cancellation')).json()).toEqual({ template: expected });

    const status = (await call('GET', '/api/debug/email-templates-status')).json();
    expect(status.totalTemplates).toBe(1);
    expect(status.templateStatus.find((entry: { type: string }) => entry.type === 'booking-cancellation')).toEqual({
      type: 'booking-cancellation',
      exists: true,
      saved: true,
      details: { subject: 'Cancelled: {{workshopTitle}}', isActive: false, bccAdmin: true },
    });

    const [audit] = await session.db.select().from(auditLog).where(eq(auditLog.action, 'email_template_saved'));
    expect(audit).toMatchObject({ actor: TEST_ADMIN.email, entity: 'email_template', entityId: 'booking-cancellation' });
  });

  it('create-template: a second save replaces the first (one row per type); switches default to active and no Bcc', async () => {
    const saved = await call('POST', '/api/debug/create-template', { type: 'booking-cancellation', subject: 'Second', content: '<p>Second</p>' });
    expect(saved.json().template).toEqual({ type: 'booking-cancellation', subject: 'Second', content: '<p>Second</p>', isActive: true, bccAdmin: false });
    const rows = await session.db.select().from(emailTemplates).where(eq(emailTemplates.type, 'booking-cancellation'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.subject).toBe('Second');
  });

  it('create-template: refuses an empty subject or content and an unknown type, saving nothing', async () => {
    const before = await session.db.select().from(emailTemplates);
    const cases: [object, string][] = [
      [{ type: 'reminder', subject: '', content: '<p>x</p>' }, 'Subject is required'],
      [{ type: 'reminder', subject: '   ', content: '<p>x</p>' }, 'Subject is required'],
      [{ type: 'reminder', content: '<p>x</p>' }, 'Subject is required'],
      [{ type: 'reminder', subject: 'Hi', content: '  ' }, 'Content is required'],
      [{ type: 'reminder', subject: 'Hi' }, 'Content is required'],
      // Nothing left once the script is removed.
      [{ type: 'reminder', subject: 'Hi', content: '<script>alert(1)</script>' }, 'Content is required'],
      [{ type: 'not-a-type', subject: 'Hi', content: '<p>x</p>' }, expect.stringContaining('Template type must be one of booking-confirmation, order-confirmation, booking-moved, booking-cancellation')],
    ];
    for (const [payload, message] of cases) {
      const response = await call('POST', '/api/debug/create-template', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message, JSON.stringify(payload)).toEqual(message);
    }
    expect(await session.db.select().from(emailTemplates)).toEqual(before);
  });

  it('send-test-email: 400 "Email is not configured" when there is no transport', async () => {
    const response = await call('POST', '/api/debug/send-test-email', { templateType: 'booking-confirmation', email: 'ada@example.com', replacements: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Email is not configured\./);
  });

  it('send-test-email: validates the recipient and the replacement keys', async () => {
    const cases: [object, string][] = [
      [{ templateType: 'booking-confirmation', email: 'nope' }, 'Please enter a valid email address'],
      [{ templateType: 'booking-confirmation' }, 'Please enter a valid email address'],
      [{ templateType: 'booking-confirmation', email: 'ada@example.com', replacements: { ' ': 'x' } }, 'Replacement keys must not be empty'],
      [{ templateType: 'nope', email: 'ada@example.com' }, expect.stringContaining('Template type must be one of')],
    ];
    for (const [payload, message] of cases) {
      const response = await call('POST', '/api/debug/send-test-email', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message, JSON.stringify(payload)).toEqual(message);
    }
  });

  it('booking confirmation tester: queues a sample confirmation in the outbox', async () => {
    const response = await call('POST', '/api/debug/send-booking-confirmation-test', { email: 'tester@example.com' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toEqual({ success: true, message: 'Sample booking confirmation queued for tester@example.com', id: expect.any(Number) });
    const [row] = await session.db.select().from(emailOutbox).where(eq(emailOutbox.id, body.id));
    expect(row).toMatchObject({ to: 'tester@example.com', kind: 'booking-confirmation-test', status: 'pending', subject: 'Your seat is booked: Prototype Lab: build an MVP without code' });
    expect(row!.html).toContain('href="http://test.local/participant?token=sample"');
  });
});

describe('with SMTP_URL', () => {
  let smtp: SmtpCatcher;
  beforeAll(async () => {
    smtp = await SmtpCatcher.start();
  });
  const session = adminTestSession(() => createTestApp({ env: { SMTP_URL: smtp.url } }));
  afterAll(async () => {
    await smtp.stop();
  });
  const send = (payload: object) => session.app.inject({ method: 'POST', url: '/api/debug/send-test-email', headers: session.headers, payload });

  it('status: configured through SMTP_URL', async () => {
    const status = (await session.app.inject({ method: 'GET', url: '/api/debug/email-templates-status', headers: session.headers })).json();
    // The From every message carries: the organiser's address, not the no-reply placeholder.
    expect(status).toMatchObject({ emailConfigured: true, emailServiceType: 'smtp', emailHost: '127.0.0.1', emailUser: null, emailFrom: `Vibe Coding Workshop <${TEST_ADMIN.email}>` });
  });

  it('status: names the From a test message really goes out with', async () => {
    smtp.clear();
    const status = (await session.app.inject({ method: 'GET', url: '/api/debug/email-templates-status', headers: session.headers })).json();
    expect((await send({ templateType: 'booking-confirmation', email: 'grace@example.com', replacements: {} })).statusCode).toBe(200);
    expect(smtp.messages[0]!.from).toBe(status.emailFrom);
  });

  it('sends the template at once with the sample values and the replacements applied (escaped)', async () => {
    smtp.clear();
    const response = await send({
      templateType: 'booking-confirmation',
      email: 'grace@example.com',
      replacements: { firstName: 'Grace <G>', workshopTitle: 'Replaced Lab', amount: 12 },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Email sent to grace@example.com' });
    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0]!;
    expect(mail.recipients).toEqual(['grace@example.com']);
    expect(mail.subject).toBe('Your seat is booked: Replaced Lab');
    expect(mail.html).toContain('Hi Grace &lt;G&gt;,');
    expect(mail.html).toContain('<strong>$499.00</strong>');
    expect(mail.text).toContain('Hi Grace <G>,');
    // Sent directly, not through the outbox.
    expect(await session.db.select().from(emailOutbox)).toEqual([]);
    const [audit] = await session.db.select().from(auditLog).where(eq(auditLog.action, 'email_test_sent'));
    expect(audit).toMatchObject({ actor: TEST_ADMIN.email, entityId: 'booking-confirmation' });
  });

  it('uses the saved template, even while it is switched off, without Bcc', async () => {
    smtp.clear();
    await session.app.inject({
      method: 'POST',
      url: '/api/debug/create-template',
      headers: session.headers,
      payload: { type: 'booking-cancellation', subject: 'Draft {{workshopTitle}}', content: '<p>Draft for {{firstName}}</p>', isActive: false, bccAdmin: true },
    });
    expect((await send({ templateType: 'booking-cancellation', email: 'ada@example.com', replacements: {} })).statusCode).toBe(200);
    expect(smtp.messages[0]).toMatchObject({ subject: 'Draft Prototype Lab: build an MVP without code', recipients: ['ada@example.com'] });
    expect(smtp.messages[0]!.html).toContain('<p>Draft for Ada</p>');
  });
});

describe('status from saved admin settings', () => {
  afterAll(async () => {
  });
  const session = adminTestSession(() => createTestApp({ env: { SMTP_URL: 'smtp://envuser:env-secret-pw@mail.env.test:2525' } }));
  const status = async () => {
    const response = await session.app.inject({ method: 'GET', url: '/api/debug/email-templates-status', headers: session.headers });
    expect(response.body).not.toContain('secret-pw');
    return response.json();
  };

  it('reads SMTP_URL without its password', async () => {
    expect(await status()).toMatchObject({ emailConfigured: true, emailServiceType: 'smtp', emailHost: 'mail.env.test', emailUser: 'envuser' });
  });

  it('prefers the saved settings, and never returns their password', async () => {
    const saved = await session.app.inject({
      method: 'POST',
      url: '/api/admin/settings',
      headers: session.headers,
      payload: { emailServiceType: 'smtp', emailHost: 'smtp.saved.test', emailPort: 587, emailUser: 'saved@saved.test', emailPassword: 'saved-secret-pw', emailFrom: 'Team <team@saved.test>' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await status()).toMatchObject({
      emailConfigured: true,
      emailServiceType: 'smtp',
      emailHost: 'smtp.saved.test',
      emailUser: 'saved@saved.test',
      emailFrom: 'Team <team@saved.test>',
    });
  });
});

describe('test e-mail failures reach the admin with the mail server words', () => {
  let rejecting: SMTPServer;
  let rejectingPort: number;
  let closedPort: number;
  let holder: Server;

  beforeAll(async () => {
    rejecting = new SMTPServer({
      authMethods: ['PLAIN', 'LOGIN'],
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth: (_auth, _session, callback) => callback(new Error('Invalid username or password')),
    });
    await new Promise<void>((resolve) => rejecting.listen(0, '127.0.0.1', resolve));
    rejectingPort = (rejecting.server.address() as AddressInfo).port;
    // A port that was free a moment ago: nothing listens there.
    holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    closedPort = (holder.address() as AddressInfo).port;
    await new Promise<void>((resolve) => holder.close(() => resolve()));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => rejecting.close(() => resolve()));
  });

  async function sendWith(smtpUrl: string) {
    return withTestApp(async (app) => {
      const { headers } = await loginAsAdmin(app);
      const response = await app.inject({
        method: 'POST',
        url: '/api/debug/send-test-email',
        headers,
        payload: { templateType: 'booking-confirmation', email: 'ada@example.com', replacements: {} },
      });
      const [audit] = await app.database.db.select().from(auditLog).where(eq(auditLog.action, 'email_test_failed'));
      return { response, audit };
    }, { env: { SMTP_URL: smtpUrl } });
  }

  it('a refused login: 502 with "Authentication failed" and the server text', async () => {
    const { response, audit } = await sendWith(`smtp://mailer:wrong-password@127.0.0.1:${rejectingPort}`);
    expect(response.statusCode).toBe(502);
    const { message } = response.json();
    expect(message).toMatch(/^Authentication failed/);
    expect(message).toContain('Invalid username or password');
    expect(message).not.toContain('wrong-password');
    expect(audit).toMatchObject({ entityId: 'booking-confirmation' });
  });

  it('no server at all: 502 saying it was unable to connect', async () => {
    const { response } = await sendWith(`smtp://127.0.0.1:${closedPort}`);
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toMatch(/unable to connect/);
  });
});
