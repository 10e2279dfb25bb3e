import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMINDER_BATCH_SIZE, sendDueReminders } from '../../src/features/calendar/server/reminders';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { bookingReminders, emailOutbox } from '../../src/server/db/schema';
import { insertBookingsWithOrders } from '../../src/server/db/single-seat-orders';
import { buyer, createWorkshopDate } from '../helpers/factories';
import { clientHeaders, createTestApp, sessionCookieFrom, TEST_SECRET, type TestApp } from '../helpers/test-app';
import { testDatabaseKind } from '../helpers/test-database';
import { asSent } from '../helpers/outbox';

/** Issue 5 point 7: meeting details 24 hours and 1 hour before the workshop, once per booking. */

let app: TestApp;
const db = () => app.database.db;
const deps = { secret: TEST_SECRET, publicUrl: 'http://test.local' };

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const HOUR = 3_600_000;
const MINUTE = 60_000;

/**
 * A workshop at 10:00 AM PST on its own July day: Pacific daylight time then, 17:00 UTC; each test takes a different day, at
 * least two apart, so one test's `now` never reaches another test's workshop.
 */
async function workshopOn(day: number, overrides: Parameters<typeof createWorkshopDate>[1] = {}) {
  const startsAt = new Date(Date.UTC(2031, 6, day, 17));
  const date = await createWorkshopDate(db(), {
    title: `Reminder Lab ${day}`,
    date: `July ${day}, 2031`,
    time: '10:00 AM - 12:00 PM',
    timezone: 'PST',
    startsAt,
    endsAt: new Date(startsAt.getTime() + 2 * HOUR),
    zoomLink: 'https://zoom.us/j/55501?pwd=remind',
    zoomMeetingId: '555 0100',
    zoomPassword: 'kite-7',
    ...overrides,
  });
  return { date, before: (ms: number) => new Date(startsAt.getTime() - ms) };
}

async function book(workshopDateId: number, email: string, status: 'confirmed' | 'reserved' | 'cancelled' | 'refunded' = 'confirmed') {
  const [row] = await insertBookingsWithOrders(db(), { workshopDateId, ...buyer('rem'), email, originalPriceCents: 49900, finalPriceCents: 49900, isPaid: status === 'confirmed', status });
  return row!;
}

const remindersTo = (email: string) =>
  db().select().from(emailOutbox).where(and(eq(emailOutbox.to, email), like(emailOutbox.kind, 'booking-reminder-%')));

describe('sendDueReminders', () => {
  it('sends the 24-hour reminder once, then the 1-hour one once, with the meeting details', async () => {
    const { date, before } = await workshopOn(4);
    const booking = await book(date.id, 'twice.rem@example.com');

    expect(await sendDueReminders(db(), deps, before(30 * HOUR))).toEqual({ sent: 0 });
    expect(await sendDueReminders(db(), deps, before(20 * HOUR))).toEqual({ sent: 1 });
    expect(await sendDueReminders(db(), deps, before(20 * HOUR))).toEqual({ sent: 0 });
    expect(await sendDueReminders(db(), deps, before(2 * HOUR))).toEqual({ sent: 0 });

    let mails = await remindersTo(booking.email);
    expect(mails).toHaveLength(1);
    const [dayBefore] = mails;
    expect(dayBefore!.kind).toBe('booking-reminder-24h');
    // Sent 20 hours ahead (the first sweep inside the last day), so it says so.
    expect(dayBefore!.subject).toBe('Reminder: Reminder Lab 4 starts in 20 hours');
    expect(dayBefore!.html).toContain('href="https://zoom.us/j/55501?pwd=remind"');
    expect(dayBefore!.html).toContain('555 0100');
    expect(dayBefore!.html).toContain('kite-7');
    // The organiser's range; the booking kept no zone of its own, so nothing 'for you'.
    expect(dayBefore!.html).toContain('Fri, July 4, 2031, 10:00 AM – 12:00 PM PDT<');
    expect(dayBefore!.text).toContain('Meeting link: https://zoom.us/j/55501?pwd=remind');

    // The participant link in the reminder opens a session for that address.
    const link = /href="(http:\/\/test\.local\/participant\?token=[^"]+)"/.exec(asSent(dayBefore!).html)?.[1]?.replace(/&amp;/g, '&');
    expect(link).toBeTruthy();
    const url = new URL(link!);
    const opened = await app.inject({ url: `${url.pathname}${url.search}`, headers: { accept: 'text/html' } });
    expect(opened.statusCode).toBe(303);
    const session = await app.inject({ url: '/api/participant/session', headers: { ...clientHeaders, cookie: sessionCookieFrom(opened)! } });
    expect(session.json()).toEqual({ email: 'twice.rem@example.com', isAdmin: false });

    expect(await sendDueReminders(db(), deps, before(50 * MINUTE))).toEqual({ sent: 1 });
    expect(await sendDueReminders(db(), deps, before(10 * MINUTE))).toEqual({ sent: 0 });
    expect(await sendDueReminders(db(), deps, before(-5 * MINUTE))).toEqual({ sent: 0 });

    mails = await remindersTo(booking.email);
    expect(mails.map((mail) => mail.kind).sort()).toEqual(['booking-reminder-1h', 'booking-reminder-24h']);
    expect(mails.find((mail) => mail.kind === 'booking-reminder-1h')!.subject).toBe('Reminder: Reminder Lab 4 starts in 1 hour');
    const marks = await db().select().from(bookingReminders).where(eq(bookingReminders.bookingId, booking.id));
    expect(marks.map((mark) => mark.kind).sort()).toEqual(['1h', '24h']);
  });

  it('sends only the 1-hour reminder to a booking first seen inside the last hour', async () => {
    const { date, before } = await workshopOn(7);
    const booking = await book(date.id, 'late.rem@example.com');
    expect(await sendDueReminders(db(), deps, before(40 * MINUTE))).toEqual({ sent: 1 });
    expect(await sendDueReminders(db(), deps, before(20 * MINUTE))).toEqual({ sent: 0 });
    expect((await remindersTo(booking.email)).map((mail) => mail.kind)).toEqual(['booking-reminder-1h']);
  });

  it('reminds nobody whose booking is cancelled, reserved or refunded, nor anyone of an inactive workshop', async () => {
    const { date, before } = await workshopOn(10);
    const skipped = [
      await book(date.id, 'cancelled.rem@example.com', 'cancelled'),
      await book(date.id, 'reserved.rem@example.com', 'reserved'),
      await book(date.id, 'refunded.rem@example.com', 'refunded'),
    ];
    const hidden = await workshopOn(10, { title: 'Hidden', isActive: false });
    skipped.push(await book(hidden.date.id, 'inactive.rem@example.com'));

    expect(await sendDueReminders(db(), deps, before(20 * HOUR))).toEqual({ sent: 0 });
    expect(await sendDueReminders(db(), deps, before(30 * MINUTE))).toEqual({ sent: 0 });
    for (const booking of skipped) expect(await remindersTo(booking.email)).toHaveLength(0);
    const marks = await db().select().from(bookingReminders).where(inArray(bookingReminders.bookingId, skipped.map((b) => b.id)));
    expect(marks).toHaveLength(0);
  });

  it('says the link is on the bookings page when the workshop has no meeting link yet', async () => {
    const { date, before } = await workshopOn(13, { zoomLink: null, zoomMeetingId: null, zoomPassword: null });
    const booking = await book(date.id, 'nolink.rem@example.com');
    expect(await sendDueReminders(db(), deps, before(3 * HOUR))).toEqual({ sent: 1 });
    const [mail] = await remindersTo(booking.email);
    expect(mail!.html).toContain('The meeting link will be on your bookings page.');
    expect(mail!.html).not.toContain('zoom.us');
  });

  it('queues each reminder exactly once when several runs race', async () => {
    const { date, before } = await workshopOn(16);
    const people = await Promise.all([1, 2, 3, 4, 5].map((n) => book(date.id, `race${n}.rem@example.com`)));
    const now = before(12 * HOUR);
    const runs = await Promise.all([1, 2, 3, 4].map(() => sendDueReminders(db(), deps, now)));
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(5);
    for (const person of people) expect(await remindersTo(person.email)).toHaveLength(1);
  });

  // On PostgreSQL the second runner has its own connection pool, like a second app instance; the
  // embedded database has one connection, so there both runners share it (no test is skipped).
  it('queues each reminder once across two instances', async () => {
    const { date, before } = await workshopOn(19);
    const people = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((n) => book(date.id, `pool${n}.rem@example.com`)));
    const second: DatabaseHandle | null = testDatabaseKind === 'postgres' ? await openDatabase({ databaseUrl: await currentDatabaseUrl() }) : null;
    const otherDb = second?.db ?? db();
    try {
      const now = before(30 * MINUTE);
      const runs = await Promise.all([
        sendDueReminders(db(), deps, now),
        sendDueReminders(otherDb, deps, now),
        sendDueReminders(db(), deps, now),
        sendDueReminders(otherDb, deps, now),
      ]);
      expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(people.length);
      for (const person of people) expect((await remindersTo(person.email)).map((mail) => mail.kind)).toEqual(['booking-reminder-1h']);
    } finally {
      await second?.close();
    }
  });

  /** The URL of this test file's own PostgreSQL database. */
  async function currentDatabaseUrl(): Promise<string> {
    // Both drivers answer `execute` with `{ rows }`; the shared Database type leaves it unknown.
    const result = (await db().execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${result.rows[0]!.name}`;
    return url.toString();
  }

  it(`handles at most ${REMINDER_BATCH_SIZE} reminders per run and leaves the rest for the next`, async () => {
    const { date, before } = await workshopOn(22);
    const extra = 3;
    await insertBookingsWithOrders(
      db(),
      Array.from({ length: REMINDER_BATCH_SIZE + extra }, (_, i) => ({
        workshopDateId: date.id,
        ...buyer('batch'),
        email: `batch${i}.rem@example.com`,
        originalPriceCents: 49900,
        finalPriceCents: 49900,
        isPaid: true,
      })),
    );
    const now = before(6 * HOUR);
    expect(await sendDueReminders(db(), deps, now)).toEqual({ sent: REMINDER_BATCH_SIZE });
    expect(await sendDueReminders(db(), deps, now)).toEqual({ sent: extra });
    expect(await sendDueReminders(db(), deps, now)).toEqual({ sent: 0 });
  });
});
