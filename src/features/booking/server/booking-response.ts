import { centsToDollars } from '../../../common/money';
import type { BookingResponse, OrderBookingResponse, PaymentIntentResponse } from '../booking.schema';
import { confirmationTokenFor } from './booking-confirmation';
import type { BookingRow, OrderRow, PlacedOrder } from './orders';
import type { Price } from './pricing';

/** The answer about one seat, with the token that opens its confirmation page. */
export function toBookingResponse(row: BookingRow, order: Pick<OrderRow, 'id' | 'reference' | 'buyerEmail'>, secret: string, now = Date.now()): BookingResponse {
  return {
    id: row.id,
    workshopDateId: row.workshopDateId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    isPaid: row.isPaid,
    status: row.status,
    originalPrice: centsToDollars(row.originalPriceCents),
    discountAmount: centsToDollars(row.discountAmountCents),
    finalPrice: centsToDollars(row.finalPriceCents),
    confirmationToken: confirmationTokenFor(secret, row.id, now),
    orderId: order.id,
    orderReference: order.reference,
    buyerEmail: order.buyerEmail,
    named: row.named,
  };
}

/** The answer to a completed order: its first seat's fields, and every seat. */
export function toOrderResponse({ order, seats }: PlacedOrder, secret: string, now = Date.now()): OrderBookingResponse {
  const answers = seats.map((seat) => toBookingResponse(seat, order, secret, now));
  return { ...answers[0]!, seats: seats.length, bookings: answers };
}

/** What an order of `seats` seats at `price` each costs, as the checkout shows it. */
export function priceResponse(
  price: Price,
  seats: number,
  extra: Pick<PaymentIntentResponse, 'clientSecret' | 'paymentIntentId' | 'holdExpiresAt' | 'alreadyBooked' | 'orderId'>,
): PaymentIntentResponse {
  return {
    ...extra,
    amount: centsToDollars(price.finalCents * seats),
    originalPrice: centsToDollars(price.originalCents * seats),
    isFree: price.finalCents === 0,
    discountApplied: price.discountCents > 0,
    discountAmount: centsToDollars(price.discountCents * seats),
    discountPercent: price.discountPercent,
    seats,
  };
}
