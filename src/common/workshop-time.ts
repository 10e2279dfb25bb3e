import { parseLongDate, workshopInterval } from './dates';
import { resolveTimeZone, wallTime, type WallTime } from './time-zones';

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
  /** The range's end is on the next calendar day ('10:00 PM - 1:00 AM'). */
  endsNextDay?: boolean | null;
  /** The instants stored on write; used only when the typed text no longer parses. */
  startsAt?: Date | string | null;
  endsAt?: Date | string | null;
};

const HOUR_MS = 3_600_000;

/** Start and end in UTC, or null when the workshop is TBC or its date is not set. */
export function workshopEventTimes(when: WorkshopWhen): { start: Date; end: Date } | null {
  if (when.isTBC) return null;
  const parsed = workshopInterval(when.date, when.time, when.timezone, when.endsNextDay ?? false);
  if (parsed) return parsed;
  if (!when.startsAt) return null;
  const start = new Date(when.startsAt);
  if (Number.isNaN(start.getTime())) return null;
  const end = when.endsAt ? new Date(when.endsAt) : null;
  return { start, end: end && end.getTime() > start.getTime() ? end : new Date(start.getTime() + HOUR_MS) };
}

/** The zone we print in: the organiser's when we know it, else UTC (an old row's unknown text). */
function zoneIdOf(timezone: string | null | undefined): string {
  return resolveTimeZone(timezone) ?? 'UTC';
}

/**
 * One zone story along the journey: when a workshop is, on the organiser's
 * calendar and clock, and on the viewer's beside it when their zone reads differently. The booking
 * list, checkout, e-mails, calendar text and participant page all print it through this.
 */
export type ZoneStory = {
  /** The organiser's side: day 'Fri, July 4, 2031', time '10:00 AM – 12:00 PM PDT'. */
  organiser: { day: string; time: string };
  /**
   * The viewer's side, or null when their zone is unknown or reads the same: time
   * '7:00 PM – 9:00 PM CEST', day only when it is not the organiser's ('Sat, July 5, 2031').
   */
  viewer: { day: string | null; time: string } | null;
};

const DAY_MS = 86_400_000;

/** 'Fri, July 4, 2031' → that calendar day's midnight UTC in ms, for counting days between two. */
function dayNumber(day: string): number | null {
  const parsed = parseLongDate(day.replace(/^[A-Za-z]+,\s*/, ''));
  return parsed ? Date.UTC(parsed.year, parsed.monthIndex, parsed.day) : null;
}

/**
 * '10:00 AM – 12:00 PM PDT'; an end on the next day says so ('10:00 PM – 1:00 AM (next day) EST'),
 * a later one names its day; each clock keeps its own abbreviation when the clocks change in between.
 */
function rangeText(start: WallTime, end: WallTime): string {
  let endClock = end.clock;
  if (end.day !== start.day) {
    const from = dayNumber(start.day);
    const to = dayNumber(end.day);
    endClock = from !== null && to !== null && to - from === DAY_MS ? `${end.clock} (next day)` : `${end.day}, ${end.clock}`;
  }
  if (start.abbreviation !== end.abbreviation) return `${start.clock} ${start.abbreviation} – ${endClock} ${end.abbreviation}`;
  return `${start.clock} – ${endClock} ${start.abbreviation}`;
}

/**
 * The story for a start and an end: the organiser's zone (typed text or IANA id; UTC when unknown)
 * and the viewer's IANA zone (none, unknown or the same reading: the organiser's side only).
 */
export function zoneStory(times: { start: Date; end: Date }, organiserZone: string | null | undefined, viewerZone?: string | null): ZoneStory {
  const organiserId = zoneIdOf(organiserZone);
  const start = wallTime(times.start, organiserId);
  const organiser = { day: start.day, time: rangeText(start, wallTime(times.end, organiserId)) };
  const viewerId = viewerZone ? resolveTimeZone(viewerZone) : null;
  if (!viewerId) return { organiser, viewer: null };
  const viewerStart = wallTime(times.start, viewerId);
  // As clockForBoth: the viewer's side only when their clock or calendar reads differently.
  if (viewerStart.clock === start.clock && viewerStart.day === start.day) return { organiser, viewer: null };
  return {
    organiser,
    viewer: { day: viewerStart.day === start.day ? null : viewerStart.day, time: rangeText(viewerStart, wallTime(times.end, viewerId)) },
  };
}

/** The viewer's side: '7:00 PM – 9:00 PM CEST for you', with their day when it differs; null without one. */
export function viewerText(story: ZoneStory): string | null {
  const viewer = story.viewer;
  return viewer ? `${viewer.day ? `${viewer.day}, ` : ''}${viewer.time} for you` : null;
}

/** 'Fri, July 4, 2031, 10:00 AM – 12:00 PM PDT · 7:00 PM – 9:00 PM CEST for you'. */
export function zoneStoryText(story: ZoneStory): string {
  const own = `${story.organiser.day}, ${story.organiser.time}`;
  const viewer = viewerText(story);
  return viewer ? `${own} · ${viewer}` : own;
}

/**
 * When a workshop date is, for a viewer (a booking's stored zone, a browser's): the zone story's
 * text, or null while it has no date and time (TBC), so each caller keeps its own TBC words.
 */
export function workshopWhenFor(when: WorkshopWhen, viewerZone?: string | null): string | null {
  const times = workshopEventTimes(when);
  return times ? zoneStoryText(zoneStory(times, when.timezone, viewerZone)) : null;
}
