import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { bookings, orders, payments, workshopDates } from '../../../server/db/schema';
import { HttpError } from '../../../server/plugins/error-handler';
import type { BookingDeps } from './booking-deps';
import { reclaimDiscountUse } from './discounts';
import { subscribeBooker } from './newsletter-signup';
import { queueOrderEmails } from './order-emails';
import { insertSeats, orderTotalCents, seatsOf, type OrderRow, type PlacedOrder } from './orders';
import { markRefunding, refundedPaymentError, sendPaymentRefund, type RefundReason } from './payment-refunds';
import { bookOffer, offersPaidBy, releaseSeat } from './freed-seats';
import { endHold, seatsLeftOn, tryTakeSeats } from './seats';

type PaymentRow = typeof payments.$inferSelect;

export const PAYMENT_NOT_CONFIRMED = 'We could not confirm this payment. You have not been charged for a booking.';

/**
 * A settled payment's outcome, or undefined while it is still open. `seatsChanged`: deciding it
 * changed a date's seat count (a hold given back, seats taken again), which the public sees.
 */
type Outcome = ({ placed: PlacedOrder } | { refund: PaymentRow }) & { seatsChanged?: boolean };

/**
 * The one place an order's payment is settled and its seats created
 * (docs/decisions/008-booking-lifecycle.md): a payment the provider reports as succeeded becomes
 * exactly one outcome, the payment of its order (whose seats become bookings, or whose reserved
 * seats become paid), or a full refund with an e-mail to the payer. Called by the browser
 * (POST /api/bookings), the Stripe webhook and the demo card form; whichever comes first decides,
 * under the payment row's lock, and the others get the same answer. A payment the provider does
 * not (yet) report as succeeded changes nothing: 402.
 */
export async function fulfilPayment(deps: BookingDeps, providerPaymentId: string): Promise<PlacedOrder> {
  const [record] = await deps.db.select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId)).limit(1);
  if (!record) throw new HttpError(402, PAYMENT_NOT_CONFIRMED, 'payment_not_found');
  const settled = await settledOutcome(deps.db, record);
  if (settled) return finish(deps, settled);

  const intent = await deps.payments.retrieveIntent(providerPaymentId);
  if (intent?.status !== 'succeeded') throw new HttpError(402, PAYMENT_NOT_CONFIRMED, 'payment_not_confirmed');
  const matches =
    intent.amountCents === record.amountCents &&
    intent.currency === record.currency &&
    intent.metadata.workshopDateId === String(record.workshopDateId) &&
    // Payments opened before orders existed carry no order id; their amount and date still must match.
    (intent.metadata.orderId === undefined || intent.metadata.orderId === String(record.orderId));

  const outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
    const [locked] = await tx.select().from(payments).where(eq(payments.id, record.id)).for('update');
    // Someone else settled it meanwhile: theirs is the answer.
    const settledMeanwhile = await settledOutcome(tx, locked!);
    if (settledMeanwhile) return settledMeanwhile;
    const [order] = await tx.select().from(orders).where(eq(orders.id, locked!.orderId)).for('update');
    if (!matches) {
      // It will never pay its order: a pending order's seats and code uses go back now, not at expiry.
      const seatsChanged = order?.paymentMode === 'pay_now' ? await endHold(tx, order, 'void') : false;
      return { ...(await refundInstead(tx, locked!, 'mismatch')), seatsChanged };
    }
    if (!order) return refundInstead(tx, locked!, 'booking_not_payable');
    return order.paymentMode === 'pay_later' ? payReservation(tx, deps, locked!, order) : placePaidOrder(tx, deps, locked!, order);
  });
  return finish(deps, outcome);
}

async function finish(deps: BookingDeps, outcome: Outcome): Promise<PlacedOrder> {
  if (outcome.seatsChanged) deps.onSeatsChanged?.();
  if ('placed' in outcome) {
    deps.onEmailQueued?.();
    return outcome.placed;
  }
  if (outcome.refund.status === 'refunding') await sendPaymentRefund(deps, outcome.refund);
  throw refundedPaymentError(outcome.refund);
}

/** The outcome of a payment already settled; undefined while it is open. */
async function settledOutcome(db: Database, payment: PaymentRow): Promise<Outcome | undefined> {
  if (payment.status === 'refunding' || payment.status === 'refunded') return { refund: payment };
  if (payment.status !== 'succeeded') return undefined;
  const [order] = await db.select().from(orders).where(eq(orders.id, payment.orderId)).limit(1);
  const seats = order ? (await seatsOf(db, order.id)).filter((seat) => seat.stripePaymentId === payment.providerPaymentId && seat.status !== 'deleted') : [];
  // A deleted booking never comes back, whoever replays its payment.
  if (!order || seats.length === 0) throw new HttpError(409, 'This payment belongs to a booking that no longer exists.', 'booking_missing');
  return { placed: { order, seats } };
}

async function refundInstead(tx: Database, payment: PaymentRow, reason: RefundReason): Promise<Outcome> {
  const refunding = await markRefunding(tx, payment.id, reason);
  return { refund: refunding ?? payment };
}

/**
 * Paying later for a reservation: its seats were taken when it was reserved. The payment pays the
 * order's seats that are still 'reserved', on a date still on sale, when it is exactly their price;
 * any other succeeded payment for it (cancelled, expired or deleted meanwhile, paid twice, a seat
 * cancelled since the payment was opened) is refunded.
 */
async function payReservation(tx: Database, deps: BookingDeps, payment: PaymentRow, order: OrderRow): Promise<Outcome> {
  const seats = (await tx.select().from(bookings).where(eq(bookings.orderId, order.id)).orderBy(bookings.id).for('update')).filter((seat) => seat.status !== 'deleted');
  const reserved = seats.filter((seat) => seat.status === 'reserved');
  if (reserved.length === 0) return refundInstead(tx, payment, seats.some((seat) => seat.status === 'confirmed') ? 'already_paid' : 'booking_not_payable');
  if (reserved.reduce((total, seat) => total + seat.finalPriceCents, 0) !== payment.amountCents) return refundInstead(tx, payment, 'booking_not_payable');
  const [date] = await tx.select().from(workshopDates).where(eq(workshopDates.id, order.workshopDateId)).limit(1);
  if (!date?.isActive) return refundInstead(tx, payment, 'date_unavailable');

  const paid = await tx
    .update(bookings)
    .set({ isPaid: true, status: 'confirmed', stripePaymentId: payment.providerPaymentId, reservationExpiresAt: null })
    .where(and(eq(bookings.orderId, order.id), eq(bookings.status, 'reserved')))
    .returning();
  paid.sort((a, b) => a.id - b.id);
  await tx.update(payments).set({ status: 'succeeded', updatedAt: new Date() }).where(eq(payments.id, payment.id));
  await queueOrderEmails(tx, deps, 'paid', { order, seats: paid }, date);
  // Paid through its link, a reservation is a booking the organiser hears of like any other.
  await deps.mail.orderToOrganiser(tx, 'paid', { order, seats: paid }, date, seatsLeftOn(date));
  return { placed: { order, seats: paid } };
}

/**
 * A pay-now payment: its pending order's held seats become bookings. When the hold ran out first
 * (its seats and code uses went back), they are taken again if they are all still there for the
 * public; otherwise, or when the date was withdrawn or the order replaced meanwhile, the payment
 * is refunded. An order opened from a waiting-list offer pays for the offer's seats while the
 * offer stands (bookOffer); once it ran out, the order is like any lapsed one. Locks: payment,
 * order, then date, the order the hold sweep uses too.
 */
async function placePaidOrder(tx: Database, deps: BookingDeps, payment: PaymentRow, order: OrderRow): Promise<Outcome> {
  const [date] = await tx.select().from(workshopDates).where(eq(workshopDates.id, order.workshopDateId)).for('update');
  if (order.status === 'placed') return refundInstead(tx, payment, 'already_paid');
  if (order.status === 'void' || payment.amountCents !== orderTotalCents(order)) return refundInstead(tx, payment, 'booking_not_payable');
  if (!date?.isActive) {
    const seatsChanged = await endHold(tx, order, 'void');
    return { ...(await refundInstead(tx, payment, 'date_unavailable')), seatsChanged };
  }
  const offer = (await offersPaidBy(tx, [order.id])).get(order.id);
  // The hold ran out (its seats went back): they are taken again, a change the public sees.
  const seatsTakenAgain = order.status === 'lapsed' && !offer;
  if (seatsTakenAgain && !(await tryTakeSeats(tx, date.id, order.seats))) return voidedRefund(tx, payment, order, 'sold_out');
  if (order.status === 'lapsed' && order.discountCodeId && !(await reclaimDiscountUse(tx, order.discountCodeId, order.seats))) {
    if (seatsTakenAgain) await releaseSeat(tx, date.id, order.seats, deps.now());
    return voidedRefund(tx, payment, order, 'code_used_up');
  }
  if (offer) await bookOffer(tx, offer, order.seats, deps.now());
  const [placedOrder] = await tx.update(orders).set({ status: 'placed', holdExpiresAt: null }).where(eq(orders.id, order.id)).returning();
  const seats = await insertSeats(tx, placedOrder!, { status: 'confirmed', isPaid: true, stripePaymentId: payment.providerPaymentId });
  await tx.update(payments).set({ status: 'succeeded', updatedAt: new Date() }).where(eq(payments.id, payment.id));
  const placed = { order: placedOrder!, seats };
  await subscribeBooker(tx, placedOrder!.buyerEmail, placedOrder!.subscribedToNewsletter);
  await queueOrderEmails(tx, deps, 'paid', placed, date);
  // The date was read before a lapsed hold's seats were taken again.
  await deps.mail.orderToOrganiser(tx, 'paid', placed, date, seatsLeftOn(date, seatsTakenAgain ? order.seats : 0));
  return { placed, seatsChanged: seatsTakenAgain || (offer !== undefined && offer.seats > order.seats) };
}

/** A lapsed order whose seats (or code uses) are gone: it will never be seats, and its payment goes back. */
async function voidedRefund(tx: Database, payment: PaymentRow, order: OrderRow, reason: RefundReason): Promise<Outcome> {
  await tx.update(orders).set({ status: 'void' }).where(eq(orders.id, order.id));
  return refundInstead(tx, payment, reason);
}
