import { describe, expect, it } from 'vitest';
import { organiserClock, organiserDaysFor, organiserSpan, viewerDayRange } from './call-times';

/* How the participant's picker maps its own days onto the organiser's, and what it shows beside each time. */

describe('the participant’s days and the organiser’s', () => {
  it('are the same days when both are in one zone', () => {
    expect(viewerDayRange('2026-12-01', '2026-12-20', 'Europe/Berlin', 'Europe/Berlin')).toEqual({ first: '2026-12-01', last: '2026-12-20' });
    expect(organiserDaysFor('2026-12-01', '2026-12-14', 'Europe/Berlin', 'Europe/Berlin', { firstDay: '2026-12-01', lastDay: '2026-12-20' })).toEqual({ from: '2026-12-01', to: '2026-12-14' });
  });

  it('start a day earlier west of the organiser, and ask the organiser’s next day for the evening', () => {
    // Berlin's midnight on December 1 is 6 PM on November 30 in New York.
    expect(viewerDayRange('2026-12-01', '2026-12-20', 'Europe/Berlin', 'America/New_York')).toEqual({ first: '2026-11-30', last: '2026-12-20' });
    // New York's December 14 runs until 6 AM on December 15 in Berlin.
    expect(organiserDaysFor('2026-12-01', '2026-12-14', 'America/New_York', 'Europe/Berlin', { firstDay: '2026-12-01', lastDay: '2026-12-20' })).toEqual({ from: '2026-12-01', to: '2026-12-15' });
  });

  it('end a day later east of the organiser, and never ask before the organiser’s first day', () => {
    expect(viewerDayRange('2026-12-01', '2026-12-20', 'America/Los_Angeles', 'Australia/Sydney')).toEqual({ first: '2026-12-01', last: '2026-12-21' });
    // Sydney's December 1 starts at 5 AM on November 30 in Los Angeles: the organiser's first day is December 1.
    expect(organiserDaysFor('2026-12-01', '2026-12-14', 'Australia/Sydney', 'America/Los_Angeles', { firstDay: '2026-12-01', lastDay: '2026-12-20' })).toEqual({ from: '2026-12-01', to: '2026-12-14' });
  });
});

describe('the organiser’s clock beside the participant’s', () => {
  const nine = '2026-12-07T08:00:00.000Z'; // 9:00 AM in Berlin, 3:00 AM in New York

  it('is left out when it reads the same', () => {
    expect(organiserClock(nine, 'Europe/Berlin', 'Europe/Berlin')).toBeNull();
    expect(organiserSpan({ startsAt: nine, endsAt: '2026-12-07T08:30:00.000Z' }, 'Europe/Berlin', 'Europe/Berlin')).toBeNull();
  });

  it('reads on the organiser’s wall, with their day only when it is another', () => {
    expect(organiserClock(nine, 'America/New_York', 'Europe/Berlin')).toBe('9:00 AM CET');
    expect(organiserSpan({ startsAt: nine, endsAt: '2026-12-07T08:30:00.000Z' }, 'America/New_York', 'Europe/Berlin')).toBe('9:00 AM – 9:30 AM CET');
    expect(organiserClock('2026-12-07T23:30:00.000Z', 'America/New_York', 'Europe/Berlin')).toBe('Tue, December 8, 2026, 12:30 AM CET');
  });
});
