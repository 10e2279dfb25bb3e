import { and, eq, inArray, sql } from 'drizzle-orm';
import { SEAT_HOLDING_STATUSES } from '../../../common/booking-status';
import type { Database } from '../../../server/db/client';
import { bookings } from '../../../server/db/schema';
import { SealedTokens } from '../../../server/email/sealed-tokens';
import { escapeHtml } from '../../../server/email/templates';
import type { Actor } from '../../../server/lib/audit';
import { bookingEventChangeAttachment } from '../../calendar/server';
import { renderEmail } from '../../email-templates/server';
import { participantLinkFor } from '../../participant/server';
import { dateChangesBetween, movesInTime, type DateChange } from '../date-changes';
import { detailsTable, queueSeatCopy, recordDateMessage, whenFor, type DateRow, type SeatRow } from './date-people';

/*
 * A saved date whose day, time, zone or meeting details changed (docs/decisions/022): every live
 * seat's calendar event gets a higher SEQUENCE (so the next calendar file of it, e-mailed or
 * downloaded, replaces the one a calendar holds), and with notifyParticipants each seat is
 * e-mailed what changed with the updated event. Runs inside the update's transaction.
 */

const RESERVED_MEETING_NOTE = 'changed; the meeting details appear on your bookings page once your booking is paid';

/** The list an e-mail shows one seat: when (in the date's zone and the seat's), then the meeting details it may see. */
function changesHtmlFor(changes: readonly DateChange[], before: DateRow, after: DateRow, seat: SeatRow | null): string {
  const items: string[] = [];
  const viewerZone = seat?.timeZone ?? null;
  if (movesInTime(changes)) items.push(`<li><strong>When</strong>: ${escapeHtml(whenFor(before, viewerZone))} → ${escapeHtml(whenFor(after, viewerZone))}</li>`);
  for (const change of changes.filter((each) => !['day', 'time', 'timezone'].includes(each.field))) {
    // The meeting details are for a confirmed seat only, as on the participant page and in the calendar file.
    const text = seat && seat.status !== 'confirmed' ? RESERVED_MEETING_NOTE : `${change.from} → ${change.to}`;
    items.push(`<li><strong>${escapeHtml(change.label)}</strong>: ${escapeHtml(text)}</li>`);
  }
  return `<ul>${items.join('')}</ul>`;
}

export type DateChangeOutcome = { changes: DateChange[]; notified: number };

/**
 * Call after the date's row was updated, with the row before and after. Bumps the live seats'
 * calendarSequence when anything people need changed, and e-mails them when `notify` is set.
 * Answers what changed and how many e-mails were queued.
 */
export async function applyDateChange(
  tx: Database,
  deps: { publicUrl: string },
  actor: Actor,
  before: DateRow,
  after: DateRow,
  notify: boolean,
): Promise<DateChangeOutcome> {
  const changes = dateChangesBetween(before, after);
  if (changes.length === 0) return { changes, notified: 0 };
  const seats = await tx
    .update(bookings)
    .set({ calendarSequence: sql`${bookings.calendarSequence} + 1` })
    .where(and(eq(bookings.workshopDateId, after.id), inArray(bookings.status, [...SEAT_HOLDING_STATUSES])))
    .returning();
  if (!notify || seats.length === 0) return { changes, notified: 0 };

  seats.sort((a, b) => a.id - b.id);
  const dateMessageId = await recordDateMessage(tx, {
    workshopDateId: after.id,
    kind: 'date-changed',
    subject: `Your workshop has changed: ${after.title}`,
    html: changesHtmlFor(changes, before, after, null),
    recipients: seats.map((seat) => seat.email),
    sentBy: actor.email,
  });
  let notified = 0;
  for (const seat of seats) {
    const tokens = new SealedTokens();
    const when = whenFor(after, seat.timeZone);
    const email = await renderEmail(
      tx,
      'date-changed',
      { firstName: seat.firstName, workshopTitle: after.title, when, bookingId: seat.id, participantLink: participantLinkFor(tokens, deps.publicUrl, seat.email) },
      { trustedHtml: { changes: changesHtmlFor(changes, before, after, seat), details: detailsTable(after.title, when, seat.id) } },
    );
    if (!email) continue;
    const attachment = bookingEventChangeAttachment(seat, after, deps.publicUrl, 'PUBLISH');
    await queueSeatCopy(tx, { to: seat.email, kind: 'date-changed', email, tokens, attachment, dateMessageId });
    notified++;
  }
  return { changes, notified };
}
