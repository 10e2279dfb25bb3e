import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSecret } from '../../src/features/admin-auth/server/secret-box';
import { getPaymentSettings } from '../../src/features/settings/server';
import { testPaymentConnection } from '../../src/features/settings/server/payment-check';
import type { PaymentProvider } from '../../src/server/payments/payment-provider';
import { auditLog, processedWebhookEvents, settings } from '../../src/server/db/schema';
import { SmtpCatcher } from '../helpers/smtp-catcher';
import { startStripeDouble, stripeDoubleEnv, type StripeDouble } from '../helpers/stripe-double';
import { clientHeaders, TEST_ADMIN, TEST_SECRET, adminTestSession, createTestApp, loginAsAdmin, type TestApp } from '../helpers/test-app';

const PASSWORD = 'smtp-pass-Zq8!unique';
const CLIENT_SECRET = 'graph-secret-Kx7~unique';


const session = adminTestSession();

const getSettings = () => session.app.inject({ method: 'GET', url: '/api/admin/settings', headers: session.headers });
const save = (payload: Record<string, unknown>) => session.app.inject({ method: 'POST', url: '/api/admin/settings', headers: session.headers, payload });
const rawRow = async (key: string) => (await session.db.select().from(settings).where(eq(settings.key, key)))[0];
const settingsAudits = () =>
  session.db.select().from(auditLog).where(eq(auditLog.action, 'settings_updated')).orderBy(desc(auditLog.id));

describe('guard', () => {
  it('answers 401 without a session and stores nothing', async () => {
    const read = await session.app.inject({ method: 'GET', url: '/api/admin/settings', headers: clientHeaders });
    expect(read.statusCode).toBe(401);
    const write = await session.app.inject({ method: 'POST', url: '/api/admin/settings', headers: clientHeaders, payload: { timezone: 'EST' } });
    expect(write.statusCode).toBe(401);
    for (const url of ['/api/admin/settings/test-email', '/api/admin/settings/email-diagnostics', '/api/admin/settings/payment-test']) {
      expect((await session.app.inject({ method: 'POST', url, headers: clientHeaders, payload: { to: 'a@b.test' } })).statusCode).toBe(401);
    }
    expect((await session.app.inject({ method: 'GET', url: '/api/admin/settings/payment-status', headers: clientHeaders })).statusCode).toBe(401);
    expect(await rawRow('general')).toBeUndefined();
  });
});

describe('GET /api/admin/settings', () => {
  it('answers the defaults of spec §9 before anything is saved', async () => {
    const response = await getSettings();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      brandName: 'Vibe Coding Workshop',
      timezone: 'PST',
      emailServiceType: 'smtp',
      emailHost: null,
      emailPort: 587,
      emailUser: null,
      emailFrom: null,
      emailReplyTo: null,
      // Nothing saved: the e-mails come from the organiser (the first admin) and replies reach them.
      emailSender: `Vibe Coding Workshop <${TEST_ADMIN.email}>`,
      emailReplyToInUse: TEST_ADMIN.email,
      // The test admin's address is on .local, which no mail provider trusts.
      emailSenderWarning:
        'E-mails go out from admin@test.local, which is not a real domain: replies are lost and many providers file such mail as spam. Set a sender and a Reply-To address you read.',
      emailTenantId: null,
      emailClientId: null,
      hasEmailPassword: false,
      hasEmailClientSecret: false,
      emailConfigured: false,
      emailTransportSource: 'none',
      reservationHours: 48,
      reservationSharePercent: 25,
      waitlistOfferHours: 24,
      notifyNewBooking: true,
      notifyContactMessage: true,
      notifyRefundRequest: true,
      notifyCancellation: true,
      promoText: 'Only $5 until June 21!',
      promoEndsOn: null,
      privacyPolicy: expect.stringContaining('We keep what you give us'),
      termsOfService: expect.stringContaining('A booking is a seat'),
      cookiePolicy: expect.stringContaining('one cookie'),
      updatedAt: null,
    });
  });

  it('gives other features the default reservation time, 48 hours, and share, 25 %, before one is saved', async () => {
    expect(await getPaymentSettings(session.db)).toEqual({ reservationHours: 48, reservationSharePercent: 25, waitlistOfferHours: 24 });
  });
});

describe('POST /api/admin/settings', () => {
  it('saves every field and reads them back, secrets only as "saved"', async () => {
    const response = await save({
      brandName: '  Studio Nine  ',
      timezone: 'EST',
      emailServiceType: 'smtp',
      emailHost: ' smtp.example.test ',
      emailPort: '2525',
      emailUser: 'mailer@example.test',
      emailPassword: PASSWORD,
      emailFrom: 'Workshops <hello@example.test>',
      emailTenantId: 'tenant-1',
      emailClientId: 'client-1',
      emailClientSecret: CLIENT_SECRET,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(PASSWORD);
    expect(response.body).not.toContain(CLIENT_SECRET);

    const read = await getSettings();
    expect(read.body).not.toContain(PASSWORD);
    expect(read.body).not.toContain(CLIENT_SECRET);
    const body = read.json();
    expect(body).toEqual({
      brandName: 'Studio Nine',
      timezone: 'EST',
      emailServiceType: 'smtp',
      emailHost: 'smtp.example.test',
      emailPort: 2525,
      emailUser: 'mailer@example.test',
      emailFrom: 'Workshops <hello@example.test>',
      emailReplyTo: null,
      emailSender: 'Workshops <hello@example.test>',
      emailReplyToInUse: TEST_ADMIN.email,
      emailSenderWarning: null,
      emailTenantId: 'tenant-1',
      emailClientId: 'client-1',
      hasEmailPassword: true,
      hasEmailClientSecret: true,
      emailConfigured: true,
      emailTransportSource: 'settings',
      reservationHours: 48,
      reservationSharePercent: 25,
      waitlistOfferHours: 24,
      notifyNewBooking: true,
      notifyContactMessage: true,
      notifyRefundRequest: true,
      notifyCancellation: true,
      promoText: 'Only $5 until June 21!',
      promoEndsOn: null,
      privacyPolicy: expect.any(String),
      termsOfService: expect.any(String),
      cookiePolicy: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(body).not.toHaveProperty('emailPassword');
    expect(body).not.toHaveProperty('emailClientSecret');
  });

  it('stores the secrets encrypted with APP_SECRET: the raw row does not hold them', async () => {
    const row = await rawRow('email');
    const raw = JSON.stringify(row!.value);
    expect(raw).not.toContain(PASSWORD);
    expect(raw).not.toContain(CLIENT_SECRET);
    const value = row!.value as { password: string; clientSecret: string };
    expect(value.password).toMatch(/^v1\./);
    // Sealed with the app's secret: it opens with it, and not with another one.
    expect(openSecret(TEST_SECRET, 'settings', value.password, 'email.password')?.toString('utf8')).toBe(PASSWORD);
    expect(openSecret(TEST_SECRET, 'settings', value.clientSecret, 'email.clientSecret')?.toString('utf8')).toBe(CLIENT_SECRET);
    expect(openSecret('another-secret-another-secret-12345', 'settings', value.password, 'email.password')).toBeNull();
  });

  it('records the changed fields in the audit log, old and new values but never the secret ones', async () => {
    const [audit] = await settingsAudits();
    expect(audit).toMatchObject({ actor: TEST_ADMIN.email, action: 'settings_updated', entity: 'settings' });
    expect((audit!.details as { fields: string[] }).fields.sort()).toEqual(
      [
        'brandName',
        'timezone',
        'emailHost',
        'emailPort',
        'emailUser',
        'emailPassword',
        'emailFrom',
        'emailTenantId',
        'emailClientId',
        'emailClientSecret',
      ].sort(),
    );
    // The secrets are named among the fields, without a value.
    expect(Object.keys((audit!.details as { changes: Record<string, unknown> }).changes).sort()).toEqual(
      ['brandName', 'timezone', 'emailHost', 'emailPort', 'emailUser', 'emailFrom', 'emailTenantId', 'emailClientId'].sort(),
    );
    expect(JSON.stringify(audit)).not.toContain(PASSWORD);
    expect(JSON.stringify(audit)).not.toContain(CLIENT_SECRET);
  });

  it('keeps the saved secrets on a partial update and when they are sent empty', async () => {
    const before = (await rawRow('email'))!.value as { password: string };
    const response = await save({ emailHost: 'smtp2.example.test', emailPassword: '', emailClientSecret: null });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ timezone: 'EST', emailHost: 'smtp2.example.test', emailPort: 2525, hasEmailPassword: true, hasEmailClientSecret: true });
    const after = (await rawRow('email'))!.value as { password: string; clientSecret: string };
    expect(after.password).toBe(before.password);
    expect(openSecret(TEST_SECRET, 'settings', after.clientSecret, 'email.clientSecret')?.toString('utf8')).toBe(CLIENT_SECRET);
    const [audit] = await settingsAudits();
    expect((audit!.details as { fields: string[] }).fields).toEqual(['emailHost']);
  });

  it('changes only the time zone when only the time zone is sent', async () => {
    const response = await save({ timezone: 'UTC' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ timezone: 'UTC', emailHost: 'smtp2.example.test', hasEmailPassword: true });
    expect((await rawRow('general'))!.value).toEqual({ brandName: 'Studio Nine', timezone: 'UTC' });
    const [audit] = await settingsAudits();
    expect(audit!.details).toEqual({ fields: ['timezone'], changes: { timezone: ['EST', 'UTC'] } });
  });

  it('replaces a secret when a new one is sent, and forgets it when asked to', async () => {
    expect((await save({ emailPassword: 'new-password-1' })).json()).toMatchObject({ hasEmailPassword: true });
    const value = (await rawRow('email'))!.value as { password: string };
    expect(openSecret(TEST_SECRET, 'settings', value.password, 'email.password')?.toString('utf8')).toBe('new-password-1');

    // A login is both parts or neither: the user name goes with the password.
    const cleared = await save({ clearEmailPassword: true, clearEmailClientSecret: true, emailUser: '' });
    expect(cleared.json()).toMatchObject({ hasEmailPassword: false, hasEmailClientSecret: false });
    expect((await rawRow('email'))!.value).toMatchObject({ password: null, clientSecret: null });
    const [audit] = await settingsAudits();
    expect((audit!.details as { fields: string[] }).fields.sort()).toEqual(['emailClientSecret', 'emailPassword', 'emailUser']);
  });

  it('clears a text field sent empty and resets an empty port to 587', async () => {
    const response = await save({ emailFrom: '', emailPort: '' });
    expect(response.json()).toMatchObject({ emailFrom: null, emailPort: 587 });
  });

  it('does not audit a save that changes nothing', async () => {
    const before = (await settingsAudits()).length;
    expect((await save({ timezone: 'UTC', emailHost: 'smtp2.example.test' })).statusCode).toBe(200);
    expect(await settingsAudits()).toHaveLength(before);
  });

  it('takes as the default any zone a workshop date can have', async () => {
    for (const timezone of ['CET', 'JST', 'AEST', 'PST']) {
      expect((await save({ timezone })).statusCode).toBe(200);
      expect((await getSettings()).json().timezone).toBe(timezone);
    }
  });

  it.each([
    [{ timezone: '' }, 'Timezone is required'],
    [{ timezone: null }, 'Timezone is required'],
    [{ timezone: 'CEST' }, 'Timezone must be one of PST, MST, CST, EST, UTC, AKST, HST, GMT, CET, JST, AEST'],
    [{ emailServiceType: 'sendgrid' }, 'Email service type must be smtp or microsoft365'],
    [{ emailPort: 0 }, 'Email port must be a whole number between 1 and 65535'],
    [{ emailPort: 70000 }, 'Email port must be a whole number between 1 and 65535'],
    [{ emailPort: 'abc' }, 'Email port must be a whole number between 1 and 65535'],
    [{ emailFrom: 'not an address' }, 'From address must be an e-mail address, e.g. Workshops <hello@example.com>'],
  ])('refuses %j with 400 and changes nothing', async (payload, message) => {
    const before = await getSettings();
    const response = await save(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message });
    expect((await getSettings()).body).toBe(before.body);
  });
});

describe('reservation hours', () => {
  it('saves 72 and answers it, leaving every other setting as it was', async () => {
    const before = (await getSettings()).json();
    const generalRow = (await rawRow('general'))!.value;
    const emailRow = (await rawRow('email'))!.value;

    const response = await save({ reservationHours: 72 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ reservationHours: 72 });
    expect((await getSettings()).json()).toEqual({ ...before, reservationHours: 72, updatedAt: expect.any(String) });
    expect((await rawRow('general'))!.value).toEqual(generalRow);
    expect((await rawRow('email'))!.value).toEqual(emailRow);
    expect((await rawRow('payment'))!.value).toEqual({ reservationHours: 72, reservationSharePercent: 25, waitlistOfferHours: 24 });
    const [audit] = await settingsAudits();
    expect(audit!.details).toEqual({ fields: ['reservationHours'], changes: { reservationHours: [48, 72] } });
  });

  it('gives other features the saved value', async () => {
    expect(await getPaymentSettings(session.db)).toEqual({ reservationHours: 72, reservationSharePercent: 25, waitlistOfferHours: 24 });
  });

  it('reads the text of a number input', async () => {
    expect((await save({ reservationHours: '96' })).json()).toMatchObject({ reservationHours: 96 });
    expect(await getPaymentSettings(session.db)).toEqual({ reservationHours: 96, reservationSharePercent: 25, waitlistOfferHours: 24 });
  });

  it.each([0, 721, 1.5, 'abc', '', null])('refuses %j with 400 and keeps the saved value', async (reservationHours) => {
    const response = await save({ reservationHours });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Reservation hours must be a whole number from 1 to 720' });
    expect((await getSettings()).json()).toMatchObject({ reservationHours: 96 });
  });
});

describe('reservation share', () => {
  it('saves the share of a date unpaid reservations may hold, from a number or the text of a number input, alone', async () => {
    const response = await save({ reservationSharePercent: '40' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ reservationHours: 96, reservationSharePercent: 40 });
    expect(await getPaymentSettings(session.db)).toEqual({ reservationHours: 96, reservationSharePercent: 40, waitlistOfferHours: 24 });
    const [audit] = await settingsAudits();
    expect(audit!.details).toEqual({ fields: ['reservationSharePercent'], changes: { reservationSharePercent: [25, 40] } });
    // Both at once keep both.
    expect((await save({ reservationHours: 50, reservationSharePercent: 0 })).json()).toMatchObject({ reservationHours: 50, reservationSharePercent: 0 });
    expect(await getPaymentSettings(session.db)).toEqual({ reservationHours: 50, reservationSharePercent: 0, waitlistOfferHours: 24 });
  });

  it.each([-1, 101, 12.5, 'abc', '', null])('refuses %j with 400 and keeps the saved value', async (reservationSharePercent) => {
    const response = await save({ reservationSharePercent });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'The reservation share must be a whole number of percent from 0 to 100' });
    expect(await getPaymentSettings(session.db)).toEqual({ reservationHours: 50, reservationSharePercent: 0, waitlistOfferHours: 24 });
  });
});

describe('waiting-list offer hours', () => {
  it('saves how long an offer holds its seats, alone, and gives it to the waiting list', async () => {
    const response = await save({ waitlistOfferHours: '48' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ reservationHours: 50, reservationSharePercent: 0, waitlistOfferHours: 48 });
    expect(await getPaymentSettings(session.db)).toEqual({ reservationHours: 50, reservationSharePercent: 0, waitlistOfferHours: 48 });
    const [audit] = await settingsAudits();
    expect(audit!.details).toEqual({ fields: ['waitlistOfferHours'], changes: { waitlistOfferHours: [24, 48] } });
  });

  it.each([0, 169, 2.5, 'abc', '', null])('refuses %j with 400 and keeps the saved value', async (waitlistOfferHours) => {
    const response = await save({ waitlistOfferHours });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Waiting-list offer hours must be a whole number from 1 to 168' });
    expect(await getPaymentSettings(session.db)).toEqual({ reservationHours: 50, reservationSharePercent: 0, waitlistOfferHours: 48 });
  });
});

describe('payment status and test (demo provider)', () => {
  it('reports the demo provider, no keys and no webhook yet', async () => {
    const response = await session.app.inject({ method: 'GET', url: '/api/admin/settings/payment-status', headers: session.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      provider: 'demo',
      mode: 'demo',
      secretKeySet: false,
      publishableKeySet: false,
      webhookSecretSet: false,
      lastWebhookAt: null,
    });
  });

  it('shows when the last webhook event was processed', async () => {
    await session.db.insert(processedWebhookEvents).values([
      { id: 'evt_old', type: 'payment_intent.succeeded', processedAt: new Date('2030-01-01T10:00:00.000Z') },
      { id: 'evt_new', type: 'payment_intent.succeeded', processedAt: new Date('2030-02-03T04:05:06.000Z') },
    ]);
    const response = await session.app.inject({ method: 'GET', url: '/api/admin/settings/payment-status', headers: session.headers });
    expect(response.json()).toMatchObject({ lastWebhookAt: '2030-02-03T04:05:06.000Z' });
  });

  it('passes the connection test without any provider to reach', async () => {
    const response = await session.app.inject({ method: 'POST', url: '/api/admin/settings/payment-test', headers: session.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, message: expect.stringContaining('Demo payments') });
  });
});

describe('payment status and test (Stripe through the real SDK against a local Stripe)', () => {
  let stripe: StripeDouble;
  let stripeApp: TestApp;
  let stripeHeaders: Record<string, string>;

  beforeAll(async () => {
    stripe = await startStripeDouble();
    stripeApp = await createTestApp({ env: stripeDoubleEnv(stripe, 'settings') });
    ({ headers: stripeHeaders } = await loginAsAdmin(stripeApp));
  });
  afterAll(async () => {
    await stripeApp.close();
    await stripe.close();
  });

  it('reports Stripe in test mode with the keys that are set', async () => {
    const response = await stripeApp.inject({ method: 'GET', url: '/api/admin/settings/payment-status', headers: stripeHeaders });
    expect(response.json()).toEqual({
      provider: 'stripe',
      mode: 'test',
      secretKeySet: true,
      publishableKeySet: true,
      webhookSecretSet: false,
      lastWebhookAt: null,
    });
    expect(response.body).not.toContain('sk_test_settings');
  });

  it('checks the secret key with an authenticated call to Stripe', async () => {
    const seen = stripe.requests.length;
    const response = await stripeApp.inject({ method: 'POST', url: '/api/admin/settings/payment-test', headers: stripeHeaders });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, message: 'Connected to Stripe (test mode): the secret key was accepted.' });
    expect(stripe.requests.slice(seen)).toEqual([expect.objectContaining({ method: 'GET', path: '/v1/payment_intents/pi_connection_check' })]);
  });

  // The checks below call the feature's function with another key or host: a whole session.app per case is slow.
  const stripeProvider = { name: 'stripe' } as PaymentProvider;

  it('reports a key Stripe refuses', async () => {
    const result = await testPaymentConnection({ STRIPE_SECRET_KEY: 'rk_live_bad', STRIPE_API_BASE: `http://${stripe.host}:${stripe.port}` }, stripeProvider);
    expect(result).toEqual({ ok: false, message: 'Stripe refused the secret key: Invalid API Key provided.' });
  });

  it('reports a Stripe it cannot reach', async () => {
    const offline = await startStripeDouble();
    await offline.close();
    const result = await testPaymentConnection({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_API_BASE: `http://127.0.0.1:${offline.port}` }, stripeProvider);
    expect(result).toMatchObject({ ok: false, message: expect.stringContaining('unable to connect') });
  });
});

describe('sender, Reply-To and the organiser notifications', () => {
  it('saves a Reply-To and uses it, warns about a no-reply sender, and refuses a Reply-To that is no address', async () => {
    const saved = await save({ emailFrom: 'Sam at Workshops <no-reply@vibecoding.example>', emailReplyTo: 'sam@vibecoding.example' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      emailFrom: 'Sam at Workshops <no-reply@vibecoding.example>',
      emailReplyTo: 'sam@vibecoding.example',
      emailSender: 'Sam at Workshops <no-reply@vibecoding.example>',
      emailReplyToInUse: 'sam@vibecoding.example',
      emailSenderWarning: expect.stringContaining('no-reply@vibecoding.example, an address nobody reads'),
    });
    const fixed = await save({ emailFrom: 'Sam at Workshops <sam@vibecoding.example>' });
    expect(fixed.json()).toMatchObject({ emailSenderWarning: null });

    const before = await getSettings();
    const refused = await save({ emailReplyTo: 'sam at vibecoding' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: 'Reply-To must be an e-mail address, e.g. hello@example.com' });
    expect((await getSettings()).body).toBe(before.body);
  });

  it('switches each organiser notification off and on, and records which', async () => {
    const off = await save({ notifyNewBooking: false, notifyCancellation: false });
    expect(off.json()).toMatchObject({ notifyNewBooking: false, notifyContactMessage: true, notifyRefundRequest: true, notifyCancellation: false });
    const [audit] = await settingsAudits();
    expect((audit!.details as { fields: string[] }).fields.sort()).toEqual(['notifyCancellation', 'notifyNewBooking']);
    expect((await save({ notifyNewBooking: true })).json()).toMatchObject({ notifyNewBooking: true, notifyCancellation: false });
    expect((await save({ notifyRefundRequest: 'no' })).statusCode).toBe(400);
  });

  it.each([
    [{ emailServiceType: 'smtp', emailHost: '', emailUser: 'mailer@example.test', emailPassword: 'pw-123456' }, 'add the host'],
    [{ emailServiceType: 'smtp', emailHost: 'smtp.example.test', emailUser: 'mailer@example.test', clearEmailPassword: true }, 'add the password'],
    [{ emailServiceType: 'microsoft365', emailTenantId: 'tenant-1', emailClientId: '', emailFrom: 'hello@example.test' }, 'add the client id'],
  ])('refuses half-filled mail server settings %j and saves nothing', async (payload, missing) => {
    const before = await getSettings();
    const response = await save(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(`The e-mail settings are incomplete: ${missing}`);
    expect(response.json().message).toContain('Nothing was saved.');
    expect((await getSettings()).body).toBe(before.body);
  });

  it('sends a test message through settings not saved yet, with their sender and Reply-To, and saves nothing', async () => {
    const catcher = await SmtpCatcher.start();
    try {
      const before = await getSettings();
      const port = Number(new URL(catcher.url).port);
      const draft = { emailServiceType: 'smtp', emailHost: '127.0.0.1', emailPort: port, emailFrom: 'Sam <sam@vibecoding.example>', emailReplyTo: 'desk@vibecoding.example' };
      const sent = await session.app.inject({ method: 'POST', url: '/api/admin/settings/test-email', headers: session.headers, payload: { to: 'me@vibecoding.example', settings: draft } });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json()).toEqual({ success: true, message: 'Email sent to me@vibecoding.example' });
      expect(catcher.messages).toHaveLength(1);
      expect(catcher.messages[0]!.from).toContain('sam@vibecoding.example');
      expect(catcher.messages[0]!.headers.get('reply-to')).toContain('desk@vibecoding.example');
      expect((await getSettings()).body).toBe(before.body);

      // A server that does not answer: the reason, and still nothing saved.
      const dead = await session.app.inject({
        method: 'POST',
        url: '/api/admin/settings/test-email',
        headers: session.headers,
        payload: { to: 'me@vibecoding.example', settings: { ...draft, emailPort: 1 } },
      });
      expect(dead.statusCode).toBe(502);
      expect(dead.json().message).toMatch(/unable to connect/i);
      const half = await session.app.inject({
        method: 'POST',
        url: '/api/admin/settings/test-email',
        headers: session.headers,
        payload: { to: 'me@vibecoding.example', settings: { ...draft, emailUser: 'sam@vibecoding.example' } },
      });
      expect(half.statusCode).toBe(400);
      expect(half.json().message).toContain('add the password');
      expect((await getSettings()).body).toBe(before.body);
    } finally {
      await catcher.stop();
    }
  });
});
