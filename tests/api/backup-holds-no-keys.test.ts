import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingMail } from '../../src/app/server/booking-mail';
import { payLinkFor } from '../../src/features/booking/server/booking-links';
import { sendReservationReminders } from '../../src/features/booking/server/reservations';
import { sendDueReminders } from '../../src/features/calendar/server/reminders';
import { participantLinkFor, PARTICIPANT_LINK_TTL_MS } from '../../src/features/participant/server/participant-access';
import { bookings, demoPaymentIntents, emailOutbox } from '../../src/server/db/schema';
import { OutboxWorker } from '../../src/server/email/outbox-worker';
import { smtpTransportFromUrl } from '../../src/server/email/transport';
import { readToken } from '../../src/server/lib/signed-token';
import { DemoPaymentProvider } from '../../src/server/payments/demo-provider';
import { buyer, createDiscountCode, createWorkshopDate } from '../helpers/factories';
import { SmtpCatcher } from '../helpers/smtp-catcher';
import { clientHeaders, createTestApp, loginAsAdmin, sessionCookieFrom, TEST_SECRET, type TestApp } from '../helpers/test-app';
import { reserveConfirmed } from '../helpers/reservations';

/*
 * Issue 15 point 6: a backup holds no key. Every token this product hands out (e-mailed sign-in and
 * pay links, payment client secrets, session cookies) is collected from what the recipient or the
 * browser actually got, checked to work, and then looked for in the backup file.
 */

let app: TestApp;
let smtp: SmtpCatcher;
let worker: OutboxWorker;
let admin: Record<string, string>;
let dataDir: string;
let payments: DemoPaymentProvider;
const PUBLIC_URL = 'http://test.local';

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'no-keys-'));
  smtp = await SmtpCatcher.start();
  app = await createTestApp({ env: { DATA_DIR: dataDir }, payments: (db) => (payments = new DemoPaymentProvider(db, TEST_SECRET)) });
  worker = new OutboxWorker({ db: app.database.db, secret: TEST_SECRET, getTransport: () => smtpTransportFromUrl(smtp.url), backoff: () => 0, batchSize: 100 });
  admin = (await loginAsAdmin(app)).headers;
});
afterAll(async () => {
  await worker.stop();
  await app.close();
  await smtp.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const post = (url: string, payload: object, headers: Record<string, string> = clientHeaders) => app.inject({ method: 'POST', url, payload, headers });

/** `token=` values of every link in a delivered e-mail (HTML, text and headers), decoded. */
function tokensIn(mail: { html: string | null; text: string | null; raw: string }): string[] {
  const found = new Set<string>();
  for (const part of [mail.html ?? '', mail.text ?? '']) {
    for (const match of part.replaceAll('&amp;', '&').matchAll(/[?&]token=([^"&\s<>]+)/g)) found.add(decodeURIComponent(match[1]!));
  }
  return [...found];
}

/** Every way a token may be written in the file: as is, URL-encoded, and its signature alone. */
function formsOf(token: string): string[] {
  const forms = new Set([token, encodeURIComponent(token)]);
  const signature = token.split('.')[1];
  if (signature && signature.length >= 20) forms.add(signature);
  return [...forms];
}

async function backupText(): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/admin/backup', headers: admin });
  expect(response.statusCode).toBe(200);
  return response.body;
}

describe('a backup', () => {
  it('holds no token that was e-mailed or given to a browser, and every one of them works', async () => {
    const db = app.database.db;
    const soon = new Date(Date.now() + 20 * 3_600_000);
    const date = await createWorkshopDate(db, { title: 'Keyless Lab', requiresImmediatePayment: false });
    const tomorrow = await createWorkshopDate(db, { title: 'Tomorrow Lab', startsAt: soon, endsAt: new Date(soon.getTime() + 3_600_000), zoomLink: 'https://zoom.us/j/1' });
    await createDiscountCode(db, { code: 'KEYLESS100', discountPercent: 100 });
    const secrets: { what: string; value: string }[] = [];

    // A paid booking: the browser gets a client secret.
    const paid = (await post('/api/create-payment-intent', { workshopDateId: date.id, customerInfo: buyer('keys-paid') })).json();
    secrets.push({ what: 'client secret of a paid booking', value: paid.clientSecret });
    expect((await post('/api/payments/demo/confirm', { paymentIntentId: paid.paymentIntentId, cardNumber: '4242424242424242' })).statusCode).toBe(200);
    // A free booking, a reservation, a booking on tomorrow's workshop (for its reminder).
    expect((await post('/api/bookings', { workshopDateId: date.id, ...buyer('keys-free'), discountCode: 'KEYLESS100', stripePaymentId: 'free-booking' })).statusCode).toBe(201);
    const reservationId = (await reserveConfirmed(app, { workshopDateId: date.id, ...buyer('keys-later') })).id;
    expect((await post('/api/bookings', { workshopDateId: tomorrow.id, ...buyer('keys-tomorrow'), discountCode: 'KEYLESS100', stripePaymentId: 'free-booking' })).statusCode).toBe(201);
    // A sign-in link asked for, the workshop reminder and the reservation reminder.
    expect((await post('/api/participant/access', { email: buyer('keys-free').email })).statusCode).toBe(200);
    expect((await sendDueReminders(db, { secret: TEST_SECRET, publicUrl: PUBLIC_URL }, new Date())).sent).toBe(1);
    const [reservation] = await db.select().from(bookings).where(eq(bookings.id, reservationId));
    const lifecycle = { db, payments: payments, secret: TEST_SECRET, publicUrl: PUBLIC_URL, mail: bookingMail({ publicUrl: PUBLIC_URL }), now: () => new Date() };
    expect(await sendReservationReminders(lifecycle as never, new Date(reservation!.reservationExpiresAt!.getTime() - 3_600_000))).toBe(1);

    // What the recipients got.
    await worker.runOnce();
    expect(smtp.messages.length).toBeGreaterThanOrEqual(7);
    const mailed = smtp.messages.flatMap((mail) => tokensIn(mail).map((value) => ({ what: `link in "${mail.subject}"`, value })));
    const payTokens = mailed.filter(({ value }) => readToken(TEST_SECRET, 'pay-reservation', value));
    const signInTokens = mailed.filter(({ value }) => readToken(TEST_SECRET, 'participant-access', value));
    expect(payTokens.length).toBeGreaterThanOrEqual(2);
    expect(signInTokens.length).toBeGreaterThanOrEqual(5);

    // The pay link works (twice: the second answer reuses the open payment, its client secret
    // fetched from the provider), and so does a sign-in link.
    const payToken = payTokens[0]!.value;
    for (let i = 0; i < 2; i++) {
      const intent = await post('/api/create-payment-intent', { workshopDateId: date.id, customerInfo: buyer('keys-later'), bookingId: reservationId, payToken });
      expect(intent.statusCode, intent.body).toBe(200);
      secrets.push({ what: 'client secret of a pay link', value: intent.json().clientSecret });
    }
    expect(secrets[1]!.value).toBe(secrets[2]!.value);
    const opened = await app.inject({ url: `/participant?token=${encodeURIComponent(signInTokens[0]!.value)}`, headers: { accept: 'text/html' } });
    const participantCookie = sessionCookieFrom(opened);
    expect(participantCookie).toBeTruthy();
    const session = await app.inject({ url: '/api/participant/session', headers: { ...clientHeaders, cookie: participantCookie! } });
    expect(session.json().email).toBeTruthy();
    secrets.push({ what: 'participant session cookie', value: participantCookie!.split('=')[1]! });
    secrets.push({ what: 'admin session cookie', value: admin.cookie!.split('=')[1]! });
    for (const { value } of secrets) expect(value.length).toBeGreaterThan(16);

    // The e-mailed token is the one the old code would have written: its expiry was fixed when the
    // e-mail was queued, not when it was sent.
    const [accessRow] = await db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'participant-access'));
    const accessMail = smtp.messages.find((mail) => mail.subject === accessRow!.subject)!;
    const accessToken = readToken(TEST_SECRET, 'participant-access', tokensIn(accessMail)[0]!)!;
    expect(Math.abs(accessToken.expiresAt - (accessRow!.createdAt.getTime() + PARTICIPANT_LINK_TTL_MS))).toBeLessThan(5_000);

    const backup = await backupText();
    for (const { what, value } of [...mailed, ...secrets]) {
      for (const form of formsOf(value)) expect(backup.includes(form), `${what} (${form}) is in the backup`).toBe(false);
    }
    // Nor anything else shaped like a signed token of ours.
    for (const match of backup.matchAll(/[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g)) {
      for (const purpose of ['participant-access', 'pay-reservation', 'newsletter-unsubscribe']) expect(readToken(TEST_SECRET, purpose, match[0])).toBeNull();
    }
    // The queued e-mails are there, with placeholders where the tokens go.
    expect(backup).toContain('/participant?token=sealed-token-');
    expect(backup).toMatch(/\/checkout\?booking=\d+&amp;token=sealed-token-/);
  }, 60_000);

  it('seals an e-mail queued by an earlier version first: the file holds no token, and the e-mail sends as it was', async () => {
    const db = app.database.db;
    const link = participantLinkFor(TEST_SECRET, PUBLIC_URL, 'legacy@example.com');
    const pay = payLinkFor(TEST_SECRET, PUBLIC_URL, 42);
    const html = `<p><a href="${link}">Your bookings</a> <a href="${pay.replace('&', '&amp;')}">Pay</a></p>`;
    const text = `Your bookings: ${link}\nPay: ${pay}`;
    // As the code before sealing wrote it: tokens in the text, sealed_tokens null.
    await db.insert(emailOutbox).values({ to: 'legacy@example.com', subject: 'Legacy e-mail', html, text, kind: 'participant-access' });
    const token = new URL(link).searchParams.get('token')!;
    const payToken = new URL(pay).searchParams.get('token')!;

    const backup = await backupText();
    for (const value of [token, payToken]) for (const form of formsOf(value)) expect(backup.includes(form)).toBe(false);
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.subject, 'Legacy e-mail'));
    expect(row!.sealedTokens).toHaveLength(2);

    smtp.messages.length = 0;
    await worker.runOnce();
    const [mail] = smtp.messages.filter((message) => message.subject === 'Legacy e-mail');
    expect(mail!.html).toContain(html);
    expect(mail!.text).toContain(text);
  });

  it('stores no client secret for the demo provider: it is derived, the same on every ask', async () => {
    const columns = await app.database.db.execute(sql`select column_name from information_schema.columns where table_name = 'demo_payment_intents'`);
    expect((columns as unknown as { rows: { column_name: string }[] }).rows.map((row) => row.column_name)).not.toContain('client_secret');
    const [intent] = await app.database.db.select().from(demoPaymentIntents).limit(1);
    const first = await payments.retrieveIntent(intent!.id);
    const again = await payments.retrieveIntent(intent!.id);
    expect(first!.clientSecret).toMatch(new RegExp(`^${intent!.id}_secret_[0-9a-f]{24}$`));
    expect(again!.clientSecret).toBe(first!.clientSecret);
  });
});
