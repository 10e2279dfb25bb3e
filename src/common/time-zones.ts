import { TZDate } from '@date-fns/tz';

/**
 * Real time zones (CONTRACT §7, decision 010). A workshop date's zone is an IANA zone; the
 * abbreviations the specification offers name their region's civil time all year, so 'PST' on a
 * July date is Pacific daylight time. Instants come from the zone rules in the runtime's ICU data
 * (through @date-fns/tz), never from a table of fixed offsets. Runtime-neutral: server, e-mails and
 * the browser share it.
 */

export type ZoneRegion = {
  /** IANA zone. */
  id: string;
  /** What the admin's zone picker shows: the region and its best-known city. */
  label: string;
};

/** The regions the admin offers, in the specification's order of zones. */
export const ZONE_REGIONS: readonly ZoneRegion[] = [
  { id: 'America/Los_Angeles', label: 'Pacific (Los Angeles)' },
  { id: 'America/Denver', label: 'Mountain (Denver)' },
  { id: 'America/Chicago', label: 'Central (Chicago)' },
  { id: 'America/New_York', label: 'Eastern (New York)' },
  { id: 'America/Anchorage', label: 'Alaska (Anchorage)' },
  { id: 'Pacific/Honolulu', label: 'Hawaii (Honolulu)' },
  { id: 'Europe/London', label: 'United Kingdom (London)' },
  { id: 'UTC', label: 'Coordinated Universal Time' },
  { id: 'Europe/Berlin', label: 'Central Europe (Berlin)' },
  { id: 'Asia/Tokyo', label: 'Japan (Tokyo)' },
  { id: 'Australia/Sydney', label: 'Australia Eastern (Sydney)' },
];

/**
 * Each abbreviation the product has offered (and the daylight twin older rows may hold) → its
 * region, all year. GMT is the United Kingdom's civil time (BST in summer), as organisers in
 * London mean it; UTC is the one zone that never moves.
 */
export const ABBREVIATION_REGIONS: Readonly<Record<string, string>> = {
  PST: 'America/Los_Angeles',
  PDT: 'America/Los_Angeles',
  MST: 'America/Denver',
  MDT: 'America/Denver',
  CST: 'America/Chicago',
  CDT: 'America/Chicago',
  EST: 'America/New_York',
  EDT: 'America/New_York',
  AKST: 'America/Anchorage',
  AKDT: 'America/Anchorage',
  HST: 'Pacific/Honolulu',
  GMT: 'Europe/London',
  BST: 'Europe/London',
  UTC: 'UTC',
  CET: 'Europe/Berlin',
  CEST: 'Europe/Berlin',
  JST: 'Asia/Tokyo',
  AEST: 'Australia/Sydney',
  AEDT: 'Australia/Sydney',
};

/**
 * English ICU names most zones outside North America by offset ('GMT+2'); the short names people
 * read, for the listed regions. Any other zone keeps ICU's name.
 */
const SHORT_NAMES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'Europe/London': { GMT: 'GMT', 'GMT+1': 'BST' },
  'Europe/Berlin': { 'GMT+1': 'CET', 'GMT+2': 'CEST' },
  'Asia/Tokyo': { 'GMT+9': 'JST' },
  'Australia/Sydney': { 'GMT+10': 'AEST', 'GMT+11': 'AEDT' },
  UTC: { UTC: 'UTC', GMT: 'UTC' },
  // The booking section's 'Greenwich Mean Time': ICU calls it UTC.
  'Etc/GMT': { UTC: 'GMT', GMT: 'GMT' },
};

/**
 * Zones we name ourselves keep their id, whatever the case they are typed in: ICU would spell
 * 'Etc/GMT' (the booking section's Greenwich Mean Time) as 'UTC' and lose its name.
 */
const OWN_ZONE_IDS = new Map([...ZONE_REGIONS.map((region) => region.id), 'Etc/GMT'].map((id) => [id.toLowerCase(), id]));

const canonicalZones = new Map<string, string | null>();

/** An IANA name in its canonical spelling ('america/new_york' → 'America/New_York'), or null. */
function canonicalZone(name: string): string | null {
  if (!canonicalZones.has(name)) {
    let canonical: string | null = null;
    try {
      canonical = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    } catch {
      canonical = null;
    }
    canonicalZones.set(name, canonical);
  }
  return canonicalZones.get(name)!;
}

/**
 * The IANA zone a typed `timezone` names: an offered abbreviation (any case) or an IANA name;
 * null for anything else ('Mars/Olympus', 'XYZ', '+05:00').
 */
export function resolveTimeZone(typed: string | null | undefined): string | null {
  const text = (typed ?? '').trim();
  if (!text) return null;
  const region = ABBREVIATION_REGIONS[text.toUpperCase()] ?? OWN_ZONE_IDS.get(text.toLowerCase());
  if (region) return region;
  // Only region names: Intl also takes offsets ('+05:00') and 'EST5EDT'-style legacy names.
  if (!/^[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+$/.test(text)) return null;
  return canonicalZone(text);
}

/** How the zone is written back: abbreviations in capitals, IANA names in their canonical spelling. */
export function normaliseTimeZoneText(typed: string): string {
  const text = typed.trim();
  if (ABBREVIATION_REGIONS[text.toUpperCase()]) return text.toUpperCase();
  return resolveTimeZone(text) ?? text;
}

/** The region's label for a zone the admin offers, else the zone's own name. */
export function zoneRegionLabel(zoneId: string): string {
  return ZONE_REGIONS.find((region) => region.id === zoneId)?.label ?? zoneId.replace(/_/g, ' ');
}

/** The abbreviation in force in a zone at an instant: 'PDT', 'CEST', 'AEDT', 'JST', or ICU's 'GMT+5:30'. */
export function zoneAbbreviation(zoneId: string, instant: Date): string {
  return readClock(zoneId, instant).abbreviation;
}

export type CalendarDay = { year: number; monthIndex: number; day: number };

/**
 * Instants and clock readings already worked out, by their inputs. The zone rules do not change
 * while the process runs, and one order reads the same few a dozen times (each seat's e-mail and
 * calendar file, the buyer's and the organiser's e-mails): working them out each time through
 * TZDate and formatToParts was about a tenth of the server's CPU time in the bench's orders. A
 * memo that fills up starts again, so it stays small whatever is asked.
 */
const MEMO_LIMIT = 2_000;
const instants = new Map<string, number>();
const walls = new Map<string, WallTime>();

function remembered<T>(memo: Map<string, T>, key: string, work: () => T): T {
  const known = memo.get(key);
  if (known !== undefined) return known;
  const value = work();
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, value);
  return value;
}

const MINUTES_PER_DAY = 24 * 60;

/**
 * The instant a wall-clock time happens in a zone: `minutes` after midnight of `day` (it may run
 * past 24 hours into the next days). A time the clocks skip (2:30 AM when they spring forward)
 * is read as the same time after the jump, as calendars do.
 */
export function zonedInstant(day: CalendarDay, minutes: number, zoneId: string): Date {
  return new Date(remembered(instants, `${day.year}-${day.monthIndex}-${day.day} ${minutes} ${zoneId}`, () => instantOf(day, minutes, zoneId)));
}

function instantOf(day: CalendarDay, minutes: number, zoneId: string): number {
  const wholeDays = Math.floor(minutes / MINUTES_PER_DAY);
  const minuteOfDay = minutes - wholeDays * MINUTES_PER_DAY;
  // Date.UTC rolls the calendar forward (July 31 + 1 day is August 1), without any zone involved.
  const date = new Date(Date.UTC(day.year, day.monthIndex, day.day + wholeDays));
  const wall = new TZDate(
    date.getUTCFullYear(),
    date.getUTCMonth(),
    date.getUTCDate(),
    Math.floor(minuteOfDay / 60),
    minuteOfDay % 60,
    zoneId,
  );
  return wall.getTime();
}

/** Some ICU versions put a narrow no-break space before AM/PM; text we print has a plain one. */
export const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ').trim();

type WallFormats = { day: Intl.DateTimeFormat; clock: Intl.DateTimeFormat };
const formatsByZone = new Map<string, WallFormats>();

/**
 * Formatters made once per zone: building one costs far more than using it (about 20 times a
 * format here), and every listing, e-mail and calendar text reads clocks. The clock's formatter
 * also names the zone, so the abbreviation comes from the same call.
 */
function wallFormats(zoneId: string): WallFormats {
  let formats = formatsByZone.get(zoneId);
  if (!formats) {
    formats = {
      day: new Intl.DateTimeFormat('en-US', { timeZone: zoneId, weekday: 'short', month: 'long', day: 'numeric', year: 'numeric' }),
      clock: new Intl.DateTimeFormat('en-US', { timeZone: zoneId, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }),
    };
    formatsByZone.set(zoneId, formats);
  }
  return formats;
}

/** '10:00 AM' and the abbreviation in force ('PDT'; ICU's 'GMT+2' becomes 'CEST' for the listed regions). */
function readClock(zoneId: string, instant: Date): { clock: string; abbreviation: string } {
  const parts = wallFormats(zoneId).clock.formatToParts(instant);
  const icuName = parts.find((part) => part.type === 'timeZoneName')?.value ?? zoneId;
  const clock = parts
    .filter((part) => part.type !== 'timeZoneName')
    .map((part) => part.value)
    .join('');
  return { clock: plainSpaces(clock), abbreviation: SHORT_NAMES[zoneId]?.[icuName] ?? icuName };
}

export type WallTime = {
  /** 'Fri, July 4, 2031' */
  day: string;
  /** '10:00 AM' */
  clock: string;
  /** 'PDT' */
  abbreviation: string;
};

/** An instant as it reads on the zone's calendar and clock. Throws RangeError for an unknown zone. */
export function wallTime(instant: Date, zoneId: string): WallTime {
  const wall = remembered(walls, `${instant.getTime()} ${zoneId}`, () => ({ day: plainSpaces(wallFormats(zoneId).day.format(instant)), ...readClock(zoneId, instant) }));
  return { ...wall };
}

/**
 * 'Sat, November 28, 2026, 1:17 AM CET': an instant on the clock of a zone (an IANA name or an
 * offered abbreviation), or of UTC when the zone is unknown.
 */
export function formatInstant(instant: Date, zone: string | null | undefined): string {
  const wall = wallTime(instant, resolveTimeZone(zone) ?? 'UTC');
  return `${wall.day}, ${wall.clock} ${wall.abbreviation}`;
}

/**
 * '10:00 AM PDT · 7:00 PM CEST for you': the organiser's clock, then the viewer's when their zone
 * reads differently (with the viewer's day when it is another day: 'Sat, July 5, 2031, 3:00 AM
 * AEST for you'). Only the organiser's clock when the viewer's zone is unknown or shows the same.
 */
export function clockForBoth(instant: Date, organiserZoneId: string, viewerZoneId: string | null | undefined): string {
  const organiser = wallTime(instant, organiserZoneId);
  const own = `${organiser.clock} ${organiser.abbreviation}`;
  if (!viewerZoneId || !resolveTimeZone(viewerZoneId)) return own;
  const viewer = wallTime(instant, viewerZoneId);
  if (viewer.clock === organiser.clock && viewer.day === organiser.day) return own;
  const viewerDay = viewer.day === organiser.day ? '' : `${viewer.day}, `;
  return `${own} · ${viewerDay}${viewer.clock} ${viewer.abbreviation} for you`;
}

/** The zone this runtime (a browser: the visitor's) reports, or undefined. */
export function runtimeTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The zones an organiser picks from, for a workshop date and for the site's default alike: the
 * product's first five, then the other abbreviations a date accepts (ABBREVIATION_REGIONS). Stored
 * as the abbreviation, which names its region all year; a picker shows the region (zoneOptionLabel).
 */
export const WORKSHOP_TIMEZONES = ['PST', 'MST', 'CST', 'EST', 'UTC', 'AKST', 'HST', 'GMT', 'CET', 'JST', 'AEST'] as const;

/** 'Pacific (Los Angeles) · PST'; an IANA name typed elsewhere reads as its region. */
export function zoneOptionLabel(zone: string): string {
  const zoneId = resolveTimeZone(zone);
  if (!zoneId) return zone;
  const region = zoneRegionLabel(zoneId);
  return zone.includes('/') ? region : `${region} · ${zone}`;
}
