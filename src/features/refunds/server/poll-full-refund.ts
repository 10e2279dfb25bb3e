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
