import { parseClock, parseLongDate } from '../../common/dates';
import { resolveTimeZone } from '../../common/time-zones';

/**
 * Workshop dates travel and are stored as the text the specification shows ('July 4, 2031',
 * '10:00 AM - 12:00 PM'). The admin form edits them with native date and time inputs
 * ('2031-07-04', '10:00'); these helpers convert between the two and bring typed text to one
 * spelling. Runtime-neutral: the form and the server share them.
 */

export { WORKSHOP_TIMEZONES, zoneOptionLabel } from '../../common/time-zones';

const MONTH_NAMES = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
];

type Day = { year: number; monthIndex: number; day: number };

function isRealDay(year: number, monthIndex: number, day: number): boolean {
  const probe = new Date(Date.UTC(year, monthIndex, day));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === monthIndex && probe.getUTCDate() === day;
}

/** 'July 4, 2031', 'jul 4 2031' or '2031-07-04' → the calendar day, or null. */
export function parseWorkshopDay(text: string | null | undefined): Day | null {
  const long = parseLongDate(text);
  if (long) return long;
  const iso = /^\s*(\d{4})-(\d{2})-(\d{2})\s*$/.exec(text ?? '');
  if (!iso) return null;
  const [year, monthIndex, day] = [Number(iso[1]), Number(iso[2]) - 1, Number(iso[3])];
  return isRealDay(year, monthIndex, day) ? { year, monthIndex, day } : null;
}

const formatDay = ({ year, monthIndex, day }: Day) => `${MONTH_NAMES[monthIndex]} ${day}, ${year}`;

/** Any accepted spelling → 'July 4, 2031'; null when it is not a date. */
export function normaliseWorkshopDate(text: string | null | undefined): string | null {
  const day = parseWorkshopDay(text);
  return day ? formatDay(day) : null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'July 4, 2031' → '2031-07-04' for a native date input; '' when there is no valid date. */
export function isoDayFromWorkshopDate(text: string | null | undefined): string {
  const day = parseWorkshopDay(text);
  return day ? `${day.year}-${pad(day.monthIndex + 1)}-${pad(day.day)}` : '';
}

/** A native date input's '2031-07-04' → 'July 4, 2031'; '' when empty or invalid. */
export function workshopDateFromIsoDay(isoDay: string): string {
  return normaliseWorkshopDate(isoDay) ?? '';
}

/** Minutes after midnight → '10:00 AM' (wraps past midnight). */
export function formatClock(minutes: number): string {
  const inDay = ((minutes % 1440) + 1440) % 1440;
  const hours24 = Math.floor(inDay / 60);
  const meridiem = hours24 < 12 ? 'AM' : 'PM';
  const hours12 = hours24 % 12 === 0 ? 12 : hours24 % 12;
  return `${hours12}:${pad(inDay % 60)} ${meridiem}`;
}

/**
 * '10:00 AM - 12:00 PM' (or a single '10:00 AM', which means one hour) → start and end minutes.
 * Stricter than parseTimeRange: an end that does not read as a time, or a third part, is refused
 * rather than guessed. Whether the end comes after the start is the form's rule (endsAfterStart).
 */
export function parseWorkshopTime(text: string | null | undefined): { start: number; end: number | null } | null {
  const parts = (text ?? '').split(/\s*[-–]\s*/);
  if (parts.length > 2) return null;
  const [startText, endText] = parts;
  if (!startText?.trim()) return null;
  const start = parseClock(startText);
  if (start === null) return null;
  if (endText === undefined) return { start, end: null };
  const end = parseClock(endText);
  return end === null ? null : { start, end };
}

/**
 * A range ends after it starts on the same day, unless the admin says it ends the next day
 * ('10:00 PM - 1:00 AM'); a single time (one hour) always does. True for unreadable text, which
 * has its own message.
 */
export function endsAfterStart(text: string | null | undefined, endsNextDay: boolean): boolean {
  const parsed = parseWorkshopTime(text);
  if (!parsed || parsed.end === null || endsNextDay) return true;
  return parsed.end > parsed.start;
}

/** Any accepted spelling → '10:00 AM - 12:00 PM' (or '10:00 AM'); null when it is not a time. */
export function normaliseWorkshopTime(text: string | null | undefined): string | null {
  const parsed = parseWorkshopTime(text);
  if (!parsed) return null;
  return parsed.end === null ? formatClock(parsed.start) : `${formatClock(parsed.start)} - ${formatClock(parsed.end)}`;
}

const clockInput = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/** '10:00 AM - 12:00 PM' → native time inputs { start: '10:00', end: '12:00' }; '' where unknown. */
export function timeInputsFromWorkshopTime(text: string | null | undefined): { start: string; end: string } {
  const parsed = parseWorkshopTime(text);
  if (!parsed) return { start: '', end: '' };
  return { start: clockInput(parsed.start), end: parsed.end === null ? '' : clockInput(parsed.end) };
}

/** Native time inputs → '10:00 AM - 12:00 PM'; a start alone is a one-hour '10:00 AM'; no start → ''. */
export function workshopTimeFromInputs(start: string, end: string): string {
  const startMinutes = start ? parseClock(start) : null;
  if (startMinutes === null) return '';
  const endMinutes = end ? parseClock(end) : null;
  if (endMinutes === null) return formatClock(startMinutes);
  return `${formatClock(startMinutes)} - ${formatClock(endMinutes)}`;
}

/** A zone the server knows the rules of: an offered abbreviation or an IANA region. */
export function isKnownTimezone(zone: string): boolean {
  return resolveTimeZone(zone) !== null;
}
