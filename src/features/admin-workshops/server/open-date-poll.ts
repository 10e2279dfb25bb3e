import { asc, eq, inArray, sql } from 'drizzle-orm';
import { workshopInterval } from '../../../common/dates';
import { zoneStory, zoneStoryText } from '../../../common/workshop-time';
import type { Database } from '../../../server/db/client';
import { datePollOptions, datePollVotes, workshopDates } from '../../../server/db/schema';
import { SealedTokens } from '../../../server/email/sealed-tokens';
import { escapeHtml } from '../../../server/email/templates';
import { recordAudit, type Actor } from '../../../server/lib/audit';
import { HttpError } from '../../../server/plugins/error-handler';
import { renderEmail } from '../../email-templates/server';
import { participantLinkFor } from '../../participant/server';
import { POLL_CLOSED, POLL_NEEDS_TBC, POLL_OPTION_IN_PAST, WORKSHOP_DATE_NOT_FOUND, INVALID_DATE, type AdminPoll, type PollInput } from '../admin-workshops.schema';
import { normaliseWorkshopDate, normaliseWorkshopTime } from '../workshop-date-text';
import { liveSeatsOf, queueSeatCopy, recordDateMessage, type DateRow } from './date-people';

/*
 * A TBC date's poll (docs/decisions/022-dates-that-change.md): the organiser proposes candidate
 * days and times; each is e-mailed to the date's people, who mark on their page which suit them.
 */

export type PollOptionRow = typeof datePollOptions.$inferSelect;

/** The date locked for a change of its poll: 404 when there is none, 409 when it is no longer to be set. */
export async function lockPollDate(tx: Database, id: number): Promise<DateRow> {
  const [date] = await tx.select().from(workshopDates).where(eq(workshopDates.id, id)).for('update');
  if (!date) throw new HttpError(404, WORKSHOP_DATE_NOT_FOUND);
  if (!date.isTBC) throw new HttpError(409, date.pollClosedAt ? POLL_CLOSED : POLL_NEEDS_TBC, date.pollClosedAt ? 'poll_closed' : 'not_tbc');
  return date;
}

export const optionsOf = (db: Database, workshopDateId: number) => db.select().from(datePollOptions).where(eq(datePollOptions.workshopDateId, workshopDateId)).orderBy(asc(datePollOptions.startsAt), asc(datePollOptions.id));

/** An option as every answer shows it. */
export const optionView = (option: PollOptionRow) => ({ id: option.id, date: option.date, time: option.time, startsAt: option.startsAt.toISOString(), endsAt: option.endsAt.toISOString() });

/** 'Fri, July 4, 2031, 10:00 AM – 12:00 PM PDT · 7:00 PM – 9:00 PM CEST for you' */
export const optionWhen = (option: PollOptionRow, date: DateRow, viewerZone: string | null) => zoneStoryText(zoneStory({ start: option.startsAt, end: option.endsAt }, date.timezone, viewerZone));

/** GET …/poll: the options with how many seats marked each. */
export async function readDatePoll(db: Database, id: number): Promise<AdminPoll> {
  const [date] = await db.select({ id: workshopDates.id, pollClosedAt: workshopDates.pollClosedAt }).from(workshopDates).where(eq(workshopDates.id, id));
  if (!date) throw new HttpError(404, WORKSHOP_DATE_NOT_FOUND);
  const options = await optionsOf(db, id);
  const counts = options.length
    ? await db
        .select({ optionId: datePollVotes.optionId, votes: sql<number>`count(*)::int` })
        .from(datePollVotes)
        .where(inArray(datePollVotes.optionId, options.map((option) => option.id)))
        .groupBy(datePollVotes.optionId)
    : [];
  const votes = new Map(counts.map((row) => [row.optionId, Number(row.votes)]));
  return { workshopDateId: id, closedAt: date.pollClosedAt?.toISOString() ?? null, options: options.map((option) => ({ ...optionView(option), votes: votes.get(option.id) ?? 0 })) };
}

/** The typed options in their one spelling with their instants in the date's zone; 400 when one is not a real future time. */
function candidates(input: PollInput, timezone: string, now: Date) {
  return input.options.map((typed) => {
    const date = normaliseWorkshopDate(typed.date);
    const time = normaliseWorkshopTime(typed.time);
    const interval = date && time ? workshopInterval(date, time, timezone) : null;
    if (!date || !time || !interval) throw new HttpError(400, INVALID_DATE, 'validation_error');
    if (interval.start <= now) throw new HttpError(400, POLL_OPTION_IN_PAST, 'validation_error');
    return { date, time, startsAt: interval.start, endsAt: interval.end };
  });
}

/** PUT …/poll: replaces the options (and so every vote) and e-mails each live seat a link to mark theirs. */
export async function openDatePoll(deps: { db: Database; publicUrl: string; now: () => Date; onEmailQueued?: () => void }, actor: Actor, id: number, input: PollInput): Promise<AdminPoll> {
  const queued = await deps.db.transaction(async (tx) => {
    const date = await lockPollDate(tx, id);
    const wanted = candidates(input, date.timezone, deps.now());
    await tx.delete(datePollOptions).where(eq(datePollOptions.workshopDateId, id));
    const options = await tx.insert(datePollOptions).values(wanted.map((option) => ({ ...option, workshopDateId: id }))).returning();
    await tx.update(workshopDates).set({ pollClosedAt: null, updatedAt: new Date() }).where(eq(workshopDates.id, id));
    const seats = await liveSeatsOf(tx, id);
    let notified = 0;
    if (seats.length) {
      const listFor = (zone: string | null) => `<ul>${options.map((option) => `<li>${escapeHtml(optionWhen(option, date, zone))}</li>`).join('')}</ul>`;
      const dateMessageId = await recordDateMessage(tx, { workshopDateId: id, kind: 'poll-opened', subject: `Which dates suit you? ${date.title}`, html: listFor(null), recipients: seats.map((seat) => seat.email), sentBy: actor.email });
      for (const seat of seats) {
        const tokens = new SealedTokens();
        const email = await renderEmail(
          tx,
          'date-poll-opened',
          { firstName: seat.firstName, workshopTitle: date.title, bookingId: seat.id, participantLink: participantLinkFor(tokens, deps.publicUrl, seat.email) },
          { trustedHtml: { options: listFor(seat.timeZone) } },
        );
        if (!email) continue;
        await queueSeatCopy(tx, { to: seat.email, kind: 'date-poll-opened', email, tokens, dateMessageId });
        notified++;
      }
    }
    await recordAudit(tx, { actor: actor.email, action: 'workshop_date_poll_opened', entity: 'workshop_date', entityId: id, details: { options: wanted.map((option) => `${option.date}, ${option.time}`), notified } });
    return notified;
  });
  if (queued > 0) deps.onEmailQueued?.();
  return readDatePoll(deps.db, id);
}
