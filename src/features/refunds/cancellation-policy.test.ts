import { describe, expect, it } from 'vitest';
import { availableOutcomes, daysUntil, decideCancellation, halfOf, isFullRefundWindow, policyOnRequest, refundDueOnReview } from './cancellation-policy';

const HOUR = 3_600_000;
const now = new Date('2031-07-01T12:00:00Z');
const inHours = (hours: number) => new Date(now.getTime() + hours * HOUR);
const paid = { isPaid: true, finalPriceCents: 49_900 };

describe('the 7-day boundary (FAQ refund policy)', () => {
  it('gives a full refund at exactly 168 hours and later', () => {
    expect(isFullRefundWindow(inHours(168), now)).toBe(true);
    expect(isFullRefundWindow(inHours(24 * 30), now)).toBe(true);
    expect(decideCancellation(paid, inHours(168), now)).toEqual({ kind: 'full-refund', refundCents: 49_900 });
  });

  it('is within 7 days one minute before that', () => {
    const justInside = new Date(inHours(168).getTime() - 60_000);
    expect(isFullRefundWindow(justInside, now)).toBe(false);
    expect(decideCancellation(paid, justInside, now).kind).toBe('credit');
  });

  it('counts a TBC workshop (no start yet) as far away', () => {
    expect(isFullRefundWindow(null, now)).toBe(true);
    expect(decideCancellation(paid, null, now)).toEqual({ kind: 'full-refund', refundCents: 49_900 });
    expect(daysUntil(null, now)).toBeNull();
  });

  it('rounds the days left down', () => {
    expect(daysUntil(inHours(168), now)).toBe(7);
    expect(daysUntil(inHours(167), now)).toBe(6);
    expect(daysUntil(inHours(23), now)).toBe(0);
  });
});

describe('within 7 days', () => {
  const soon = inHours(48);

  it('offers the credit or half the price, credit first', () => {
    expect(availableOutcomes(paid, soon, now)).toEqual([
      { kind: 'credit', refundCents: 0 },
      { kind: 'half-refund', refundCents: 24_950 },
    ]);
  });

  it('defaults to the credit and honours the half-refund choice', () => {
    expect(decideCancellation(paid, soon, now).kind).toBe('credit');
    expect(decideCancellation(paid, soon, now, 'half-refund')).toEqual({ kind: 'half-refund', refundCents: 24_950 });
  });

  it('rounds half a cent toward the participant', () => {
    expect(halfOf(44_911)).toBe(22_456);
    expect(decideCancellation({ ...paid, finalPriceCents: 101 }, soon, now, 'half-refund').refundCents).toBe(51);
  });
});

describe('bookings without a card payment', () => {
  it.each([
    ['a free booking', { isPaid: false, finalPriceCents: 0 }],
    ['an unpaid reservation', { isPaid: false, finalPriceCents: 49_900 }],
    ['a paid booking that cost nothing', { isPaid: true, finalPriceCents: 0 }],
  ])('%s has nothing to refund, whenever it is cancelled', (_name, booking) => {
    for (const startsAt of [inHours(1), inHours(500), null]) {
      expect(decideCancellation(booking, startsAt, now, 'half-refund')).toEqual({ kind: 'none', refundCents: 0 });
    }
  });
});

describe('what an approval refunds by default', () => {
  it('is the whole price for a request made at least 7 days before', () => {
    const start = inHours(24 * 10);
    expect(refundDueOnReview({ ...paid, status: 'confirmed', cancelledAt: null }, start, new Date(start.getTime() - 168 * HOUR))).toBe(49_900);
    expect(refundDueOnReview({ ...paid, status: 'confirmed', cancelledAt: null }, null, now)).toBe(49_900);
  });

  it('is half the price for a request made within 7 days, even if the review comes later', () => {
    const start = inHours(24 * 10);
    expect(refundDueOnReview({ ...paid, status: 'confirmed', cancelledAt: null }, start, new Date(start.getTime() - 167 * HOUR))).toBe(24_950);
    expect(policyOnRequest(paid, start, new Date(start.getTime() - HOUR))).toEqual({ kind: 'half-refund', refundCents: 24_950 });
  });

  it('is nothing for a request made once the workshop had started', () => {
    const start = inHours(2);
    expect(policyOnRequest(paid, start, start)).toEqual({ kind: 'none', refundCents: 0 });
    expect(refundDueOnReview({ ...paid, status: 'confirmed', cancelledAt: null }, start, inHours(3))).toBe(0);
  });

  it('follows the policy at the moment of a cancellation', () => {
    const start = inHours(24 * 10);
    const early = new Date(start.getTime() - 168 * HOUR);
    const late = new Date(start.getTime() - 167 * HOUR);
    expect(refundDueOnReview({ ...paid, status: 'cancelled', cancelledAt: early }, start, late)).toBe(49_900);
    expect(refundDueOnReview({ ...paid, status: 'cancelled', cancelledAt: late }, start, early)).toBe(24_950);
  });

  it('is nothing for an unpaid booking', () => {
    expect(refundDueOnReview({ isPaid: false, finalPriceCents: 49_900, status: 'confirmed', cancelledAt: null }, null, now)).toBe(0);
  });
});
