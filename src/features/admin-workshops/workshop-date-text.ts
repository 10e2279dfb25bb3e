import { parseClock, parseLongDate, ZONE_OFFSET_MINUTES } from '../../common/dates';

/**
 * Workshop dates travel and are stored as the text the specification shows ('July 4, 2031',
 * '10:00 AM - 12:00 PM'). The admin form edits them with native date and time inputs
 * ('2031-07-04', '10:00'); these helpers convert between the two and bring typed text to one
 * spelling. Runtime-neutral: the form and the server share them.
 */

/** The zones the workshop form offers (spec §3, §9). */
export const WORKSHOP_TIMEZONES = ['EST', 'CST', 'MST', 'PST', 'UTC'] as const;

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
 * Stricter than parseTimeRange: an end that does not read as a time, a third part, or an end
 * equal to the start is refused rather than guessed.
 */
export function parseWorkshopTime(text: string | null | undefined): { start: number; end: number | null } | null {
  const read = readWorkshopTime(text);
  return read === 'invalid' || read === 'same' ? null : read;
}

/** Why a time text is refused ('invalid', or 'same' start and end), or null when it is fine. */
export function workshopTimeProblem(text: string | null | undefined): 'invalid' | 'same' | null {
  const read = readWorkshopTime(text);
  return read === 'invalid' || read === 'same' ? read : null;
}

function readWorkshopTime(text: string | null | undefined): { start: number; end: number | null } | 'invalid' | 'same' {
  const parts = (text ?? '').split(/\s*[-–]\s*/);
  if (parts.length > 2) return 'invalid';
  const [startText, endText] = parts;
  if (!startText?.trim()) return 'invalid';
  const start = parseClock(startText);
  if (start === null) return 'invalid';
  if (endText === undefined) return { start, end: null };
  const end = parseClock(endText);
  if (end === null) return 'invalid';
  return end === start ? 'same' : { start, end };
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

/** A zone whose offset the server knows (the five offered, plus older rows' EDT, CET…). */
export function isKnownTimezone(zone: string): boolean {
  return Object.hasOwn(ZONE_OFFSET_MINUTES, zone.trim().toUpperCase());
}
