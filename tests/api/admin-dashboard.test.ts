import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { contactMessages, waitlistEntries, workshopTemplates, type bookings } from '../../src/server/db/schema';
import { insertBookingsWithOrders } from '../../src/server/db/single-seat-orders';
import { weekStartUtc } from '../../src/features/admin-dashboard/server/admin-dashboard.service';
import { buyer, createWorkshopDate } from '../helpers/factories';
import { adminTestSession } from '../helpers/test-app';

/** The dashboard's overview: summary cards, the messages badge and the chart data. */

let db: Database;

const session = adminTestSession({ seed: false });
beforeAll(() => {
  db = session.db;
});

type BookingRow = typeof bookings.$inferInsert;
const book = (workshopDateId: number, row: Partial<BookingRow>) =>
  insertBookingsWithOrders(db, { workshopDateId, ...buyer(Math.random()), originalPriceCents: 49900, finalPriceCents: 49900, ...row });

const get = async (url: string) => {
  const response = await session.app.inject({ method: 'GET', url, headers: session.headers });
  expect(response.statusCode).toBe(200);
  return response.json();
};

describe('GET /api/admin/summary', () => {
  it('counts workshops, bookings, free bookings, revenue and unread messages', async () => {
    const open = await createWorkshopDate(db, { seatsTotal: 20 });
    await createWorkshopDate(db, { isActive: false });
    await book(open.id, { isPaid: true, finalPriceCents: 49900 });
    await book(open.id, { isPaid: true, finalPriceCents: 24950, discountAmountCents: 24950 });
    // Free with a 100 % code: paid, yet no revenue.
    await book(open.id, { isPaid: true, finalPriceCents: 0, discountAmountCents: 49900 });
    // Reserved, pay later: a booking, not revenue.
    await book(open.id, { isPaid: false, status: 'reserved', paymentMode: 'pay_later' });
    // History: neither counted nor earning.
    await book(open.id, { isPaid: true, status: 'refunded' });
    await book(open.id, { isPaid: false, status: 'cancelled' });
    await db.insert(contactMessages).values([
      { name: 'A', email: 'a@example.com', subject: 'One', message: 'Hello there' },
      { name: 'B', email: 'b@example.com', subject: 'Two', message: 'Hello there', isRead: true },
      { name: 'C', email: 'c@example.com', subject: 'Three', message: 'Hello there' },
    ]);

    expect(await get('/api/admin/summary')).toEqual({
      activeWorkshops: 1,
      totalWorkshops: 2,
      totalBookings: 4,
      paidBookings: 3,
      freeBookings: 1,
      revenue: 748.5,
      unreadMessages: 2,
      peopleWaiting: 0,
      seatsWaitedFor: 0,
    });
  });

  it('counts the people still waiting for an upcoming date or a workshop’s next date, and the seats they want', async () => {
    const soon = await createWorkshopDate(db, { seatsTotal: 2, seatsTaken: 2 });
    const someday = await createWorkshopDate(db, { isTBC: true, date: '', time: '', startsAt: null, endsAt: null });
    const started = await createWorkshopDate(db, { startsAt: new Date(Date.now() - 7_200_000), endsAt: new Date(Date.now() - 3_600_000) });
    const [template] = await db.insert(workshopTemplates).values({ title: 'Prototyping' }).returning();
    const entry = (n: number, row: Partial<typeof waitlistEntries.$inferInsert>) => ({ firstName: `Waiting${n}`, lastName: 'Person', email: `waiting${n}@example.com`, ...row });
    const offerExpiresAt = new Date(Date.now() + 86_400_000);
    await db.insert(waitlistEntries).values([
      entry(1, { workshopDateId: soon.id, seats: 2 }),
      entry(2, { workshopDateId: soon.id, seats: 1 }),
      entry(3, { workshopDateId: someday.id, seats: 1 }),
      entry(4, { templateId: template!.id, seats: 4 }),
      // Not waiting any more: an offer holds its seats already; the others have closed.
      entry(5, { workshopDateId: soon.id, status: 'offered', offeredAt: new Date(), offerExpiresAt, offerSeatCents: 49900 }),
      entry(6, { workshopDateId: soon.id, status: 'booked', closedAt: new Date() }),
      entry(7, { workshopDateId: soon.id, status: 'removed', closedAt: new Date() }),
      entry(8, { workshopDateId: soon.id, status: 'expired', closedAt: new Date() }),
      // Its workshop has started: nobody will be offered a seat on it any more.
      entry(9, { workshopDateId: started.id, seats: 3 }),
    ]);

    expect(await get('/api/admin/summary')).toMatchObject({ peopleWaiting: 4, seatsWaitedFor: 8 });
  });
});

describe('GET /api/admin/stats', () => {
  it('gives twelve Monday-based weeks, oldest first, with this week’s bookings and revenue', async () => {
    const stats = await get('/api/admin/stats');
    expect(stats.weekly).toHaveLength(12);
    const thisWeek = weekStartUtc(new Date()).toISOString().slice(0, 10);
    expect(stats.weekly.at(-1)).toEqual({ weekStart: thisWeek, bookings: 4, revenue: 748.5 });
    for (const week of stats.weekly) expect(new Date(`${week.weekStart}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(stats.weekly.slice(0, -1).every((w: { bookings: number }) => w.bookings === 0)).toBe(true);
  });

  it('puts older bookings in their own week and leaves out bookings older than twelve weeks', async () => {
    const date = await createWorkshopDate(db);
    const threeWeeksAgo = new Date(Date.now() - 21 * 86_400_000);
    await book(date.id, { isPaid: true, finalPriceCents: 10000, createdAt: threeWeeksAgo });
    await book(date.id, { isPaid: true, finalPriceCents: 10000, createdAt: new Date(Date.now() - 200 * 86_400_000) });
    const stats = await get('/api/admin/stats');
    const week = stats.weekly.find((w: { weekStart: string }) => w.weekStart === weekStartUtc(threeWeeksAgo).toISOString().slice(0, 10));
    expect(week).toEqual(expect.objectContaining({ bookings: 1, revenue: 100 }));
    const total = stats.weekly.reduce((sum: number, w: { bookings: number }) => sum + w.bookings, 0);
    expect(total).toBe(5);
  });

  it('lists active, upcoming workshops soonest first with their seats, TBC last, inactive and past ones left out', async () => {
    const soon = await createWorkshopDate(db, { title: 'Soon', startsAt: new Date(Date.now() + 86_400_000), endsAt: new Date(Date.now() + 90_000_000), seatsTotal: 12, seatsTaken: 9 });
    await createWorkshopDate(db, { title: 'Past', startsAt: new Date(Date.now() - 90_000_000), endsAt: new Date(Date.now() - 86_400_000) });
    await createWorkshopDate(db, { title: 'Hidden', isActive: false });
    await createWorkshopDate(db, { title: 'Someday', isTBC: true, date: '', time: '', startsAt: null, endsAt: null });
    const { upcoming } = await get('/api/admin/stats');
    const titles = upcoming.map((w: { title: string }) => w.title);
    expect(titles[0]).toBe('Soon');
    expect(titles.at(-1)).toBe('Someday');
    expect(titles).not.toContain('Past');
    expect(titles).not.toContain('Hidden');
    expect(upcoming[0]).toEqual({ id: soon.id, title: 'Soon', date: soon.date, isTBC: false, seatsTaken: 9, seatsTotal: 12 });
    expect(upcoming.at(-1)).toEqual(expect.objectContaining({ isTBC: true, date: '' }));
  });
});

describe('weekStartUtc', () => {
  it('is the Monday of the week, at midnight UTC', () => {
    expect(weekStartUtc(new Date('2026-11-22T23:59:00Z')).toISOString()).toBe('2026-11-16T00:00:00.000Z');
    expect(weekStartUtc(new Date('2026-11-16T00:00:00Z')).toISOString()).toBe('2026-11-16T00:00:00.000Z');
    expect(weekStartUtc(new Date('2026-11-17T08:00:00Z')).toISOString()).toBe('2026-11-16T00:00:00.000Z');
  });
});
