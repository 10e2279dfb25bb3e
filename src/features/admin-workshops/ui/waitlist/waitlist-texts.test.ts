import { describe, expect, it } from 'vitest';
import type { AdminWaitlistEntry } from '../../../waitlist';
import { demandLine, entryActions, freeSeatsText, offerDeadline, offerQuestion, removeQuestion, waitlistButtonLabel } from './waitlist-texts';

const entry = (overrides: Partial<AdminWaitlistEntry> = {}): AdminWaitlistEntry => ({
  id: 1,
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  seats: 2,
  position: 1,
  status: 'waiting',
  offerExpiresAt: null,
  createdAt: '2031-06-05T10:00:00.000Z',
  anyDate: false,
  ...overrides,
});

describe('the waiting list’s texts', () => {
  it('asks to add a date only while someone is still in line', () => {
    expect(demandLine({ people: 3, seats: 4, value: 1996, summary: '3 people, 4 seats, $1,996.00' })).toBe('3 people, 4 seats, $1,996.00 waiting — add a date?');
    expect(demandLine({ people: 0, seats: 0, value: 0, summary: '0 people, 0 seats, $0.00' })).toBeNull();
  });

  it('counts on the row’s button only when someone waits', () => {
    expect(waitlistButtonLabel(3)).toBe('Waiting list (3)');
    expect(waitlistButtonLabel(0)).toBe('Waiting list');
  });

  it('says how many seats are free, none included', () => {
    expect([0, 1, 3].map(freeSeatsText)).toEqual(['No seat is', '1 seat is', '3 seats are']);
  });

  it('offers seats only to an entry still waiting, and removes only an open entry', () => {
    expect(entryActions(entry())).toEqual({ offer: true, remove: true });
    expect(entryActions(entry({ status: 'offered' }))).toEqual({ offer: false, remove: true });
    for (const status of ['booked', 'expired', 'left', 'removed'] as const) expect(entryActions(entry({ status }))).toEqual({ offer: false, remove: false });
  });

  it('names the person in the confirmation, and where an offer they hold goes', () => {
    expect(removeQuestion(entry())).toBe('Remove Ann Lee (ann@example.com) from the waiting list? They are not told.');
    expect(removeQuestion(entry({ status: 'offered' }))).toContain('The 2 seats their offer holds go to the next person waiting.');
    expect(offerQuestion(entry({ seats: 1 }))).toMatch(/^Offer 1 seat to Ann Lee now/);
  });

  it('reads the offer’s deadline on the workshop’s clock', () => {
    expect(offerDeadline('2031-07-04T17:00:00.000Z', 'PST')).toBe('Fri, July 4, 2031, 10:00 AM PDT');
    expect(offerDeadline('2031-07-04T17:00:00.000Z', 'America/New_York')).toBe('Fri, July 4, 2031, 1:00 PM EDT');
  });
});
