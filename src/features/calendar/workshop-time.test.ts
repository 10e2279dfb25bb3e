import { describe, expect, it } from 'vitest';
import { clockInZone, formatInWorkshopZone, startsText, workshopEventTimes } from './workshop-time';

describe('workshop event times', () => {
  it('converts the organiser\'s range in their zone to UTC', () => {
    expect(workshopEventTimes({ date: 'July 4, 2031', time: '10:00 AM - 12:00 PM', timezone: 'PST' })).toEqual({
      start: new Date('2031-07-04T18:00:00Z'),
      end: new Date('2031-07-04T20:00:00Z'),
    });
  });

  it('lasts one hour when the time has no end', () => {
    expect(workshopEventTimes({ date: 'July 4, 2031', time: '6 PM', timezone: 'EST' })).toEqual({
      start: new Date('2031-07-04T23:00:00Z'),
      end: new Date('2031-07-05T00:00:00Z'),
    });
  });

  it('has none for a TBC workshop or an empty date', () => {
    expect(workshopEventTimes({ date: 'July 4, 2031', time: '10:00 AM', timezone: 'PST', isTBC: true })).toBeNull();
    expect(workshopEventTimes({ date: '', time: '', timezone: 'PST' })).toBeNull();
  });

  it('falls back to the stored instants, one hour when no end is stored', () => {
    expect(workshopEventTimes({ date: 'someday', time: '', timezone: 'PST', startsAt: '2031-07-04T18:00:00Z' })).toEqual({
      start: new Date('2031-07-04T18:00:00Z'),
      end: new Date('2031-07-04T19:00:00Z'),
    });
  });
});

describe('time on the workshop\'s clock', () => {
  it('names the workshop\'s own zone', () => {
    const start = new Date('2031-07-04T18:00:00Z');
    expect(clockInZone(start, 'PST')).toBe('10:00 AM PST');
    expect(clockInZone(new Date('2031-07-04T12:05:00Z'), 'utc')).toBe('12:05 PM UTC');
    expect(clockInZone(new Date('2031-07-04T00:30:00Z'), 'GMT')).toBe('12:30 AM GMT');
    expect(formatInWorkshopZone(new Date('2031-07-05T02:00:00Z'), 'PST')).toBe('July 4, 2031, 6:00 PM PST');
    expect(startsText({ start, end: new Date('2031-07-04T20:00:00Z') }, 'PST')).toBe('Starts July 4, 2031, 10:00 AM PST, ends 12:00 PM PST');
  });
});
