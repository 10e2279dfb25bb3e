/**
 * An instant as iCalendar writes a UTC DATE-TIME (RFC 5545 §3.3.5), '20310704T180000Z'. Kept apart
 * from ics.ts, which builds whole files with ical-generator on the server, so the public pages'
 * 'Add to Google Calendar' links (calendar-links.ts) use it without shipping that library.
 */
export function icsUtc(instant: Date): string {
  return instant.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
}
