import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { datePollOptions, datePollVotes, workshopDates } from '../../../server/db/schema';
import { SealedTokens } from '../../../server/email/sealed-tokens';
import { recordAudit, type Actor } from '../../../server/lib/audit';
import { PUBLIC_READS } from '../../../server/lib/read-cache';
import { HttpError } from '../../../server/plugins/error-handler';
import { bookingEventChangeAttachment } from '../../calendar/server';
import { renderEmail } from '../../email-templates/server';
import { participantLinkFor } from '../../participant/server';
import { POLL_OPTION_NOT_FOUND, type AdminWorkshopDate } from '../admin-workshops.schema';
import { findAdminWorkshopDate, type WorkshopDeps } from './admin-workshops.service';
import { detailsTable, liveSeatsOf, queueSeatCopy, recordDateMessage, whenFor } from './date-people';
import { lockPollDate } from './open-date-poll';

/*
 * POST …/poll/choose (docs/decisions/022-dates-that-change.md): the chosen option becomes the
 * date's day and time (TBC off), the poll closes, and every live seat is e-mailed the date with
 * its calendar event; a seat that did not mark that option is told it may cancel with a full
 * refund or ask to move.
 */

const CANNOT_MAKE =
  '<p>You did not mark this date as one that suits you. If you cannot make it, move your seat to another date or cancel for a full refund, both from your bookings page.</p>';

export async function choosePollOption(deps: WorkshopDeps, actor: Actor, id: number, optionId: number): Promise<AdminWorkshopDate> {
  const notified = await deps.db.transaction(async (tx: Database) => {
    await lockPollDate(tx, id);
    const [option] = await tx.select().from(datePollOptions).where(and(eq(datePollOptions.id, optionId), eq(datePollOptions.workshopDateId, id)));
    if (!option) throw new HttpError(404, POLL_OPTION_NOT_FOUND);
    const now = new Date();
    const [date] = await tx
      .update(workshopDates)
      .set({ date: option.date, time: option.time, isTBC: false, endsNextDay: false, startsAt: option.startsAt, endsAt: option.endsAt, pollClosedAt: now, updatedAt: now })
      .where(eq(workshopDates.id, id))
      .returning();
    const voters = new Set((await tx.select({ bookingId: datePollVotes.bookingId }).from(datePollVotes).where(eq(datePollVotes.optionId, option.id))).map((row) => row.bookingId));
    const seats = await liveSeatsOf(tx, id);
    let sent = 0;
    if (seats.length) {
      const dateMessageId = await recordDateMessage(tx, { workshopDateId: id, kind: 'poll-chosen', subject: `The date is set: ${date!.title}`, html: `<p>${whenFor(date!, null)}</p>`, recipients: seats.map((seat) => seat.email), sentBy: actor.email });
      for (const seat of seats) {
        const tokens = new SealedTokens();
        const when = whenFor(date!, seat.timeZone);
        const email = await renderEmail(
          tx,
          'date-poll-chosen',
          { firstName: seat.firstName, workshopTitle: date!.title, when, bookingId: seat.id, participantLink: participantLinkFor(tokens, deps.env.PUBLIC_URL, seat.email) },
          { trustedHtml: { details: detailsTable(date!.title, when, seat.id), cannotMake: voters.has(seat.id) ? '' : CANNOT_MAKE } },
        );
        if (!email) continue;
        const attachment = bookingEventChangeAttachment(seat, date!, deps.env.PUBLIC_URL, 'PUBLISH');
        await queueSeatCopy(tx, { to: seat.email, kind: 'date-poll-chosen', email, tokens, attachment, dateMessageId });
        sent++;
      }
    }
    await recordAudit(tx, { actor: actor.email, action: 'workshop_date_poll_chosen', entity: 'workshop_date', entityId: id, details: { optionId, date: option.date, time: option.time, notified: sent } });
    return sent;
  });
  deps.publicCache.invalidate(PUBLIC_READS.workshopDates);
  if (notified > 0) deps.onEmailQueued?.();
  return findAdminWorkshopDate(deps.db, id);
}
