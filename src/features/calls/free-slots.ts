import { zonedInstant, type CalendarDay } from '../../common/time-zones';
import { clockMinutes, type WeeklyHours } from './calls.schema';

/**
 * The free call slots (docs/decisions/023-follow-up-calls.md). Pure, so its rules are tested over
 * generated hours, zones and days. A slot lies on a grid: from the start of a period of the
 * organiser's weekly hours, one call after another, each ending by the period's end. The period's
 * clock times are read on that day's own offset in the organiser's zone (zonedInstant), so a
 * 09:00 start stays 09:00 on the organiser's wall clock across daylight-saving changes; the calls
 * are stepped in real minutes, so each lasts exactly its length even on the night the clocks
 * change.
 */

export type SlotRules = {
  timeZone: string;
  weeklyHours: readonly WeeklyHours[];
  callMinutes: number;
  bufferMinutes: number;
  /** Organiser-zone days without calls, 'YYYY-MM-DD'. */
  blockedDates: readonly string[];
};

export type Interval = { start: Date; end: Date };

export type SlotWindow = {
  /** Organiser-zone days to look at, 'YYYY-MM-DD', inclusive. */
  fromDay: string;
  toDay: string;
  /** No slot starts before this (the workshop's end, or now plus the notice, whichever is later). */
  earliest: Date;
  /** No slot starts at or after this (the end of the booking window). */
  latest: Date;
  /** Times taken: other calls and workshop dates; a slot keeps the buffer clear of each. */
  busy: readonly Interval[];
};

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export const parseDay = (day: string): CalendarDay => ({ year: Number(day.slice(0, 4)), monthIndex: Number(day.slice(5, 7)) - 1, day: Number(day.slice(8, 10)) });

const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The days from one to the other, inclusive ('YYYY-MM-DD'). */
export function daysBetween(fromDay: string, toDay: string): string[] {
  const days: string[] = [];
  const last = Date.parse(`${toDay}T00:00:00Z`);
  for (let at = Date.parse(`${fromDay}T00:00:00Z`); at <= last; at += DAY_MS) days.push(dayText(at));
  return days;
}

/** The day a number of days after another ('YYYY-MM-DD'). */
export const addDays = (day: string, days: number) => dayText(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);

/** ISO weekday of a calendar day: Monday 1 … Sunday 7. */
export function isoWeekday(day: string): number {
  const sundayFirst = new Date(`${day}T00:00:00Z`).getUTCDay();
  return sundayFirst === 0 ? 7 : sundayFirst;
}

const wallFormats = new Map<string, Intl.DateTimeFormat>();
/** An instant on the zone's wall: its day ('YYYY-MM-DD') and minutes after that day's midnight. */
export function wallClock(instant: Date, timeZone: string): { day: string; minutes: number } {
  let format = wallFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    wallFormats.set(timeZone, format);
  }
  const part = (parts: Intl.DateTimeFormatPart[], type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  const parts = format.formatToParts(instant);
  return { day: `${part(parts, 'year')}-${part(parts, 'month')}-${part(parts, 'day')}`, minutes: Number(part(parts, 'hour')) * 60 + Number(part(parts, 'minute')) };
}

/** The organiser-zone day an instant falls on, 'YYYY-MM-DD'. */
export const dayInZone = (instant: Date, timeZone: string) => wallClock(instant, timeZone).day;

/**
 * Whether a slot reads inside the period on the organiser's wall clock. Only a period that starts
 * or ends in the hour the clocks skip can give one that does not (02:00–02:30 on the spring-forward
 * night reads 03:00–03:30): it is left out.
 */
function onTheWall(slot: Interval, day: string, startMinutes: number, endMinutes: number, timeZone: string): boolean {
  const start = wallClock(slot.start, timeZone);
  const end = wallClock(slot.end, timeZone);
  const endReads = end.day === day ? end.minutes : end.day === addDays(day, 1) && end.minutes === 0 ? 1440 : Infinity;
  return start.day === day && start.minutes >= startMinutes && endReads <= endMinutes;
}

/** Whether a slot keeps the buffer clear of a taken interval. */
function clashes(start: number, end: number, busy: readonly Interval[], bufferMs: number): boolean {
  return busy.some((taken) => start < taken.end.getTime() + bufferMs && end + bufferMs > taken.start.getTime());
}

/** The grid's slots of one day, whatever is taken: each period's calls end by the period's end. */
function daySlots(day: string, rules: SlotRules): Interval[] {
  const weekday = isoWeekday(day);
  const calendarDay = parseDay(day);
  const lengthMs = rules.callMinutes * MINUTE_MS;
  const slots: Interval[] = [];
  for (const period of rules.weeklyHours) {
    if (period.weekday !== weekday) continue;
    const startMinutes = clockMinutes(period.start);
    const endMinutes = clockMinutes(period.end);
    const periodEnd = zonedInstant(calendarDay, endMinutes, rules.timeZone).getTime();
    for (let at = zonedInstant(calendarDay, startMinutes, rules.timeZone).getTime(); at + lengthMs <= periodEnd; at += lengthMs) {
      const slot = { start: new Date(at), end: new Date(at + lengthMs) };
      if (onTheWall(slot, day, startMinutes, endMinutes, rules.timeZone)) slots.push(slot);
    }
  }
  return slots;
}

/** The free slots in the window, soonest first, none overlapping another. */
export function freeSlots(rules: SlotRules, window: SlotWindow): Interval[] {
  const blocked = new Set(rules.blockedDates);
  const bufferMs = rules.bufferMinutes * MINUTE_MS;
  const candidates = daysBetween(window.fromDay, window.toDay)
    .filter((day) => !blocked.has(day))
    .flatMap((day) => daySlots(day, rules))
    .filter(({ start, end }) => start >= window.earliest && start < window.latest && !clashes(start.getTime(), end.getTime(), window.busy, bufferMs))
    .sort((a, b) => a.start.getTime() - b.start.getTime());
  // Saved periods never overlap (checkCallSettings), but a slot is never offered twice even so.
  const slots: Interval[] = [];
  for (const slot of candidates) {
    const last = slots[slots.length - 1];
    if (!last || slot.start >= last.end) slots.push(slot);
  }
  return slots;
}
