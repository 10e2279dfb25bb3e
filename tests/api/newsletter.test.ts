import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { unsubscribeDecorator } from '../../src/features/newsletter/server/unsubscribe';
import { auditLog, emailOutbox, newsletterSubscribers } from '../../src/server/db/schema';
import { OutboxWorker } from '../../src/server/email/outbox-worker';
import { smtpTransportFromUrl } from '../../src/server/email/transport';
import { signToken } from '../../src/server/lib/signed-token';
import { buyer, createWorkshopDate } from '../helpers/factories';
import { SmtpCatcher } from '../helpers/smtp-catcher';
import { clientHeaders, createTestApp, loginAsAdmin, TEST_SECRET, type TestApp } from '../helpers/test-app';
import { reserveConfirmed } from '../helpers/reservations';

let app: TestApp;
let admin: Record<string, string>;
let smtp: SmtpCatcher;
let worker: OutboxWorker;

const PUBLIC_URL = 'http://test.local';
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

beforeAll(async () => {
  smtp = await SmtpCatcher.start();
  app = await createTestApp({ seed: false });
  admin = (await loginAsAdmin(app)).headers;
  worker = new OutboxWorker({
    secret: TEST_SECRET,
    db: app.database.db,
    getTransport: () => smtpTransportFromUrl(smtp.url),
    backoff: () => 0,
    batchSize: 500,
    decorate: unsubscribeDecorator({ secret: TEST_SECRET, publicUrl: PUBLIC_URL }),
  });
});
afterAll(async () => {
  await worker?.stop();
  await app?.close();
  await smtp?.stop();
});
beforeEach(async () => {
  smtp.clear();
  await app.database.db.delete(emailOutbox);
  await app.database.db.delete(newsletterSubscribers);
});

const db = () => app.database.db;

async function addSubscribers(...rows: { email: string; source?: 'booking' | 'contact' | 'admin' | 'import'; unsubscribedAt?: Date; createdAt?: Date }[]) {
  return db()
    .insert(newsletterSubscribers)
    .values(rows.map((row) => ({ source: 'booking' as const, ...row })))
    .returning();
}

async function subscriber(email: string) {
  const [row] = await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
  return row;
}

/** Signed the way the product's links are: purpose 'newsletter-unsubscribe', subject the address. */
const tokenFor = (email: string, ttlMs = 5 * YEAR_MS) => signToken(TEST_SECRET, 'newsletter-unsubscribe', email, ttlMs);

/** Every e-mail queued so far becomes due now, as if the pacing had run its course. */
async function allDue() {
  await db().update(emailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) });
}

describe('subscribers in the admin area', () => {
  it('lists newest first with source and unsubscribed state, and refuses visitors', async () => {
    const [old, unsub, recent] = await addSubscribers(
      { email: 'old@example.com', source: 'contact', createdAt: new Date('2030-01-01T00:00:00Z') },
      { email: 'gone@example.com', source: 'import', createdAt: new Date('2030-02-01T00:00:00Z'), unsubscribedAt: new Date('2030-03-01T00:00:00Z') },
      { email: 'new@example.com', source: 'booking', createdAt: new Date('2030-04-01T00:00:00Z') },
    );

    expect((await app.inject({ method: 'GET', url: '/api/admin/newsletter-subscribers' })).statusCode).toBe(401);
    const response = await app.inject({ method: 'GET', url: '/api/admin/newsletter-subscribers', headers: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: recent!.id, email: 'new@example.com', source: 'booking', createdAt: '2030-04-01T00:00:00.000Z', unsubscribedAt: null },
      { id: unsub!.id, email: 'gone@example.com', source: 'import', createdAt: '2030-02-01T00:00:00.000Z', unsubscribedAt: '2030-03-01T00:00:00.000Z' },
      { id: old!.id, email: 'old@example.com', source: 'contact', createdAt: '2030-01-01T00:00:00.000Z', unsubscribedAt: null },
    ]);
  });

  it('lists the subscribers the booking form and the contact form add', async () => {
    const date = await createWorkshopDate(db(), { requiresImmediatePayment: false });
    await reserveConfirmed(app, { workshopDateId: date.id, ...buyer('list'), subscribedToNewsletter: true });
    await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: clientHeaders,
      payload: { name: 'Grace Hopper', email: 'Grace@Example.com', subject: 'Hello there', message: 'A question about workshops.', subscribeToNewsletter: true },
    });
    const list = (await app.inject({ method: 'GET', url: '/api/admin/newsletter-subscribers', headers: admin })).json() as { email: string; source: string }[];
    expect(list.map(({ email, source }) => ({ email, source })).sort((a, b) => a.email.localeCompare(b.email))).toEqual([
      { email: 'buyerlist@example.com', source: 'booking' },
      { email: 'grace@example.com', source: 'contact' },
    ]);
  });

  it('deletes a subscriber, records it, and answers 404 for one that does not exist', async () => {
    const [row] = await addSubscribers({ email: 'delete-me@example.com' });
    const response = await app.inject({ method: 'DELETE', url: `/api/admin/newsletter-subscribers/${row!.id}`, headers: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, id: row!.id });
    expect(await subscriber('delete-me@example.com')).toBeUndefined();
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'newsletter_subscriber_deleted'));
    expect(audit).toMatchObject({ actor: 'admin@test.local', entityId: String(row!.id) });

    const again = await app.inject({ method: 'DELETE', url: `/api/admin/newsletter-subscribers/${row!.id}`, headers: admin });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: 'Subscriber not found' });
  });

  it('downloads the list as CSV', async () => {
    await addSubscribers(
      { email: 'a@example.com', source: 'contact', createdAt: new Date('2030-01-01T10:00:00Z') },
      { email: 'b@example.com', source: 'booking', createdAt: new Date('2030-01-02T10:00:00Z'), unsubscribedAt: new Date('2030-01-03T10:00:00Z') },
    );
    expect((await app.inject({ method: 'GET', url: '/api/admin/newsletter-subscribers.csv' })).statusCode).toBe(401);
    const response = await app.inject({ method: 'GET', url: '/api/admin/newsletter-subscribers.csv', headers: admin });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="newsletter-subscribers.csv"');
    expect(response.body).toBe(
      '\uFEFFemail,source,subscribed,unsubscribedAt\r\n' +
        'b@example.com,booking,2030-01-02T10:00:00.000Z,2030-01-03T10:00:00.000Z\r\n' +
        'a@example.com,contact,2030-01-01T10:00:00.000Z,\r\n',
    );
  });
});

describe('unsubscribing from an e-mail link (no sign-in)', () => {
  it('unsubscribes through the link and answers a small HTML page', async () => {
    await addSubscribers({ email: 'ada@example.com' });
    const response = await app.inject({ method: 'GET', url: `/api/newsletter/unsubscribe?token=${tokenFor('ada@example.com')}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    // A page under /api: the site's document policy, so its inline styles apply and scripts do not.
    expect(response.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    expect(response.headers['content-security-policy']).toMatch(/script-src 'self'(?! 'unsafe-inline')/);
    expect(response.body).toContain('You have been unsubscribed');
    expect(response.body).not.toMatch(/<script/i);
    expect((await subscriber('ada@example.com'))?.unsubscribedAt).toBeInstanceOf(Date);
  });

  it('is idempotent: the first unsubscribe time stays', async () => {
    await addSubscribers({ email: 'twice@example.com' });
    const url = `/api/newsletter/unsubscribe?token=${tokenFor('twice@example.com')}`;
    await app.inject({ method: 'GET', url });
    const first = (await subscriber('twice@example.com'))?.unsubscribedAt;
    expect(first).toBeInstanceOf(Date);
    const again = await app.inject({ method: 'GET', url });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('You have been unsubscribed');
    expect((await subscriber('twice@example.com'))?.unsubscribedAt).toEqual(first);
  });

  it('subscribes nobody through an API reservation that says nothing of the newsletter', async () => {
    const date = await createWorkshopDate(db(), { requiresImmediatePayment: false });
    await reserveConfirmed(app, { workshopDateId: date.id, ...buyer('silent') });
    expect(await subscriber('buyersilent@example.com')).toBeUndefined();
    await reserveConfirmed(app, { workshopDateId: date.id, ...buyer('asked'), subscribedToNewsletter: true });
    expect((await subscriber('buyerasked@example.com'))?.unsubscribedAt).toBeNull();
  });

  it('keeps an address that was never on the list out of it, even after a booking with the checkbox', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/newsletter/unsubscribe?token=${tokenFor('buyerstranger@example.com')}` });
    expect(response.statusCode).toBe(200);
    expect((await subscriber('buyerstranger@example.com'))?.unsubscribedAt).toBeInstanceOf(Date);

    const date = await createWorkshopDate(db(), { requiresImmediatePayment: false });
    await reserveConfirmed(app, { workshopDateId: date.id, ...buyer('stranger'), subscribedToNewsletter: true });
    expect((await subscriber('buyerstranger@example.com'))?.unsubscribedAt).toBeInstanceOf(Date);
  });

  it('supports RFC 8058 one-click POST from a mail provider (no cookie, no client header)', async () => {
    await addSubscribers({ email: 'oneclick@example.com' }, { email: 'multipart@example.com' });
    const form = await app.inject({
      method: 'POST',
      url: `/api/newsletter/unsubscribe?token=${tokenFor('oneclick@example.com')}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(form.statusCode).toBe(200);
    expect((await subscriber('oneclick@example.com'))?.unsubscribedAt).toBeInstanceOf(Date);

    const boundary = 'xyzBOUNDARY';
    const multipart = await app.inject({
      method: 'POST',
      url: `/api/newsletter/unsubscribe?token=${tokenFor('multipart@example.com')}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode).toBe(200);
    expect((await subscriber('multipart@example.com'))?.unsubscribedAt).toBeInstanceOf(Date);
  });

  it('still applies the CSRF guard to a POST that carries a session cookie without the client header', async () => {
    await addSubscribers({ email: 'cookie@example.com' });
    const response = await app.inject({
      method: 'POST',
      url: `/api/newsletter/unsubscribe?token=${tokenFor('cookie@example.com')}`,
      headers: { cookie: admin.cookie!, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(403);
    expect((await subscriber('cookie@example.com'))?.unsubscribedAt).toBeNull();
  });

  it('answers a 400 page for a broken, forged, expired or foreign-purpose link and changes nothing', async () => {
    await addSubscribers({ email: 'safe@example.com' });
    const good = tokenFor('safe@example.com');
    const bad = [
      '',
      '?token=',
      '?token=garbage',
      `?token=${good.slice(0, -3)}`,
      `?token=${signToken('another-secret-another-secret-12345', 'newsletter-unsubscribe', 'safe@example.com', YEAR_MS)}`,
      `?token=${signToken(TEST_SECRET, 'participant-access', 'safe@example.com', YEAR_MS)}`,
      `?token=${tokenFor('safe@example.com', -1000)}`,
      `?token=${good}&token=${good}`,
    ];
    for (const query of bad) {
      const response = await app.inject({ method: 'GET', url: `/api/newsletter/unsubscribe${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('This unsubscribe link is broken');
      expect(response.body).not.toMatch(/<script/i);
    }
    expect((await subscriber('safe@example.com'))?.unsubscribedAt).toBeNull();
  });
});

describe('the unsubscribe link: on newsletters only', () => {
  it('is not on a booking e-mail: no footer, no List-Unsubscribe header (the booking is the service, not a list)', async () => {
    const date = await createWorkshopDate(db(), { title: 'Footer Lab', requiresImmediatePayment: false });
    await reserveConfirmed(app, { workshopDateId: date.id, ...buyer('footer') });

    await worker.runOnce();
    const mails = smtp.messages.filter((caught) => caught.recipients.includes('buyerfooter@example.com'));
    expect(mails.map((mail) => mail.subject)).toEqual(['Confirm your reservation: Footer Lab', 'Your spot is reserved: Footer Lab']);
    for (const mail of mails) {
      expect(mail.headers.get('list-unsubscribe')).toBeUndefined();
      expect(mail.html).not.toMatch(/unsubscribe/i);
    }
    const mail = mails[1];
    expect(mail!.headers.get('list-unsubscribe')).toBeUndefined();
    expect(mail!.html).not.toMatch(/unsubscribe/i);
    expect(mail!.text).not.toMatch(/unsubscribe/i);
  });

  it('is not on an admin e-mail to a user either', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/send-email',
      headers: admin,
      payload: { email: 'user@example.com', subject: 'A note', content: 'Hello from the organiser.' },
    });
    expect(response.statusCode).toBeLessThan(300);
    await worker.runOnce();
    const mail = smtp.messages.find((caught) => caught.recipients.includes('user@example.com'));
    expect(mail?.text).toContain('Hello from the organiser.');
    expect(mail?.headers.get('list-unsubscribe')).toBeUndefined();
    expect(mail?.html).not.toMatch(/unsubscribe/i);
  });

  it('is on a newsletter: footer link named Unsubscribe, List-Unsubscribe header, text line, and it works', async () => {
    await addSubscribers({ email: 'footer-reader@example.com' });
    const sent = await app.inject({ method: 'POST', url: '/api/admin/newsletter/send', headers: admin, payload: { subject: 'Footer news', content: '<p>News</p>' } });
    expect(sent.statusCode).toBeLessThan(300);
    await expect.poll(async () => (await worker.runOnce(), smtp.messages.some((caught) => caught.recipients.includes('footer-reader@example.com'))), { timeout: 15_000 }).toBe(true);
    const mail = smtp.messages.find((caught) => caught.recipients.includes('footer-reader@example.com'))!;

    const header = mail.headers.get('list-unsubscribe') ?? '';
    const fromHeader = /^<(http:\/\/test\.local\/api\/newsletter\/unsubscribe\?token=[\w.%-]+)>$/.exec(header)?.[1];
    expect(fromHeader, header).toBeTruthy();
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.html).toContain(`<a href="${fromHeader}" style="color:#121212;text-decoration:underline;">Unsubscribe</a>`);
    // The HTML shows no raw URL: the address is only in the link.
    expect(String(mail.html).replace(/href="[^"]*"/g, '')).not.toContain('http://test.local/api/newsletter');
    expect(mail.text).toMatch(/Unsubscribe from these e-mails: http:\/\/test\.local\/api\/newsletter\/unsubscribe\?token=/);

    const link = new URL(fromHeader!);
    const response = await app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(response.statusCode).toBe(200);
    expect((await subscriber('footer-reader@example.com'))?.unsubscribedAt).toBeInstanceOf(Date);
  });
});

describe('writing a newsletter', () => {
  const hostile =
    '<p>Hello <strong>friends</strong></p><script>alert(1)</script><img src="https://example.com/a.png" onerror="alert(2)">' +
    '<a href="javascript:alert(3)">click</a><svg onload="alert(4)"><circle r="1"/></svg><p onclick="alert(5)">More</p>';

  it('previews the sanitised e-mail in the shared layout', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/admin/newsletter/preview', headers: admin, payload: { subject: 'June news', content: hostile } });
    expect(response.statusCode).toBe(200);
    const { html } = response.json() as { html: string };
    expect(html).toContain('<title>June news</title>');
    expect(html).toContain('<p>Hello <strong>friends</strong></p>');
    expect(html).toContain('max-width:600px');
    expect(html).toContain('>Unsubscribe</a>');
    expect(html).not.toMatch(/<script|onerror|onclick|onload|javascript:|<svg/i);
  });

  it('keeps an h1 in the e-mail (a newsletter is its own document)', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/admin/newsletter/preview', headers: admin, payload: { subject: 'Big', content: '<h1 onclick="x()">Big news</h1><p>Hello</p>' } });
    expect(response.statusCode).toBe(200);
    expect((response.json() as { html: string }).html).toContain('<h1>Big news</h1><p>Hello</p>');
  });

  it("sends a test to the signed-in admin only: one e-mail as subscribers get it, '[Test] ' subject, none to subscribers", async () => {
    await addSubscribers({ email: 'one@example.com' }, { email: 'two@example.com' });
    const response = await app.inject({ method: 'POST', url: '/api/admin/newsletter/test', headers: admin, payload: { subject: 'June news', content: hostile } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ to: 'admin@test.local' });

    const rows = await db().select().from(emailOutbox);
    expect(rows.map((row) => [row.to, row.subject, row.bcc])).toEqual([['admin@test.local', '[Test] June news', null]]);
    expect(rows[0]!.html).toContain('<p>Hello <strong>friends</strong></p>');
    expect(rows[0]!.html).toContain('>Unsubscribe</a>');
    expect(rows[0]!.html).not.toMatch(/<script|onerror|onclick|onload|javascript:|<svg/i);
    expect(rows[0]!.text).toContain('Hello friends');

    // Delivered at once, not paced with a newsletter, and with the preview's link, never a working one.
    await worker.runOnce();
    const mail = smtp.messages.find((caught) => caught.recipients.includes('admin@test.local'));
    expect(mail?.subject).toBe('[Test] June news');
    expect(smtp.messages.filter((caught) => !caught.recipients.includes('admin@test.local'))).toEqual([]);
    expect(mail?.html).toContain('token=preview');
  });

  it('refuses a test with an empty subject, and visitors', async () => {
    const noSubject = await app.inject({ method: 'POST', url: '/api/admin/newsletter/test', headers: admin, payload: { subject: ' ', content: '<p>Hi</p>' } });
    expect(noSubject.statusCode).toBe(400);
    expect(noSubject.json()).toMatchObject({ message: 'Subject is required' });
    expect((await app.inject({ method: 'POST', url: '/api/admin/newsletter/test', payload: { subject: 'Hi', content: '<p>Hi</p>' } })).statusCode).toBe(401);
    expect(await db().select().from(emailOutbox)).toEqual([]);
  });

  it('refuses an empty subject or content, and a newsletter with no active subscribers', async () => {
    const noSubject = await app.inject({ method: 'POST', url: '/api/admin/newsletter/send', headers: admin, payload: { subject: ' ', content: '<p>Hi</p>' } });
    expect(noSubject.statusCode).toBe(400);
    expect(noSubject.json()).toMatchObject({ message: 'Subject is required' });
    const noContent = await app.inject({ method: 'POST', url: '/api/admin/newsletter/send', headers: admin, payload: { subject: 'Hi' } });
    expect(noContent.statusCode).toBe(400);
    expect(noContent.json()).toMatchObject({ message: 'Content is required' });
    const onlyScript = await app.inject({ method: 'POST', url: '/api/admin/newsletter/send', headers: admin, payload: { subject: 'Hi', content: '<script>alert(1)</script>' } });
    expect(onlyScript.statusCode).toBe(400);

    await addSubscribers({ email: 'left@example.com', unsubscribedAt: new Date() });
    const nobody = await app.inject({ method: 'POST', url: '/api/admin/newsletter/send', headers: admin, payload: { subject: 'Hi', content: '<p>Hi</p>' } });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json()).toMatchObject({ message: 'There are no active subscribers to send to' });
    expect(await db().select().from(emailOutbox)).toEqual([]);
    expect((await app.inject({ method: 'POST', url: '/api/admin/newsletter/send', payload: { subject: 'Hi', content: '<p>Hi</p>' } })).statusCode).toBe(401);
  });

  it('queues one sanitised e-mail per active subscriber only, and records it', async () => {
    await addSubscribers(
      { email: 'one@example.com' },
      { email: 'gone@example.com', unsubscribedAt: new Date() },
      { email: 'two@example.com', source: 'contact' },
    );
    const response = await app.inject({ method: 'POST', url: '/api/admin/newsletter/send', headers: admin, payload: { subject: 'June news', content: hostile } });
    expect(response.statusCode).toBe(201);
    const body = response.json() as { queued: number; firstAt: string; lastAt: string };
    expect(body.queued).toBe(2);

    const rows = await db().select().from(emailOutbox).orderBy(asc(emailOutbox.id));
    expect(rows.map((row) => [row.to, row.kind, row.subject, row.status])).toEqual([
      ['one@example.com', 'newsletter', 'June news', 'pending'],
      ['two@example.com', 'newsletter', 'June news', 'pending'],
    ]);
    expect(body.firstAt).toBe(rows[0]!.nextAttemptAt.toISOString());
    expect(body.lastAt).toBe(rows[1]!.nextAttemptAt.toISOString());
    for (const row of rows) {
      expect(row.html).toContain('<p>Hello <strong>friends</strong></p>');
      expect(row.html).not.toMatch(/<script|onerror|onclick|onload|javascript:|<svg/i);
      expect(row.text).toContain('Hello friends');
    }
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'newsletter_sent'), eq(auditLog.actor, 'admin@test.local')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit?.details).toMatchObject({ subject: 'June news', queued: 2 });
  });

  it("goes through the admin's 'newsletter' template: its subject and frame, one Bcc copy, and not at all when switched off", async () => {
    const saveTemplate = (template: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: '/api/debug/create-template', headers: admin, payload: { type: 'newsletter', ...template } });
    try {
      const saved = await saveTemplate({ subject: 'Workshop news: {{subject}}', content: '<p>Dear reader,</p>{{content}}<p>See you soon</p>', isActive: true, bccAdmin: true });
      expect(saved.statusCode, saved.body).toBeLessThan(300);
      await addSubscribers({ email: 'one@example.com' }, { email: 'two@example.com' });
      const sent = await app.inject({ method: 'POST', url: '/api/admin/newsletter/send', headers: admin, payload: { subject: 'June', content: '<p>New dates</p>' } });
      expect(sent.statusCode).toBe(201);
      const rows = await db().select().from(emailOutbox).orderBy(asc(emailOutbox.id));
      expect(rows.map((row) => [row.to, row.subject, row.bcc])).toEqual([
        ['one@example.com', 'Workshop news: June', 'admin@test.local'],
        ['two@example.com', 'Workshop news: June', null],
      ]);
      expect(rows[0]!.html).toMatch(/<p>Dear reader,<\/p><p>New dates<\/p><p>See you soon<\/p>/);

      await db().delete(emailOutbox);
      expect((await saveTemplate({ subject: '{{subject}}', content: '{{content}}', isActive: false, bccAdmin: false })).statusCode).toBeLessThan(300);
      const refused = await app.inject({ method: 'POST', url: '/api/admin/newsletter/send', headers: admin, payload: { subject: 'June', content: '<p>New dates</p>' } });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/newsletter e-mail template is switched off/);
      expect(await db().select().from(emailOutbox)).toEqual([]);
    } finally {
      await saveTemplate({ subject: '{{subject}}', content: '{{content}}', isActive: true, bccAdmin: false });
    }
  });

  it('paces the e-mails: one a second, so no more than 60 become due in any minute', async () => {
    await addSubscribers(...Array.from({ length: 125 }, (_, i) => ({ email: `pace${String(i).padStart(3, '0')}@example.com` })));
    const before = Date.now();
    const response = await app.inject({ method: 'POST', url: '/api/admin/newsletter/send', headers: admin, payload: { subject: 'Paced', content: '<p>Slowly</p>' } });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ queued: 125 });

    const due = (await db().select().from(emailOutbox).orderBy(asc(emailOutbox.id))).map((row) => row.nextAttemptAt.getTime());
    expect(due).toHaveLength(125);
    expect(due[0]! - before).toBeLessThan(5_000);
    for (let i = 1; i < due.length; i++) expect(due[i]! - due[i - 1]!).toBe(1000);
    for (let i = 0; i + 60 < due.length; i++) expect(due[i + 60]! - due[i]!).toBeGreaterThanOrEqual(60_000);

    // Only what is due goes out: right now, the first e-mail alone.
    const result = await worker.runOnce();
    expect(result.sent).toBeLessThanOrEqual(6);
    expect(smtp.messages.length).toBe(result.sent);
  });

  it('holds a backlog (all due at once, e.g. after an outage) to the per-minute limit, while other e-mail still goes', async () => {
    // The default limit is 60; a small one keeps the test quick.
    const limited = new OutboxWorker({
      secret: TEST_SECRET,
      db: db(),
      getTransport: () => smtpTransportFromUrl(smtp.url),
      batchSize: 100,
      newsletterPerMinute: 5,
      decorate: unsubscribeDecorator({ secret: TEST_SECRET, publicUrl: PUBLIC_URL }),
    });
    await addSubscribers(...Array.from({ length: 8 }, (_, i) => ({ email: `backlog${i}@example.com` })));
    expect((await app.inject({ method: 'POST', url: '/api/admin/newsletter/send', headers: admin, payload: { subject: 'Backlog', content: '<p>Hi</p>' } })).statusCode).toBe(201);
    await app.inject({ method: 'POST', url: '/api/admin/send-email', headers: admin, payload: { email: 'urgent@example.com', subject: 'Urgent', content: 'Not a newsletter.' } });
    await allDue();

    expect((await limited.runOnce()).sent).toBe(6);
    expect(smtp.messages.filter((mail) => mail.subject === 'Backlog')).toHaveLength(5);
    expect(smtp.messages.some((mail) => mail.subject === 'Urgent')).toBe(true);
    expect((await limited.runOnce()).sent).toBe(0);
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.status, 'pending'))).toHaveLength(3);

    // A minute later there is room again.
    await db().update(emailOutbox).set({ sentAt: new Date(Date.now() - 61_000) }).where(eq(emailOutbox.status, 'sent'));
    expect((await limited.runOnce()).sent).toBe(3);
  });

  it('does not deliver a queued newsletter to an address that unsubscribed after it was queued', async () => {
    await addSubscribers({ email: 'stays@example.com' }, { email: 'leaves@example.com' });
    const response = await app.inject({ method: 'POST', url: '/api/admin/newsletter/send', headers: admin, payload: { subject: 'Later news', content: '<p>News</p>' } });
    expect(response.statusCode).toBe(201);

    const unsubscribed = await app.inject({ method: 'GET', url: `/api/newsletter/unsubscribe?token=${tokenFor('leaves@example.com')}` });
    expect(unsubscribed.statusCode).toBe(200);

    await allDue();
    await worker.runOnce();
    expect(smtp.messages.map((mail) => mail.recipients)).toEqual([['stays@example.com']]);
    const delivered = smtp.messages[0]!;
    expect(delivered.subject).toBe('Later news');
    expect(delivered.html).toContain('<p>News</p>');
    expect(delivered.headers.get('list-unsubscribe')).toMatch(/^<http:\/\/test\.local\/api\/newsletter\/unsubscribe\?token=/);

    const [skipped] = await db().select().from(emailOutbox).where(eq(emailOutbox.to, 'leaves@example.com'));
    expect(skipped).toMatchObject({ status: 'sent', sentAt: null, lastError: 'Not sent: the recipient unsubscribed' });
    expect(await worker.runOnce()).toEqual({ sent: 0, failed: 0, retried: 0 });
  });
});
