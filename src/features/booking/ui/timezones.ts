import { useState } from 'react';
import { workshopInterval } from '../../../common/dates';
import type { PublicWorkshopDate } from '../../workshops/workshops.schema';

/**
 * The booking section's "show times in" choice (spec §9): the visitor's own zone, the time as the
 * organiser wrote it, or one of the listed zones. The choice is kept for the next visit.
 */
export const ORIGINAL_TIME = 'original';
export const BROWSER_TIME = 'browser';

type ZoneOption = { value: string; label: string; abbreviation?: string };

export const zoneOptions: ZoneOption[] = [
  { value: 'America/Los_Angeles', label: 'Pacific Time' },
  { value: 'America/New_York', label: 'Eastern Time' },
  { value: 'America/Chicago', label: 'Central Time' },
  { value: 'America/Denver', label: 'Mountain Time' },
  { value: 'America/Anchorage', label: 'Alaska Time' },
  { value: 'Pacific/Honolulu', label: 'Hawaii Time' },
  { value: 'UTC', label: 'Greenwich Mean Time', abbreviation: 'GMT' },
  { value: 'Europe/Paris', label: 'Central European Time' },
  { value: 'Asia/Tokyo', label: 'Japan Time', abbreviation: 'JST' },
  { value: 'Australia/Sydney', label: 'Australian Eastern Time' },
];

const STORAGE_KEY = 'timezone-override';

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

function isKnownChoice(value: string): boolean {
  return value === ORIGINAL_TIME || value === BROWSER_TIME || zoneOptions.some((option) => option.value === value);
}

function loadChoice(): string {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored && isKnownChoice(stored)) return stored;
  } catch {
    // Storage blocked: fall through to the default.
  }
  // Default: the time exactly as the organiser published it.
  return ORIGINAL_TIME;
}

export function useTimeZoneChoice(): [string, (value: string) => void] {
  const [choice, setChoice] = useState(loadChoice);
  const update = (value: string) => {
    setChoice(value);
    try {
      localStorage.setItem(STORAGE_KEY, value);
    } catch {
      // Not remembered next time; still applied now.
    }
  };
  return [choice, update];
}

export type DisplayedTime = { date: string; time: string; timezone: string };

/** The date, time range and zone to show for a workshop date; the original text when conversion is impossible. */
export function displayTime(
  workshop: Pick<PublicWorkshopDate, 'date' | 'time' | 'timezone'>,
  choice: string,
): DisplayedTime {
  const original = { date: workshop.date, time: workshop.time, timezone: workshop.timezone };
  if (choice === ORIGINAL_TIME) return original;
  const interval = workshopInterval(workshop.date, workshop.time, workshop.timezone);
  if (!interval) return original;
  const timeZone = choice === BROWSER_TIME ? browserTimeZone() : choice;
  try {
    const date = new Intl.DateTimeFormat('en-US', { timeZone, month: 'long', day: 'numeric', year: 'numeric' });
    const clock = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
    const startParts = clock.formatToParts(interval.start);
    const clockText = (parts: Intl.DateTimeFormatPart[]) =>
      parts
        .filter((part) => part.type !== 'timeZoneName')
        .map((part) => part.value)
        .join('')
        .trim();
    const zoneName =
      zoneOptions.find((option) => option.value === timeZone)?.abbreviation ??
      startParts.find((part) => part.type === 'timeZoneName')?.value ??
      timeZone;
    return {
      date: date.format(interval.start),
      time: `${clockText(startParts)} - ${clockText(clock.formatToParts(interval.end))}`,
      timezone: zoneName,
    };
  } catch {
    return original;
  }
}
