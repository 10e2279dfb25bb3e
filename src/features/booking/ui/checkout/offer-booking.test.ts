import { describe, expect, it } from 'vitest';
import { offerBooking, paymentIntentPayload } from './booking-payloads';
import { offerHoldText } from './components/offer-hold';

const offer = { token: 'tok', expiresAt: '2031-07-05T13:00:00.000Z', workshopDateId: 7, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', seats: 3 };

describe('checkout from a waiting-list offer', () => {
  it('books the offered date for the offered person, at most the held seats, nobody named', () => {
    const booking = offerBooking(offer, 2);
    expect(booking).toMatchObject({ workshopDateId: 7, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', seats: 2, attendees: [], subscribedToNewsletter: false });
    expect(offerBooking(offer, 9).seats).toBe(3);
    expect(offerBooking(offer, 0).seats).toBe(1);
  });

  it('sends the offer token with the payment, and no offer for a normal checkout', () => {
    const booking = offerBooking(offer, 3);
    expect(paymentIntentPayload(booking, undefined, 'Europe/Berlin', 'key-12345678', offer)).toMatchObject({ workshopDateId: 7, seats: 3, waitlistOffer: 'tok', checkoutKey: 'key-12345678' });
    expect(paymentIntentPayload(booking, undefined, undefined, 'key-12345678')).not.toHaveProperty('waitlistOffer');
  });

  it('says until when the seats are held, on the visitor clock', () => {
    expect(offerHoldText(offer.expiresAt, 1, 'Europe/Berlin')).toBe('Your seat is held for you until Sat, July 5, 2031, 3:00 PM CEST');
    expect(offerHoldText(offer.expiresAt, 2, undefined)).toBe('Your 2 seats are held for you until Sat, July 5, 2031, 1:00 PM UTC');
  });
});
