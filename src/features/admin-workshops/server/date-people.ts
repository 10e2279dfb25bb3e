import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { SEAT_HOLDING_STATUSES } from '../../../common/booking-status';
import { workshopWhenFor } from '../../../common/workshop-time';
import type { Database } from '../../../server/db/client';
import { bookings, dateMessages, type workshopDates } from '../../../server/db/schema';
import { enqueueEmail, type OutboxAttachment } from '../../../server/email/outbox';
import type { SealedTokens } from '../../../server/email/sealed-tokens';
import { escapeHtml } from '../../../server/email/templates';
import type { RenderedEmail } from '../../email-templates/server';

/*
 * A date's people, as the e-mails about the date itself reach them (docs/decisions/022): every
 * seat that holds a place (confirmed or reserved), one e-mail a seat, since each seat is its own
 * calendar event (UID booking-{id}@host). Each notification is one date_messages row that its
 * outbox copies name, so the date's message log lists it.
 */

export type SeatRow = typeof bookings.$inferSelect;
export type DateRow = typeof workshopDates.$inferSelect;

/** The seats of a date that hold a place, first booked first; locked when the caller changes them. */
export function liveSeatsOf(tx: Database, workshopDateId: number) {
  return tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.workshopDateId, workshopDateId), inArray(bookings.status, [...SEAT_HOLDING_STATUSES])))
    .orderBy(asc(bookings.id));
}

/** How many seats hold a place on the date. */
export async function liveSeatCount(db: Database, workshopDateId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(eq(bookings.workshopDateId, workshopDateId), inArray(bookings.status, [...SEAT_HOLDING_STATUSES])));
  return Number(row?.n ?? 0);
}

/** 'Fri, July 4, 2031, 10:00 AM – 12:00 PM PDT · 7:00 PM – 9:00 PM CEST for you', or that it is to be set. */
export function whenFor(date: Pick<DateRow, 'date' | 'time' | 'timezone' | 'isTBC' | 'endsNextDay' | 'startsAt' | 'endsAt'>, viewerZone: string | null): string {
  if (date.isTBC || !date.date) return 'Date to be set via participant poll';
  return workshopWhenFor(date, viewerZone) ?? `${date.date}, ${date.time} ${date.timezone}`;
}

/** A seat's details, as the booking e-mails show them. */
export function detailsTable(title: string, when: string, bookingId: number): string {
  return `<table role="presentation" cellpadding="4"><tr><td><strong>Workshop</strong></td><td>${escapeHtml(title)}</td></tr><tr><td><strong>When</strong></td><td>${escapeHtml(when)}</td></tr><tr><td><strong>Booking</strong></td><td>#${bookingId}</td></tr></table>`;
}

/** Records one notification to a date's people; its copies name the row's id. */
export async function recordDateMessage(
  tx: Database,
  message: { workshopDateId: number; kind: 'date-changed' | 'called-off' | 'poll-opened' | 'poll-chosen'; subject: string; html: string; recipients: string[]; sentBy: string },
): Promise<number> {
  const distinct = new Set(message.recipients.map((email) => email.trim().toLowerCase()));
  const [row] = await tx
    .insert(dateMessages)
    .values({ workshopDateId: message.workshopDateId, kind: message.kind, subject: message.subject, html: message.html, recipients: distinct.size, sentBy: message.sentBy })
    .returning({ id: dateMessages.id });
  return row!.id;
}

/** Queues one seat's copy of a notification to its date, naming the date_messages row it belongs to. */
export async function queueSeatCopy(
  tx: Database,
  copy: { to: string; kind: string; email: RenderedEmail; tokens: SealedTokens; attachment?: OutboxAttachment | null; dateMessageId: number },
): Promise<void> {
  const { email } = copy;
  await enqueueEmail(tx, {
    to: copy.to,
    bcc: email.bcc,
    subject: email.subject,
    html: email.html,
    text: email.text,
    kind: copy.kind,
    attachments: copy.attachment ? [copy.attachment] : undefined,
    tokens: copy.tokens.tokens,
    dateMessageId: copy.dateMessageId,
  });
}
