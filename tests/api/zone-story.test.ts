import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDueReminders } from '../../src/features/calendar/server/reminders';
import { participantLinkFor } from '../../src/features/participant/server/participant-access';
import { bookings, emailOutbox } from '../../src/server/db/schema';
import { buyer, createDiscountCode, createWorkshopDate } from '../helpers/factories';
import { clientHeaders, createTestApp, sessionCookieFrom, TEST_SECRET, type TestApp } from '../helpers/test-app';
import { reserveConfirmed, setReservationShare } from '../helpers/reservations';

/**
 * Issue 16 point 3, one zone story along the journey: the zone the visitor chose when booking is
 * kept with the booking (bookings.timeZone) and the e-mails, the calendar text and the reminders
 * show their time beside the organiser's. Expected texts are written out by hand.
 */

let app: TestApp;
const db = () => app.database.db;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const HOUR = 3_600_000;
const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload, headers: clientHeaders });

/** 10:00 AM – 12:00 PM 'PST' on a July day of 2031: Pacific daylight time, 17:00–19:00 UTC. */
async function julyWorkshop(day: number, title: string) {
  const startsAt = new Date(Date.UTC(2031, 6, day, 17));
  return createWorkshopDate(db(), {
    title,
    date: `July ${day}, 2031`,
    time: '10:00 AM - 12:00 PM',
    timezone: 'PST',
    startsAt,
    endsAt: new Date(startsAt.getTime() + 2 * HOUR),
    requiresImmediatePayment: false,
    seatsTotal: 50,
  });
}

const BERLIN_JULY_4 = 'Fri, July 4, 2031, 10:00 AM – 12:00 PM PDT · 7:00 PM – 9:00 PM CEST for you';
const ORGANISER_JULY_4 = 'Fri, July 4, 2031, 10:00 AM – 12:00 PM PDT';

const mailsTo = (to: string, kind?: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(kind ? and(eq(emailOutbox.to, to), eq(emailOutbox.kind, kind)) : eq(emailOutbox.to, to));
const bookingRow = async (id: number) => (await db().select().from(bookings).where(eq(bookings.id, id)))[0]!;

/** The .ics text of an outbox attachment, its folded lines joined again. */
function icsOf(mail: { attachments: unknown }): string {
  const [file] = mail.attachments as { content: string }[];
  return Buffer.from(file!.content, 'base64').toString('utf8').replace(/\r\n[ \t]/g, '');
}

describe('the visitor zone kept with a booking', () => {
  it('a reservation made in Berlin: the booking keeps the zone and its e-mail says both times', async () => {
    const date = await julyWorkshop(4, 'Zone Lab Reserve');
    const who = buyer('zone-reserve');
    const { id } = await reserveConfirmed(app, { workshopDateId: date.id, ...who, paymentMode: 'pay_later', timeZone: 'Europe/Berlin' });
    expect((await bookingRow(id)).timeZone).toBe('Europe/Berlin');
    const [asked] = await mailsTo(who.email, 'reservation-confirm');
    expect(asked!.html).toContain(BERLIN_JULY_4);
    const [mail] = await mailsTo(who.email, 'booking-reserved');
    expect(mail!.html).toContain(`<td>${BERLIN_JULY_4}</td>`);
    expect(mail!.text).toContain(BERLIN_JULY_4);
  });

  it('a paid booking from Tokyo: the confirmation and its calendar file name the next day there', async () => {
    const date = await julyWorkshop(4, 'Zone Lab Paid');
    const who = buyer('zone-paid');
    const intent = await post('/api/create-payment-intent', { workshopDateId: date.id, customerInfo: who, timeZone: 'Asia/Tokyo' });
    expect(intent.statusCode, intent.body).toBe(200);
    const paid = await post('/api/payments/demo/confirm', { paymentIntentId: intent.json().paymentIntentId, cardNumber: '4242424242424242' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await bookingRow(paid.json().bookingId)).timeZone).toBe('Asia/Tokyo');

    const [mail] = await mailsTo(who.email, 'booking-paid');
    const tokyo = 'Fri, July 4, 2031, 10:00 AM – 12:00 PM PDT · Sat, July 5, 2031, 2:00 AM – 4:00 AM JST for you';
    expect(mail!.html).toContain(`<td>${tokyo}</td>`);
    const ics = icsOf(mail!);
    expect(ics).toContain('DTSTART:20310704T170000Z');
    expect(ics).toContain('DESCRIPTION:When: Fri\\, July 4\\, 2031\\, 10:00 AM – 12:00 PM PDT · Sat\\, July 5\\, 2031\\, 2:00 AM – 4:00 AM JST for you\\n');
  });

  it('a free booking from Berlin, then its reminder and its cancellation, all say both times', async () => {
    const date = await julyWorkshop(11, 'Zone Lab Free');
    await createDiscountCode(db(), { code: 'ZONEFREE', discountPercent: 100 });
    const who = buyer('zone-free');
    const booked = await post('/api/bookings', { workshopDateId: date.id, ...who, discountCode: 'ZONEFREE', stripePaymentId: 'free-booking', timeZone: 'Europe/Berlin' });
    expect(booked.statusCode, booked.body).toBe(201);
    const bookingId = booked.json().id as number;
    expect((await bookingRow(bookingId)).timeZone).toBe('Europe/Berlin');
    const berlin = 'Fri, July 11, 2031, 10:00 AM – 12:00 PM PDT · 7:00 PM – 9:00 PM CEST for you';
    const [confirmation] = await mailsTo(who.email, 'booking-free');
    expect(confirmation!.html).toContain(`<td>${berlin}</td>`);

    // The day-before reminder, 20 hours ahead.
    const { sent } = await sendDueReminders(db(), { secret: TEST_SECRET, publicUrl: 'http://test.local' }, new Date(Date.UTC(2031, 6, 10, 21)));
    expect(sent).toBeGreaterThanOrEqual(1);
    const [reminder] = await mailsTo(who.email, 'booking-reminder-24h');
    expect(reminder!.html).toContain(`<td>${berlin}</td>`);

    // Cancelled by the participant: the e-mail's text and its calendar cancellation.
    const link = new URL(participantLinkFor(TEST_SECRET, 'http://test.local', who.email));
    const opened = await app.inject({ url: `${link.pathname}${link.search}`, headers: { accept: 'text/html' } });
    const cookie = sessionCookieFrom(opened)!;
    const cancelled = await app.inject({ method: 'POST', url: `/api/participant/cancel-booking/${bookingId}`, headers: { ...clientHeaders, cookie }, payload: { email: who.email } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [cancellation] = await mailsTo(who.email, 'booking-cancellation');
    expect(cancellation!.html).toContain(`for Zone Lab Free (${berlin}) is cancelled`);
    const ics = icsOf(cancellation!);
    expect(ics).toContain('METHOD:CANCEL');
    expect(ics).toContain(`When: Fri\\, July 11\\, 2031\\, 10:00 AM – 12:00 PM PDT · 7:00 PM – 9:00 PM CEST for you.`);
  });

  it('without a zone, or with one the zone rules do not know, books fine and shows the organiser alone', async () => {
    const date = await julyWorkshop(4, 'Zone Lab Unknown');
    const cases: [string, unknown, string | null][] = [
      ['none', undefined, null],
      ['mars', 'Mars/Olympus', null],
      ['long', `Europe/${'x'.repeat(493)}`, null],
      ['offset', '+05:00', null],
      ['empty', '', null],
      ['abbreviation', 'pst', 'America/Los_Angeles'],
      ['lowercase', 'europe/berlin', 'Europe/Berlin'],
    ];
    // Every case reserves on this one date.
    await setReservationShare(app.database.db, 100);
    for (const [label, timeZone, stored] of cases) {
      const who = buyer(`zone-${label}`);
      const { id } = await reserveConfirmed(app, { workshopDateId: date.id, ...who, paymentMode: 'pay_later', timeZone });
      expect((await bookingRow(id)).timeZone, label).toBe(stored);
    }
    await setReservationShare(app.database.db, 25);
    const [mail] = await mailsTo(buyer('zone-mars').email, 'booking-reserved');
    expect(mail!.html).toContain(`<td>${ORGANISER_JULY_4}</td>`);
    expect(mail!.html).not.toContain('for you</td>');
  });

  it('refuses a zone with a NUL character or a lone surrogate, as every field does', async () => {
    const date = await julyWorkshop(4, 'Zone Lab Hostile');
    for (const timeZone of ['Europe/Berlin\u0000', '\ud800Europe/Berlin']) {
      const reserve = await post('/api/bookings/reserve', { workshopDateId: date.id, ...buyer('zone-nul'), paymentMode: 'pay_later', timeZone });
      expect(reserve.statusCode).toBe(400);
      expect(reserve.json().message).toBe('Time zone contains a character that is not allowed');
      const intent = await post('/api/create-payment-intent', { workshopDateId: date.id, customerInfo: buyer('zone-nul'), timeZone });
      expect(intent.statusCode).toBe(400);
    }
    // Not text at all: a malformed body.
    const numeric = await post('/api/bookings/reserve', { workshopDateId: date.id, ...buyer('zone-number'), paymentMode: 'pay_later', timeZone: 5 });
    expect(numeric.statusCode).toBe(400);
  });
});
