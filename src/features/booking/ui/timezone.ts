import { parseTimeRange } from '../../../common/dates';

/**
 * The booking section's "show times in" viewer (spec §9), kept pure so it is unit-tested in
 * Node: which choices exist, how a stored choice is read back, and how a workshop date is shown
 * in the chosen zone. Conversion starts from the server's `startsAt` instant; whenever it is not
 * possible (TBC, unknown zone, Intl failure) the organiser's own text is shown unchanged.
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
  /** Short names to show instead of Intl's 'GMT+9' style, keyed by that Intl short name. */
  abbreviations?: Record<string, string>;
};

/** The listed zones of spec §9, in its order. */
export const listedZones: readonly ListedZone[] = [
  { value: 'America/Los_Angeles', label: 'Pacific Time' },
  { value: 'America/New_York', label: 'Eastern Time' },
  { value: 'America/Chicago', label: 'Central Time' },
  { value: 'America/Denver', label: 'Mountain Time' },
  { value: 'America/Anchorage', label: 'Alaska Time' },
  { value: 'Pacific/Honolulu', label: 'Hawaii Time' },
  { value: 'Etc/GMT', label: 'Greenwich Mean Time', abbreviations: { UTC: 'GMT', GMT: 'GMT' } },
  { value: 'Europe/Berlin', label: 'Central European Time', abbreviations: { 'GMT+1': 'CET', 'GMT+2': 'CEST' } },
  { value: 'Asia/Tokyo', label: 'Japan Time', abbreviations: { 'GMT+9': 'JST' } },
  { value: 'Australia/Sydney', label: 'Australian Eastern Time', abbreviations: { 'GMT+10': 'AEST', 'GMT+11': 'AEDT' } },
];

export type TimeZoneChoiceOption = { value: string; label: string };

/** Every choice of the viewer, as the select lists them. */
export function timeZoneChoiceOptions(browserZone: string | undefined): TimeZoneChoiceOption[] {
  return [
    { value: BROWSER_TIME, label: browserZone ? `Your time zone (${browserZone})` : 'Your time zone' },
    { value: ORIGINAL_TIME, label: 'Original workshop time' },
    ...listedZones.map(({ value, label }) => ({ value, label })),
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
export function detectBrowserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export type WorkshopTimeSource = {
  date: string;
  time: string;
  timezone: string;
  /** ISO instant the workshop starts; null when TBC. */
  startsAt: string | null;
};

export type DisplayedTime = {
  date: string;
  time: string;
  timezone: string;
  /** False when the original text is shown (chosen, or the conversion was impossible). */
  converted: boolean;
};

/** Some ICU versions put a narrow no-break space before AM/PM; the organiser's text has a plain one. */
const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ').trim();

function zoneName(timeZone: string, intlShortName: string | undefined): string {
  const listed = listedZones.find((zone) => zone.value === timeZone);
  if (intlShortName && listed?.abbreviations?.[intlShortName]) return listed.abbreviations[intlShortName]!;
  return intlShortName ?? timeZone;
}

type ZoneFormats = { dateFormat: Intl.DateTimeFormat; clockFormat: Intl.DateTimeFormat };
const formatsByZone = new Map<string, ZoneFormats>();

/**
 * The two formatters for a zone, made once: building an Intl.DateTimeFormat costs far more than
 * using one, and the booking section shows every date in the same zone, on every render. Throws
 * RangeError for an unknown zone (and keeps nothing then).
 */
function zoneFormats(timeZone: string): ZoneFormats {
  let formats = formatsByZone.get(timeZone);
  if (!formats) {
    formats = {
      dateFormat: new Intl.DateTimeFormat('en-US', { timeZone, month: 'long', day: 'numeric', year: 'numeric' }),
      clockFormat: new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }),
    };
    formatsByZone.set(timeZone, formats);
  }
  return formats;
}

/**
 * The date, time range and zone to show for a workshop date under a choice. `browserZone` is
 * passed in (rather than read here) so the function stays pure and testable.
 */
export function displayTime(workshop: WorkshopTimeSource, choice: string, browserZone: string | undefined): DisplayedTime {
  const original: DisplayedTime = { date: workshop.date, time: workshop.time, timezone: workshop.timezone, converted: false };
  if (choice === ORIGINAL_TIME || !isTimeZoneChoice(choice)) return original;
  const timeZone = choice === BROWSER_TIME ? browserZone : choice;
  if (!timeZone || !workshop.startsAt) return original;

  const start = new Date(workshop.startsAt);
  const range = parseTimeRange(workshop.time);
  if (Number.isNaN(start.getTime()) || !range) return original;
  // A single time means one hour (parseTimeRange already gives +60 minutes then).
  const end = new Date(start.getTime() + (range.endMinutes - range.startMinutes) * 60_000);

  try {
    const { dateFormat, clockFormat } = zoneFormats(timeZone);
    const clock = (instant: Date) => {
      const parts = clockFormat.formatToParts(instant);
      return {
        text: plainSpaces(
          parts
            .filter((part) => part.type !== 'timeZoneName')
            .map((part) => part.value)
            .join(''),
        ),
        zone: parts.find((part) => part.type === 'timeZoneName')?.value,
      };
    };
    const from = clock(start);
    const to = clock(end);
    return {
      date: plainSpaces(dateFormat.format(start)),
      time: `${from.text} - ${to.text}`,
      timezone: zoneName(timeZone, from.zone),
      converted: true,
    };
  } catch {
    // An unknown zone throws RangeError; show what the organiser wrote.
    return original;
  }
}
