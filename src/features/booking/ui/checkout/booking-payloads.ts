import type { CreateBookingInput, CreatePaymentIntentInput, PaymentIntentResponse, SharedBookingData } from '../../booking.schema';
import { checkoutMessages } from './checkout-messages';

/** Shared booking data with a chosen date: what the checkout runs on. */
export type CheckoutBooking = SharedBookingData & { workshopDateId: number };

/** A reservation paid later through the e-mailed link (`/checkout?booking={id}&token={token}`). */
export type PayLater = { bookingId: number; payToken: string };

/**
 * Seats a waiting-list offer holds for this person (`/checkout?offer={token}`,
 * docs/decisions/019-waiting-list.md): the offer's link token and until when it holds (ISO).
 */
export type CheckoutOffer = { token: string; expiresAt: string };

/** What the offer's checkout starts from: the offered date, the person the offer is for, and at most `seats` seats. */
export type WaitlistOfferCheckout = CheckoutOffer & { workshopDateId: number; firstName: string; lastName: string; email: string; seats: number };

/** The booking an offer's checkout runs on: the offered date and person, `seats` of the held seats, nobody named yet. */
export function offerBooking(offer: WaitlistOfferCheckout, seats: number): CheckoutBooking {
  return {
    workshopDateId: offer.workshopDateId,
    firstName: offer.firstName,
    lastName: offer.lastName,
    email: offer.email,
    company: '',
    discountCode: '',
    paymentMode: 'pay_now',
    // Joining the waiting list asked nothing about the newsletter.
    subscribedToNewsletter: false,
    seats: Math.min(Math.max(1, seats), offer.seats),
    // The seats past the buyer's are unnamed: each gets a link to pass on (as from the booking form).
    attendees: [],
  };
}

export function isCheckoutBooking(booking: SharedBookingData): booking is CheckoutBooking {
  return booking.workshopDateId !== '' && Boolean(booking.firstName && booking.lastName && booking.email);
}

/**
 * `timeZone` is the zone the visitor chose to see times in (chosenTimeZone), kept with the booking
 * so its e-mails and calendar text show their time beside the organiser's; absent for the original.
 * `checkoutKey` names this visit's checkout: asked again (a reload, a double click) it answers the
 * same order and payment. `offer` books the seats a waiting-list offer holds, at its price.
 */
export function paymentIntentPayload(booking: CheckoutBooking, payLater?: PayLater, timeZone?: string, checkoutKey?: string, offer?: CheckoutOffer): CreatePaymentIntentInput {
  // No `amount`: the server prices the seats itself and ignores any amount sent.
  return {
    workshopDateId: booking.workshopDateId,
    customerInfo: {
      firstName: booking.firstName,
      lastName: booking.lastName,
      email: booking.email,
      company: booking.company,
    },
    ...(booking.discountCode ? { discountCode: booking.discountCode } : {}),
    subscribedToNewsletter: booking.subscribedToNewsletter,
    ...(payLater ? { bookingId: payLater.bookingId, payToken: payLater.payToken } : { seats: booking.seats, attendees: booking.attendees }),
    ...(timeZone ? { timeZone } : {}),
    ...(checkoutKey && !payLater ? { checkoutKey } : {}),
    ...(offer ? { waitlistOffer: offer.token } : {}),
  };
}

/** The free variant of POST /api/bookings; throws spec §5's message when the required data is missing. */
export function freeBookingPayload(booking: SharedBookingData, intent: PaymentIntentResponse, timeZone?: string): CreateBookingInput {
  if (!isCheckoutBooking(booking)) throw new Error(checkoutMessages.freeBookingMissingData);
  return {
    workshopDateId: booking.workshopDateId,
    firstName: booking.firstName,
    lastName: booking.lastName,
    email: booking.email,
    company: booking.company || '',
    discountCode: booking.discountCode || '',
    // Not in spec §7's list, but the visitor's newsletter choice must be honoured (default on).
    subscribedToNewsletter: booking.subscribedToNewsletter,
    seats: booking.seats,
    attendees: booking.attendees,
    originalPrice: intent.originalPrice,
    discountAmount: intent.discountAmount,
    finalPrice: 0,
    stripePaymentId: 'free-booking',
    ...(timeZone ? { timeZone } : {}),
  };
}
