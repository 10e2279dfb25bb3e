import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { bookingReminders, bookings, workshopDates } from '../../../server/db/schema';
import { HttpError } from '../../../server/plugins/error-handler';
import { closeEntriesBookedBy, releaseSeat } from './freed-seats';
import { SOLD_OUT_MESSAGE, tryTakeSeats } from './seats';

export const MOVE_SAME_DATE = 'This booking is already on that workshop date';
export const MOVE_DATE_UNAVAILABLE = 'That workshop date is not available: choose an active date that has not started.';

type SeatRow = typeof bookings.$inferSelect;
type DateRow = typeof workshopDates.$inferSelect;

/** Bookable now: on sale, and not started (a TBC date has no start yet). */
export function isOpenForMove(date: DateRow | undefined, now: Date): date is DateRow {
  return date !== undefined && date.isActive && !date.calledOffAt && (date.startsAt === null || date.startsAt > now);
}

/**
 * Moves a seat the caller has locked to another date (the organiser's move, and a participant's
 * own where the date changed under them). Both dates are locked in id order, the order every mover
 * takes, so two moves in opposite directions cannot deadlock; the seat on the new date is taken
 * before the old one is given back (to the old date's waiting list first). The price stays what
 * was paid. Reminders already sent were for the old date, so they are forgotten; the calendar
 * event's SEQUENCE goes up, so calendars move it. `by: 'organiser'` may take a free seat the
 * waiting list is holding; a participant may not.
 */
export async function moveLockedSeat(
  tx: Database,
  seat: SeatRow,
  targetId: number,
  now: Date,
  by: 'public' | 'organiser',
): Promise<{ row: SeatRow; source: DateRow; target: DateRow }> {
  if (seat.workshopDateId === targetId) throw new HttpError(400, MOVE_SAME_DATE, 'same_date');
  const dates = await tx
    .select()
    .from(workshopDates)
    .where(inArray(workshopDates.id, [seat.workshopDateId, targetId]))
    .orderBy(asc(workshopDates.id))
    .for('update');
  const target = dates.find((date) => date.id === targetId);
  if (!isOpenForMove(target, now)) throw new HttpError(404, MOVE_DATE_UNAVAILABLE, 'date_unavailable');
  if (!(await tryTakeSeats(tx, target.id, 1, by))) throw new HttpError(409, SOLD_OUT_MESSAGE, 'sold_out');
  await releaseSeat(tx, seat.workshopDateId, 1, now);

  // A reservation must still run out before the new date starts.
  const expiresAt = seat.reservationExpiresAt && target.startsAt && target.startsAt < seat.reservationExpiresAt ? target.startsAt : seat.reservationExpiresAt;
  const [row] = await tx
    .update(bookings)
    .set({ workshopDateId: target.id, reservationExpiresAt: expiresAt, calendarSequence: sql`${bookings.calendarSequence} + 1` })
    .where(eq(bookings.id, seat.id))
    .returning();
  await tx.delete(bookingReminders).where(eq(bookingReminders.bookingId, seat.id));
  // Moved onto a date they were waiting for: their place in line closes.
  await closeEntriesBookedBy(tx, target.id, [row!.email], now);
  return { row: row!, source: dates.find((date) => date.id === seat.workshopDateId)!, target };
}
