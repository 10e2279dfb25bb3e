import { parseTimeRange } from '../../../common/dates';
import { resolveTimeZone, runtimeTimeZone } from '../../../common/time-zones';
import { viewerText, zoneStory } from '../../../common/workshop-time';

/**
 * The booking section's "show times in" viewer, kept pure so it is unit-tested in
 * Node: which choices exist, how a stored choice is read back, and how a workshop date is shown:
 * the organiser's time with the chosen zone's beside it (the zone story of workshop-time.ts).
 * Conversion starts from the server's `startsAt` instant; whenever it is not possible (TBC,
 * unknown zone, Intl failure) the organiser's own text is shown unchanged.
 */

/** Show the date, time and zone exactly as the organiser published them. */
export const ORIGINAL_TIME = 'original';
/** Show times in the zone the visitor's browser reports. */
export const BROWSER_TIME = 'browser';
/**
 * Visitors come from many countries and rarely know what 'PST' means for them, so by default
 * times are shown in their own zone; the original text stays one choice away.
 */
export const DEFAULT_TIME_ZONE_CHOICE = BROWSER_TIME;
/** Where the choice is remembered (spec §3: "a stored override setting"). */
export const TIME_ZONE_STORAGE_KEY = 'timezone-override';

type ListedZone = {
  /** IANA zone; also the stored value of the choice. */
  value: string;
  label: string;
};

/** The listed zones of spec §9, in its order. */
export const listedZones: readonly ListedZone[] = [
  { value: 'America/Los_Angeles', label: 'Pacific Time' },
  { value: 'America/New_York', label: 'Eastern Time' },
  { value: 'America/Chicago', label: 'Central Time' },
  { value: 'America/Denver', label: 'Mountain Time' },
  { value: 'America/Anchorage', label: 'Alaska Time' },
  { value: 'Pacific/Honolulu', label: 'Hawaii Time' },
  { value: 'Etc/GMT', label: 'Greenwich Mean Time' },
  { value: 'Europe/Berlin', label: 'Central European Time' },
  { value: 'Asia/Tokyo', label: 'Japan Time' },
  { value: 'Australia/Sydney', label: 'Australian Eastern Time' },
];

export type TimeZoneChoiceOption = { value: string; label: string };

/** Every choice of the viewer, as the select lists them. */
export function timeZoneChoiceOptions(browserZone: string | undefined): TimeZoneChoiceOption[] {
  return [
    { value: BROWSER_TIME, label: browserZone ? `Your time zone (${browserZone})` : 'Your time zone' },
    { value: ORIGINAL_TIME, label: 'Original workshop time' },
    ...listedZones,
  ];
}

export function isTimeZoneChoice(value: unknown): value is string {
  return value === ORIGINAL_TIME || value === BROWSER_TIME || listedZones.some((zone) => zone.value === value);
}

/** A stored choice read back: anything unknown (old or tampered values) gives the default. */
export function parseStoredChoice(raw: string | null | undefined): string {
  return isTimeZoneChoice(raw) ? raw : DEFAULT_TIME_ZONE_CHOICE;
}

/** The zone the browser reports, or undefined when it reports none. */
export const detectBrowserTimeZone = runtimeTimeZone;

/**
 * The zone the visitor chose, as the booking requests send it (bookings.timeZone): the browser's
 * for 'Your time zone', the listed zone when one is chosen, none for the original workshop time.
 */
export function chosenTimeZone(choice: string, browserZone: string | undefined): string | undefined {
  if (choice === BROWSER_TIME) return browserZone;
  if (choice === ORIGINAL_TIME || !isTimeZoneChoice(choice)) return undefined;
  return choice;
}

export type WorkshopTimeSource = {
  date: string;
  time: string;
  timezone: string;
  /** ISO instants of the server's answer; startsAt is null when TBC. */
  startsAt: string | null;
  endsAt?: string | null;
  /** The organiser's IANA zone, when the server knows it. */
  timeZoneId?: string | null;
};

export type DisplayedTime = {
  /** The organiser's day with its weekday ('Fri, July 4, 2031'), or the date as typed. */
  date: string;
  /** The organiser's range and abbreviation in force ('10:00 AM – 12:00 PM PDT'), or the typed text. */
  time: string;
  /** The visitor's side ('7:00 PM – 9:00 PM CEST for you'), null for the original time or the same reading. */
  forYou: string | null;
  /** False when the organiser's typed text is shown, because the conversion was impossible. */
  converted: boolean;
};

/** The start and end instants of the answer; a missing or unusable end makes the typed range's length. */
function instantsOf(workshop: WorkshopTimeSource): { start: Date; end: Date } | null {
  if (!workshop.startsAt) return null;
  const start = new Date(workshop.startsAt);
  if (Number.isNaN(start.getTime())) return null;
  const end = workshop.endsAt ? new Date(workshop.endsAt) : null;
  if (end && end.getTime() > start.getTime()) return { start, end };
  const range = parseTimeRange(workshop.time);
  if (!range) return null;
  // A single time means one hour (parseTimeRange already gives +60 minutes then).
  return { start, end: new Date(start.getTime() + (range.endMinutes - range.startMinutes) * 60_000) };
}

/**
 * A workshop date in the booking list under a choice: the organiser's day (with weekday), range and
 * abbreviation, and the visitor's time beside it unless the choice is the original time. Whenever
 * the conversion is impossible (TBC, unknown zone, Intl failure) the organiser's text is shown
 * unchanged. `browserZone` is passed in so the function stays pure and testable.
 */
export function displayTime(workshop: WorkshopTimeSource, choice: string, browserZone: string | undefined): DisplayedTime {
  const original: DisplayedTime = { date: workshop.date, time: `${workshop.time} ${workshop.timezone}`.trim(), forYou: null, converted: false };
  const organiserZone = resolveTimeZone(workshop.timeZoneId ?? workshop.timezone);
  const times = instantsOf(workshop);
  if (!organiserZone || !times || !isTimeZoneChoice(choice)) return original;
  const viewerZone = chosenTimeZone(choice, browserZone);
  // A zone to show was chosen but cannot be read (a browser reporting none, or one Intl lacks).
  if (choice !== ORIGINAL_TIME && !resolveTimeZone(viewerZone)) return original;
  try {
    const story = zoneStory(times, organiserZone, viewerZone);
    return { date: story.organiser.day, time: story.organiser.time, forYou: viewerText(story), converted: true };
  } catch {
    // An unknown zone throws RangeError; show what the organiser wrote.
    return original;
  }
}
