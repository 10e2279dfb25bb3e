import { describe, expect, it } from 'vitest';
import {
  BROWSER_TIME,
  DEFAULT_TIME_ZONE_CHOICE,
  displayTime,
  listedZones,
  ORIGINAL_TIME,
  parseStoredChoice,
  timeZoneChoiceOptions,
  type WorkshopTimeSource,
} from './timezone';

// 10:00 AM PST on January 15, 2031 is 18:00 UTC.
const winter: WorkshopTimeSource = {
  date: 'January 15, 2031',
  time: '10:00 AM - 12:00 PM',
  timezone: 'PST',
  startsAt: '2031-01-15T18:00:00.000Z',
};

describe('the time-zone viewer', () => {
  it('lists the browser zone, the original time and the ten zones of the specification', () => {
    const options = timeZoneChoiceOptions('Europe/Berlin');
    expect(options.map((o) => o.label)).toEqual([
      'Your time zone (Europe/Berlin)',
      'Original workshop time',
      'Pacific Time',
      'Eastern Time',
      'Central Time',
      'Mountain Time',
      'Alaska Time',
      'Hawaii Time',
      'Greenwich Mean Time',
      'Central European Time',
      'Japan Time',
      'Australian Eastern Time',
    ]);
    expect(options[0]!.value).toBe(BROWSER_TIME);
    expect(options[1]!.value).toBe(ORIGINAL_TIME);
  });

  it('maps every listed zone to an IANA zone Intl knows', () => {
    for (const zone of listedZones) {
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone.value })).not.toThrow();
    }
  });

  it('reads back a stored choice, and the default for anything unknown', () => {
    expect(parseStoredChoice('Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(parseStoredChoice(ORIGINAL_TIME)).toBe(ORIGINAL_TIME);
    expect(parseStoredChoice(BROWSER_TIME)).toBe(BROWSER_TIME);
    expect(parseStoredChoice(null)).toBe(DEFAULT_TIME_ZONE_CHOICE);
    expect(parseStoredChoice('Mars/Olympus_Mons')).toBe(DEFAULT_TIME_ZONE_CHOICE);
    expect(DEFAULT_TIME_ZONE_CHOICE).toBe(BROWSER_TIME);
  });

  it('shows the original text when that is the choice', () => {
    expect(displayTime(winter, ORIGINAL_TIME, 'Asia/Tokyo')).toEqual({
      date: 'January 15, 2031',
      time: '10:00 AM - 12:00 PM',
      timezone: 'PST',
      converted: false,
    });
  });

  it('converts to a listed zone, crossing midnight into the next day', () => {
    expect(displayTime(winter, 'Asia/Tokyo', undefined)).toEqual({
      date: 'January 16, 2031',
      time: '3:00 AM - 5:00 AM',
      timezone: 'JST',
      converted: true,
    });
  });

  it('uses the abbreviation in force on that day (summer time)', () => {
    const summer: WorkshopTimeSource = { date: 'July 10, 2031', time: '9:00 AM - 11:00 AM', timezone: 'EDT', startsAt: '2031-07-10T13:00:00.000Z' };
    expect(displayTime(summer, 'America/Los_Angeles', undefined)).toMatchObject({ date: 'July 10, 2031', time: '6:00 AM - 8:00 AM', timezone: 'PDT' });
    expect(displayTime(summer, 'Europe/Berlin', undefined)).toMatchObject({ time: '3:00 PM - 5:00 PM', timezone: 'CEST' });
    expect(displayTime(winter, 'Europe/Berlin', undefined)).toMatchObject({ time: '7:00 PM - 9:00 PM', timezone: 'CET' });
    expect(displayTime(winter, 'Australia/Sydney', undefined)).toMatchObject({ date: 'January 16, 2031', time: '5:00 AM - 7:00 AM', timezone: 'AEDT' });
    expect(displayTime(winter, 'Etc/GMT', undefined)).toMatchObject({ time: '6:00 PM - 8:00 PM', timezone: 'GMT' });
    expect(displayTime(winter, 'Pacific/Honolulu', undefined)).toMatchObject({ time: '8:00 AM - 10:00 AM', timezone: 'HST' });
  });

  it('converts to the browser zone when that is the choice', () => {
    expect(displayTime(winter, BROWSER_TIME, 'America/New_York')).toEqual({
      date: 'January 15, 2031',
      time: '1:00 PM - 3:00 PM',
      timezone: 'EST',
      converted: true,
    });
  });

  it('keeps the duration of the original range, and gives a single time one hour', () => {
    const long = { ...winter, time: '10:00 AM - 1:30 PM' };
    expect(displayTime(long, 'Asia/Tokyo', undefined).time).toBe('3:00 AM - 6:30 AM');
    const single = { ...winter, time: '10:00 AM' };
    expect(displayTime(single, 'Asia/Tokyo', undefined).time).toBe('3:00 AM - 4:00 AM');
  });

  it('falls back to the original text when no conversion is possible', () => {
    const original = { date: winter.date, time: winter.time, timezone: winter.timezone, converted: false };
    // TBC: no instant.
    expect(displayTime({ date: '', time: '', timezone: 'PST', startsAt: null }, 'Asia/Tokyo', undefined)).toEqual({
      date: '',
      time: '',
      timezone: 'PST',
      converted: false,
    });
    expect(displayTime({ ...winter, startsAt: null }, 'Asia/Tokyo', undefined)).toEqual(original);
    // A browser zone Intl does not know, or none at all.
    expect(displayTime(winter, BROWSER_TIME, 'Not/A_Zone')).toEqual(original);
    expect(displayTime(winter, BROWSER_TIME, undefined)).toEqual(original);
    // An unknown choice, an unreadable instant, an unreadable time range.
    expect(displayTime(winter, 'Mars/Olympus_Mons', undefined)).toEqual(original);
    expect(displayTime({ ...winter, startsAt: 'not a date' }, 'Asia/Tokyo', undefined)).toEqual(original);
    expect(displayTime({ ...winter, time: 'morning' }, 'Asia/Tokyo', undefined)).toEqual({ ...original, time: 'morning' });
  });
});
