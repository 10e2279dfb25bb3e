import { eq } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { bookings, workshopDates } from '../../../server/db/schema';
import type { OutboxAttachment } from '../../../server/email/outbox';
import { HttpError } from '../../../server/plugins/error-handler';
import { buildBookingIcs } from '../ics';
import { workshopEventTimes, zoneStory, zoneStoryText } from '../../../common/workshop-time';

type BookingRow = typeof bookings.$inferSelect;
type WorkshopDateRow = typeof workshopDates.$inferSelect;

export const DATE_NOT_SET = 'The date of this workshop is not set yet';
export const BOOKING_NOT_ACTIVE = 'This booking is no longer active';
const NOT_CONFIRMED_NOTE = 'The meeting link, meeting ID and password appear on your bookings page once your booking is paid.';
const NO_LINK_YET_NOTE = 'The meeting link will be on your bookings page before the workshop.';

/** The participant page: the calendar keeps it for good, so it carries no (7-day) sign-in token. */
export function participantPageUrl(publicUrl: string): string {
  return `${publicUrl}/participant`;
}

/** The host part of the site's address, for globally unique calendar UIDs. */
export function hostOf(publicUrl: string): string {
  try {
    return new URL(publicUrl).hostname || 'localhost';
  } catch {
    return 'localhost';
  }
}

/**
 * 'When: Fri, July 4, 2031, 10:00 AM – 12:00 PM PDT · 7:00 PM – 9:00 PM CEST for you': the
 * organiser's time and the booker's in the zone they booked in, as the e-mails say it.
 */
function whenLine(booking: BookingRow, date: WorkshopDateRow, times: { start: Date; end: Date }): string {
  return `When: ${zoneStoryText(zoneStory(times, date.timezone, booking.timeZone))}`;
}

/** The event's text: when (both zones), then the meeting details for a confirmed seat. */
function describe(booking: BookingRow, date: WorkshopDateRow, times: { start: Date; end: Date }, pageUrl: string): string {
  const lines = [whenLine(booking, date, times), ''];
  if (booking.status !== 'confirmed') {
    lines.push(NOT_CONFIRMED_NOTE);
  } else if (date.zoomLink || date.zoomMeetingId || date.zoomPassword) {
    if (date.zoomLink) lines.push(`Meeting link: ${date.zoomLink}`);
    if (date.zoomMeetingId) lines.push(`Meeting ID: ${date.zoomMeetingId}`);
    if (date.zoomPassword) lines.push(`Password: ${date.zoomPassword}`);
  } else {
    lines.push(NO_LINK_YET_NOTE);
  }
  lines.push('', `Your booking #${booking.id}: ${pageUrl}`);
  return lines.join('\n');
}

/** The booking's .ics text, or null while the workshop's date is not set (TBC). */
export function bookingIcsFor(booking: BookingRow, date: WorkshopDateRow, publicUrl: string, now = new Date()): string | null {
  const times = workshopEventTimes(date);
  if (!times) return null;
  const pageUrl = participantPageUrl(publicUrl);
  const confirmed = booking.status === 'confirmed';
  return buildBookingIcs({
    bookingId: booking.id,
    host: hostOf(publicUrl),
    title: date.title,
    start: times.start,
    end: times.end,
    description: describe(booking, date, times, pageUrl),
    // The meeting link is only for a seat that is confirmed, as on the participant page.
    location: confirmed ? date.zoomLink : null,
    url: pageUrl,
    now,
    sequence: booking.calendarSequence,
  });
}

/**
 * The booking's event cancelled: the same UID with METHOD:CANCEL and a higher SEQUENCE, so a
 * calendar that took an earlier file removes it. Null when the date was never set (TBC).
 */
export function bookingCancellationIcs(booking: BookingRow, date: WorkshopDateRow, publicUrl: string): string | null {
  const times = workshopEventTimes(date);
  if (!times) return null;
  return buildBookingIcs({
    bookingId: booking.id,
    host: hostOf(publicUrl),
    title: `Cancelled: ${date.title}`,
    start: times.start,
    end: times.end,
    description: `Your booking #${booking.id} was cancelled. ${whenLine(booking, date, times)}.`,
    cancelled: true,
    sequence: booking.calendarSequence,
  });
}

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/**
 * The cancellation e-mail's attachment: the same event (same UID) with METHOD:CANCEL, so a
 * calendar that took the confirmation's file removes it. Null when the date was never set (TBC).
 */
export async function bookingCancellationAttachment(db: Database, bookingId: number, publicUrl: string): Promise<OutboxAttachment | null> {
  const [row] = await db
    .select({ booking: bookings, date: workshopDates })
    .from(bookings)
    .innerJoin(workshopDates, eq(workshopDates.id, bookings.workshopDateId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  const ics = row ? bookingCancellationIcs(row.booking, row.date, publicUrl) : null;
  if (!ics) return null;
  return { filename: 'workshop-cancelled.ics', contentType: 'text/calendar; method=CANCEL', content: base64(ics) };
}

/**
 * A date that changed or was called off (docs/decisions/022-dates-that-change.md): the calendar
 * part names its method and charset, as RFC 6047 asks of an iTIP part, and the method matches the
 * file's METHOD line — PUBLISH for an update (same UID, higher SEQUENCE), CANCEL for a call-off.
 */
export function bookingEventChangeAttachment(booking: BookingRow, date: WorkshopDateRow, publicUrl: string, method: 'PUBLISH' | 'CANCEL'): OutboxAttachment | null {
  const ics = method === 'CANCEL' ? bookingCancellationIcs(booking, date, publicUrl) : bookingIcsFor(booking, date, publicUrl);
  if (!ics) return null;
  const filename = method === 'CANCEL' ? 'workshop-cancelled.ics' : 'workshop-updated.ics';
  return { filename, contentType: `text/calendar; method=${method}; charset=utf-8`, content: base64(ics) };
}

/** The confirmation e-mail's attachment (base64, as the outbox stores files), or null when TBC. */
export function bookingIcsAttachment(booking: BookingRow, date: WorkshopDateRow, publicUrl: string): OutboxAttachment | null {
  const ics = bookingIcsFor(booking, date, publicUrl);
  if (!ics) return null;
  return { filename: 'workshop.ics', contentType: 'text/calendar', content: base64(ics) };
}

/** GET …/calendar.ics for a booking the caller may see: 404 when cancelled, refunded or TBC. */
export async function bookingCalendarFile(db: Database, booking: BookingRow, publicUrl: string): Promise<{ filename: string; body: string }> {
  if (booking.status === 'cancelled' || booking.status === 'refunded') throw new HttpError(404, BOOKING_NOT_ACTIVE);
  const [date] = await db.select().from(workshopDates).where(eq(workshopDates.id, booking.workshopDateId)).limit(1);
  const body = date ? bookingIcsFor(booking, date, publicUrl) : null;
  if (!body) throw new HttpError(404, DATE_NOT_SET);
  return { filename: `workshop-${booking.id}.ics`, body };
}
