import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { ensureAdminUser } from '../../src/features/admin-auth/server/admin-auth.service';
import { bookings, contactMessages, emailOutbox, emailTemplates } from '../../src/server/db/schema';
import { OutboxWorker } from '../../src/server/email/outbox-worker';
import { smtpTransportFromUrl } from '../../src/server/email/transport';
import { buyer, createDiscountCode, createWorkshopDate } from '../helpers/factories';
import { SmtpCatcher } from '../helpers/smtp-catcher';
import { clientHeaders, TEST_ADMIN, TEST_SECRET, adminTestSession } from '../helpers/test-app';
import { reserveConfirmed } from '../helpers/reservations';

/**
 * E-mail templates: every e-mail renders through the admin's template of its
 * type; switched off means not sent; BCC Admin copies the admins; values are escaped.
 */


const session = adminTestSession();
beforeEach(async () => {
  await session.db.delete(emailTemplates);
});

const post = (url: string, payload: object) => session.app.inject({ method: 'POST', url, payload, headers: clientHeaders });

async function saveTemplate(template: { type: string; subject: string; content: string; isActive?: boolean; bccAdmin?: boolean }) {
  const response = await session.app.inject({ method: 'POST', url: '/api/debug/create-template', headers: session.headers, payload: template });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

let codes = 0;
/** A free booking through the public API with a fresh 100 % code (as a visitor would make it). */
async function bookFree(who: ReturnType<typeof buyer>, dateOverrides: Parameters<typeof createWorkshopDate>[1] = {}) {
  const date = await createWorkshopDate(session.db, dateOverrides);
  const code = `TPLFREE${++codes}`;
  await createDiscountCode(session.db, { code, discountPercent: 100 });
  const response = await post('/api/bookings', { workshopDateId: date.id, ...who, discountCode: code, stripePaymentId: 'free-booking' });
  expect(response.statusCode, response.body).toBe(201);
  return { date, booking: response.json() as { id: number } };
}

const mailTo = (to: string) => session.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));

describe('booking confirmation through its template', () => {
  it('uses the default text until an admin saves a template', async () => {
    const who = buyer('tpl-default');
    const { date } = await bookFree(who);
    const [mail] = await mailTo(who.email);
    expect(mail).toMatchObject({ kind: 'booking-free', subject: `Your seat is booked: ${date.title}`, bcc: null });
    expect(mail!.html).toContain('free of charge');
    expect(mail!.text).toContain('free of charge');
  });

  it('an edited template changes the next confirmation: subject, content and placeholders', async () => {
    await saveTemplate({
      type: 'booking-confirmation',
      subject: 'Booked, {{firstName}}! {{workshopTitle}}',
      content: '<p>Custom hello {{firstName}} {{lastName}}.</p>{{paymentLine}}<p>Bring coffee.</p>{{details}}<p><a href="{{participantLink}}">Your bookings</a></p>',
    });
    const who = { ...buyer('tpl-edited'), firstName: 'Grace', lastName: 'Hopper' };
    const { date, booking } = await bookFree(who, { title: 'Template Lab' });
    const [mail] = await mailTo(who.email);
    expect(mail!.subject).toBe('Booked, Grace! Template Lab');
    expect(mail!.html).toContain('<p>Custom hello Grace Hopper.</p>');
    expect(mail!.html).toContain('<p>Bring coffee.</p>');
    expect(mail!.html).toContain('free of charge');
    expect(mail!.html).toContain(`<td>#${booking.id}</td>`);
    expect(mail!.html).toContain(date.date);
    expect(mail!.html).toMatch(/<a href="http:\/\/test\.local\/participant\?token=[^"]+" style="[^"]*">Your bookings<\/a>/);
    expect(mail!.html).not.toContain('We will send the meeting link');
    // The calendar event still comes with a confirmed seat.
    expect(mail!.attachments?.map((file) => file.filename)).toEqual([expect.stringMatching(/\.ics$/)]);
  });

  it('an inactive template sends nothing, and the booking still succeeds', async () => {
    await saveTemplate({ type: 'booking-confirmation', subject: 'Off', content: '<p>Off</p>', isActive: false });
    const who = buyer('tpl-off');
    const { booking } = await bookFree(who);
    expect(await mailTo(who.email)).toEqual([]);
    const [row] = await session.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ email: who.email, status: 'confirmed' });
  });

  it('BCC Admin copies every admin, and the mail server receives the copies', async () => {
    await ensureAdminUser(session.db, { email: 'second-admin@test.local', password: 'another long password here' });
    await saveTemplate({ type: 'booking-confirmation', subject: 'Copied', content: '<p>Copied {{firstName}}</p>', bccAdmin: true });
    const who = buyer('tpl-bcc');
    await bookFree(who);
    const [mail] = await mailTo(who.email);
    expect(mail!.bcc).toBe(`${TEST_ADMIN.email}, second-admin@test.local`);

    const smtp = await SmtpCatcher.start();
    const worker = new OutboxWorker({ db: session.db, secret: TEST_SECRET, getTransport: () => smtpTransportFromUrl(smtp.url), backoff: () => 0 });
    try {
      await session.db.delete(emailOutbox).where(and(eq(emailOutbox.status, 'pending'), eq(emailOutbox.kind, 'booking-free')));
      await bookFree(buyer('tpl-bcc-2'));
      await worker.runOnce();
      const delivered = smtp.messages.find((message) => message.subject === 'Copied');
      expect(delivered?.recipients.sort()).toEqual(['buyertpl-bcc-2@example.com', TEST_ADMIN.email, 'second-admin@test.local'].sort());
      expect(delivered?.headers.get('bcc')).toBeUndefined();
    } finally {
      await worker.stop();
      await smtp.stop();
    }
  });

  it('escapes what the visitor typed, inside the admin template and inside the product-built table', async () => {
    await saveTemplate({ type: 'booking-confirmation', subject: 'Hi {{firstName}}', content: '<p>Hi {{firstName}}</p>{{details}}' });
    const who = { ...buyer('tpl-evil'), firstName: '<img src=x onerror=alert(1)>' };
    await bookFree(who, { title: 'Evil <b>Lab</b>' });
    const [mail] = await mailTo(who.email);
    expect(mail!.html).toContain('<p>Hi &lt;img src=x onerror=alert(1)&gt;</p>');
    expect(mail!.html).toContain('<td>Evil &lt;b&gt;Lab&lt;/b&gt;</td>');
    expect(mail!.html).not.toContain('<img src=x');
    expect(mail!.html).not.toContain('<b>Lab</b>');
    // The subject is plain text: nothing to escape, nothing to inject.
    expect(mail!.subject).toBe('Hi <img src=x onerror=alert(1)>');
  });

  it('a placeholder in an href or src of the admin template only ever yields an http(s) or mailto URL', async () => {
    await saveTemplate({
      type: 'booking-confirmation',
      subject: 'Booked',
      content: '<p><a href="{{firstName}}">Hi</a> <img src="{{lastName}}" alt=""> <a href="{{participantLink}}">Your bookings</a></p>',
    });
    // Saving (sanitising) keeps the placeholder where the admin put it.
    const [row] = await session.db.select().from(emailTemplates).where(eq(emailTemplates.type, 'booking-confirmation'));
    expect(row!.content).toContain('<a href="{{firstName}}">');
    const who = { ...buyer('tpl-href'), firstName: 'javascript:alert(1)', lastName: '//evil.example/pixel.png' };
    await bookFree(who);
    const [mail] = await mailTo(who.email);
    expect(mail!.html).toMatch(/<a href="#" style="[^"]*">Hi<\/a>/);
    expect(mail!.html).toContain('<img src="#" alt="" />');
    expect(mail!.html).not.toMatch(/javascript:|evil\.example/i);
    // A real link from the product passes.
    expect(mail!.html).toMatch(/<a href="http:\/\/test\.local\/participant\?token=[^"]+" style="[^"]*">Your bookings<\/a>/);
  });

  it('a reservation uses the booking-reservation template and keeps its pay link', async () => {
    await saveTemplate({ type: 'booking-reservation', subject: 'Held: {{workshopTitle}}', content: '<p><a href="{{payLink}}">Pay now</a> {{amount}}</p>' });
    const date = await createWorkshopDate(session.db, { title: 'Reserve Lab', requiresImmediatePayment: false });
    const who = buyer('tpl-reserve');
    await reserveConfirmed(session.app, { workshopDateId: date.id, ...who });
    const mail = (await mailTo(who.email)).find((row) => row.kind !== 'reservation-confirm');
    expect(mail).toMatchObject({ kind: 'booking-reserved', subject: 'Held: Reserve Lab' });
    expect(mail!.html).toMatch(/<a href="http:\/\/test\.local\/checkout\?booking=\d+&amp;token=[^"]+" style="[^"]*">Pay now<\/a> \$499\.00/);
  });
});

describe('other e-mails through their templates', () => {
  it('participant-access: the sign-in link e-mail follows its template, and none is sent while it is off', async () => {
    const { date } = await bookFree(buyer('tpl-access'));
    expect(date).toBeTruthy();
    await session.db.delete(emailOutbox);
    await saveTemplate({ type: 'participant-access', subject: 'Your link', content: '<p><a href="{{participantLink}}">Open</a> for {{email}}</p>' });
    expect((await post('/api/participant/access', { email: 'buyertpl-access@example.com' })).statusCode).toBe(200);
    const [mail] = await mailTo('buyertpl-access@example.com');
    expect(mail).toMatchObject({ kind: 'participant-access', subject: 'Your link' });
    expect(mail!.html).toMatch(/<a href="http:\/\/test\.local\/participant\?token=[^"]+" style="[^"]*">Open<\/a> for buyertpl-access@example.com/);

    await session.db.delete(emailOutbox);
    await saveTemplate({ type: 'participant-access', subject: 'Your link', content: '<p>x</p>', isActive: false });
    expect((await post('/api/participant/access', { email: 'buyertpl-access@example.com' })).statusCode).toBe(200);
    expect(await mailTo('buyertpl-access@example.com')).toEqual([]);
  });

  it('admin-message: the admin text goes inside the template; switched off, sending is refused with a reason', async () => {
    await saveTemplate({ type: 'admin-message', subject: '[Workshops] {{subject}}', content: '<p>Hello from the team</p>{{content}}<p>Bye</p>' });
    const send = () => session.app.inject({ method: 'POST', url: '/api/admin/send-email', headers: session.headers, payload: { email: 'user@example.com', subject: 'Slides', content: 'Here <they> are' } });
    expect((await send()).statusCode).toBe(200);
    const [mail] = await mailTo('user@example.com');
    expect(mail!.subject).toBe('[Workshops] Slides');
    expect(mail!.html).toContain('<p>Hello from the team</p><p>Here &lt;they&gt; are</p><p>Bye</p>');

    await session.db.delete(emailOutbox);
    await saveTemplate({ type: 'admin-message', subject: '{{subject}}', content: '{{content}}', isActive: false });
    const refused = await send();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/admin-message' e-mail template is switched off/);
    expect(await mailTo('user@example.com')).toEqual([]);
  });
});

describe('contact-reply', () => {
  const contact = (email: string, extra: object = {}) =>
    post('/api/contact', { name: 'Katherine <K> Johnson', email, subject: 'Group booking', message: 'Can five of us join the July workshop?', ...extra });

  it('acknowledges a contact message to the person who wrote, escaped, in the same transaction as the message', async () => {
    const response = await contact('Katherine@Example.com');
    expect(response.statusCode).toBe(201);
    const [mail] = await mailTo('katherine@example.com');
    expect(mail).toMatchObject({ kind: 'contact-reply', subject: 'We received your message', status: 'pending' });
    expect(mail!.html).toContain('Hi Katherine &lt;K&gt; Johnson,');
    expect(mail!.html).toContain('Group booking');
    const [stored] = await session.db.select().from(contactMessages).where(eq(contactMessages.id, response.json().id));
    expect(stored).toBeTruthy();
  });

  it('sends at most 3 acknowledgements an hour to one address; the messages are all stored', async () => {
    for (let i = 0; i < 5; i++) expect((await contact('flood@example.com', { subject: `Try ${i}` })).statusCode).toBe(201);
    expect(await mailTo('flood@example.com')).toHaveLength(3);
    expect(await session.db.select().from(contactMessages).where(eq(contactMessages.email, 'flood@example.com'))).toHaveLength(5);
  });

  it('sends nothing while its template is off', async () => {
    await saveTemplate({ type: 'contact-reply', subject: 'Thanks', content: '<p>Thanks</p>', isActive: false });
    expect((await contact('quiet@example.com')).statusCode).toBe(201);
    expect(await mailTo('quiet@example.com')).toEqual([]);
  });
});
