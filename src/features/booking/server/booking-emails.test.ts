import { describe, expect, it } from 'vitest';
import { formatInstant } from './booking-emails';

/** The reservation reminder's 'held until': on the reader's clock, not in UTC (issue 16). */
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
