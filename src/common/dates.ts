import { resolveTimeZone, zonedInstant } from './time-zones';

/**
 * Workshop dates are stored as the organiser typed them ('July 4, 2031', '10:00 AM - 12:00 PM',
 * 'PST'), as the specification shows them. The instant they start is derived once, on write,
 * so listings sort by an index and reminders can be scheduled.
 */

const MONTHS = [
  'january', 'february', 'march', 'april', 'may', 'june',
  'july', 'august', 'september', 'october', 'november', 'december',
];

/** 'July 4, 2031' → { year, monthIndex, day } or null. */
export function parseLongDate(text: string | null | undefined) {
  const match = /^\s*([A-Za-z]+)\s+(\d{1,2}),?\s+(\d{4})\s*$/.exec(text ?? '');
  if (!match) return null;
  const monthIndex = MONTHS.findIndex((m) => m.startsWith(match[1]!.toLowerCase().slice(0, 3)));
  if (monthIndex < 0) return null;
  const day = Number(match[2]);
  const year = Number(match[3]);
  const probe = new Date(Date.UTC(year, monthIndex, day));
  if (probe.getUTCMonth() !== monthIndex || probe.getUTCDate() !== day) return null;
  return { year, monthIndex, day };
}

const weekdayOf = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' });

/**
 * 'July 4, 2031' → 'Fri, July 4, 2031': lists of dates read at a glance by their weekday. A text
 * that is not such a date (empty, 'TBC') comes back as it was.
 */
export function withWeekday(text: string): string {
  const day = parseLongDate(text);
  if (!day) return text;
  return `${weekdayOf.format(new Date(Date.UTC(day.year, day.monthIndex, day.day)))}, ${text.trim()}`;
}

/** '10:00 AM' → minutes after midnight, or null. */
export function parseClock(text: string): number | null {
  const match = /^\s*(\d{1,2})(?::(\d{2}))?\s*([AaPp][Mm])?\s*$/.exec(text);
  if (!match) return null;
  let hours = Number(match[1]);
  const minutes = Number(match[2] ?? 0);
  const meridiem = match[3]?.toUpperCase();
  if (minutes > 59) return null;
  if (meridiem) {
    if (hours < 1 || hours > 12) return null;
    if (meridiem === 'AM' && hours === 12) hours = 0;
    if (meridiem === 'PM' && hours !== 12) hours += 12;
  } else if (hours > 23) {
    return null;
  }
  return hours * 60 + minutes;
}

/**
 * '10:00 AM - 12:00 PM' → { startMinutes, endMinutes }; a single time means one hour. An end on
 * the next day counts past 24 hours: always when `endsNextDay` says so, and for an end not after
 * the start (older rows, written before such a range had to say it ends the next day).
 */
export function parseTimeRange(text: string | null | undefined, endsNextDay = false) {
  const [startText, endText] = (text ?? '').split(/\s*[-–]\s*/);
  if (!startText) return null;
  const startMinutes = parseClock(startText);
  if (startMinutes === null) return null;
  const parsedEnd = endText ? parseClock(endText) : null;
  if (parsedEnd === null) return { startMinutes, endMinutes: startMinutes + 60 };
  const nextDay = endsNextDay || parsedEnd <= startMinutes;
  return { startMinutes, endMinutes: nextDay ? parsedEnd + 24 * 60 : parsedEnd };
}

/** '10:00 PM - 1:00 AM': a range whose end, read on the start's day, is not after the start. */
export function rangeWrapsMidnight(text: string | null | undefined): boolean {
  const [startText, endText] = (text ?? '').split(/\s*[-–]\s*/);
  const start = startText ? parseClock(startText) : null;
  const end = endText ? parseClock(endText) : null;
  return start !== null && end !== null && end <= start;
}

/**
 * The UTC instants a workshop starts and ends under its zone's rules on that date, or null when
 * it is TBC, unparseable or in a zone we do not know.
 */
export function workshopInterval(
  date: string | null | undefined,
  time: string | null | undefined,
  timezone: string | null | undefined,
  endsNextDay = false,
): { start: Date; end: Date } | null {
  const day = parseLongDate(date);
  const range = parseTimeRange(time, endsNextDay);
  const zoneId = resolveTimeZone(timezone);
  if (!day || !range || !zoneId) return null;
  return { start: zonedInstant(day, range.startMinutes, zoneId), end: zonedInstant(day, range.endMinutes, zoneId) };
}

const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** 'July 4, 2031' for a calendar day. */
export function formatLongDate(value: Date | string): string {
  return longDate.format(new Date(value));
}

/** 'Jun 5, 2025' for a calendar day. */
export function formatShortDate(value: Date | string): string {
  return shortDate.format(new Date(value));
}
