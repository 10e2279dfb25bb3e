import { and, asc, count, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import { formatLongDate } from '../../../common/dates';
import { workshopEventTimes } from '../../../common/workshop-time';
import type { Database } from '../../../server/db/client';
import { type bookings, followUpCalls, workshopDates } from '../../../server/db/schema';
import { HttpError } from '../../../server/plugins/error-handler';
import { CALL_RANGE_INVALID, MAX_SLOT_RANGE_DAYS, type CallAvailability } from '../calls.schema';
import { addDays, dayInZone, daysBetween, freeSlots, type Interval } from '../free-slots';
import { getCallAvailability } from './call-settings';

/**
 * What one seat may do with its follow-up calls now (docs/decisions/023-follow-up-calls.md): only a
 * confirmed seat of a date that has happened or will happen (not TBC, not called off) books calls;
 * they start after the workshop ends, at least the minimum notice ahead, and before the booking
 * window after the workshop closes.
 */

export type SeatRow = typeof bookings.$inferSelect;
export type CallRow = typeof followUpCalls.$inferSelect;
type DateRow = typeof workshopDates.$inferSelect;

export type SeatCallWindow = {
  availability: CallAvailability;
  date: DateRow | null;
  /** Null when the seat may not book calls now; `reason` says why. */
  earliest: Date | null;
  latest: Date | null;
  reason: string | null;
  /** Calls booked and not cancelled, past ones too: each uses one of the seat's calls. */
  booked: number;
  remaining: number;
};

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export async function seatCallWindow(db: Database, seat: SeatRow, now: Date): Promise<SeatCallWindow> {
  const availability = await getCallAvailability(db);
  const [date] = await db.select().from(workshopDates).where(eq(workshopDates.id, seat.workshopDateId)).limit(1);
  const [{ booked } = { booked: 0 }] = await db
    .select({ booked: count() })
    .from(followUpCalls)
    .where(and(eq(followUpCalls.bookingId, seat.id), eq(followUpCalls.status, 'booked')));
  const remaining = Math.max(0, availability.callsPerBooking - booked);
  const closed = (reason: string): SeatCallWindow => ({ availability, date: date ?? null, earliest: null, latest: null, reason, booked, remaining });
  if (seat.status !== 'confirmed') return closed('Follow-up calls can be booked once the seat is confirmed.');
  if (availability.callsPerBooking === 0) return closed('This workshop has no follow-up calls.');
  const times = date && date.isActive && !date.calledOffAt ? workshopEventTimes(date) : null;
  if (!times) return closed('Follow-up calls can be booked once the workshop has its date.');
  const latest = new Date(times.end.getTime() + availability.bookingWindowDays * DAY_MS);
  if (latest <= now) return closed(`The follow-up calls of this workshop could be booked until ${formatLongDate(latest)}.`);
  const earliest = new Date(Math.max(times.end.getTime(), now.getTime() + availability.minNoticeHours * HOUR_MS));
  return { availability, date: date ?? null, earliest, latest, reason: null, booked, remaining };
}

/** Booked calls overlapping an interval. */
function bookedCallTimes(db: Database, from: Date, to: Date, exceptCallId?: number): Promise<Interval[]> {
  return db
    .select({ start: followUpCalls.startsAt, end: followUpCalls.endsAt })
    .from(followUpCalls)
    .where(and(eq(followUpCalls.status, 'booked'), lt(followUpCalls.startsAt, to), gt(followUpCalls.endsAt, from), exceptCallId ? ne(followUpCalls.id, exceptCallId) : undefined));
}

/** Workshop dates that take place (active, set, not called off) overlapping an interval. */
async function workshopTimes(db: Database, from: Date, to: Date): Promise<Interval[]> {
  const dates = await db
    .select({ start: workshopDates.startsAt, end: workshopDates.endsAt })
    .from(workshopDates)
    .where(and(eq(workshopDates.isActive, true), isNull(workshopDates.calledOffAt), eq(workshopDates.isTBC, false), lt(workshopDates.startsAt, to), gt(workshopDates.endsAt, from)));
  return dates.flatMap(({ start, end }) => (start && end ? [{ start, end }] : []));
}

/** The days a range asks for, checked: 'to' on or after 'from', at most MAX_SLOT_RANGE_DAYS apart. */
export function dayRange(window: SeatCallWindow, from?: string, to?: string): { fromDay: string; toDay: string } {
  const zone = window.availability.timeZone;
  const fromDay = from ?? (window.earliest ? dayInZone(window.earliest, zone) : dayInZone(new Date(), zone));
  const toDay = to ?? addDays(fromDay, 13);
  const days = daysBetween(fromDay, toDay).length;
  if (days === 0 || days > MAX_SLOT_RANGE_DAYS + 1) throw new HttpError(400, CALL_RANGE_INVALID);
  return { fromDay, toDay };
}

/** The seat's free slots over organiser-zone days; none when it may not book. */
export async function seatFreeSlots(db: Database, window: SeatCallWindow, days: { fromDay: string; toDay: string }, exceptCallId?: number): Promise<Interval[]> {
  if (!window.earliest || !window.latest) return [];
  const from = new Date(Date.parse(`${days.fromDay}T00:00:00Z`) - 2 * DAY_MS);
  const to = new Date(Date.parse(`${days.toDay}T00:00:00Z`) + 3 * DAY_MS);
  const busy = [...(await bookedCallTimes(db, from, to, exceptCallId)), ...(await workshopTimes(db, from, to))];
  return freeSlots(window.availability, { ...days, earliest: window.earliest, latest: window.latest, busy });
}

/**
 * Whether an instant starts a slot of the seat's grid (its hours, notice and window), leaving
 * other calls out: a slot another call took is 'slot_taken', not 'not a slot'. Workshop dates
 * count, since no call is ever offered over one.
 */
export async function isGridSlot(db: Database, window: SeatCallWindow, startsAt: Date): Promise<Interval | null> {
  if (!window.earliest || !window.latest) return null;
  const day = dayInZone(startsAt, window.availability.timeZone);
  const busy = await workshopTimes(db, new Date(startsAt.getTime() - 2 * DAY_MS), new Date(startsAt.getTime() + 2 * DAY_MS));
  const slots = freeSlots(window.availability, { fromDay: addDays(day, -1), toDay: addDays(day, 1), earliest: window.earliest, latest: window.latest, busy });
  return slots.find((slot) => slot.start.getTime() === startsAt.getTime()) ?? null;
}

/** Whether another booked call keeps the buffer clear of an interval. */
export async function clashesWithACall(db: Database, slot: Interval, bufferMinutes: number, exceptCallId?: number): Promise<boolean> {
  const buffer = bufferMinutes * 60_000;
  const near = await bookedCallTimes(db, new Date(slot.start.getTime() - buffer), new Date(slot.end.getTime() + buffer), exceptCallId);
  return near.length > 0;
}

/** The seat's calls (not cancelled), soonest first. */
export function seatCalls(db: Database, seatId: number): Promise<CallRow[]> {
  return db
    .select()
    .from(followUpCalls)
    .where(and(eq(followUpCalls.bookingId, seatId), eq(followUpCalls.status, 'booked')))
    .orderBy(asc(followUpCalls.startsAt));
}

/** One lock for every call's time: booking, moving and cancelling calls take turns, so two never take one slot. */
export async function lockCallTimes(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('follow-up-calls'))`);
}
