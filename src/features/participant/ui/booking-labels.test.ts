import { describe, expect, it } from 'vitest';
import { bookingCardName, orderLabel, paymentLabel, whenText } from './booking-labels';

describe('paymentLabel', () => {
  it('names refunded, free, paid and unpaid bookings', () => {
    expect(paymentLabel({ status: 'refunded', isPaid: true, finalPrice: 499 }).label).toBe('Refunded');
    expect(paymentLabel({ status: 'confirmed', isPaid: false, finalPrice: 0 }).label).toBe('Free');
    expect(paymentLabel({ status: 'confirmed', isPaid: true, finalPrice: 449.1 }).label).toBe('Paid');
    expect(paymentLabel({ status: 'reserved', isPaid: false, finalPrice: 499 }).label).toBe('Unpaid');
  });
});

describe('whenText', () => {
  const july = { date: 'July 4, 2031', time: '10:00 AM - 12:00 PM', timezone: 'PST', isTBC: false };

  it("gives the organiser's day with weekday, the range and the abbreviation in force", () => {
    expect(whenText(july)).toBe('Fri, July 4, 2031, 10:00 AM – 12:00 PM PDT');
  });

  it("puts the participant's own zone beside it", () => {
    expect(whenText(july, 'Europe/Berlin')).toBe('Fri, July 4, 2031, 10:00 AM – 12:00 PM PDT · 7:00 PM – 9:00 PM CEST for you');
    expect(whenText(july, 'America/Los_Angeles')).toBe('Fri, July 4, 2031, 10:00 AM – 12:00 PM PDT');
    expect(whenText({ date: 'January 9, 2031', time: '10:00 PM - 1:00 AM', timezone: 'EST', isTBC: false, endsNextDay: true }, 'UTC')).toBe(
      'Thu, January 9, 2031, 10:00 PM – 1:00 AM (next day) EST · Fri, January 10, 2031, 3:00 AM – 6:00 AM UTC for you',
    );
  });

  it('keeps the typed text when no zone rules apply', () => {
    expect(whenText({ ...july, timezone: 'XYZ' }, 'Europe/Berlin')).toBe('July 4, 2031, 10:00 AM - 12:00 PM XYZ');
  });

  it('says TBC when the date is not set', () => {
    expect(whenText({ date: '', time: '', timezone: 'PST', isTBC: true })).toBe('Date and time to be confirmed (TBC)');
    expect(whenText({ date: '', time: '10:00 AM', timezone: 'PST', isTBC: false })).toBe('Date and time to be confirmed (TBC)');
  });
});

describe('bookingCardName', () => {
  it('names the workshop, when and the order, and the seat when the order has several on the page', () => {
    expect(orderLabel('K7Q-2MX')).toBe('Order K7Q-2MX');
    expect(bookingCardName('Prototype Lab', 'Fri, July 4, 2031', 'K7Q-2MX')).toBe('Prototype Lab, Fri, July 4, 2031, Order K7Q-2MX');
    expect(bookingCardName('Prototype Lab', 'Fri, July 4, 2031', 'K7Q-2MX', 2)).toBe('Prototype Lab, Fri, July 4, 2031, Order K7Q-2MX, seat 2');
  });

  it('tells two seats on one date apart, in one order or in two', () => {
    const names = [
      bookingCardName('Prototype Lab', 'Fri, July 4, 2031', 'K7Q-2MX', 1),
      bookingCardName('Prototype Lab', 'Fri, July 4, 2031', 'K7Q-2MX', 2),
      bookingCardName('Prototype Lab', 'Fri, July 4, 2031', 'P3R-8ZN'),
    ];
    expect(new Set(names).size).toBe(3);
  });
});
