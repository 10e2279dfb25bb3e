import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participantLinkFor } from '../../src/features/participant/server/participant-access';
import { auditLog, emailOutbox } from '../../src/server/db/schema';
import { insertBookingsWithOrders } from '../../src/server/db/single-seat-orders';
import { OutboxWorker } from '../../src/server/email/outbox-worker';
import { smtpTransportFromUrl } from '../../src/server/email/transport';
import { buyer, createDiscountCode, createWorkshopDate } from '../helpers/factories';
import { payWithDemoCard } from '../helpers/demo-payments';
import { SmtpCatcher } from '../helpers/smtp-catcher';
import { clientHeaders, testAppSession, loginAsAdmin, sessionCookieFrom, TEST_SECRET } from '../helpers/test-app';
import { asSent } from '../helpers/outbox';
import { reserveConfirmed } from '../helpers/reservations';

/** CONTRACT §5 and issue 5 point 6: the booking's calendar event, for its owner only. */

const session = testAppSession();
const db = () => session.db;
let smtp: SmtpCatcher;

beforeAll(async () => {
  smtp = await SmtpCatcher.start();
});
afterAll(async () => {
  await smtp.stop();
});

/** 10:00 AM PST on July 4, 2031 is Pacific daylight time, 17:00 UTC; a single time means one hour. */
const PST_WORKSHOP = {
  title: 'Prompts, Evals; and \\ Agents',
  date: 'July 4, 2031',
  time: '10:00 AM',
  timezone: 'PST',
  startsAt: new Date('2031-07-04T17:00:00Z'),
  endsAt: new Date('2031-07-04T18:00:00Z'),
  zoomLink: 'https://zoom.us/j/98765?pwd=secret',
  zoomMeetingId: '987 6543 210',
  zoomPassword: 'owl-42',
};

async function insertBooking(workshopDateId: number, email: string, status: 'confirmed' | 'reserved' | 'cancelled' = 'confirmed') {
  const [row] = await insertBookingsWithOrders(db(), { workshopDateId, ...buyer('cal'), email, originalPriceCents: 49900, finalPriceCents: 49900, isPaid: status === 'confirmed', status });
  return row!;
}

/** Opens the e-mailed link the way a browser does and returns the session cookie it sets. */
async function openLink(link: string): Promise<string> {
  const url = new URL(link);
  const opened = await session.app.inject({ url: `${url.pathname}${url.search}`, headers: { accept: 'text/html' } });
  expect(opened.statusCode).toBe(303);
  const cookie = sessionCookieFrom(opened);
  expect(cookie).toBeTruthy();
  return cookie!;
}

const sessionFor = (email: string) => openLink(participantLinkFor(TEST_SECRET, 'http://test.local', email));
const calendarOf = (bookingId: number, cookie?: string) =>
  session.app.inject({ url: `/api/participant/bookings/${bookingId}/calendar.ics`, headers: cookie ? { ...clientHeaders, cookie } : clientHeaders });

/** Logical lines (unfolded) of an .ics body, after checking its line endings. */
function icsLines(body: string): string[] {
  expect(body.endsWith('\r\n')).toBe(true);
  expect(body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  for (const line of body.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
  return body.replace(/\r\n[ \t]/g, '').split('\r\n').filter(Boolean);
}
/** A property's value, whatever parameters it carries ('URL;VALUE=URI:…'). */
const field = (lines: string[], name: string) => {
  const line = lines.find((candidate) => candidate.startsWith(`${name}:`) || candidate.startsWith(`${name};`));
  return line?.slice(line.indexOf(':') + 1);
};

describe('GET /api/participant/bookings/{id}/calendar.ics', () => {
  it('gives the owner a one-hour event in UTC, with escaped texts and the meeting details', async () => {
    const date = await createWorkshopDate(db(), PST_WORKSHOP);
    const booking = await insertBooking(date.id, 'owner.cal@example.com');
    const response = await calendarOf(booking.id, await sessionFor('Owner.Cal@example.com'));

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="workshop-${booking.id}.ics"`);
    const lines = icsLines(response.body);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    expect(field(lines, 'VERSION')).toBe('2.0');
    expect(field(lines, 'METHOD')).toBe('PUBLISH');
    expect(field(lines, 'PRODID')).toBeTruthy();
    expect(field(lines, 'UID')).toBe(`booking-${booking.id}@test.local`);
    expect(field(lines, 'DTSTAMP')).toMatch(/^\d{8}T\d{6}Z$/);
    // 10:00 AM PST in July: Pacific daylight time, UTC−7.
    expect(field(lines, 'DTSTART')).toBe('20310704T170000Z');
    expect(field(lines, 'DTEND')).toBe('20310704T180000Z');
    expect(field(lines, 'SUMMARY')).toBe('Prompts\\, Evals\\; and \\\\ Agents');
    expect(field(lines, 'LOCATION')).toBe('https://zoom.us/j/98765?pwd=secret');
    expect(field(lines, 'URL')).toBe('http://test.local/participant');
    const description = field(lines, 'DESCRIPTION')!;
    expect(description).toContain('When: Fri\\, July 4\\, 2031\\, 10:00 AM – 11:00 AM PDT\\n');
    expect(description).toContain('Meeting link: https://zoom.us/j/98765?pwd=secret');
    expect(description).toContain('Meeting ID: 987 6543 210');
    expect(description).toContain('Password: owl-42');
    expect(description).toContain('\\n');
  });

  it('keeps the meeting details out of the event of an unpaid reservation', async () => {
    const date = await createWorkshopDate(db(), PST_WORKSHOP);
    const booking = await insertBooking(date.id, 'reserved.cal@example.com', 'reserved');
    const response = await calendarOf(booking.id, await sessionFor('reserved.cal@example.com'));
    expect(response.statusCode).toBe(200);
    const lines = icsLines(response.body);
    expect(field(lines, 'DTSTART')).toBe('20310704T170000Z');
    expect(response.body).not.toContain('owl-42');
    expect(response.body).not.toContain('zoom.us');
    expect(lines.some((line) => line.startsWith('LOCATION'))).toBe(false);
  });

  it('uses the end of a time range', async () => {
    const date = await createWorkshopDate(db(), { ...PST_WORKSHOP, time: '9:30 AM - 12:00 PM', timezone: 'EST' });
    const booking = await insertBooking(date.id, 'range.cal@example.com');
    const lines = icsLines((await calendarOf(booking.id, await sessionFor('range.cal@example.com'))).body);
    // Eastern daylight time in July, UTC−4.
    expect(field(lines, 'DTSTART')).toBe('20310704T133000Z');
    expect(field(lines, 'DTEND')).toBe('20310704T160000Z');
  });

  it('refuses a stranger with 403 (logged), and a caller without a session with 401', async () => {
    const date = await createWorkshopDate(db(), PST_WORKSHOP);
    const booking = await insertBooking(date.id, 'victim.cal@example.com');

    const stranger = await calendarOf(booking.id, await sessionFor('stranger.cal@example.com'));
    expect(stranger.statusCode).toBe(403);
    expect(stranger.body).not.toContain('owl-42');
    const denied = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actor, 'stranger.cal@example.com'), eq(auditLog.action, 'participant_access_denied')));
    expect(denied).toHaveLength(1);

    const anonymous = await calendarOf(booking.id);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('BEGIN:VCALENDAR');
  });

  it('lets an admin download any booking\'s event', async () => {
    const date = await createWorkshopDate(db(), PST_WORKSHOP);
    const booking = await insertBooking(date.id, 'admin-view.cal@example.com');
    const { cookie } = await loginAsAdmin(session.app);
    const response = await calendarOf(booking.id, cookie);
    expect(response.statusCode).toBe(200);
    expect(field(icsLines(response.body), 'UID')).toBe(`booking-${booking.id}@test.local`);
  });

  it('answers 404 for a cancelled booking and for a workshop whose date is not set', async () => {
    const date = await createWorkshopDate(db(), PST_WORKSHOP);
    const cancelled = await insertBooking(date.id, 'cancelled.cal@example.com', 'cancelled');
    const cancelledResponse = await calendarOf(cancelled.id, await sessionFor('cancelled.cal@example.com'));
    expect(cancelledResponse.statusCode).toBe(404);

    const tbc = await createWorkshopDate(db(), { title: 'Poll pending', isTBC: true, date: '', time: '', startsAt: null, endsAt: null });
    const tbcBooking = await insertBooking(tbc.id, 'tbc.cal@example.com');
    const tbcResponse = await calendarOf(tbcBooking.id, await sessionFor('tbc.cal@example.com'));
    expect(tbcResponse.statusCode).toBe(404);
    expect(tbcResponse.json()).toEqual({ message: 'The date of this workshop is not set yet' });
  });
});

describe('the confirmation e-mail', () => {
  const linkIn = (html: string) => /href="(http:\/\/test\.local\/participant\?token=[^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
  const outboxTo = async (email: string) => (await db().select().from(emailOutbox).where(eq(emailOutbox.to, email))).map(asSent);

  it('of a free booking attaches the .ics and carries a sign-in link that opens the booking', async () => {
    const date = await createWorkshopDate(db(), { ...PST_WORKSHOP, title: 'Free Calendar Lab' });
    await createDiscountCode(db(), { code: 'CALFREE100', discountPercent: 100 });
    const who = buyer('cal-free');
    const booked = await session.post('/api/bookings', { workshopDateId: date.id, ...who, discountCode: 'CALFREE100', stripePaymentId: 'free-booking' });
    expect(booked.statusCode).toBe(201);
    const bookingId = booked.json().id as number;

    const [mail] = await outboxTo(who.email);
    expect(mail!.attachments).toHaveLength(1);
    const [file] = mail!.attachments!;
    expect(file!.filename).toBe('workshop.ics');
    expect(file!.contentType).toBe('text/calendar');
    const lines = icsLines(Buffer.from(file!.content, 'base64').toString('utf8'));
    expect(field(lines, 'UID')).toBe(`booking-${bookingId}@test.local`);
    // 10:00 AM PST in July: Pacific daylight time, UTC−7.
    expect(field(lines, 'DTSTART')).toBe('20310704T170000Z');
    expect(field(lines, 'DTEND')).toBe('20310704T180000Z');
    expect(field(lines, 'SUMMARY')).toBe('Free Calendar Lab');

    expect(mail!.html).toContain('See your booking');
    const link = linkIn(mail!.html);
    expect(link).toBeTruthy();
    const cookie = await openLink(link!);
    const calendar = await calendarOf(bookingId, cookie);
    expect(calendar.statusCode).toBe(200);

    // And it really leaves as a MIME attachment.
    const worker = new OutboxWorker({ db: db(), secret: TEST_SECRET, getTransport: () => smtpTransportFromUrl(smtp.url), backoff: () => 0 });
    await worker.runOnce();
    await worker.stop();
    const delivered = smtp.messages.find((message) => message.recipients.includes(who.email));
    expect(delivered?.attachments.map((a) => [a.filename, a.contentType.split(';')[0]])).toEqual([['workshop.ics', 'text/calendar']]);
    expect(delivered?.attachments[0]?.content.toString('utf8')).toContain('DTSTART:20310704T170000Z');
  });

  it('of a paid booking attaches the .ics; a reservation carries the link but no event yet', async () => {
    const date = await createWorkshopDate(db(), { ...PST_WORKSHOP, title: 'Paid Calendar Lab', requiresImmediatePayment: false });
    const paid = buyer('cal-paid');
    await payWithDemoCard(session.app, { workshopDateId: date.id, customerInfo: paid });
    const [paidMail] = await outboxTo(paid.email);
    expect(paidMail!.kind).toBe('booking-paid');
    expect(paidMail!.attachments?.map((a) => a.filename)).toEqual(['workshop.ics']);
    expect(linkIn(paidMail!.html)).toBeTruthy();
    // It says what the attached event carries, and promises nothing the event already brings.
    expect(paidMail!.text).toContain('The attached calendar event carries the time and your join link.');
    expect(paidMail!.text).not.toMatch(/will send the meeting link/i);

    const later = buyer('cal-later');
    await reserveConfirmed(session.app, { workshopDateId: date.id, ...later });
    const [reservedMail] = (await outboxTo(later.email)).filter((mail) => mail.kind !== 'reservation-confirm');
    expect(reservedMail!.kind).toBe('booking-reserved');
    expect(reservedMail!.attachments).toBeNull();
    expect(linkIn(reservedMail!.html)).toBeTruthy();
  });

  it('of a booking for a TBC workshop has no attachment', async () => {
    const date = await createWorkshopDate(db(), { title: 'TBC Lab', isTBC: true, date: '', time: '', startsAt: null, endsAt: null });
    await createDiscountCode(db(), { code: 'CALTBC100', discountPercent: 100 });
    const who = buyer('cal-tbc');
    const booked = await session.post('/api/bookings', { workshopDateId: date.id, ...who, discountCode: 'CALTBC100', stripePaymentId: 'free-booking' });
    expect(booked.statusCode).toBe(201);
    const [mail] = await outboxTo(who.email);
    expect(mail!.attachments).toBeNull();
    expect(linkIn(mail!.html)).toBeTruthy();
    expect(mail!.text).toContain('The date is still to be set: we will e-mail you the calendar event once it is.');
    expect(mail!.text).not.toContain('attached');
  });
});
