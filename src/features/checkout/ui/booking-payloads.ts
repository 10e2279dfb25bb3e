import type { CreateBookingInput, CreatePaymentIntentInput, PaymentIntentResponse, SharedBookingData } from '../../booking';
import { checkoutMessages } from './checkout-messages';

/** Shared booking data with a chosen date: what the checkout runs on. */
export type CheckoutBooking = SharedBookingData & { workshopDateId: number };

/** A reservation paid later through the e-mailed link (`/checkout?booking={id}&token={token}`). */
export type PayLater = { bookingId: number; payToken: string };

export function isCheckoutBooking(booking: SharedBookingData): booking is CheckoutBooking {
  return booking.workshopDateId !== '' && Boolean(booking.firstName && booking.lastName && booking.email);
}

/**
 * `timeZone` is the zone the visitor chose to see times in (chosenTimeZone), kept with the booking
 * so its e-mails and calendar text show their time beside the organiser's; absent for the original.
 */
export function paymentIntentPayload(booking: CheckoutBooking, payLater?: PayLater, timeZone?: string): CreatePaymentIntentInput {
  // No `amount`: the server prices the seat itself and ignores any amount sent (CONTRACT §3).
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
    ...(payLater ? { bookingId: payLater.bookingId, payToken: payLater.payToken } : {}),
    ...(timeZone ? { timeZone } : {}),
  };
}

/** The paid variant of POST /api/bookings: the booking data plus the provider's payment id. */
export function paidBookingPayload(booking: CheckoutBooking, intent: PaymentIntentResponse, paymentIntentId: string, timeZone?: string): CreateBookingInput {
  return {
    ...booking,
    ...(timeZone ? { timeZone } : {}),
    stripePaymentId: paymentIntentId,
    isPaid: true,
    originalPrice: intent.originalPrice,
    discountAmount: intent.discountAmount,
    finalPrice: intent.amount,
  };
}

/** The free variant; throws spec §5's message when the required data is missing. */
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
    originalPrice: intent.originalPrice,
    discountAmount: intent.discountAmount,
    finalPrice: 0,
    stripePaymentId: 'free-booking',
    ...(timeZone ? { timeZone } : {}),
  };
}
