import { describe, expect, it } from 'vitest';
import { formatLongDate, formatShortDate, parseClock, parseLongDate, parseTimeRange, withWeekday, workshopInterval } from './dates';

describe('workshop dates', () => {
  it('reads the organiser\'s long date', () => {
    expect(parseLongDate('July 4, 2031')).toEqual({ year: 2031, monthIndex: 6, day: 4 });
    expect(parseLongDate('February 30, 2031')).toBeNull();
    expect(parseLongDate('')).toBeNull();
    expect(parseLongDate('TBC')).toBeNull();
  });

  it('reads 12-hour and 24-hour clock times', () => {
    expect(parseClock('10:00 AM')).toBe(600);
    expect(parseClock('12:00 PM')).toBe(720);
    expect(parseClock('12:30 AM')).toBe(30);
    expect(parseClock('6 PM')).toBe(1080);
    expect(parseClock('18:15')).toBe(1095);
    expect(parseClock('13:00 PM')).toBeNull();
  });

  it('treats a single time as one hour and an end past midnight as the next day', () => {
    expect(parseTimeRange('10:00 AM - 12:00 PM')).toEqual({ startMinutes: 600, endMinutes: 720 });
    expect(parseTimeRange('7:00 PM')).toEqual({ startMinutes: 1140, endMinutes: 1200 });
    expect(parseTimeRange('11:00 PM - 1:00 AM')).toEqual({ startMinutes: 1380, endMinutes: 1500 });
    expect(parseTimeRange('10:00 AM - 12:00 PM', true)).toEqual({ startMinutes: 600, endMinutes: 2160 });
  });

  it('turns date, time and zone into UTC instants', () => {
    // CONTRACT §7: PST names Pacific time all year, so July is daylight time (UTC−7), January not.
    const interval = workshopInterval('July 4, 2031', '10:00 AM - 12:00 PM', 'PST');
    expect(interval?.start.toISOString()).toBe('2031-07-04T17:00:00.000Z');
    expect(interval?.end.toISOString()).toBe('2031-07-04T19:00:00.000Z');
    expect(workshopInterval('January 9, 2031', '10:00 AM', 'PST')?.start.toISOString()).toBe('2031-01-09T18:00:00.000Z');
    expect(workshopInterval('July 4, 2031', '10:00 AM', 'America/Los_Angeles')?.start.toISOString()).toBe('2031-07-04T17:00:00.000Z');
    expect(workshopInterval('July 4, 2031', '9:00 AM', 'JST')?.start.toISOString()).toBe('2031-07-04T00:00:00.000Z');
    expect(workshopInterval('', '', 'PST')).toBeNull();
    expect(workshopInterval('July 4, 2031', '10:00 AM', 'Mars/Olympus')).toBeNull();
  });

  it('formats days in the list and post styles', () => {
    expect(formatShortDate('2025-06-05T12:00:00Z')).toBe('Jun 5, 2025');
    expect(formatLongDate('2025-06-05T12:00:00Z')).toBe('June 5, 2025');
  });
});

describe('withWeekday', () => {
  it('puts the weekday before a date written out, and leaves anything else as it was', () => {
    expect(withWeekday('July 4, 2031')).toBe('Fri, July 4, 2031');
    expect(withWeekday('September 3, 2031')).toBe('Wed, September 3, 2031');
    expect(withWeekday('February 29, 2032')).toBe('Sun, February 29, 2032');
    expect(withWeekday('')).toBe('');
    expect(withWeekday('TBC')).toBe('TBC');
    expect(withWeekday('February 30, 2031')).toBe('February 30, 2031');
  });
});
