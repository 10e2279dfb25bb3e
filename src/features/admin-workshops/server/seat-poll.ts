import { and, eq, inArray } from 'drizzle-orm';
import { holdsSeat } from '../../../common/booking-status';
import type { Database } from '../../../server/db/client';
import { datePollVotes, workshopDates } from '../../../server/db/schema';
import { HttpError } from '../../../server/plugins/error-handler';
import { POLL_CLOSED, POLL_OPTION_NOT_FOUND, type ParticipantPoll } from '../admin-workshops.schema';
import { optionsOf, optionView } from './open-date-poll';
import type { SeatRow } from './date-people';

/*
 * A seat's side of its date's poll (docs/decisions/022-dates-that-change.md), for its participant
 * or its buyer (the route checks who asks): which options suit them.
 */

/** GET /api/participant/bookings/{id}/poll. */
export async function readSeatPoll(db: Database, seat: SeatRow): Promise<ParticipantPoll> {
  const [date] = await db.select({ isTBC: workshopDates.isTBC, pollClosedAt: workshopDates.pollClosedAt }).from(workshopDates).where(eq(workshopDates.id, seat.workshopDateId));
  const options = await optionsOf(db, seat.workshopDateId);
  const mine = options.length
    ? new Set((await db.select({ optionId: datePollVotes.optionId }).from(datePollVotes).where(and(eq(datePollVotes.bookingId, seat.id), inArray(datePollVotes.optionId, options.map((option) => option.id))))).map((row) => row.optionId))
    : new Set<number>();
  const open = options.length > 0 && date?.isTBC === true && !date.pollClosedAt && holdsSeat(seat.status);
  return { bookingId: seat.id, open, options: options.map((option) => ({ ...optionView(option), suitsMe: mine.has(option.id) })) };
}

/** POST …/poll {optionIds}: the options that suit this seat, replacing its earlier marks. */
export async function voteSeatPoll(db: Database, seat: SeatRow, optionIds: number[]): Promise<ParticipantPoll> {
  await db.transaction(async (tx) => {
    // The date's row first, as choosing an option locks it: a vote never lands on a closed poll.
    const [date] = await tx.select().from(workshopDates).where(eq(workshopDates.id, seat.workshopDateId)).for('update');
    const options = await optionsOf(tx, seat.workshopDateId);
    if (!date?.isTBC || date.pollClosedAt || options.length === 0 || !holdsSeat(seat.status)) throw new HttpError(409, POLL_CLOSED, 'poll_closed');
    const known = new Set(options.map((option) => option.id));
    const wanted = [...new Set(optionIds)];
    if (wanted.some((optionId) => !known.has(optionId))) throw new HttpError(400, POLL_OPTION_NOT_FOUND, 'validation_error');
    await tx.delete(datePollVotes).where(and(eq(datePollVotes.bookingId, seat.id), inArray(datePollVotes.optionId, [...known])));
    if (wanted.length) await tx.insert(datePollVotes).values(wanted.map((optionId) => ({ optionId, bookingId: seat.id })));
  });
  return readSeatPoll(db, seat);
}
