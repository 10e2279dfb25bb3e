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
  /** The event's UID when it is not the booking's own (a follow-up call's); `host` is not added to it. */
  uid?: string;
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
  /** How many times the event changed before (a move): SEQUENCE, one more again when cancelled. */
  sequence?: number;
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
  const method = event.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH;
  const calendar = ical({ prodId: ICS_PRODID, scale: 'GREGORIAN', method });
  const frame = calendarFrame(method);
  const vevent = calendar.createEvent(
    eventData({
      uid: event.uid ?? bookingEventUid(event.bookingId, event.host),
      sequence: (event.sequence ?? 0) + (event.cancelled ? 1 : 0),
      title: event.title,
      start: event.start,
      end: event.end,
      description: event.description,
      location: event.location,
      url: event.url,
      cancelled: event.cancelled,
      now: event.now ?? new Date(),
    }),
  );
  // The event's lines go in before END:VCALENDAR, folded as calendar.toString() folds them (see
  // foldLines). RFC 5545 §3.1 ends every content line, the last one too, with CRLF; toString()
  // leaves the last bare.
  const end = frame.lastIndexOf('END:VCALENDAR');
  return frame.slice(0, end) + foldLines(vevent.toString()) + frame.slice(end) + CRLF;
}

/**
 * The calendar's own lines around the event, the same for every file of a method. Made once:
 * ical-generator folds them with a TextEncoder per character, which was a tenth of what an order's
 * e-mails cost.
 */
const frames = new Map<ICalCalendarMethod, string>();
function calendarFrame(method: ICalCalendarMethod): string {
  let frame = frames.get(method);
  if (frame === undefined) {
    frame = ical({ prodId: ICS_PRODID, scale: 'GREGORIAN', method }).toString();
    frames.set(method, frame);
  }
  return frame;
}

export type FeedEvent = { uid: string; title: string; start: Date; end: Date; description: string; location?: string | null; url?: string | null; sequence?: number };

/** One VEVENT's data as ical-generator takes it: UTC instants, TEXT values it escapes, a URL without line breaks. */
function eventData(event: FeedEvent & { now: Date; cancelled?: boolean }) {
  return {
    id: event.uid,
    sequence: event.sequence ?? 0,
    stamp: event.now,
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
  };
}

/**
 * A subscription feed (a calendar app polls it): many events, METHOD-less as RFC 7986 feeds are,
 * with the calendar's name and how often to poll. Each event keeps the UID of its own files, so an
 * event a participant's e-mail carried and the feed's are one event.
 */
export function buildCalendarFeed(name: string, events: readonly FeedEvent[], now = new Date()): string {
  const calendar = ical({ prodId: ICS_PRODID, scale: 'GREGORIAN', name, ttl: 60 * 15 });
  for (const event of events) calendar.createEvent(eventData({ ...event, now }));
  return `${calendar.toString()}${CRLF}`;
}

/** UTF-8 octets of one UTF-16 code unit on its own (a lone surrogate is written as U+FFFD). */
const unitOctets = (code: number) => (code < 0x80 ? 1 : code < 0x800 ? 2 : 3);

/**
 * ical-generator's line folding, octet for octet: each line (between CRLFs) gets CRLF and a space
 * before the character that would take it past 74 octets, and the count starts again with that
 * character. ical-generator measures every character with a TextEncoder of its own, which made
 * folding about four fifths of the time a booking's calendar file took (and the calendar file the
 * largest part of a confirmation e-mail); here the octets are counted from the code units. A high
 * surrogate is taken together with the unit after it, as there: four octets for a pair, else the
 * replacement character's three and that unit's own.
 */
function foldLines(text: string): string {
  return text
    .split(CRLF)
    .map((line) => {
      let folded = '';
      let octets = 0;
      for (let at = 0; at < line.length; at++) {
        const code = line.charCodeAt(at);
        let unit = line.charAt(at);
        let size = unitOctets(code);
        if (code >= 0xd800 && code <= 0xdbff) {
          const next = line.charCodeAt(++at);
          unit += line.charAt(at);
          size = Number.isNaN(next) ? 3 : next >= 0xdc00 && next <= 0xdfff ? 4 : 3 + unitOctets(next);
        }
        octets += size;
        if (octets > 74) {
          folded += `${CRLF} `;
          octets = size;
        }
        folded += unit;
      }
      return folded;
    })
    .join(CRLF);
}
