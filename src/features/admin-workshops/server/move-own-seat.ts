import { and, asc, eq, gt, isNull, ne } from 'drizzle-orm';
import { publicSeatsLeft } from '../../../server/db/public-seats';
import type { Database } from '../../../server/db/client';
import { bookings, workshopDates } from '../../../server/db/schema';
import { recordAudit } from '../../../server/lib/audit';
import { HttpError } from '../../../server/plugins/error-handler';
import { moveLockedSeat, type BookingDeps } from '../../booking/server';
import { dateChangedUnderSeat, type DateChangedUnderSeat } from '../../refunds/server';
import { SELF_MOVE_NOT_ALLOWED, type SeatMoveOptions } from '../admin-workshops.schema';
import { whenFor, type SeatRow } from './date-people';

/*
 * A participant moves their own seat (docs/decisions/022-dates-that-change.md): a seat whose date
 * a poll set on an option the seat did not mark was not asked, nor one whose date the organiser
 * called off offering a move; it may cancel with a full refund, or move to another date that has
 * room, at the price it paid (until its workshop starts, or the offer ends). Any other move is the
 * organiser's.
 */

/** Why the seat may move itself now, or null: only a confirmed seat (an unpaid reservation's pay link names its date). */
async function mayMoveItself(db: Database, seat: SeatRow, now: Date): Promise<DateChangedUnderSeat | null> {
  if (seat.status !== 'confirmed') return null;
  return dateChangedUnderSeat(db, seat.workshopDateId, seat.id, now);
}

/** GET /api/participant/bookings/{id}/move: the dates open to the public with a seat left, soonest first. */
export async function readSeatMove(db: Database, seat: SeatRow, now: Date): Promise<SeatMoveOptions> {
  const changed = await mayMoveItself(db, seat, now);
  if (!changed) return { bookingId: seat.id, allowed: false, reason: null, until: null, dates: [] };
  const open = await db
    .select({ date: workshopDates, seatsLeft: publicSeatsLeft() })
    .from(workshopDates)
    .where(and(eq(workshopDates.isActive, true), eq(workshopDates.isTBC, false), isNull(workshopDates.calledOffAt), gt(workshopDates.startsAt, now), ne(workshopDates.id, seat.workshopDateId)))
    .orderBy(asc(workshopDates.startsAt), asc(workshopDates.id));
  return {
    bookingId: seat.id,
    allowed: true,
    reason: changed.reason,
    until: changed.until?.toISOString() ?? null,
    dates: open.filter((row) => row.seatsLeft > 0).map(({ date, seatsLeft }) => ({ id: date.id, title: date.title, when: whenFor(date, seat.timeZone), seatsLeft })),
  };
}

/**
 * POST /api/participant/bookings/{id}/move {workshopDateId}. Under the seat's lock its right to
 * move is read again, so a second request (a double click, another tab) finds the seat on its
 * new date, no longer set by the poll, and changes nothing. A seat the waiting list holds is not
 * taken: the participant buys at the public's place in line.
 */
export async function moveOwnSeat(deps: BookingDeps, seat: SeatRow, by: string, workshopDateId: number): Promise<{ message: string }> {
  const now = deps.now();
  const title = await deps.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(bookings).where(eq(bookings.id, seat.id)).for('update');
    const changed = locked ? await mayMoveItself(tx, locked, now) : null;
    if (!locked || !changed) throw new HttpError(409, SELF_MOVE_NOT_ALLOWED, 'move_not_allowed');
    const { row, source, target } = await moveLockedSeat(tx, locked, workshopDateId, now, 'public');
    await deps.mail.seatMoved(tx, row, source, target);
    await recordAudit(tx, {
      actor: by,
      action: 'booking_moved',
      entity: 'booking',
      entityId: row.id,
      details: { fromWorkshopDateId: source.id, toWorkshopDateId: target.id, status: row.status, emailed: 'moved', reason: changed.reason },
    });
    return target.title;
  });
  deps.onEmailQueued?.();
  deps.onSeatsChanged?.();
  return { message: `Your seat is moved to ${title}. We've e-mailed you the new calendar event.` };
}
