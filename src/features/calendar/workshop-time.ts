import { formatLongDate, workshopInterval, ZONE_OFFSET_MINUTES } from '../../common/dates';

/**
 * When a workshop happens, as calendars and reminders need it: the UTC instants (one hour when
 * the time has no end) and the wall-clock text in the workshop's own zone. Pure, for server and
 * client alike.
 */

export type WorkshopWhen = {
  date: string | null | undefined;
  time: string | null | undefined;
  timezone: string | null | undefined;
  isTBC?: boolean | null;
  /** The instants stored on write; used only when the typed text no longer parses. */
  startsAt?: Date | string | null;
  endsAt?: Date | string | null;
};

const HOUR_MS = 3_600_000;

/** Start and end in UTC, or null when the workshop is TBC or its date is not set. */
export function workshopEventTimes(when: WorkshopWhen): { start: Date; end: Date } | null {
  if (when.isTBC) return null;
  const parsed = workshopInterval(when.date, when.time, when.timezone);
  if (parsed) return parsed;
  if (!when.startsAt) return null;
  const start = new Date(when.startsAt);
  if (Number.isNaN(start.getTime())) return null;
  const end = when.endsAt ? new Date(when.endsAt) : null;
  return { start, end: end && end.getTime() > start.getTime() ? end : new Date(start.getTime() + HOUR_MS) };
}

/** The zone label we print: the organiser's abbreviation when we know its offset, else UTC. */
function zoneOf(timezone: string | null | undefined): { label: string; offsetMinutes: number } {
  const label = (timezone ?? '').trim().toUpperCase();
  const offsetMinutes = ZONE_OFFSET_MINUTES[label];
  return offsetMinutes === undefined ? { label: 'UTC', offsetMinutes: 0 } : { label, offsetMinutes };
}

function shifted(instant: Date, offsetMinutes: number): Date {
  return new Date(instant.getTime() + offsetMinutes * 60_000);
}

/** '10:00 AM' for a UTC-shifted instant; written out by hand so every ICU build agrees. */
function clock(wall: Date): string {
  const hours = wall.getUTCHours();
  const minutes = String(wall.getUTCMinutes()).padStart(2, '0');
  return `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** '10:00 AM PST': the instant on the workshop's own clock. */
export function clockInZone(instant: Date, timezone: string | null | undefined): string {
  const zone = zoneOf(timezone);
  return `${clock(shifted(instant, zone.offsetMinutes))} ${zone.label}`;
}

/** 'July 4, 2031, 10:00 AM PST': the instant on the workshop's own calendar and clock. */
export function formatInWorkshopZone(instant: Date, timezone: string | null | undefined): string {
  const zone = zoneOf(timezone);
  const wall = shifted(instant, zone.offsetMinutes);
  return `${formatLongDate(wall)}, ${clock(wall)} ${zone.label}`;
}

/** 'Starts July 4, 2031, 10:00 AM PST, ends 12:00 PM PST'. */
export function startsText(times: { start: Date; end: Date }, timezone: string | null | undefined): string {
  return `Starts ${formatInWorkshopZone(times.start, timezone)}, ends ${clockInZone(times.end, timezone)}`;
}
