import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayTime } from '../../src/features/booking/ui/timezone';
import { participantLinkFor } from '../../src/features/participant/server/participant-access';
import { sendDueReminders } from '../../src/features/calendar/server/reminders';
import { rederiveWorkshopInstants } from '../../src/features/workshops/server/workshop-instants';
import { bookings, emailOutbox, workshopDates } from '../../src/server/db/schema';
import { insertBookingsWithOrders } from '../../src/server/db/single-seat-orders';
import { buyer, createWorkshopDate } from '../helpers/factories';
import { clientHeaders, createTestApp, loginAsAdmin, sessionCookieFrom, TEST_SECRET, type TestApp } from '../helpers/test-app';

/**
 * The right time all year. For a date on each side of each kind of clock change, the
 * public answer, the calendar file, the reminder schedule and the booking section's time-zone
 * viewer agree on one instant, worked out by hand from the published rules.
 */

let app: TestApp;
let admin: Record<string, string>;
const db = () => app.database.db;
const HOUR = 3_600_000;

beforeAll(async () => {
  app = await createTestApp({ seed: false });
  admin = (await loginAsAdmin(app)).headers;
});
afterAll(async () => {
  await app.close();
});

async function createDate(body: Record<string, unknown>) {
  const response = await app.inject({ method: 'POST', url: '/api/admin/workshop-dates', headers: admin, payload: { price: 499, ...body } });
  return { status: response.statusCode, body: response.json() };
}

async function publicEntry(id: number) {
  const response = await app.inject({ url: '/api/workshop-dates', headers: clientHeaders });
  return (response.json() as Record<string, unknown>[]).find((entry) => entry.id === id)!;
}

async function bookSeat(workshopDateId: number, email: string) {
  const [row] = await insertBookingsWithOrders(db(), { workshopDateId, ...buyer('tz'), email, originalPriceCents: 49900, finalPriceCents: 49900, isPaid: true, status: 'confirmed' });
  return row!;
}

async function participantCookie(email: string) {
  const url = new URL(participantLinkFor(TEST_SECRET, 'http://test.local', email));
  const opened = await app.inject({ url: `${url.pathname}${url.search}`, headers: { accept: 'text/html' } });
  return sessionCookieFrom(opened)!;
}

const icsField = (body: string, name: string) =>
  body
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .find((line) => line.startsWith(`${name}:`))
    ?.slice(name.length + 1);

const remindersTo = (email: string) =>
  db().select().from(emailOutbox).where(and(eq(emailOutbox.to, email), like(emailOutbox.kind, 'booking-reminder-%')));

// [case, date, time, zone, start (UTC), end (UTC), abbreviation, viewer zone, what the booking list shows: organiser's day, time, and the viewer's]
const CASES = [
  ['US, before the March change', 'March 7, 2030', '10:00 AM - 12:00 PM', 'PST', '2030-03-07T18:00:00.000Z', '2030-03-07T20:00:00.000Z', 'PST', 'Asia/Tokyo',
    ['Thu, March 7, 2030', '10:00 AM – 12:00 PM PST', 'Fri, March 8, 2030, 3:00 AM – 5:00 AM JST for you']],
  ['US, the Sunday of the March change', 'March 10, 2030', '10:00 AM - 12:00 PM', 'PST', '2030-03-10T17:00:00.000Z', '2030-03-10T19:00:00.000Z', 'PDT', 'Asia/Tokyo',
    ['Sun, March 10, 2030', '10:00 AM – 12:00 PM PDT', 'Mon, March 11, 2030, 2:00 AM – 4:00 AM JST for you']],
  ['US, the Sunday of the November change', 'November 3, 2030', '10:00 AM - 12:00 PM', 'EST', '2030-11-03T15:00:00.000Z', '2030-11-03T17:00:00.000Z', 'EST', 'Europe/Berlin',
    ['Sun, November 3, 2030', '10:00 AM – 12:00 PM EST', '4:00 PM – 6:00 PM CET for you']],
  ['US, the day before the November change', 'November 2, 2030', '10:00 AM - 12:00 PM', 'EST', '2030-11-02T14:00:00.000Z', '2030-11-02T16:00:00.000Z', 'EDT', 'Europe/Berlin',
    ['Sat, November 2, 2030', '10:00 AM – 12:00 PM EDT', '3:00 PM – 5:00 PM CET for you']],
  ['EU, the last Sunday of March', 'March 31, 2030', '10:00 AM - 12:00 PM', 'CET', '2030-03-31T08:00:00.000Z', '2030-03-31T10:00:00.000Z', 'CEST', 'America/New_York',
    ['Sun, March 31, 2030', '10:00 AM – 12:00 PM CEST', '4:00 AM – 6:00 AM EDT for you']],
  ['EU, the last Sunday of October', 'October 27, 2030', '10:00 AM - 12:00 PM', 'CET', '2030-10-27T09:00:00.000Z', '2030-10-27T11:00:00.000Z', 'CET', 'America/New_York',
    ['Sun, October 27, 2030', '10:00 AM – 12:00 PM CET', '5:00 AM – 7:00 AM EDT for you']],
  ['Australia, summer time ends in April', 'April 7, 2030', '10:00 AM - 12:00 PM', 'AEST', '2030-04-07T00:00:00.000Z', '2030-04-07T02:00:00.000Z', 'AEST', 'America/Los_Angeles',
    ['Sun, April 7, 2030', '10:00 AM – 12:00 PM AEST', 'Sat, April 6, 2030, 5:00 PM – 7:00 PM PDT for you']],
  ['Australia, summer time starts in October', 'October 6, 2030', '10:00 AM - 12:00 PM', 'AEST', '2030-10-05T23:00:00.000Z', '2030-10-06T01:00:00.000Z', 'AEDT', 'America/Los_Angeles',
    ['Sun, October 6, 2030', '10:00 AM – 12:00 PM AEDT', 'Sat, October 5, 2030, 4:00 PM – 6:00 PM PDT for you']],
  ['Japan, no daylight time (summer)', 'July 4, 2030', '9:00 AM - 11:00 AM', 'JST', '2030-07-04T00:00:00.000Z', '2030-07-04T02:00:00.000Z', 'JST', 'Etc/GMT',
    ['Thu, July 4, 2030', '9:00 AM – 11:00 AM JST', '12:00 AM – 2:00 AM GMT for you']],
  ['Japan, no daylight time (winter)', 'January 9, 2030', '9:00 AM - 11:00 AM', 'JST', '2030-01-09T00:00:00.000Z', '2030-01-09T02:00:00.000Z', 'JST', 'Etc/GMT',
    ['Wed, January 9, 2030', '9:00 AM – 11:00 AM JST', '12:00 AM – 2:00 AM GMT for you']],
] as const;

describe.each(CASES)('%s', (name, date, time, zone, start, end, abbreviation, viewerZone, [shownDate, shownTime, forYou]) => {
  it('the public answer, the .ics, the reminders and the time-zone viewer agree', async () => {
    const created = await createDate({ title: name, date, time, timezone: zone });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ timezone: zone, timeZoneAbbreviation: abbreviation, startsAt: start, endsAt: end });

    const entry = await publicEntry(created.body.id);
    expect(entry).toMatchObject({ timezone: zone, timeZoneAbbreviation: abbreviation, startsAt: start, endsAt: end });
    expect(typeof entry.timeZoneId).toBe('string');

    const shown = displayTime(entry as Parameters<typeof displayTime>[0], viewerZone, undefined);
    expect(shown).toEqual({ date: shownDate, time: shownTime, forYou, converted: true });

    const email = `${created.body.id}.tz@example.com`;
    const booking = await bookSeat(created.body.id, email);
    const ics = await app.inject({ url: `/api/participant/bookings/${booking.id}/calendar.ics`, headers: { ...clientHeaders, cookie: await participantCookie(email) } });
    expect(ics.statusCode).toBe(200);
    expect(icsField(ics.body, 'DTSTART')).toBe(start.replace(/[-:]/g, '').replace('.000', ''));
    expect(icsField(ics.body, 'DTEND')).toBe(end.replace(/[-:]/g, '').replace('.000', ''));

    // The 24-hour reminder is due 24 real hours before the start, whatever the clocks did in between.
    const deps = { secret: TEST_SECRET, publicUrl: 'http://test.local' };
    const startsAt = new Date(start);
    expect(await sendDueReminders(db(), deps, new Date(startsAt.getTime() - 24 * HOUR - 60_000))).toEqual({ sent: 0 });
    expect(await sendDueReminders(db(), deps, new Date(startsAt.getTime() - 24 * HOUR))).toEqual({ sent: 1 });
    expect(await sendDueReminders(db(), deps, new Date(startsAt.getTime() - HOUR))).toEqual({ sent: 1 });
    expect((await remindersTo(email)).map((mail) => mail.kind).sort()).toEqual(['booking-reminder-1h', 'booking-reminder-24h']);
    // Leave no confirmed seat for the next case's reminder sweeps.
    await db().update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, booking.id));
  });
});

describe('the specification\'s example', () => {
  it('10:00 AM PST starts at 17:00 UTC on July 4, 2031 and at 18:00 UTC on January 9, 2031', async () => {
    const july = await createDate({ title: 'July', date: 'July 4, 2031', time: '10:00 AM', timezone: 'PST' });
    const january = await createDate({ title: 'January', date: 'January 9, 2031', time: '10:00 AM', timezone: 'PST' });
    expect(july.body).toMatchObject({ timezone: 'PST', timeZoneId: 'America/Los_Angeles', timeZoneAbbreviation: 'PDT', startsAt: '2031-07-04T17:00:00.000Z' });
    expect(january.body).toMatchObject({ timezone: 'PST', timeZoneId: 'America/Los_Angeles', timeZoneAbbreviation: 'PST', startsAt: '2031-01-09T18:00:00.000Z' });
  });

  it('takes an IANA zone as typed and answers it in its own spelling', async () => {
    const created = await createDate({ title: 'IANA', date: 'July 4, 2031', time: '10:00 AM', timezone: 'europe/berlin' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ timezone: 'Europe/Berlin', timeZoneId: 'Europe/Berlin', timeZoneAbbreviation: 'CEST', startsAt: '2031-07-04T08:00:00.000Z' });
  });

  it('refuses a zone no rules know', async () => {
    const refused = await createDate({ title: 'Mars', date: 'July 4, 2031', time: '10:00 AM', timezone: 'Mars/Olympus' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Please choose a time zone, like PST or America/Los_Angeles');
  });

  it('answers a TBC date with its zone and no instants', async () => {
    const tbc = await createDate({ title: 'Poll', isTBC: true, timezone: 'CET' });
    expect(tbc.body).toMatchObject({ timeZoneId: 'Europe/Berlin', timeZoneAbbreviation: null, startsAt: null, endsAt: null });
  });
});

describe('an end not after its start', () => {
  it.each([
    ['10:00 PM - 1:00 AM'],
    ['10:00 AM - 10:00 AM'],
    ['3:00 PM - 1:00 PM'],
  ])('%j is refused with 400 unless it says it ends the next day', async (time) => {
    const refused = await createDate({ title: 'Late', date: 'July 4, 2031', time, timezone: 'UTC' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('End time must be after start time');
  });

  it('a range marked as ending the next day ends on the next day', async () => {
    const created = await createDate({ title: 'Night', date: 'December 31, 2031', time: '10:00 PM - 1:00 AM', timezone: 'UTC', endsNextDay: true });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ endsNextDay: true, startsAt: '2031-12-31T22:00:00.000Z', endsAt: '2032-01-01T01:00:00.000Z' });
    expect(await publicEntry(created.body.id)).toMatchObject({ endsNextDay: true, endsAt: '2032-01-01T01:00:00.000Z' });
  });

  it('an edit that turns the flag off is refused, and the stored date is unchanged', async () => {
    const created = await createDate({ title: 'Night 2', date: 'December 30, 2031', time: '10:00 PM - 1:00 AM', timezone: 'UTC', endsNextDay: true });
    const edit = await app.inject({ method: 'PUT', url: `/api/admin/workshop-dates/${created.body.id}`, headers: admin, payload: { endsNextDay: false } });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe('End time must be after start time');
    const [row] = await db().select().from(workshopDates).where(eq(workshopDates.id, created.body.id));
    expect(row).toMatchObject({ endsNextDay: true });
    expect(row!.endsAt!.toISOString()).toBe('2031-12-31T01:00:00.000Z');
  });
});

describe('rows written with fixed offsets (start-up)', () => {
  it('are placed again under the zone rules, once, and a range past midnight says it ends the next day', async () => {
    // As the fixed-offset version stored them: PST as UTC−8 in July, a wrapping range without the flag.
    const summer = await createWorkshopDate(db(), {
      date: 'July 4, 2032',
      time: '10:00 AM - 12:00 PM',
      timezone: 'PST',
      startsAt: new Date('2032-07-04T18:00:00Z'),
      endsAt: new Date('2032-07-04T20:00:00Z'),
    });
    const night = await createWorkshopDate(db(), {
      date: 'July 5, 2032',
      time: '11:00 PM - 1:00 AM',
      timezone: 'CET',
      startsAt: new Date('2032-07-05T22:00:00Z'),
      endsAt: new Date('2032-07-06T00:00:00Z'),
    });
    const unknown = await createWorkshopDate(db(), {
      date: 'July 6, 2032',
      time: '10:00 AM',
      timezone: 'Mars/Olympus',
      startsAt: new Date('2032-07-06T10:00:00Z'),
      endsAt: new Date('2032-07-06T11:00:00Z'),
    });

    expect(await rederiveWorkshopInstants(db())).toBeGreaterThanOrEqual(2);
    const rows = await db().select().from(workshopDates);
    const byId = (id: number) => rows.find((row) => row.id === id)!;
    expect(byId(summer.id).startsAt!.toISOString()).toBe('2032-07-04T17:00:00.000Z');
    expect(byId(summer.id).endsAt!.toISOString()).toBe('2032-07-04T19:00:00.000Z');
    expect(byId(night.id)).toMatchObject({ endsNextDay: true });
    expect(byId(night.id).startsAt!.toISOString()).toBe('2032-07-05T21:00:00.000Z');
    expect(byId(night.id).endsAt!.toISOString()).toBe('2032-07-05T23:00:00.000Z');
    // Text no rules read keeps what was stored.
    expect(byId(unknown.id).startsAt!.toISOString()).toBe('2032-07-06T10:00:00.000Z');

    expect(await rederiveWorkshopInstants(db())).toBe(0);
  });
});

describe('a cancellation e-mails a calendar cancellation', () => {
  it('with METHOD:CANCEL and the UID of the confirmation\'s event', async () => {
    const created = await createDate({ title: 'To cancel', date: 'July 4, 2031', time: '10:00 AM - 12:00 PM', timezone: 'PST' });
    const email = 'cancel.tz@example.com';
    const booking = await bookSeat(created.body.id, email);
    const ics = await app.inject({ url: `/api/participant/bookings/${booking.id}/calendar.ics`, headers: { ...clientHeaders, cookie: await participantCookie(email) } });
    expect(icsField(ics.body, 'METHOD')).toBe('PUBLISH');
    expect(icsField(ics.body, 'UID')).toBe(`booking-${booking.id}@test.local`);

    const cancelled = await app.inject({ method: 'POST', url: `/api/admin/bookings/${booking.id}/cancel`, headers: admin, payload: { notify: true } });
    expect(cancelled.statusCode).toBe(200);
    const [mail] = await db().select().from(emailOutbox).where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, 'booking-cancellation')));
    const attachment = mail!.attachments?.[0];
    expect(attachment?.contentType).toBe('text/calendar; method=CANCEL');
    const body = Buffer.from(attachment!.content, 'base64').toString('utf8');
    expect(icsField(body, 'METHOD')).toBe('CANCEL');
    expect(icsField(body, 'UID')).toBe(`booking-${booking.id}@test.local`);
    expect(icsField(body, 'STATUS')).toBe('CANCELLED');
    expect(icsField(body, 'SEQUENCE')).toBe('1');
    expect(icsField(body, 'DTSTART')).toBe('20310704T170000Z');
  });
});
