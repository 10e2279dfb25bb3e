/**
 * Workshop dates are stored as the organiser typed them ('July 4, 2031', '10:00 AM - 12:00 PM',
 * 'PST'), as the specification shows them. The instant they start is derived once, on write,
 * so listings sort by an index and reminders can be scheduled.
 */

/** Fixed UTC offsets in minutes for the zone abbreviations the product offers. */
export const ZONE_OFFSET_MINUTES: Record<string, number> = {
  PST: -8 * 60,
  PDT: -7 * 60,
  MST: -7 * 60,
  MDT: -6 * 60,
  CST: -6 * 60,
  CDT: -5 * 60,
  EST: -5 * 60,
  EDT: -4 * 60,
  AKST: -9 * 60,
  HST: -10 * 60,
  GMT: 0,
  UTC: 0,
  CET: 60,
  JST: 9 * 60,
  AEST: 10 * 60,
};

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

/** '10:00 AM - 12:00 PM' → { startMinutes, endMinutes }; a single time means one hour. */
export function parseTimeRange(text: string | null | undefined) {
  const [startText, endText] = (text ?? '').split(/\s*[-–]\s*/);
  if (!startText) return null;
  const startMinutes = parseClock(startText);
  if (startMinutes === null) return null;
  const parsedEnd = endText ? parseClock(endText) : null;
  const endMinutes = parsedEnd ?? startMinutes + 60;
  return { startMinutes, endMinutes: endMinutes > startMinutes ? endMinutes : endMinutes + 24 * 60 };
}

/** The UTC instants a workshop starts and ends, or null when it is TBC or unparseable. */
export function workshopInterval(
  date: string | null | undefined,
  time: string | null | undefined,
  timezone: string | null | undefined,
): { start: Date; end: Date } | null {
  const day = parseLongDate(date);
  const range = parseTimeRange(time);
  const offset = ZONE_OFFSET_MINUTES[(timezone ?? '').toUpperCase()];
  if (!day || !range || offset === undefined) return null;
  const midnightUtc = Date.UTC(day.year, day.monthIndex, day.day);
  const toInstant = (minutes: number) => new Date(midnightUtc + (minutes - offset) * 60_000);
  return { start: toInstant(range.startMinutes), end: toInstant(range.endMinutes) };
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
