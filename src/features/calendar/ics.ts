import ical, { ICalCalendarMethod, ICalEventStatus, ICalEventTransparency } from 'ical-generator';

/**
 * An iCalendar file (RFC 5545) for one booking: one VEVENT in UTC, so every calendar shows it at
 * the right moment wherever the participant lives; the workshop's own zone is named in the text.
 * Pure: the route and the confirmation e-mail both build it from rows they already hold.
 *
 * ical-generator writes the file: TEXT escaping (backslash, ';', ',' and newlines), CRLF line
 * endings and folding at 75 octets without splitting a UTF-8 character (docs/decisions/012).
 */

export { icsUtc } from './ics-time';

export const ICS_CONTENT_TYPE = 'text/calendar; charset=utf-8';
export const ICS_PRODID = { company: 'Workshop seats', product: 'Bookings', language: 'EN' } as const;
const CRLF = '\r\n';

export type BookingEvent = {
  bookingId: number;
  /** Host part of the UID, e.g. the public site's host name: UIDs must be globally unique. */
  host: string;
  title: string;
  start: Date;
  end: Date;
  /** Plain text; newlines allowed. */
  description: string;
  location?: string | null;
  url?: string | null;
  /** DTSTAMP: when this file was made. */
  now?: Date;
  /**
   * The booking was cancelled: METHOD:CANCEL with the same UID and a higher SEQUENCE, which
   * calendars read as "remove the event added before" (RFC 5546 §3.2.5).
   */
  cancelled?: boolean;
};

/** Undoes folding: the logical content lines of a calendar file (for tests and readers). */
export function unfoldIcs(text: string): string[] {
  return text
    .replace(/\r\n[ \t]/g, '')
    .split(CRLF)
    .filter((line) => line !== '');
}

export function bookingEventUid(bookingId: number, host: string): string {
  return `booking-${bookingId}@${host}`;
}

/** The whole VCALENDAR, CRLF line endings, folded, ending with CRLF. */
export function buildBookingIcs(event: BookingEvent): string {
  const calendar = ical({
    prodId: ICS_PRODID,
    scale: 'GREGORIAN',
    method: event.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
  });
  calendar.createEvent({
    id: bookingEventUid(event.bookingId, event.host),
    sequence: event.cancelled ? 1 : 0,
    stamp: event.now ?? new Date(),
    // Date objects and no time zone on the calendar: ical-generator writes UTC instants (…Z).
    start: event.start,
    end: event.end,
    summary: event.title,
    description: event.description,
    location: event.location || null,
    // URL is a URI value, not TEXT: ical-generator writes it unescaped; a URI has no raw line breaks.
    url: event.url ? event.url.replace(/[\r\n]/g, '') : null,
    status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    transparency: ICalEventTransparency.OPAQUE,
  });
  // RFC 5545 §3.1 ends every content line, the last one too, with CRLF; toString() leaves the last bare.
  return calendar.toString() + CRLF;
}
