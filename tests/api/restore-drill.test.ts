import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../src/server/db/schema';
import { OutboxWorker } from '../../src/server/email/outbox-worker';
import { resolveMailTransport } from '../../src/features/settings/server/mail-transport';
import { loadEnv } from '../../src/server/env';
import { buyer, createDiscountCode, createWorkshopDate } from '../helpers/factories';
import { SmtpCatcher, type CaughtMail } from '../helpers/smtp-catcher';
import { clientHeaders, createTestApp, loginAsAdmin, sessionCookieFrom, TEST_ADMIN, TEST_SECRET, type TestApp } from '../helpers/test-app';
import { reserveConfirmed } from '../helpers/reservations';

/*
 * The restore drill: a site with content, bookings, a payment, an image and
 * settings is backed up; then a new machine (a fresh, empty database and an empty DATA_DIR, the
 * same APP_SECRET) restores the file, and the product works: pages, the image, the admin's
 * sign-in, a new booking, a sign-in link sent now, and the e-mails that were still queued.
 */

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('drill image bytes'), Buffer.alloc(4096, 0x5a)]);

let before: TestApp;
let after: TestApp;
let smtp: SmtpCatcher;
const dirs: string[] = [];
const newDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'restore-drill-'));
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  smtp = await SmtpCatcher.start();
});
afterAll(async () => {
  await before?.close().catch(() => undefined);
  await after?.close();
  await smtp.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const inject = (app: TestApp, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = clientHeaders) =>
  app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const linkIn = (mail: CaughtMail, pattern: RegExp) => {
  const href = [...(mail.html ?? '').matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&')).find((url) => pattern.test(url));
  return href ? new URL(href) : null;
};

describe('the restore drill', () => {
  let backupFile = '';
  let imageUrl = '';
  let reservationId = 0;
  let paidEmail = '';
  const titles = ['Drill Lab One', 'Drill Lab Two'];

  it('makes a site and backs it up', async () => {
    before = await createTestApp({ env: { DATA_DIR: newDataDir() } });
    const admin = (await loginAsAdmin(before)).headers;
    const db = before.database.db;
    const [one] = [await createWorkshopDate(db, { title: titles[0], requiresImmediatePayment: false }), await createWorkshopDate(db, { title: titles[1] })];
    await createDiscountCode(db, { code: 'DRILLFREE', discountPercent: 100 });

    // Settings, including where e-mail goes (the new machine must deliver with them).
    const settings = await inject(before, 'POST', '/api/admin/settings', {
      timezone: 'EST',
      emailServiceType: 'smtp',
      emailHost: '127.0.0.1',
      emailPort: Number(new URL(smtp.url).port),
      emailFrom: 'Drill <drill@example.test>',
    }, admin);
    expect(settings.statusCode, settings.body).toBe(200);

    // An image, shown by a published blog post.
    const uploaded = await before.inject({ method: 'POST', url: '/api/admin/uploads', headers: { ...admin, 'content-type': 'image/png' }, payload: PNG });
    expect(uploaded.statusCode).toBe(201);
    imageUrl = uploaded.json().url;
    const post = await inject(before, 'POST', '/api/admin/blog-posts', { title: 'Drill Notes', slug: 'drill-notes', content: '<p>Hello</p>', featuredImageUrl: imageUrl, isPublished: true }, admin);
    expect(post.statusCode, post.body).toBe(201);

    // A paid booking, a free one and a reservation, whose pay-link e-mail is still queued.
    paidEmail = buyer('drill-paid').email;
    const intent = await inject(before, 'POST', '/api/create-payment-intent', { workshopDateId: one!.id, customerInfo: buyer('drill-paid') });
    expect(intent.statusCode).toBe(200);
    expect((await inject(before, 'POST', '/api/payments/demo/confirm', { paymentIntentId: intent.json().paymentIntentId, cardNumber: '4242424242424242' })).statusCode).toBe(200);
    expect((await inject(before, 'POST', '/api/bookings', { workshopDateId: one!.id, ...buyer('drill-free'), discountCode: 'DRILLFREE', stripePaymentId: 'free-booking' })).statusCode).toBe(201);
    reservationId = (await reserveConfirmed(before, { workshopDateId: one!.id, ...buyer('drill-later') })).id;
    const queued = await db.select().from(emailOutbox).where(eq(emailOutbox.status, 'pending'));
    // Each with the organiser's notice of it.
    expect(queued.map((mail) => mail.kind).sort()).toEqual([
      'booking-free',
      'booking-paid',
      'booking-reserved',
      'organiser-notifyNewBooking',
      'organiser-notifyNewBooking',
      'organiser-notifyNewBooking',
      'reservation-confirm',
    ]);

    const backup = await inject(before, 'GET', '/api/admin/backup', undefined, admin);
    expect(backup.statusCode).toBe(200);
    backupFile = backup.body;
    // The old machine is gone, its disk with it.
    await before.close();
  }, 60_000);

  it('restores it on a new machine: a fresh database and an empty DATA_DIR', async () => {
    const dataDir = newDataDir();
    after = await createTestApp({ env: { DATA_DIR: dataDir } });
    // The new machine's own first admin restores the file.
    const { headers } = await loginAsAdmin(after, { email: 'operator@example.test', password: 'a long operator password' });
    expect((await inject(after, 'GET', '/api/workshop-dates')).json()).toEqual([]);
    const restored = await after.inject({ method: 'POST', url: '/api/admin/restore', headers: { ...headers, 'content-type': 'application/json' }, payload: backupFile });
    expect(restored.statusCode, restored.body.slice(0, 300)).toBe(200);
    // Nothing was needed from disk: the image came in with the file.
    expect(readdirSync(dataDir).filter((name) => name === 'uploads')).toEqual([]);
  }, 60_000);

  it('lists the workshops and the blog post, and serves the image with the same bytes', async () => {
    const dates = (await inject(after, 'GET', '/api/workshop-dates')).json() as { title: string }[];
    expect(dates.map((date) => date.title)).toEqual(titles);
    const posts = (await inject(after, 'GET', '/api/blog-posts')).json() as { slug: string; featuredImageUrl: string }[];
    expect(posts.find((post) => post.slug === 'drill-notes')?.featuredImageUrl).toBe(imageUrl);
    const image = await after.inject({ method: 'GET', url: imageUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
  });

  it('lets the admin of the backup sign in with their password, and shows the paid booking and the settings', async () => {
    const login = await inject(after, 'POST', '/api/auth/login2', TEST_ADMIN);
    expect(login.statusCode, login.body).toBe(200);
    const headers = { ...clientHeaders, cookie: sessionCookieFrom(login)! };
    const bookings = (await inject(after, 'GET', '/api/admin/bookings', undefined, headers)).json() as { email: string; isPaid: boolean }[];
    expect(bookings.find((booking) => booking.email === paidEmail)?.isPaid).toBe(true);
    expect(bookings).toHaveLength(3);
    expect((await inject(after, 'GET', '/api/admin/settings', undefined, headers)).json()).toMatchObject({ timezone: 'EST', emailHost: '127.0.0.1' });
  });

  it('takes a new paid booking', async () => {
    const [date] = (await inject(after, 'GET', '/api/workshop-dates')).json() as { id: number }[];
    const intent = await inject(after, 'POST', '/api/create-payment-intent', { workshopDateId: date!.id, customerInfo: buyer('drill-new') });
    expect(intent.statusCode, intent.body).toBe(200);
    const paid = await inject(after, 'POST', '/api/payments/demo/confirm', { paymentIntentId: intent.json().paymentIntentId, cardNumber: '4242424242424242' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().bookingId).toBe(4);
  });

  it('sends the e-mails queued before the backup, whose pay link pays, and a sign-in link asked for now, which opens the bookings', async () => {
    expect((await inject(after, 'POST', '/api/participant/access', { email: paidEmail })).statusCode).toBe(200);
    // Delivered through the restored mail settings, as the runtime does.
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://test.local' });
    const worker = new OutboxWorker({ db: after.database.db, secret: TEST_SECRET, getTransport: () => resolveMailTransport(after.database.db, env, TEST_SECRET), backoff: () => 0, batchSize: 50 });
    await worker.runOnce();
    const subjects = smtp.messages.map((mail) => mail.recipients[0]);
    for (const who of ['drill-paid', 'drill-free', 'drill-later', 'drill-new']) expect(subjects).toContain(buyer(who).email);

    // Queued before the backup, sent after the restore: the pay link works and pays.
    const reservationMail = smtp.messages.find((mail) => mail.recipients[0] === buyer('drill-later').email && mail.subject.startsWith('Your spot is reserved'))!;
    const payLink = linkIn(reservationMail, /\/checkout\?booking=/)!;
    expect(payLink.searchParams.get('booking')).toBe(String(reservationId));
    const details = await inject(after, 'GET', `/api/bookings/${reservationId}/payment-details?token=${encodeURIComponent(payLink.searchParams.get('token')!)}`);
    expect(details.statusCode, details.body).toBe(200);
    const intent = await inject(after, 'POST', '/api/create-payment-intent', {
      workshopDateId: details.json().workshopDateId,
      customerInfo: buyer('drill-later'),
      bookingId: reservationId,
      payToken: payLink.searchParams.get('token'),
    });
    expect(intent.statusCode, intent.body).toBe(200);
    const paid = await inject(after, 'POST', '/api/payments/demo/confirm', { paymentIntentId: intent.json().paymentIntentId, cardNumber: '4242424242424242' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().bookingId).toBe(reservationId);

    // Asked for after the restore: the sign-in link opens that address's bookings.
    const access = smtp.messages.find((mail) => mail.recipients[0] === paidEmail && mail.subject === 'Your workshop bookings')!;
    const signIn = linkIn(access, /\/participant\?token=/)!;
    const opened = await after.inject({ url: `${signIn.pathname}${signIn.search}`, headers: { accept: 'text/html' } });
    const cookie = sessionCookieFrom(opened);
    expect(cookie).toBeTruthy();
    const mine = await inject(after, 'GET', '/api/participant/bookings', undefined, { ...clientHeaders, cookie: cookie! });
    expect(mine.statusCode, mine.body).toBe(200);
    expect((mine.json() as { id: number }[]).length).toBe(1);
    await worker.stop();
  }, 60_000);
});
