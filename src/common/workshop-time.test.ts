import { describe, expect, it } from 'vitest';
import { workshopEventTimes } from './workshop-time';

describe('workshop event times', () => {
  it('converts the organiser\'s range in their zone to UTC', () => {
    // July: Pacific daylight time, UTC−7.
    expect(workshopEventTimes({ date: 'July 4, 2031', time: '10:00 AM - 12:00 PM', timezone: 'PST' })).toEqual({
      start: new Date('2031-07-04T17:00:00Z'),
      end: new Date('2031-07-04T19:00:00Z'),
    });
  });

  it('lasts one hour when the time has no end', () => {
    expect(workshopEventTimes({ date: 'July 4, 2031', time: '6 PM', timezone: 'EST' })).toEqual({
      start: new Date('2031-07-04T22:00:00Z'),
      end: new Date('2031-07-04T23:00:00Z'),
    });
  });

  it('ends on the next day when the range says so', () => {
    expect(workshopEventTimes({ date: 'January 9, 2031', time: '10:00 PM - 1:00 AM', timezone: 'EST', endsNextDay: true })).toEqual({
      start: new Date('2031-01-10T03:00:00Z'),
      end: new Date('2031-01-10T06:00:00Z'),
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
