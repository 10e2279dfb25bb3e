import { describe, expect, it } from 'vitest';
import type { PaymentIntentResponse, SharedBookingData } from '../../booking.schema';
import { freeBookingPayload, isCheckoutBooking, paymentIntentPayload, type CheckoutBooking } from './booking-payloads';
import { checkoutMessages } from './checkout-messages';
import { demoCardSchema } from './demo-card';
import { FALLBACK_LIVE_PUBLISHABLE_KEY, FALLBACK_TEST_PUBLISHABLE_KEY, publishableKeyFor } from './stripe-key';

const booking: CheckoutBooking = {
  workshopDateId: 7,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  company: '',
  discountCode: '',
  paymentMode: 'pay_now',
  subscribedToNewsletter: false,
  seats: 1,
  attendees: [],
};

const paid: PaymentIntentResponse = {
  clientSecret: 'pi_1_secret_2',
  paymentIntentId: 'pi_1',
  amount: 449.1,
  originalPrice: 499,
  isFree: false,
  discountApplied: true,
  discountAmount: 49.9,
  discountPercent: 10,
  alreadyBooked: false,
      holdExpiresAt: '2031-01-01T00:15:00.000Z',
      seats: 1,
      orderId: 7,
};

describe('the publishable key', () => {
  it("is the server's when it starts with pk_, otherwise the fallback for the mode", () => {
    expect(publishableKeyFor({ publishableKey: 'pk_test_123', testMode: true })).toBe('pk_test_123');
    expect(publishableKeyFor({ publishableKey: 'pk_live_123', testMode: false })).toBe('pk_live_123');
    expect(publishableKeyFor({ publishableKey: '', testMode: true })).toBe(FALLBACK_TEST_PUBLISHABLE_KEY);
    expect(publishableKeyFor({ publishableKey: 'sk_live_oops', testMode: false })).toBe(FALLBACK_LIVE_PUBLISHABLE_KEY);
  });
});

describe('checkout payloads', () => {
  it('asks for a payment with the customer, the seats and who is on them, the code only when given, and the pay link when paying later', () => {
    expect(paymentIntentPayload(booking)).toEqual({
      workshopDateId: 7,
      customerInfo: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', company: '' },
      subscribedToNewsletter: false,
      seats: 1,
      attendees: [],
    });
    const team = { ...booking, seats: 3, attendees: [{ firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' }] };
    expect(paymentIntentPayload(team, undefined, undefined, 'key-1')).toMatchObject({ seats: 3, attendees: team.attendees, checkoutKey: 'key-1' });
    // A pay link pays the seats already reserved: it names none, and no checkout key.
    const later = paymentIntentPayload({ ...booking, discountCode: 'WELCOME10' }, { bookingId: 3, payToken: 't' }, undefined, 'key-1');
    expect(later).toMatchObject({ discountCode: 'WELCOME10', bookingId: 3, payToken: 't' });
    expect(later).not.toHaveProperty('seats');
    expect(later).not.toHaveProperty('checkoutKey');
  });

  it("books a free seat as 'free-booking' with a final price of 0", () => {
    const free = { ...paid, isFree: true, amount: 0, discountAmount: 499, discountPercent: 100, clientSecret: null, paymentIntentId: null };
    expect(freeBookingPayload({ ...booking, discountCode: 'PILOT100' }, free)).toEqual({
      workshopDateId: 7,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      company: '',
      discountCode: 'PILOT100',
      subscribedToNewsletter: false,
      seats: 1,
      attendees: [],
      originalPrice: 499,
      discountAmount: 499,
      finalPrice: 0,
      stripePaymentId: 'free-booking',
    });
  });

  it('sends the zone the visitor chose with every booking request, and nothing without one', () => {
    expect(paymentIntentPayload(booking, undefined, 'Europe/Berlin')).toMatchObject({ timeZone: 'Europe/Berlin' });
    const free = { ...paid, isFree: true, amount: 0, discountAmount: 499, discountPercent: 100, clientSecret: null, paymentIntentId: null };
    expect(freeBookingPayload(booking, free, 'Europe/Berlin')).toMatchObject({ timeZone: 'Europe/Berlin' });
    expect('timeZone' in paymentIntentPayload(booking, undefined, undefined)).toBe(false);
    expect('timeZone' in freeBookingPayload(booking, free)).toBe(false);
  });

  it('refuses a free booking without the required data, with the message of the specification', () => {
    const missing: SharedBookingData = { ...booking, email: '' };
    expect(isCheckoutBooking(missing)).toBe(false);
    expect(isCheckoutBooking({ ...booking, workshopDateId: '' })).toBe(false);
    expect(() => freeBookingPayload(missing, paid)).toThrow(checkoutMessages.freeBookingMissingData);
  });
});

describe('the demo card form', () => {
  const schema = demoCardSchema(new Date('2031-06-15T12:00:00Z'));
  const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', nameOnCard: 'Ada Lovelace' };

  it('accepts a well-formed card', () => {
    expect(schema.safeParse(card).success).toBe(true);
    expect(schema.safeParse({ ...card, cardNumber: '4000000000000002', expiry: '06/31', cvc: '1234' }).success).toBe(true);
  });

  it('explains each malformed field', () => {
    const messages = (input: typeof card) => {
      const result = schema.safeParse(input);
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(messages({ ...card, cardNumber: '4242' })).toEqual(['Please enter a valid card number']);
    expect(messages({ ...card, cardNumber: '4242 abcd 4242 4242' })).toEqual(['Please enter a valid card number']);
    expect(messages({ ...card, expiry: '13/34' })).toEqual(['Please enter the expiry date as MM/YY']);
    expect(messages({ ...card, expiry: '05/31' })).toEqual(['This card has expired']);
    expect(messages({ ...card, cvc: '12' })).toEqual(['Please enter the 3 or 4 digit CVC']);
    expect(messages({ ...card, nameOnCard: ' ' })).toEqual(['Please enter the name on the card']);
  });
});
