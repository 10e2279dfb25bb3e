/** How long a reservation holds its seat: never into the workshop it is for. */
import { describe, expect, it } from 'vitest';
import { reservationTerms, unconfirmedHoldEnd } from '../../src/features/booking/server/reservation-terms';

const now = new Date('2026-11-27T10:00:00Z');
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);

describe('an unconfirmed reservation', () => {
  it('holds its seat for fifteen minutes', () => {
    expect(unconfirmedHoldEnd(now, minutes(600))).toEqual(minutes(15));
    expect(unconfirmedHoldEnd(now, null)).toEqual(minutes(15));
  });

  it('stops holding at the start of a workshop that begins sooner', () => {
    expect(unconfirmedHoldEnd(now, minutes(5))).toEqual(minutes(5));
  });
});

describe('a confirmed reservation', () => {
  it('holds for the settings’ hours and gets its reminder a day before it runs out', () => {
    expect(reservationTerms(now, 48, null)).toEqual({ expiresAt: minutes(48 * 60), remindedAt: null });
  });

  it('is never held past the start, and gets no reminder when it runs out within a day', () => {
    expect(reservationTerms(now, 48, minutes(120))).toEqual({ expiresAt: minutes(120), remindedAt: now });
  });
});
