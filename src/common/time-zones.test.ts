import { describe, expect, it } from 'vitest';
import { workshopInterval } from './dates';
import { clockForBoth, formatInstant, normaliseTimeZoneText, resolveTimeZone, wallTime, zoneAbbreviation, zonedInstant } from './time-zones';

/**
 * The zone rules at each kind of change. Every expected instant is worked out
 * by hand from the published rules: US clocks change on the second Sunday of March and the first
 * of November at 2:00 AM local, the EU's on the last Sundays of March and October at 01:00 UTC,
 * Sydney's on the first Sundays of October and April, and Japan's never.
 */
const at = (date: string, time: string, zone: string) => workshopInterval(date, time, zone)?.start.toISOString();

describe('abbreviations name their region all year', () => {
  it.each([
    ['PST', 'America/Los_Angeles'],
    ['pdt', 'America/Los_Angeles'],
    ['EST', 'America/New_York'],
    ['CST', 'America/Chicago'],
    ['MST', 'America/Denver'],
    ['AKST', 'America/Anchorage'],
    ['HST', 'Pacific/Honolulu'],
    ['GMT', 'Europe/London'],
    ['UTC', 'UTC'],
    ['CET', 'Europe/Berlin'],
    ['JST', 'Asia/Tokyo'],
    ['AEST', 'Australia/Sydney'],
    [' america/new_york ', 'America/New_York'],
  ])('%j is %s', (typed, zoneId) => {
    expect(resolveTimeZone(typed)).toBe(zoneId);
  });

  it.each(['', 'Mars/Olympus', '+05:00', 'EST5EDT', 'XYZ', 'America/'])('%j is no zone', (typed) => {
    expect(resolveTimeZone(typed)).toBeNull();
  });

  it('writes abbreviations in capitals and IANA names in their own spelling', () => {
    expect(normaliseTimeZoneText(' pst ')).toBe('PST');
    expect(normaliseTimeZoneText('europe/berlin')).toBe('Europe/Berlin');
  });

  it('places the specification\'s example at 17:00 UTC in July and 18:00 UTC in January', () => {
    expect(at('July 4, 2031', '10:00 AM', 'PST')).toBe('2031-07-04T17:00:00.000Z');
    expect(at('January 9, 2031', '10:00 AM', 'PST')).toBe('2031-01-09T18:00:00.000Z');
  });
});

describe('instants across each change', () => {
  // [the rule, date, time, zone, the start in UTC]
  it.each([
    ['United States: second Sunday of March (2026: March 8)', 'March 7, 2026', '10:00 AM', 'PST', '2026-03-07T18:00:00.000Z'],
    ['United States: second Sunday of March (2026: March 8)', 'March 8, 2026', '10:00 AM', 'PST', '2026-03-08T17:00:00.000Z'],
    ['United States: first Sunday of November (2026: November 1)', 'October 31, 2026', '10:00 AM', 'EST', '2026-10-31T14:00:00.000Z'],
    ['United States: first Sunday of November (2026: November 1)', 'November 1, 2026', '10:00 AM', 'EST', '2026-11-01T15:00:00.000Z'],
    // 2:30 AM does not happen on March 8 in New York: read as 3:30 AM EDT, as calendars do.
    ['United States: the skipped hour of March 8, 2026', 'March 8, 2026', '2:30 AM', 'EST', '2026-03-08T07:30:00.000Z'],
    ['European Union: last Sunday of March (2026: March 29)', 'March 28, 2026', '10:00 AM', 'CET', '2026-03-28T09:00:00.000Z'],
    ['European Union: last Sunday of March (2026: March 29)', 'March 29, 2026', '10:00 AM', 'CET', '2026-03-29T08:00:00.000Z'],
    ['European Union: last Sunday of October (2026: October 25)', 'October 24, 2026', '10:00 AM', 'CET', '2026-10-24T08:00:00.000Z'],
    ['European Union: last Sunday of October (2026: October 25)', 'October 25, 2026', '10:00 AM', 'CET', '2026-10-25T09:00:00.000Z'],
    ['United Kingdom: summer time in July', 'July 4, 2026', '10:00 AM', 'GMT', '2026-07-04T09:00:00.000Z'],
    ['Australia: summer time ends on the first Sunday of April (2026: April 5)', 'April 4, 2026', '10:00 AM', 'AEST', '2026-04-03T23:00:00.000Z'],
    ['Australia: summer time ends on the first Sunday of April (2026: April 5)', 'April 5, 2026', '10:00 AM', 'AEST', '2026-04-05T00:00:00.000Z'],
    ['Australia: summer time starts on the first Sunday of October (2026: October 4)', 'October 3, 2026', '10:00 AM', 'AEST', '2026-10-03T00:00:00.000Z'],
    ['Australia: summer time starts on the first Sunday of October (2026: October 4)', 'October 4, 2026', '10:00 AM', 'AEST', '2026-10-03T23:00:00.000Z'],
    ['Japan: no daylight time, the same offset all year', 'January 9, 2026', '9:00 AM', 'JST', '2026-01-09T00:00:00.000Z'],
    ['Japan: no daylight time, the same offset all year', 'July 4, 2026', '9:00 AM', 'JST', '2026-07-04T00:00:00.000Z'],
  ])('%s: %s %s %s starts at %s', (_rule, date, time, zone, start) => {
    expect(at(date, time, zone)).toBe(start);
  });

  it('a range across the change lasts the hours the clocks show, not the wall-clock difference', () => {
    // 1:00 AM - 4:00 AM on November 1, 2026 in New York: 1:00 EDT to 4:00 EST is four hours.
    const night = workshopInterval('November 1, 2026', '1:00 AM - 4:00 AM', 'EST');
    expect(night?.start.toISOString()).toBe('2026-11-01T05:00:00.000Z');
    expect(night?.end.toISOString()).toBe('2026-11-01T09:00:00.000Z');
  });

  it('an end on the next day rolls the calendar over months and years', () => {
    const interval = workshopInterval('December 31, 2026', '10:00 PM - 1:00 AM', 'UTC', true);
    expect(interval?.end.toISOString()).toBe('2027-01-01T01:00:00.000Z');
    expect(zonedInstant({ year: 2026, monthIndex: 6, day: 31 }, 24 * 60 + 30, 'UTC').toISOString()).toBe('2026-08-01T00:30:00.000Z');
  });
});

describe('what people read', () => {
  it.each([
    ['America/Los_Angeles', '2026-03-07T18:00:00Z', 'PST'],
    ['America/Los_Angeles', '2026-03-08T17:00:00Z', 'PDT'],
    ['Europe/Berlin', '2026-03-28T09:00:00Z', 'CET'],
    ['Europe/Berlin', '2026-03-29T08:00:00Z', 'CEST'],
    ['Europe/London', '2026-07-04T09:00:00Z', 'BST'],
    ['Australia/Sydney', '2026-04-03T23:00:00Z', 'AEDT'],
    ['Australia/Sydney', '2026-04-05T00:00:00Z', 'AEST'],
    ['Asia/Tokyo', '2026-07-04T00:00:00Z', 'JST'],
    ['UTC', '2026-07-04T00:00:00Z', 'UTC'],
  ])('%s at %s is %s', (zoneId, instant, abbreviation) => {
    expect(zoneAbbreviation(zoneId, new Date(instant))).toBe(abbreviation);
  });

  it('shows the weekday', () => {
    expect(wallTime(new Date('2026-03-08T17:00:00Z'), 'America/Los_Angeles')).toEqual({ day: 'Sun, March 8, 2026', clock: '10:00 AM', abbreviation: 'PDT' });
  });

  it('puts the viewer\'s clock beside the organiser\'s', () => {
    const start = new Date('2026-07-04T17:00:00Z');
    expect(clockForBoth(start, 'America/Los_Angeles', 'Europe/Berlin')).toBe('10:00 AM PDT · 7:00 PM CEST for you');
    expect(clockForBoth(start, 'America/Los_Angeles', 'Australia/Sydney')).toBe('10:00 AM PDT · Sun, July 5, 2026, 3:00 AM AEST for you');
    expect(clockForBoth(start, 'America/Los_Angeles', 'America/Los_Angeles')).toBe('10:00 AM PDT');
    expect(clockForBoth(start, 'America/Los_Angeles', null)).toBe('10:00 AM PDT');
    expect(clockForBoth(start, 'America/Los_Angeles', 'Mars/Olympus')).toBe('10:00 AM PDT');
  });
});

// The reservation reminder's 'held until' and the confirmation page: on the reader's clock, not in UTC.
describe('formatInstant', () => {
  it('writes the instant on the clock of the zone the visitor booked in', () => {
    expect(formatInstant(new Date('2026-11-28T00:17:00Z'), 'Europe/Berlin')).toBe('Sat, November 28, 2026, 1:17 AM CET');
    expect(formatInstant(new Date('2026-07-04T17:00:00Z'), 'America/Los_Angeles')).toBe('Sat, July 4, 2026, 10:00 AM PDT');
  });

  it('reads a workshop\'s typed abbreviation as its region', () => {
    expect(formatInstant(new Date('2026-07-04T17:00:00Z'), 'PST')).toBe('Sat, July 4, 2026, 10:00 AM PDT');
  });

  it('falls back to UTC when no zone is known', () => {
    expect(formatInstant(new Date('2026-11-28T00:17:00Z'), null)).toBe('Sat, November 28, 2026, 12:17 AM UTC');
    expect(formatInstant(new Date('2026-11-28T00:17:00Z'), 'Mars/Olympus')).toBe('Sat, November 28, 2026, 12:17 AM UTC');
  });
});
