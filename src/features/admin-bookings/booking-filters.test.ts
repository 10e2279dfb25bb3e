import { describe, expect, it } from 'vitest';
import type { AdminBooking } from './admin-bookings.schema';
import { buyerNote, dateOptions, hasFilters, matchesFilters, NO_FILTERS, paymentKind, paymentLine, seatOfOrder, seatPositions } from './booking-filters';

const booking = (overrides: Partial<AdminBooking> = {}): AdminBooking => ({
  id: 1,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  company: '',
  workshopDateId: 7,
  workshopDate: { id: 7, title: 'Prototype in a Day', date: 'July 4, 2031', time: '10:00 AM', timezone: 'PST' },
  isPaid: true,
  finalPrice: 300,
  originalPrice: 300,
  discountAmount: 0,
  discountCode: '',
  stripePaymentId: 'pi_1',
  hasAttended: false,
  status: 'confirmed',
  paymentMode: 'pay_now',
  createdAt: '2026-01-01T10:00:00.000Z',
  orderId: 1,
  orderReference: 'K7Q-2MX',
  buyerEmail: 'ada@example.com',
  buyerName: 'Ada Lovelace',
  orderSeats: 1,
  named: true,
  refundedAmount: 0,
  refundableAmount: 0,
  ...overrides,
});

describe('paymentKind and paymentLine', () => {
  it('says how each seat was settled, refunds first', () => {
    expect(paymentKind(booking())).toBe('card');
    expect(paymentKind(booking({ stripePaymentId: null }))).toBe('outside');
    expect(paymentKind(booking({ finalPrice: 0, stripePaymentId: null }))).toBe('free');
    expect(paymentKind(booking({ status: 'reserved', isPaid: false, stripePaymentId: null }))).toBe('unpaid');
    expect(paymentKind(booking({ status: 'cancelled', refundedAmount: 100 }))).toBe('refunded');
    expect(paymentKind(booking({ status: 'refunded' }))).toBe('refunded');
    // A cancellation that gave a credit instead of money keeps its card payment.
    expect(paymentKind(booking({ status: 'cancelled' }))).toBe('card');
  });

  it('words the money under the state, never the state word itself', () => {
    expect(paymentLine(booking())).toBe('By card');
    expect(paymentLine(booking({ stripePaymentId: null }))).toBe('Outside the site');
    expect(paymentLine(booking({ finalPrice: 0 }))).toBe('Nothing to pay');
    expect(paymentLine(booking({ status: 'reserved', isPaid: false }))).toBe('Not paid yet');
    expect(paymentLine(booking({ status: 'expired', isPaid: false }))).toBe('Not paid');
    expect(paymentLine(booking({ status: 'cancelled', refundedAmount: 1250.5 }))).toBe('Refunded $1,250.50');
    expect(paymentLine(booking({ status: 'refunded' }))).toBe('Marked refunded');
  });
});

describe('matchesFilters', () => {
  const rows = [
    booking({ id: 1 }),
    booking({ id: 2, workshopDateId: 8, status: 'reserved', isPaid: false, stripePaymentId: null }),
    booking({ id: 3, status: 'cancelled', refundedAmount: 300 }),
    booking({ id: 4, workshopDateId: 8, finalPrice: 0, stripePaymentId: null }),
  ];
  const ids = (filters: Partial<typeof NO_FILTERS>) => rows.filter((row) => matchesFilters(row, { ...NO_FILTERS, ...filters })).map((row) => row.id);

  it('keeps everything without filters', () => {
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(ids({})).toEqual([1, 2, 3, 4]);
  });

  it('narrows by date, status and payment, each and together', () => {
    expect(hasFilters({ ...NO_FILTERS, payment: 'free' })).toBe(true);
    expect(ids({ date: '8' })).toEqual([2, 4]);
    expect(ids({ status: 'cancelled' })).toEqual([3]);
    expect(ids({ payment: 'card' })).toEqual([1]);
    expect(ids({ payment: 'refunded' })).toEqual([3]);
    expect(ids({ payment: 'unpaid' })).toEqual([2]);
    expect(ids({ date: '8', payment: 'free' })).toEqual([4]);
    expect(ids({ date: '7', status: 'reserved' })).toEqual([]);
  });
});

describe('the order on a row', () => {
  it('numbers each seat within its order by booking id, wherever it is in the list', () => {
    const positions = seatPositions([
      { id: 12, orderId: 5 },
      { id: 3, orderId: 9 },
      { id: 10, orderId: 5 },
      { id: 11, orderId: 5 },
    ]);
    expect([10, 11, 12, 3].map((id) => positions.get(id))).toEqual([1, 2, 3, 1]);
    expect(seatOfOrder(positions.get(11), 3)).toBe('Seat 2 of 3');
    expect(seatOfOrder(positions.get(3), 1)).toBe('1 seat');
    expect(seatOfOrder(undefined, 4)).toBe('4 seats');
  });

  it('names the buyer only when someone else bought the seat, or holds it unnamed', () => {
    expect(buyerNote(booking())).toBeNull();
    expect(buyerNote(booking({ email: 'ADA@example.com ' }))).toBeNull();
    expect(buyerNote(booking({ email: 'grace@example.com', buyerName: 'Ada Lovelace' }))).toBe('Bought by Ada Lovelace');
    expect(buyerNote(booking({ named: false }))).toBe('Unnamed, held by Ada Lovelace');
  });

  it('offers each date once, by title, with a fallback for a date that is gone', () => {
    expect(
      dateOptions([
        booking({ workshopDateId: 8, workshopDate: { id: 8, title: 'Advanced Flows', date: 'Aug 1, 2031', time: '9:00 AM', timezone: 'EST' } }),
        booking(),
        booking(),
        booking({ workshopDateId: 99, workshopDate: null }),
      ]),
    ).toEqual([
      { value: 'all', label: 'All dates' },
      { value: '8', label: 'Advanced Flows — Fri, Aug 1, 2031 · 9:00 AM EST' },
      { value: '7', label: 'Prototype in a Day — Fri, July 4, 2031 · 10:00 AM PST' },
      { value: '99', label: 'Workshop #99' },
    ]);
  });
});
