import { icsUtc } from './ics-time';

/**
 * 'Add to Google Calendar' and 'Add to Outlook' links: both services open a pre-filled new event
 * from the query string, so no account or API key of ours is involved. Pure.
 */

export type CalendarLinkEvent = {
  title: string;
  start: Date;
  end: Date;
  details?: string;
  location?: string | null;
};

/** Every value percent-encoded (spaces as %20, which both services read; '+' would be literal for some). */
function query(params: [string, string | null | undefined][]): string {
  return params
    .filter((entry): entry is [string, string] => Boolean(entry[1]))
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');
}

export function googleCalendarUrl(event: CalendarLinkEvent): string {
  return `https://calendar.google.com/calendar/render?${query([
    ['action', 'TEMPLATE'],
    ['text', event.title],
    ['dates', `${icsUtc(event.start)}/${icsUtc(event.end)}`],
    ['details', event.details],
    ['location', event.location],
  ])}`;
}

/** 2031-07-04T18:00:00Z */
function isoSeconds(instant: Date): string {
  return instant.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function outlookCalendarUrl(event: CalendarLinkEvent): string {
  return `https://outlook.live.com/calendar/0/deeplink/compose?${query([
    ['path', '/calendar/action/compose'],
    ['rru', 'addevent'],
    ['subject', event.title],
    ['startdt', isoSeconds(event.start)],
    ['enddt', isoSeconds(event.end)],
    ['body', event.details],
    ['location', event.location],
  ])}`;
}

/** GET path of the booking's calendar file. */
export function calendarFilePath(bookingId: number): string {
  return `/api/participant/bookings/${bookingId}/calendar.ics`;
}
