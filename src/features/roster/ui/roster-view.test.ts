import { describe, expect, it } from 'vitest';
import type { RosterAttendee } from '../roster.schema';
import { distinctEmails, filterRoster, joinedText, rosterCounts } from './roster-view';

const seat = (bookingId: number, fields: Partial<RosterAttendee>): RosterAttendee => ({
  bookingId,
  orderId: bookingId,
  orderReference: `REF-${bookingId}`,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: `seat${bookingId}@example.com`,
  company: '',
  payment: 'paid',
  status: 'confirmed',
  hasAttended: false,
  joinedAt: null,
  ...fields,
});

const roster = [
  seat(1, { firstName: 'Grace', lastName: 'Hopper', company: 'Navy Labs', hasAttended: true }),
  seat(2, { email: 'ADA@example.com', status: 'reserved', payment: 'unpaid' }),
  seat(3, { email: 'ada@example.com', company: 'Analytical Engines' }),
];

describe('roster view', () => {
  it('searches name, e-mail and company, every word', () => {
    expect(filterRoster(roster, 'grace').map((s) => s.bookingId)).toEqual([1]);
    expect(filterRoster(roster, 'navy')).toHaveLength(1);
    expect(filterRoster(roster, 'ada engines').map((s) => s.bookingId)).toEqual([3]);
    expect(filterRoster(roster, '  ')).toHaveLength(3);
    expect(filterRoster(roster, 'nobody')).toEqual([]);
  });

  it('counts confirmed, reserved and present seats', () => {
    expect(rosterCounts(roster)).toEqual({ confirmed: 2, reserved: 1, present: 1 });
  });

  it('copies each address once, whatever its letter case', () => {
    expect(distinctEmails(roster)).toEqual(['seat1@example.com', 'ADA@example.com']);
  });

  it('shows the join time on the date’s clock', () => {
    // 17:02 UTC on July 4, 2031 is 10:02 AM Pacific daylight time.
    expect(joinedText('2031-07-04T17:02:00.000Z', { timezone: 'PST' })).toBe('Joined 10:02 AM');
    expect(joinedText('2031-07-04T17:02:00.000Z', { timezone: 'Europe/Berlin' })).toBe('Joined 7:02 PM');
    expect(joinedText(null, { timezone: 'PST' })).toBeNull();
  });
});
