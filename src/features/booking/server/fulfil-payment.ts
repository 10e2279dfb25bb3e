import { eq } from 'drizzle-orm';
import { resolveTimeZone } from '../../../common/time-zones';
import type { Database } from '../../../server/db/client';
import { bookings, payments, seatHolds, workshopDates } from '../../../server/db/schema';
import { HttpError } from '../../../server/plugins/error-handler';
import { notifyOrganiserOfBooking, queueBookingEmail } from './booking-emails';
import type { BookingDeps } from './booking.service';
import { normaliseCode, reclaimDiscountUse } from './discounts';
import { subscribeBooker } from './newsletter-signup';
import { markRefunding, refundedPaymentError, sendPaymentRefund, type RefundReason } from './payment-refunds';
import { releaseHeldSeat, releaseSeat, tryTakeSeat } from './seats';

type BookingRow = typeof bookings.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;
/** What the checkout kept with a pay-now payment, so the webhook can book without the browser. */
type CheckoutCustomer = {
  firstName: string;
  lastName: string;
  email: string;
  company?: string;
  discountCode?: string;
  subscribedToNewsletter: boolean;
  /** The visitor's zone, already resolved when the payment was opened; absent on payments opened before it was kept. */
  timeZone?: string | null;
  originalCents: number;
  discountCents: number;
};

export const PAYMENT_NOT_CONFIRMED = 'We could not confirm this payment. You have not been charged for a booking.';

/**
 * A settled payment's outcome, or undefined while it is still open. `seatsChanged`: deciding it
 * changed a date's seat count (a hold given back, a seat taken again), which the public sees.
 */
type Outcome = ({ booking: BookingRow } | { refund: PaymentRow }) & { seatsChanged?: boolean };

/**
 * Turns a payment the provider reports as succeeded into exactly one outcome
 * (docs/decisions/008-booking-lifecycle.md): the payment of one booking, or a full refund with an
 * e-mail to the payer. Called by the browser (POST /api/bookings), the Stripe webhook and the
 * demo card form; whichever comes first decides, under the payment row's lock, and the others get
 * the same answer. A payment the provider does not (yet) report as succeeded changes nothing: 402.
 */
export async function fulfilPayment(deps: BookingDeps, providerPaymentId: string): Promise<BookingRow> {
  const [record] = await deps.db.select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId)).limit(1);
  if (!record) throw new HttpError(402, PAYMENT_NOT_CONFIRMED, 'payment_not_found');
  const settled = await settledOutcome(deps.db, record);
  if (settled) return finish(deps, settled);

  const intent = await deps.payments.retrieveIntent(providerPaymentId);
  if (intent?.status !== 'succeeded') throw new HttpError(402, PAYMENT_NOT_CONFIRMED, 'payment_not_confirmed');
  const isReservation = record.customer === null;
  const matches =
    intent.amountCents === record.amountCents &&
    intent.currency === record.currency &&
    intent.metadata.workshopDateId === String(record.workshopDateId) &&
    (!isReservation || intent.metadata.bookingId === String(record.bookingId));

  const outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
    const [locked] = await tx.select().from(payments).where(eq(payments.id, record.id)).for('update');
    // Someone else settled it meanwhile: theirs is the answer.
    const settledMeanwhile = await settledOutcome(tx, locked!);
    if (settledMeanwhile) return settledMeanwhile;
    if (!matches) {
      // It will never convert its hold: the seat and the code use go back now, not at expiry.
      const [hold] = isReservation ? [] : await tx.select().from(seatHolds).where(eq(seatHolds.paymentIntentId, providerPaymentId)).for('update');
      if (hold) await releaseHeldSeat(tx, hold, locked!.discountCodeId);
      return { ...(await refundInstead(tx, locked!, 'mismatch')), seatsChanged: hold?.status === 'held' };
    }
    return isReservation ? payReservation(tx, deps, locked!) : bookPaidSeat(tx, deps, locked!);
  });
  return finish(deps, outcome);
}

async function finish(deps: BookingDeps, outcome: Outcome): Promise<BookingRow> {
  if (outcome.seatsChanged) deps.onSeatsChanged?.();
  if ('booking' in outcome) {
    deps.onEmailQueued?.();
    return outcome.booking;
  }
  if (outcome.refund.status === 'refunding') await sendPaymentRefund(deps, outcome.refund);
  throw refundedPaymentError(outcome.refund);
}

/** The outcome of a payment already settled; undefined while it is open. */
async function settledOutcome(db: Database, payment: PaymentRow): Promise<Outcome | undefined> {
  if (payment.status === 'refunding' || payment.status === 'refunded') return { refund: payment };
  if (payment.status !== 'succeeded') return undefined;
  const [booking] = payment.bookingId ? await db.select().from(bookings).where(eq(bookings.id, payment.bookingId)).limit(1) : [];
  // A deleted booking never comes back, whoever replays its payment.
  if (!booking || booking.status === 'deleted') throw new HttpError(409, 'This payment belongs to a booking that no longer exists.', 'booking_missing');
  return { booking };
}

async function refundInstead(tx: Database, payment: PaymentRow, reason: RefundReason): Promise<Outcome> {
  const refunding = await markRefunding(tx, payment.id, reason);
  return { refund: refunding ?? payment };
}

/**
 * Paying later for a reservation: its seat was taken when it was reserved. Only a reservation that
 * is still 'reserved', on a date still on sale, becomes paid; any other succeeded payment for it
 * (cancelled, expired or deleted meanwhile, paid twice) is refunded.
 */
async function payReservation(tx: Database, deps: BookingDeps, payment: PaymentRow): Promise<Outcome> {
  const [booking] = payment.bookingId ? await tx.select().from(bookings).where(eq(bookings.id, payment.bookingId)).for('update') : [];
  if (!booking || booking.status !== 'reserved') return refundInstead(tx, payment, booking?.status === 'confirmed' ? 'already_paid' : 'booking_not_payable');
  const [date] = await tx.select().from(workshopDates).where(eq(workshopDates.id, booking.workshopDateId)).limit(1);
  if (!date?.isActive) return refundInstead(tx, payment, 'date_unavailable');

  const [paid] = await tx
    .update(bookings)
    .set({ isPaid: true, status: 'confirmed', stripePaymentId: payment.providerPaymentId, reservationExpiresAt: null })
    .where(eq(bookings.id, booking.id))
    .returning();
  await tx.update(payments).set({ status: 'succeeded', updatedAt: new Date() }).where(eq(payments.id, payment.id));
  await queueBookingEmail(tx, deps, 'paid', paid!, date);
  return { booking: paid! };
}

/**
 * A pay-now payment: its hold becomes the booking's seat. When the hold ran out first (its seat and
 * code use went back), both are taken again if they are still there; otherwise, or when the date
 * was withdrawn meanwhile, the payment is refunded. Locks: payment, hold, then date, the order the
 * hold sweep uses too.
 */
async function bookPaidSeat(tx: Database, deps: BookingDeps, payment: PaymentRow): Promise<Outcome> {
  const [hold] = await tx.select().from(seatHolds).where(eq(seatHolds.paymentIntentId, payment.providerPaymentId)).for('update');
  const [date] = await tx.select().from(workshopDates).where(eq(workshopDates.id, payment.workshopDateId)).for('update');
  if (!date?.isActive) {
    if (hold) await releaseHeldSeat(tx, hold, payment.discountCodeId);
    return { ...(await refundInstead(tx, payment, 'date_unavailable')), seatsChanged: hold?.status === 'held' };
  }
  // The hold ran out (its seat went back): the seat is taken again, a change the public sees.
  const seatTakenAgain = hold?.status !== 'held';
  if (seatTakenAgain) {
    if (!(await tryTakeSeat(tx, date.id))) return refundInstead(tx, payment, 'sold_out');
    if (payment.discountCodeId && !(await reclaimDiscountUse(tx, payment.discountCodeId))) {
      await releaseSeat(tx, date.id);
      return refundInstead(tx, payment, 'code_used_up');
    }
  }
  if (hold) await tx.update(seatHolds).set({ status: 'converted' }).where(eq(seatHolds.id, hold.id));

  const customer = payment.customer as CheckoutCustomer;
  const [booking] = await tx
    .insert(bookings)
    .values({
      workshopDateId: date.id,
      firstName: customer.firstName,
      lastName: customer.lastName,
      email: customer.email,
      company: customer.company ?? '',
      discountCodeId: payment.discountCodeId,
      discountCode: normaliseCode(customer.discountCode),
      originalPriceCents: customer.originalCents,
      discountAmountCents: customer.discountCents,
      finalPriceCents: payment.amountCents,
      isPaid: true,
      status: 'confirmed',
      paymentMode: 'pay_now',
      stripePaymentId: payment.providerPaymentId,
      subscribedToNewsletter: customer.subscribedToNewsletter,
      timeZone: resolveTimeZone(customer.timeZone),
    })
    .returning();
  await tx.update(payments).set({ status: 'succeeded', bookingId: booking!.id, updatedAt: new Date() }).where(eq(payments.id, payment.id));
  await subscribeBooker(tx, customer.email, customer.subscribedToNewsletter);
  await queueBookingEmail(tx, deps, 'paid', booking!, date);
  await notifyOrganiserOfBooking(tx, deps, 'paid', booking!, date);
  return { booking: booking!, seatsChanged: seatTakenAgain };
}
