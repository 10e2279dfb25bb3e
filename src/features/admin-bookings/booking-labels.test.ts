import { describe, expect, it } from 'vitest';
import type { AdminBooking } from './admin-bookings.schema';
import { bookingActions, bookingSearchText, cardPaidAmount, confirmationKind, filterBookings, paymentLabel, bookingStateLabel, workshopWhen } from './booking-labels';

const booking = (overrides: Partial<AdminBooking> = {}): AdminBooking => ({
  // An order of one, bought by the person on the seat, unless the test says otherwise.
  orderId: overrides.id ?? 1,
  orderReference: 'K7Q-2MX',
  buyerEmail: overrides.email ?? 'ada@example.com',
  buyerName: `${overrides.firstName ?? 'Ada'} ${overrides.lastName ?? 'Lovelace'}`,
  orderSeats: 1,
  named: true,
  refundedAmount: 0,
  refundableAmount: 0,
  id: 1,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  company: 'Engines',
  workshopDateId: 7,
  workshopDate: { id: 7, title: 'Prototype in a Day', date: 'July 4, 2031', time: '10:00 AM - 12:00 PM', timezone: 'PST' },
  isPaid: true,
  finalPrice: 499,
  originalPrice: 499,
  discountAmount: 0,
  discountCode: '',
  stripePaymentId: 'pi_1',
  hasAttended: false,
  status: 'confirmed',
  paymentMode: 'pay_now',
  createdAt: '2026-01-01T10:00:00.000Z',
  ...overrides,
});

describe('paymentLabel', () => {
  it('says FREE for a zero price, or a missing price on a paid booking', () => {
    expect(paymentLabel({ isPaid: true, finalPrice: 0 })).toBe('FREE');
    expect(paymentLabel({ isPaid: false, finalPrice: 0 })).toBe('FREE');
    expect(paymentLabel({ isPaid: true, finalPrice: null })).toBe('FREE');
  });

  it('says Paid or Unpaid otherwise', () => {
    expect(paymentLabel({ isPaid: true, finalPrice: 374.25 })).toBe('Paid');
    expect(paymentLabel({ isPaid: false, finalPrice: 499 })).toBe('Unpaid');
    expect(paymentLabel({ isPaid: false, finalPrice: null })).toBe('Unpaid');
  });
});

describe('bookingStateLabel and workshopWhen', () => {
  it('gives every booking one word: Paid, FREE, Reserved, Cancelled or Refunded (Unpaid only for an unpaid confirmed import)', () => {
    expect(bookingStateLabel(booking())).toBe('Paid');
    expect(bookingStateLabel(booking({ finalPrice: 0 }))).toBe('FREE');
    expect(bookingStateLabel(booking({ status: 'reserved', isPaid: false }))).toBe('Reserved');
    expect(bookingStateLabel(booking({ status: 'cancelled' }))).toBe('Cancelled');
    expect(bookingStateLabel(booking({ status: 'cancelled', finalPrice: 0 }))).toBe('Cancelled');
    expect(bookingStateLabel(booking({ status: 'refunded' }))).toBe('Refunded');
    expect(bookingStateLabel(booking({ status: 'expired', isPaid: false }))).toBe('Expired');
    expect(bookingStateLabel(booking({ isPaid: false }))).toBe('Unpaid');
  });

  it('writes the date, time and zone, or TBC', () => {
    expect(workshopWhen(booking().workshopDate)).toBe('Fri, July 4, 2031 · 10:00 AM - 12:00 PM PST');
    expect(workshopWhen({ id: 1, title: 'x', date: '', time: '', timezone: 'PST' })).toBe('Date TBC');
    expect(workshopWhen(null)).toBe('');
  });
});

describe('filterBookings', () => {
  const rows = [
    booking({ id: 1 }),
    booking({ id: 2, firstName: 'Grace', lastName: 'Hopper', email: 'grace@navy.mil', workshopDate: { id: 8, title: 'Advanced Flows', date: 'Aug 1, 2031', time: '9:00 AM', timezone: 'EST' } }),
  ].map((b) => ({ booking: b, text: bookingSearchText(b) }));
  const ids = (query: string) => filterBookings(rows, query).map((b) => b.id);

  it('matches the order reference and the buyer of a seat, too', () => {
    const seats = [
      booking({ id: 3, orderReference: 'AB2-CD3', buyerName: 'Team Lead', buyerEmail: 'lead@corp.example', email: 'colleague@corp.example', firstName: 'Col', lastName: 'League' }),
      booking({ id: 4, orderReference: 'ZZ9-YY8' }),
    ].map((b) => ({ booking: b, text: bookingSearchText(b) }));
    const found = (query: string) => filterBookings(seats, query).map((b) => b.id);
    expect(found('ab2-cd3')).toEqual([3]);
    expect(found('lead@corp')).toEqual([3]);
    expect(found('team lead')).toEqual([3]);
    expect(found('zz9')).toEqual([4]);
  });

  it('matches name, e-mail and workshop title, ignoring case, every word', () => {
    expect(ids('')).toEqual([1, 2]);
    expect(ids('GRACE')).toEqual([2]);
    expect(ids('navy.mil')).toEqual([2]);
    expect(ids('prototype')).toEqual([1]);
    expect(ids('ada lovelace')).toEqual([1]);
    expect(ids('ada hopper')).toEqual([]);
    expect(ids('  flows  ')).toEqual([2]);
  });
});

describe('the row actions', () => {
  it('offers a confirmed booking cancel, resend, move and delete; a reservation also mark as paid', () => {
    expect(bookingActions(booking())).toEqual(['cancel', 'resend', 'move', 'delete']);
    expect(bookingActions(booking({ status: 'reserved', isPaid: false, stripePaymentId: null }))).toEqual(['cancel', 'resend', 'move', 'markPaid', 'delete']);
  });

  it('offers only delete once a booking no longer holds a seat', () => {
    for (const status of ['cancelled', 'refunded', 'expired'] as const) expect(bookingActions(booking({ status }))).toEqual(['delete']);
  });

  it('has no confirmation to resend for a confirmed booking neither paid nor free', () => {
    expect(confirmationKind(booking({ isPaid: false }))).toBeNull();
    expect(bookingActions(booking({ isPaid: false }))).not.toContain('resend');
    expect(confirmationKind(booking({ isPaid: false, finalPrice: 0 }))).toBe('free');
    expect(confirmationKind(booking({ status: 'reserved', isPaid: false }))).toBe('reserved');
  });

  it('counts only a confirmed card payment as money a cancel or delete can send back', () => {
    expect(cardPaidAmount(booking({ finalPrice: 374.25 }))).toBe(374.25);
    expect(cardPaidAmount(booking({ stripePaymentId: null }))).toBe(0);
    expect(cardPaidAmount(booking({ status: 'cancelled' }))).toBe(0);
    expect(cardPaidAmount(booking({ status: 'reserved', isPaid: false }))).toBe(0);
  });
});
