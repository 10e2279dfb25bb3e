import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { datePollOptions, datePollVotes, workshopDates } from '../../../server/db/schema';

/**
 * A seat whose date was set by a poll, on an option the seat did not mark as suiting it, may cancel
 * with a full refund until the workshop starts, whatever the notice (docs/decisions/022-dates-that-change.md):
 * the date was chosen for it, not by it. The chosen option is the poll's option at the date's
 * start; a date moved again after the poll is an ordinary date.
 */
export async function setByPollWithoutSeat(db: Database, workshopDateId: number, bookingId: number): Promise<boolean> {
  const [date] = await db.select({ id: workshopDates.id, pollClosedAt: workshopDates.pollClosedAt, startsAt: workshopDates.startsAt }).from(workshopDates).where(eq(workshopDates.id, workshopDateId));
  if (!date?.pollClosedAt || !date.startsAt) return false;
  const [chosen] = await db
    .select({ id: datePollOptions.id })
    .from(datePollOptions)
    .where(and(eq(datePollOptions.workshopDateId, date.id), eq(datePollOptions.startsAt, date.startsAt)))
    .limit(1);
  if (!chosen) return false;
  const [vote] = await db.select({ optionId: datePollVotes.optionId }).from(datePollVotes).where(and(eq(datePollVotes.optionId, chosen.id), eq(datePollVotes.bookingId, bookingId)));
  return vote === undefined;
}

/** Why a seat's date changed under it so that it may leave for nothing or move itself, and until when. */
export type DateChangedUnderSeat = { reason: 'poll' | 'called-off'; until: Date | null };

/**
 * A seat whose date was set by a poll it did not choose (above, until the workshop starts), or
 * whose date was called off with a move offered (until the offer's end): either may cancel with a
 * full refund whatever the notice, or move itself to another date (docs/decisions/022-dates-that-change.md).
 */
export async function dateChangedUnderSeat(db: Database, workshopDateId: number, bookingId: number, now: Date): Promise<DateChangedUnderSeat | null> {
  const [date] = await db.select({ calledOffAt: workshopDates.calledOffAt, moveOfferUntil: workshopDates.moveOfferUntil, startsAt: workshopDates.startsAt }).from(workshopDates).where(eq(workshopDates.id, workshopDateId));
  if (!date) return null;
  if (date.calledOffAt) return date.moveOfferUntil && date.moveOfferUntil > now ? { reason: 'called-off', until: date.moveOfferUntil } : null;
  if (!date.startsAt || date.startsAt <= now) return null;
  return (await setByPollWithoutSeat(db, workshopDateId, bookingId)) ? { reason: 'poll', until: null } : null;
}
