import { describe, expect, it } from 'vitest';
import { paymentLabel, whenText } from './booking-labels';

describe('paymentLabel', () => {
  it('names refunded, free, paid and unpaid bookings', () => {
    expect(paymentLabel({ status: 'refunded', isPaid: true, finalPrice: 499 }).label).toBe('Refunded');
    expect(paymentLabel({ status: 'confirmed', isPaid: false, finalPrice: 0 }).label).toBe('Free');
    expect(paymentLabel({ status: 'confirmed', isPaid: true, finalPrice: 449.1 }).label).toBe('Paid');
    expect(paymentLabel({ status: 'reserved', isPaid: false, finalPrice: 499 }).label).toBe('Unpaid');
  });
});

describe('whenText', () => {
  it('joins date, time and zone', () => {
    expect(whenText({ date: 'July 4, 2031', time: '10:00 AM - 12:00 PM', timezone: 'PST', isTBC: false })).toBe('July 4, 2031, 10:00 AM - 12:00 PM PST');
  });

  it('says TBC when the date is not set', () => {
    expect(whenText({ date: '', time: '', timezone: 'PST', isTBC: true })).toBe('Date and time to be confirmed (TBC)');
    expect(whenText({ date: '', time: '10:00 AM', timezone: 'PST', isTBC: false })).toBe('Date and time to be confirmed (TBC)');
  });
});
