import { describe, expect, it } from 'vitest';
import {
  BROWSER_TIME,
  chosenTimeZone,
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

  it("shows the organiser's time alone, with weekday and abbreviation in force, when the original time is the choice", () => {
    expect(displayTime(winter, ORIGINAL_TIME, 'Asia/Tokyo')).toEqual({
      date: 'Wed, January 15, 2031',
      time: '10:00 AM – 12:00 PM PST',
      forYou: null,
      converted: true,
    });
  });

  it("puts the chosen zone's time beside the organiser's, with its day when that differs", () => {
    expect(displayTime(winter, 'Asia/Tokyo', undefined)).toEqual({
      date: 'Wed, January 15, 2031',
      time: '10:00 AM – 12:00 PM PST',
      forYou: 'Thu, January 16, 2031, 3:00 AM – 5:00 AM JST for you',
      converted: true,
    });
  });

  it('uses the abbreviation in force on that day (summer time)', () => {
    const summer: WorkshopTimeSource = { date: 'July 10, 2031', time: '9:00 AM - 11:00 AM', timezone: 'EDT', startsAt: '2031-07-10T13:00:00.000Z' };
    expect(displayTime(summer, 'America/Los_Angeles', undefined)).toEqual({
      date: 'Thu, July 10, 2031',
      time: '9:00 AM – 11:00 AM EDT',
      forYou: '6:00 AM – 8:00 AM PDT for you',
      converted: true,
    });
    expect(displayTime(summer, 'Europe/Berlin', undefined).forYou).toBe('3:00 PM – 5:00 PM CEST for you');
    expect(displayTime(winter, 'Europe/Berlin', undefined).forYou).toBe('7:00 PM – 9:00 PM CET for you');
    expect(displayTime(winter, 'Australia/Sydney', undefined).forYou).toBe('Thu, January 16, 2031, 5:00 AM – 7:00 AM AEDT for you');
    expect(displayTime(winter, 'Etc/GMT', undefined).forYou).toBe('6:00 PM – 8:00 PM GMT for you');
    expect(displayTime(winter, 'Pacific/Honolulu', undefined).forYou).toBe('8:00 AM – 10:00 AM HST for you');
    // PST in July is Pacific daylight time.
    const julyPst: WorkshopTimeSource = { date: 'July 4, 2031', time: '10:00 AM - 12:00 PM', timezone: 'PST', startsAt: '2031-07-04T17:00:00.000Z', endsAt: '2031-07-04T19:00:00.000Z' };
    expect(displayTime(julyPst, 'Europe/Berlin', undefined)).toMatchObject({ date: 'Fri, July 4, 2031', time: '10:00 AM – 12:00 PM PDT', forYou: '7:00 PM – 9:00 PM CEST for you' });
  });

  it('uses the browser zone when that is the choice, and nothing beside when it reads the same', () => {
    expect(displayTime(winter, BROWSER_TIME, 'America/New_York')).toEqual({
      date: 'Wed, January 15, 2031',
      time: '10:00 AM – 12:00 PM PST',
      forYou: '1:00 PM – 3:00 PM EST for you',
      converted: true,
    });
    expect(displayTime(winter, BROWSER_TIME, 'America/Los_Angeles').forYou).toBeNull();
    expect(displayTime(winter, 'America/Los_Angeles', undefined).forYou).toBeNull();
  });

  it('shows a range that crosses midnight with the next day', () => {
    const late: WorkshopTimeSource = { date: 'January 9, 2031', time: '10:00 PM - 1:00 AM', timezone: 'EST', startsAt: '2031-01-10T03:00:00.000Z', endsAt: '2031-01-10T06:00:00.000Z' };
    expect(displayTime(late, 'America/Chicago', undefined)).toEqual({
      date: 'Thu, January 9, 2031',
      time: '10:00 PM – 1:00 AM (next day) EST',
      forYou: '9:00 PM – 12:00 AM (next day) CST for you',
      converted: true,
    });
  });

  it('keeps the duration of the original range when the answer has no end, and gives a single time one hour', () => {
    const long = { ...winter, time: '10:00 AM - 1:30 PM' };
    expect(displayTime(long, 'Asia/Tokyo', undefined).forYou).toBe('Thu, January 16, 2031, 3:00 AM – 6:30 AM JST for you');
    const single = { ...winter, time: '10:00 AM' };
    expect(displayTime(single, 'Asia/Tokyo', undefined).forYou).toBe('Thu, January 16, 2031, 3:00 AM – 4:00 AM JST for you');
  });

  it('falls back to the original text when no conversion is possible', () => {
    const original = { date: 'January 15, 2031', time: '10:00 AM - 12:00 PM PST', forYou: null, converted: false };
    // TBC: no instant.
    expect(displayTime({ date: '', time: '', timezone: 'PST', startsAt: null }, 'Asia/Tokyo', undefined)).toEqual({
      date: '',
      time: 'PST',
      forYou: null,
      converted: false,
    });
    expect(displayTime({ ...winter, startsAt: null }, 'Asia/Tokyo', undefined)).toEqual(original);
    // A browser zone Intl does not know, or none at all.
    expect(displayTime(winter, BROWSER_TIME, 'Not/A_Zone')).toEqual(original);
    expect(displayTime(winter, BROWSER_TIME, undefined)).toEqual(original);
    // An unknown choice, an organiser zone no rules know, an unreadable instant, an unreadable time range.
    expect(displayTime(winter, 'Mars/Olympus_Mons', undefined)).toEqual(original);
    expect(displayTime({ ...winter, timezone: 'XYZ' }, 'Asia/Tokyo', undefined)).toEqual({ ...original, time: '10:00 AM - 12:00 PM XYZ' });
    expect(displayTime({ ...winter, startsAt: 'not a date' }, 'Asia/Tokyo', undefined)).toEqual(original);
    expect(displayTime({ ...winter, time: 'morning' }, 'Asia/Tokyo', undefined)).toEqual({ ...original, time: 'morning PST' });
  });

  it('sends the zone the visitor chose with a booking', () => {
    expect(chosenTimeZone(BROWSER_TIME, 'Europe/Berlin')).toBe('Europe/Berlin');
    expect(chosenTimeZone(BROWSER_TIME, undefined)).toBeUndefined();
    expect(chosenTimeZone('Asia/Tokyo', 'Europe/Berlin')).toBe('Asia/Tokyo');
    expect(chosenTimeZone(ORIGINAL_TIME, 'Europe/Berlin')).toBeUndefined();
    expect(chosenTimeZone('Mars/Olympus_Mons', 'Europe/Berlin')).toBeUndefined();
  });
});
