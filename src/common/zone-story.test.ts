import { describe, expect, it } from 'vitest';
import { workshopWhenFor, zoneStory, zoneStoryText } from './workshop-time';

// Literal expectations: July is daylight time in Los Angeles (PDT, UTC−7) and Berlin (CEST, UTC+2).
const july = { date: 'July 4, 2031', time: '10:00 AM - 12:00 PM', timezone: 'PST' };

describe('the zone story', () => {
  it("prints the organiser's day with weekday, the range and the abbreviation in force", () => {
    expect(workshopWhenFor(july)).toBe('Fri, July 4, 2031, 10:00 AM – 12:00 PM PDT');
    expect(workshopWhenFor(july, null)).toBe('Fri, July 4, 2031, 10:00 AM – 12:00 PM PDT');
  });

  it("puts the viewer's time beside it when their zone reads differently", () => {
    expect(workshopWhenFor(july, 'Europe/Berlin')).toBe('Fri, July 4, 2031, 10:00 AM – 12:00 PM PDT · 7:00 PM – 9:00 PM CEST for you');
    // Winter: standard time on both sides.
    expect(workshopWhenFor({ ...july, date: 'January 9, 2031' }, 'Europe/Berlin')).toBe(
      'Thu, January 9, 2031, 10:00 AM – 12:00 PM PST · 7:00 PM – 9:00 PM CET for you',
    );
  });

  it("names the viewer's day when it is another day", () => {
    expect(workshopWhenFor(july, 'Australia/Sydney')).toBe('Fri, July 4, 2031, 10:00 AM – 12:00 PM PDT · Sat, July 5, 2031, 3:00 AM – 5:00 AM AEST for you');
    expect(workshopWhenFor(july, 'Asia/Tokyo')).toBe('Fri, July 4, 2031, 10:00 AM – 12:00 PM PDT · Sat, July 5, 2031, 2:00 AM – 4:00 AM JST for you');
  });

  it('says when the end is on the next day, on either side', () => {
    const late = { date: 'January 9, 2031', time: '10:00 PM - 1:00 AM', timezone: 'EST', endsNextDay: true };
    expect(workshopWhenFor(late)).toBe('Thu, January 9, 2031, 10:00 PM – 1:00 AM (next day) EST');
    expect(workshopWhenFor(late, 'Europe/Berlin')).toBe('Thu, January 9, 2031, 10:00 PM – 1:00 AM (next day) EST · Fri, January 10, 2031, 4:00 AM – 7:00 AM CET for you');
    // The organiser's range stays on one day, the viewer's crosses midnight.
    expect(workshopWhenFor({ date: 'January 9, 2031', time: '4:00 PM - 7:00 PM', timezone: 'EST' }, 'Europe/Berlin')).toBe(
      'Thu, January 9, 2031, 4:00 PM – 7:00 PM EST · 10:00 PM – 1:00 AM (next day) CET for you',
    );
  });

  it('shows only the organiser when the viewer reads the same, or their zone is unknown', () => {
    expect(workshopWhenFor(july, 'America/Los_Angeles')).toBe('Fri, July 4, 2031, 10:00 AM – 12:00 PM PDT');
    expect(workshopWhenFor(july, 'Mars/Olympus')).toBe('Fri, July 4, 2031, 10:00 AM – 12:00 PM PDT');
    expect(workshopWhenFor(july, '')).toBe('Fri, July 4, 2031, 10:00 AM – 12:00 PM PDT');
  });

  it('gives each clock its abbreviation when the clocks change during the workshop', () => {
    // US daylight time starts at 2:00 AM on the second Sunday of March (March 9, 2031).
    expect(workshopWhenFor({ date: 'March 9, 2031', time: '1:00 AM - 4:00 AM', timezone: 'PST' })).toBe('Sun, March 9, 2031, 1:00 AM PST – 4:00 AM PDT');
  });

  it('has no text while the workshop is TBC or has no date', () => {
    expect(workshopWhenFor({ ...july, isTBC: true }, 'Europe/Berlin')).toBeNull();
    expect(workshopWhenFor({ date: '', time: '', timezone: 'PST' })).toBeNull();
  });

  it('gives the parts for a layout of its own, from instants', () => {
    const times = { start: new Date('2031-07-04T17:00:00Z'), end: new Date('2031-07-04T19:00:00Z') };
    expect(zoneStory(times, 'America/Los_Angeles', 'Asia/Tokyo')).toEqual({
      organiser: { day: 'Fri, July 4, 2031', time: '10:00 AM – 12:00 PM PDT' },
      viewer: { day: 'Sat, July 5, 2031', time: '2:00 AM – 4:00 AM JST' },
    });
    expect(zoneStory(times, 'PST', 'Europe/Berlin')).toEqual({
      organiser: { day: 'Fri, July 4, 2031', time: '10:00 AM – 12:00 PM PDT' },
      viewer: { day: null, time: '7:00 PM – 9:00 PM CEST' },
    });
    expect(zoneStoryText({ organiser: { day: 'Fri, July 4, 2031', time: '10:00 AM – 12:00 PM PDT' }, viewer: null })).toBe('Fri, July 4, 2031, 10:00 AM – 12:00 PM PDT');
  });
});
