/**
 * An iCalendar file (RFC 5545) for one booking: one VEVENT in UTC, so every calendar shows it at
 * the right moment wherever the participant lives; the workshop's own zone is named in the text.
 * Pure: the route and the confirmation e-mail both build it from rows they already hold.
 */

export const ICS_CONTENT_TYPE = 'text/calendar; charset=utf-8';
export const ICS_PRODID = '-//Workshop seats//Bookings//EN';
const MAX_LINE_OCTETS = 75;
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

/** 20310704T180000Z */
export function icsUtc(instant: Date): string {
  return instant.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
}

/** TEXT values: backslash, ';', ',' and newlines are escaped (RFC 5545 §3.3.11). */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Octets of one code point in UTF-8 (no Buffer: this module is runtime-neutral). */
function utf8Octets(character: string): number {
  const codePoint = character.codePointAt(0) ?? 0;
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  return codePoint < 0x10000 ? 3 : 4;
}

/**
 * Folds a content line at 75 octets (RFC 5545 §3.1): continuation lines start with one space,
 * and a multi-byte UTF-8 character is never split.
 */
export function foldIcsLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = utf8Octets(character);
    // Continuation lines lose one octet to their leading space.
    const limit = parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

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
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${ICS_PRODID}`,
    'CALSCALE:GREGORIAN',
    event.cancelled ? 'METHOD:CANCEL' : 'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${bookingEventUid(event.bookingId, event.host)}`,
    `SEQUENCE:${event.cancelled ? 1 : 0}`,
    `DTSTAMP:${icsUtc(event.now ?? new Date())}`,
    `DTSTART:${icsUtc(event.start)}`,
    `DTEND:${icsUtc(event.end)}`,
    `SUMMARY:${escapeIcsText(event.title)}`,
    `DESCRIPTION:${escapeIcsText(event.description)}`,
    ...(event.location ? [`LOCATION:${escapeIcsText(event.location)}`] : []),
    // URL is a URI value, not TEXT: it is written as is (a URI has no raw newlines or commas to escape).
    ...(event.url ? [`URL:${event.url.replace(/[\r\n]/g, '')}`] : []),
    event.cancelled ? 'STATUS:CANCELLED' : 'STATUS:CONFIRMED',
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldIcsLine).join(CRLF) + CRLF;
}
