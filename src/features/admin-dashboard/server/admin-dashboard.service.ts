import { and, count, eq, gt, gte, inArray, isNull, or, sql } from 'drizzle-orm';
// Bookings that hold a seat, as the Users tab counts them; cancelled and refunded ones are history.
import { SEAT_HOLDING_STATUSES } from '../../../common/booking-status';
import { centsToDollars } from '../../../common/money';
import type { Database } from '../../../server/db/client';
import { bookings, contactMessages, waitlistEntries, workshopDates } from '../../../server/db/schema';
import { isPubliclyListed } from '../../workshops/server';
import { STATS_UPCOMING_LIMIT, STATS_WEEKS, type AdminStats, type AdminSummary } from '../admin-dashboard.schema';

/** Revenue: paid bookings with a non-zero final price. Refunded bookings are not revenue. */
const earns = sql`${bookings.isPaid} AND ${bookings.status} = 'confirmed' AND ${bookings.finalPriceCents} > 0`;

/**
 * People still in line (not those holding an offer: their seats are already taken) for a date
 * that has not started, or for the next date of a workshop. A started date's list is closed: no
 * offer is made on it any more (docs/decisions/019-waiting-list.md).
 */
function peopleWaiting(db: Database, now: Date) {
  return db
    .select({ people: count(), seats: sql<number>`coalesce(sum(${waitlistEntries.seats}), 0)`.mapWith(Number) })
    .from(waitlistEntries)
    .leftJoin(workshopDates, eq(workshopDates.id, waitlistEntries.workshopDateId))
    .where(and(eq(waitlistEntries.status, 'waiting'), or(isNull(waitlistEntries.workshopDateId), isNull(workshopDates.startsAt), gt(workshopDates.startsAt, now))));
}

export async function getAdminSummary(db: Database, now = new Date()): Promise<AdminSummary> {
  // Four small aggregate queries; each reads one table once, whatever its size (the waiting list through its live entries).
  const [[workshops], [booked], [messages], [waiting]] = await Promise.all([
    db
      .select({ total: count(), active: sql<number>`count(*) filter (where ${workshopDates.isActive})`.mapWith(Number) })
      .from(workshopDates),
    db
      .select({
        total: count(),
        paid: sql<number>`count(*) filter (where ${bookings.isPaid})`.mapWith(Number),
        free: sql<number>`count(*) filter (where ${bookings.finalPriceCents} = 0)`.mapWith(Number),
        revenueCents: sql<number>`coalesce(sum(${bookings.finalPriceCents}) filter (where ${earns}), 0)`.mapWith(Number),
      })
      .from(bookings)
      .where(inArray(bookings.status, SEAT_HOLDING_STATUSES)),
    db.select({ unread: count() }).from(contactMessages).where(eq(contactMessages.isRead, false)),
    peopleWaiting(db, now),
  ]);
  return {
    activeWorkshops: workshops?.active ?? 0,
    totalWorkshops: workshops?.total ?? 0,
    totalBookings: booked?.total ?? 0,
    paidBookings: booked?.paid ?? 0,
    freeBookings: booked?.free ?? 0,
    revenue: centsToDollars(booked?.revenueCents ?? 0),
    unreadMessages: messages?.unread ?? 0,
    peopleWaiting: waiting?.people ?? 0,
    seatsWaitedFor: waiting?.seats ?? 0,
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Monday 00:00 UTC of the week holding `instant`. */
export function weekStartUtc(instant: Date): Date {
  const midnight = Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate());
  const daysSinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - daysSinceMonday * DAY_MS);
}

export async function getAdminStats(db: Database, now = new Date()): Promise<AdminStats> {
  const firstWeek = new Date(weekStartUtc(now).getTime() - (STATS_WEEKS - 1) * 7 * DAY_MS);
  const week = sql<string>`to_char(date_trunc('week', ${bookings.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
  const [perWeek, upcoming] = await Promise.all([
    db
      .select({
        week,
        bookings: count(),
        revenueCents: sql<number>`coalesce(sum(${bookings.finalPriceCents}) filter (where ${earns}), 0)`.mapWith(Number),
      })
      .from(bookings)
      .where(and(inArray(bookings.status, SEAT_HOLDING_STATUSES), gte(bookings.createdAt, firstWeek)))
      .groupBy(week),
    db
      .select({
        id: workshopDates.id,
        title: workshopDates.title,
        date: workshopDates.date,
        isTBC: workshopDates.isTBC,
        seatsTaken: workshopDates.seatsTaken,
        seatsTotal: workshopDates.seatsTotal,
      })
      .from(workshopDates)
      .where(isPubliclyListed(now))
      .orderBy(sql`${workshopDates.startsAt} asc nulls last`, workshopDates.id)
      .limit(STATS_UPCOMING_LIMIT),
  ]);
  const byWeek = new Map(perWeek.map((row) => [row.week, row]));
  const weekly = Array.from({ length: STATS_WEEKS }, (_, i) => {
    const weekStart = new Date(firstWeek.getTime() + i * 7 * DAY_MS).toISOString().slice(0, 10);
    const row = byWeek.get(weekStart);
    return { weekStart, bookings: row?.bookings ?? 0, revenue: centsToDollars(row?.revenueCents ?? 0) };
  });
  return {
    weekly,
    upcoming: upcoming.map((row) => ({ ...row, isTBC: row.isTBC || !row.date, date: row.isTBC ? '' : row.date })),
  };
}
