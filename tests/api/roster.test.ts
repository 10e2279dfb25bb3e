import { and, eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { bookingMail } from '../../src/app/server/booking-mail';
import { sendDueReminders } from '../../src/features/calendar/server/reminders';
import { joinLinkFor } from '../../src/features/participant/server';
import { participantLinkFor } from '../../src/features/participant/server/participant-access';
import { auditLog, bookings, emailOutbox, orders, workshopDates } from '../../src/server/db/schema';
import { insertBookingsWithOrders } from '../../src/server/db/single-seat-orders';
import { signToken } from '../../src/server/lib/signed-token';
import { createWorkshopDate } from '../helpers/factories';
import { asSent } from '../helpers/outbox';
import { adminTestSession, clientHeaders, TEST_ADMIN, TEST_SECRET } from '../helpers/test-app';

/** A date's roster, its check-in and CSV, and each seat's personal join link (docs/decisions/020-roster-and-join-links.md). */

const session = adminTestSession();
const db = () => session.db;
const call = session.json;
const PUBLIC_URL = 'http://test.local';
const MINUTE = 60_000;

type Status = 'confirmed' | 'reserved' | 'cancelled' | 'refunded' | 'expired';
type SeatFields = { firstName?: string; lastName?: string; email: string; company?: string; status?: Status; priceCents?: number; paid?: boolean; deleted?: boolean };

async function seat(workshopDateId: number, fields: SeatFields) {
  const status = fields.status ?? 'confirmed';
  const price = fields.priceCents ?? 49900;
  const [row] = await insertBookingsWithOrders(db(), {
    workshopDateId,
    firstName: fields.firstName ?? 'Grace',
    lastName: fields.lastName ?? 'Hopper',
    email: fields.email,
    company: fields.company ?? '',
    originalPriceCents: 49900,
    finalPriceCents: price,
    isPaid: fields.paid ?? (status !== 'reserved' && price > 0),
    status,
    deletedAt: fields.deleted ? new Date() : null,
  });
  return row!;
}

/** A date under way: started 10 minutes ago, ends in 2 hours, with a web meeting link. */
const liveDate = (overrides: Parameters<typeof createWorkshopDate>[1] = {}) =>
  createWorkshopDate(db(), {
    startsAt: new Date(Date.now() - 10 * MINUTE),
    endsAt: new Date(Date.now() + 120 * MINUTE),
    zoomLink: 'https://zoom.us/j/111?pwd=first',
    ...overrides,
  });

const roster = (id: number | string) => call('GET', `/api/admin/workshop-dates/${id}/roster`);
const seatRow = async (id: number) => (await db().select().from(bookings).where(eq(bookings.id, id)))[0]!;
const open = (url: string) => session.app.inject({ method: 'GET', url: new URL(url).pathname, headers: { accept: 'text/html' } });

describe('GET /api/admin/workshop-dates/{id}/roster', () => {
  it('lists every confirmed or reserved seat of the date, never a cancelled, refunded, expired, deleted or pending one', async () => {
    const date = await createWorkshopDate(db(), { title: 'Roster Lab' });
    const paid = await seat(date.id, { firstName: 'Paula', lastName: 'Paid', email: 'paid@example.com', company: 'Acme' });
    await seat(date.id, { firstName: 'Fred', lastName: 'Free', email: 'free@example.com', priceCents: 0, paid: true });
    await seat(date.id, { firstName: 'Rita', lastName: 'Reserved', email: 'reserved@example.com', status: 'reserved' });
    await seat(date.id, { email: 'cancelled@example.com', status: 'cancelled' });
    await seat(date.id, { email: 'refunded@example.com', status: 'refunded' });
    await seat(date.id, { email: 'expired@example.com', status: 'expired' });
    await seat(date.id, { email: 'deleted@example.com', deleted: true });
    // A checkout still paying holds seats as an order without bookings: it is no one on the roster.
    await db().insert(orders).values({
      reference: 'PND-001',
      workshopDateId: date.id,
      buyerFirstName: 'Holly',
      buyerLastName: 'Hold',
      buyerEmail: 'hold@example.com',
      seatOriginalCents: 49900,
      seatFinalCents: 49900,
      status: 'pending',
      holdExpiresAt: new Date(Date.now() + 15 * MINUTE),
    });
    const other = await createWorkshopDate(db());
    await seat(other.id, { email: 'other-date@example.com' });

    const { status, body } = await roster(date.id);
    expect(status).toBe(200);
    expect(body.workshopDate).toMatchObject({ id: date.id, title: 'Roster Lab', date: date.date, time: date.time, timezone: date.timezone });
    // By last name: Free, Paid, Reserved.
    expect(body.attendees.map((a: { email: string; payment: string; status: string }) => [a.email, a.payment, a.status])).toEqual([
      ['free@example.com', 'free', 'confirmed'],
      ['paid@example.com', 'paid', 'confirmed'],
      ['reserved@example.com', 'unpaid', 'reserved'],
    ]);
    const [order] = await db().select().from(orders).where(eq(orders.id, paid.orderId));
    expect(body.attendees[1]).toEqual({
      bookingId: paid.id,
      orderId: paid.orderId,
      orderReference: order!.reference,
      firstName: 'Paula',
      lastName: 'Paid',
      email: 'paid@example.com',
      company: 'Acme',
      payment: 'paid',
      status: 'confirmed',
      hasAttended: false,
      joinedAt: null,
    });
  });

  it('answers a date with no seats with an empty list', async () => {
    const date = await createWorkshopDate(db());
    const { status, body } = await roster(date.id);
    expect(status).toBe(200);
    expect(body.attendees).toEqual([]);
    expect(body.workshopDate.id).toBe(date.id);
  });

  it('answers 404 for an unknown date, 400 for an id that is no number, 401 without an admin session', async () => {
    const unknown = await roster(987_654);
    expect(unknown).toEqual({ status: 404, body: expect.objectContaining({ message: 'Workshop date not found' }) });
    const bad = await roster('abc');
    expect(bad.status).toBe(400);
    expect(typeof bad.body.message).toBe('string');
    const date = await createWorkshopDate(db());
    for (const url of [`/api/admin/workshop-dates/${date.id}/roster`, `/api/admin/workshop-dates/${date.id}/roster.csv`]) {
      const anonymous = await session.app.inject({ method: 'GET', url, headers: clientHeaders });
      expect(anonymous.statusCode).toBe(401);
    }
    const markAll = await session.app.inject({ method: 'POST', url: `/api/admin/workshop-dates/${date.id}/roster/attendance`, headers: clientHeaders, payload: { hasAttended: true } });
    expect(markAll.statusCode).toBe(401);
  });
});

describe('GET /api/admin/workshop-dates/{id}/roster.csv', () => {
  it('is the same seats as a spreadsheet file, hostile text kept inert and intact', async () => {
    const date = await createWorkshopDate(db());
    const hostile = await seat(date.id, { firstName: '=cmd|/C calc', lastName: 'Quote "Q" Smith', email: 'hostile@example.com', company: 'Line one\nline two, Inc' });
    await seat(date.id, { firstName: 'Zed', lastName: 'Zulu', email: 'zed@example.com', status: 'reserved' });
    await seat(date.id, { email: 'gone@example.com', status: 'refunded' });
    const [order] = await db().select().from(orders).where(eq(orders.id, hostile.orderId));

    const response = await session.call('GET', `/api/admin/workshop-dates/${date.id}/roster.csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="roster-${date.id}.csv"`);
    const text = response.body.replace(/^\uFEFF/, '');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Booking,Order,First name,Last name,E-mail,Company,Payment,Status,Attended,Joined at');
    // The formula is written with a leading quote; quotes doubled; the line break stays inside its quoted cell.
    expect(text).toContain(`${hostile.id},${order!.reference},'=cmd|/C calc,"Quote ""Q"" Smith",hostile@example.com,"Line one\nline two, Inc",paid,confirmed,no,`);
    const parsed = Papa.parse<string[]>(text.trimEnd(), { delimiter: ',' }).data;
    expect(parsed).toHaveLength(3);
    expect(parsed[2]).toEqual([expect.any(String), expect.any(String), 'Zed', 'Zulu', 'zed@example.com', '', 'unpaid', 'reserved', 'no', '']);
    expect(text).not.toContain('gone@example.com');
  });
});

describe('check-in', () => {
  it('sets one live seat of the date present or absent, audited; another date’s or a cancelled seat is a 404', async () => {
    const date = await createWorkshopDate(db());
    const ada = await seat(date.id, { email: 'ada@example.com' });
    const cancelled = await seat(date.id, { email: 'left@example.com', status: 'cancelled' });
    const other = await createWorkshopDate(db());
    const elsewhere = await seat(other.id, { email: 'elsewhere@example.com' });
    const url = (bookingId: number, dateId = date.id) => `/api/admin/workshop-dates/${dateId}/roster/${bookingId}/attendance`;

    expect(await call('PUT', url(ada.id), { hasAttended: true })).toEqual({ status: 200, body: { bookingId: ada.id, hasAttended: true } });
    expect((await seatRow(ada.id)).hasAttended).toBe(true);
    expect((await roster(date.id)).body.attendees[0].hasAttended).toBe(true);
    expect(await call('PUT', url(ada.id), { hasAttended: false })).toEqual({ status: 200, body: { bookingId: ada.id, hasAttended: false } });
    expect((await seatRow(ada.id)).hasAttended).toBe(false);

    expect((await call('PUT', url(elsewhere.id), { hasAttended: true })).status).toBe(404);
    expect((await seatRow(elsewhere.id)).hasAttended).toBe(false);
    expect((await call('PUT', url(cancelled.id), { hasAttended: true })).status).toBe(404);
    expect((await seatRow(cancelled.id)).hasAttended).toBe(false);
    const refused = await call('PUT', url(ada.id), { hasAttended: 'yes' });
    expect(refused.status).toBe(400);
    expect(typeof refused.body.message).toBe('string');

    const audit = await db().select().from(auditLog).where(and(eq(auditLog.action, 'booking_attendance_updated'), eq(auditLog.entityId, String(ada.id))));
    expect(audit.map((row) => [row.actor, (row.details as { hasAttended: boolean }).hasAttended])).toEqual([
      [TEST_ADMIN.email, true],
      [TEST_ADMIN.email, false],
    ]);
  });

  it('marks every live seat of the date present at once, and no other seat', async () => {
    const date = await createWorkshopDate(db());
    const seats = [await seat(date.id, { email: 'one@example.com' }), await seat(date.id, { email: 'two@example.com', status: 'reserved' })];
    const cancelled = await seat(date.id, { email: 'cancelled@example.com', status: 'cancelled' });
    const deleted = await seat(date.id, { email: 'deleted@example.com', deleted: true });
    const other = await createWorkshopDate(db());
    const elsewhere = await seat(other.id, { email: 'elsewhere@example.com' });

    const { status, body } = await call('POST', `/api/admin/workshop-dates/${date.id}/roster/attendance`, { hasAttended: true });
    expect(status).toBe(200);
    expect(body).toEqual({ updated: 2, hasAttended: true });
    for (const live of seats) expect((await seatRow(live.id)).hasAttended).toBe(true);
    for (const untouched of [cancelled, deleted, elsewhere]) expect((await seatRow(untouched.id)).hasAttended).toBe(false);
    const audit = await db().select().from(auditLog).where(and(eq(auditLog.action, 'roster_attendance_marked'), eq(auditLog.entityId, String(date.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: TEST_ADMIN.email, entity: 'workshop_date', details: { hasAttended: true, seats: 2 } });

    expect((await call('POST', `/api/admin/workshop-dates/987654/roster/attendance`, { hasAttended: true })).status).toBe(404);
  });
});

describe('GET /join/{token}', () => {
  it('sends a confirmed seat to the date’s current meeting link and records the first join time only', async () => {
    const date = await liveDate();
    const ada = await seat(date.id, { email: 'ada.join@example.com' });
    // The link the participant page hands out for this seat.
    const list = await call('GET', `/api/participant/bookings?email=${encodeURIComponent('ada.join@example.com')}`);
    expect(list.status).toBe(200);
    const joinUrl: string = list.body.find((booking: { id: number }) => booking.id === ada.id).joinUrl;
    expect(joinUrl).toMatch(/^http:\/\/test\.local\/join\/[\w.-]+$/);

    const first = await open(joinUrl);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('https://zoom.us/j/111?pwd=first');
    expect(first.headers['referrer-policy']).toBe('no-referrer');
    const joined = await seatRow(ada.id);
    expect(joined.hasAttended).toBe(true);
    expect(joined.joinedAt).toBeInstanceOf(Date);
    expect(Math.abs(joined.joinedAt!.getTime() - Date.now())).toBeLessThan(60_000);

    // The organiser changes the link: the same join link follows it, and the first join time stays.
    await db().update(workshopDates).set({ zoomLink: 'https://meet.example.com/new-room' }).where(eq(workshopDates.id, date.id));
    const second = await open(joinUrl);
    expect(second.statusCode).toBe(302);
    expect(second.headers.location).toBe('https://meet.example.com/new-room');
    expect((await seatRow(ada.id)).joinedAt!.toISOString()).toBe(joined.joinedAt!.toISOString());
    const shown = (await roster(date.id)).body.attendees[0];
    expect(shown).toMatchObject({ bookingId: ada.id, hasAttended: true, joinedAt: joined.joinedAt!.toISOString() });
  });

  it('stops working for a cancelled, refunded or deleted seat, and refuses an unpaid reservation', async () => {
    const date = await liveDate();
    const cases = [
      { seat: await seat(date.id, { email: 'c@example.com', status: 'cancelled' }), code: 410, words: 'no longer booked' },
      { seat: await seat(date.id, { email: 'r@example.com', status: 'refunded' }), code: 410, words: 'no longer booked' },
      { seat: await seat(date.id, { email: 'd@example.com', deleted: true }), code: 410, words: 'no longer booked' },
      { seat: await seat(date.id, { email: 'u@example.com', status: 'reserved' }), code: 403, words: 'not paid yet' },
    ];
    for (const { seat: refused, code, words } of cases) {
      const response = await open(joinLinkFor(TEST_SECRET, PUBLIC_URL, refused.id));
      expect(response.statusCode).toBe(code);
      expect(response.headers.location).toBeUndefined();
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain(words);
      expect(response.body).toContain('href="/participant"');
      expect(response.body).not.toContain('zoom.us');
      const row = await seatRow(refused.id);
      expect([row.hasAttended, row.joinedAt]).toEqual([false, null]);
    }
  });

  it('refuses a forged token, another link’s token and a seat that does not exist', async () => {
    const date = await liveDate();
    const ada = await seat(date.id, { email: 'forged@example.com' });
    const genuine = joinLinkFor(TEST_SECRET, PUBLIC_URL, ada.id);
    const forged = [
      joinLinkFor('another-secret-another-secret-another', PUBLIC_URL, ada.id),
      `${genuine.slice(0, -3)}abc`,
      `${PUBLIC_URL}/join/${encodeURIComponent(signToken(TEST_SECRET, 'participant-access', String(ada.id), 60_000))}`,
      participantLinkFor(TEST_SECRET, PUBLIC_URL, 'forged@example.com').replace('/participant?token=', '/join/'),
      joinLinkFor(TEST_SECRET, PUBLIC_URL, 987_654),
      `${PUBLIC_URL}/join/not-a-token`,
    ];
    for (const link of forged) {
      const response = await open(link);
      expect(response.statusCode, link).toBe(404);
      expect(response.headers.location).toBeUndefined();
      expect(response.body).toContain('This join link does not work');
    }
    expect((await seatRow(ada.id)).joinedAt).toBeNull();
  });

  it('never redirects to a link that is not a web address, and says a missing link will come', async () => {
    const hostile = await liveDate({ zoomLink: 'javascript:alert(document.cookie)' });
    const seatOnHostile = await seat(hostile.id, { email: 'js@example.com' });
    const response = await open(joinLinkFor(TEST_SECRET, PUBLIC_URL, seatOnHostile.id));
    expect(response.headers.location).toBeUndefined();
    expect(response.body).not.toContain('javascript:');
    expect(response.body).toContain('not ready yet');

    const noLink = await liveDate({ zoomLink: null });
    const waiting = await seat(noLink.id, { email: 'wait@example.com' });
    const pending = await open(joinLinkFor(TEST_SECRET, PUBLIC_URL, waiting.id));
    expect(pending.statusCode).toBe(200);
    expect(pending.headers.location).toBeUndefined();
    expect(pending.body).toContain('will appear here before the workshop');
    expect((await seatRow(waiting.id)).hasAttended).toBe(false);
  });

  it('redirects long before the start without recording attendance', async () => {
    const later = await createWorkshopDate(db(), { zoomLink: 'https://zoom.us/j/222' });
    const early = await seat(later.id, { email: 'early@example.com' });
    const response = await open(joinLinkFor(TEST_SECRET, PUBLIC_URL, early.id));
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('https://zoom.us/j/222');
    const row = await seatRow(early.id);
    expect([row.hasAttended, row.joinedAt]).toEqual([false, null]);
  });

  it('hands out a join link only for a confirmed seat', async () => {
    const date = await liveDate();
    await seat(date.id, { email: 'both@example.com', status: 'reserved' });
    const list = await call('GET', `/api/participant/bookings?email=${encodeURIComponent('both@example.com')}`);
    expect(list.body.map((booking: { status: string; joinUrl: string | null }) => [booking.status, booking.joinUrl])).toEqual([['reserved', null]]);
  });
});

describe('e-mails carry the seat’s own join link', () => {
  const sentTo = async (to: string) => (await db().select().from(emailOutbox).where(eq(emailOutbox.to, to))).map(asSent);
  const joinLinkIn = (html: string) => /href="(http:\/\/test\.local\/join\/[^"]+)"/.exec(html)?.[1];

  it('the confirmation and the reminder link to /join/{token}, which opens the meeting; the raw link stays as a fallback', async () => {
    // Starts in 20 minutes: the 1-hour reminder is due, and joining now counts as attendance.
    const date = await liveDate({ startsAt: new Date(Date.now() + 20 * MINUTE), zoomLink: 'https://zoom.us/j/333' });
    const grace = await seat(date.id, { email: 'mailed@example.com' });
    await db().transaction((tx) => bookingMail({ publicUrl: PUBLIC_URL }).seatBooked(tx, 'paid', grace, date));
    await sendDueReminders(db(), { secret: TEST_SECRET, publicUrl: PUBLIC_URL });

    const mails = await sentTo('mailed@example.com');
    expect(mails.map((mail) => mail.kind).sort()).toEqual(['booking-paid', 'booking-reminder-1h']);
    for (const mail of mails) {
      const link = joinLinkIn(mail.html);
      expect(link, mail.kind).toBeDefined();
      const opened = await open(link!);
      expect(opened.statusCode).toBe(302);
      expect(opened.headers.location).toBe('https://zoom.us/j/333');
    }
    const reminder = mails.find((mail) => mail.kind === 'booking-reminder-1h')!;
    expect(reminder.html).toMatch(/Meeting link<\/strong><\/td><td><a href="https:\/\/zoom\.us\/j\/333"/);
    expect((await seatRow(grace.id)).joinedAt).not.toBeNull();
  });
});
