import { and, eq } from 'drizzle-orm';
import { centsToDollars } from '../../../common/money';
import { bookings, orders, payments, workshopDates } from '../../../server/db/schema';
import { verifyToken } from '../../../server/lib/signed-token';
import type { PaymentIntent } from '../../../server/payments/payment-provider';
import { HttpError } from '../../../server/plugins/error-handler';
import type { PaymentIntentResponse, ReservationDetails } from '../booking.schema';
import { confirmationTokenFor } from './booking-confirmation';
import { PAY_LINK_PURPOSE } from './booking-links';
import type { BookingDeps } from './booking-deps';
import { priceResponse } from './booking-response';
import { fulfilPayment } from './fulfil-payment';
import type { BookingRow, OrderRow } from './orders';

export const NOT_PAYABLE_MESSAGE = 'This booking has already been paid or cancelled.';
export const DATE_UNAVAILABLE_MESSAGE = 'This workshop date is no longer available, so this booking cannot be paid.';

/** The booking a signed pay link names and its order (403 when the link is not genuine); undefined when it is gone. */
async function fromPayLink(deps: Pick<BookingDeps, 'db' | 'secret'>, bookingId: number, payToken: string | undefined) {
  if (verifyToken(deps.secret, PAY_LINK_PURPOSE, payToken) !== String(bookingId)) {
    throw new HttpError(403, 'This payment link is invalid or has expired.', 'pay_link_invalid');
  }
  const [row] = await deps.db.select({ booking: bookings, order: orders }).from(bookings).innerJoin(orders, eq(orders.id, bookings.orderId)).where(eq(bookings.id, bookingId)).limit(1);
  return row;
}

/** The seats of the order still reserved, which the pay link pays together. */
async function reservedSeats(deps: Pick<BookingDeps, 'db'>, order: OrderRow): Promise<BookingRow[]> {
  return deps.db.select().from(bookings).where(and(eq(bookings.orderId, order.id), eq(bookings.status, 'reserved'))).orderBy(bookings.id);
}

const sumOf = (seats: BookingRow[], cents: (seat: BookingRow) => number) => seats.reduce((total, seat) => total + cents(seat), 0);

/** The reservation a signed pay link names, for the checkout to show before paying: every seat still reserved. */
export async function getReservationForPayment(deps: Pick<BookingDeps, 'db' | 'secret' | 'now'>, bookingId: number, payToken: string | undefined): Promise<ReservationDetails> {
  const found = await fromPayLink(deps, bookingId, payToken);
  if (!found) throw new HttpError(404, 'Booking not found');
  const { booking, order } = found;
  const reserved = booking.status === 'reserved' ? await reservedSeats(deps, order) : [booking];
  return {
    bookingId: booking.id,
    workshopDateId: booking.workshopDateId,
    firstName: order.buyerFirstName,
    lastName: order.buyerLastName,
    email: order.buyerEmail,
    company: order.company,
    discountCode: booking.discountCode,
    originalPrice: centsToDollars(sumOf(reserved, (seat) => seat.originalPriceCents)),
    discountAmount: centsToDollars(sumOf(reserved, (seat) => seat.discountAmountCents)),
    finalPrice: centsToDollars(sumOf(reserved, (seat) => seat.finalPriceCents)),
    status: booking.status,
    isPaid: booking.isPaid,
    reservationExpiresAt: booking.status === 'reserved' ? (booking.reservationExpiresAt?.toISOString() ?? null) : null,
    seats: reserved.length,
    orderId: order.id,
    // The pay link stands for the buyer as the confirmation token does: a link paid already leads to the booking.
    confirmationToken: booking.isPaid || booking.status === 'confirmed' ? confirmationTokenFor(deps.secret, booking.id, deps.now().getTime()) : null,
  };
}

/**
 * Paying later for a reservation: its seats are already held and their price was fixed when
 * reserved; one payment pays every seat of the order still reserved. An order has one open payment
 * at a time: asking again (a second tab, a later visit) gets the same one while the provider still
 * takes it, so one reservation cannot be charged twice.
 */
export async function openReservationPayment(deps: BookingDeps, bookingId: number, payToken: string | undefined, now: Date): Promise<PaymentIntentResponse> {
  const found = await fromPayLink(deps, bookingId, payToken);
  if (!found || found.booking.status !== 'reserved') throw new HttpError(409, NOT_PAYABLE_MESSAGE, 'not_payable');
  const { order } = found;
  const [date] = await deps.db.select().from(workshopDates).where(eq(workshopDates.id, order.workshopDateId)).limit(1);
  if (!date?.isActive || (date.startsAt && date.startsAt <= now)) throw new HttpError(409, DATE_UNAVAILABLE_MESSAGE, 'date_unavailable');
  const seats = await reservedSeats(deps, order);
  const amountCents = sumOf(seats, (seat) => seat.finalPriceCents);
  const seatPrice = {
    originalCents: order.seatOriginalCents,
    discountCents: order.seatDiscountCents,
    finalCents: order.seatFinalCents,
    discountPercent: order.seatOriginalCents ? Math.round((order.seatDiscountCents / order.seatOriginalCents) * 100) : 0,
  };
  const respond = (intent: PaymentIntent) =>
    priceResponse(seatPrice, seats.length, { clientSecret: intent.clientSecret, paymentIntentId: intent.id, holdExpiresAt: null, alreadyBooked: false, orderId: order.id });

  const earlier = await deps.db.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(payments.id);
  for (const payment of earlier.filter((row) => row.status === 'requires_payment' && row.amountCents === amountCents)) {
    const intent = await deps.payments.retrieveIntent(payment.providerPaymentId);
    if (intent?.status === 'requires_payment' || intent?.status === 'processing') return respond(intent);
    if (intent?.status === 'succeeded') {
      // Paid, but not yet booked (the webhook is on its way): book it now rather than open another.
      await fulfilPayment(deps, payment.providerPaymentId);
      throw new HttpError(409, NOT_PAYABLE_MESSAGE, 'not_payable');
    }
  }
  const intent = await deps.payments.createIntent({
    amountCents,
    currency: 'usd',
    description: `Order ${order.reference}: reservation of ${seats.length} seat${seats.length === 1 ? '' : 's'}`,
    receiptEmail: order.buyerEmail,
    metadata: { workshopDateId: String(order.workshopDateId), orderId: String(order.id), orderReference: order.reference },
    // Concurrent requests share the key, so they share the intent; a new one only after the last closed.
    idempotencyKey: `reservation-order-${order.id}-${earlier.length}`,
  });
  await deps.db
    .insert(payments)
    .values({ provider: deps.payments.name, providerPaymentId: intent.id, workshopDateId: order.workshopDateId, orderId: order.id, amountCents })
    .onConflictDoNothing({ target: payments.providerPaymentId });
  return respond(intent);
}
