import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { orders, payments } from '../../../server/db/schema';
import { HttpError } from '../../../server/plugins/error-handler';
import { SYSTEM } from '../../../server/lib/audit';
import type { BookingDeps } from './booking-deps';
import { recordRefund } from './refund-ledger';

type PaymentRow = typeof payments.$inferSelect;

/**
 * Why a succeeded payment is refunded in full instead of paying a booking
 * (docs/decisions/008-booking-lifecycle.md): what the payer is told on the page (`message`) and
 * in the e-mail (`email`).
 */
export const REFUND_REASONS = {
  sold_out: {
    message: 'Sorry, the last seat was taken while you were paying. Your payment has been refunded in full.',
    email: 'We are sorry: the last seat was taken while your payment was being completed.',
  },
  code_used_up: {
    message: 'Sorry, the discount code was used up while you were paying. Your payment has been refunded in full.',
    email: 'We are sorry: the last use of your discount code went to someone else while your payment was being completed.',
  },
  date_unavailable: {
    message: 'This workshop date is no longer available. Your payment has been refunded in full.',
    email: 'We are sorry: this workshop date was withdrawn while your payment was being completed.',
  },
  booking_not_payable: {
    message: 'This booking was cancelled or had expired before the payment went through. Your payment has been refunded in full.',
    email: 'Your booking had been cancelled or had expired before your payment went through, so nothing was booked.',
  },
  already_paid: {
    message: 'This booking was already paid. Your second payment has been refunded in full.',
    email: 'Your booking had already been paid, so your second payment was not needed.',
  },
  mismatch: {
    message: 'We could not match this payment to a booking. It has been refunded in full.',
    email: 'We could not match your payment to a booking.',
  },
  admin_deleted: {
    message: 'The organiser removed this booking and refunded its payment in full.',
    email: 'The organiser has removed your booking.',
  },
} as const satisfies Record<string, { message: string; email: string }>;
export type RefundReason = keyof typeof REFUND_REASONS;

/** The recorded reason; one this code does not know (an older or damaged row) reads as a mismatch. */
function reasonOf(payment: Pick<PaymentRow, 'refundReason'>): RefundReason {
  // Own keys only: `in` would also accept Object.prototype's ('toString', 'constructor').
  return payment.refundReason && Object.hasOwn(REFUND_REASONS, payment.refundReason) ? (payment.refundReason as RefundReason) : 'mismatch';
}

/**
 * The answer to the payer when their payment was (or is being) refunded instead of booked: 409,
 * except a payment that does not match what the server priced, which CONTRACT §3 answers 402.
 */
export function refundedPaymentError(payment: Pick<PaymentRow, 'refundReason'>): HttpError {
  const reason = reasonOf(payment);
  if (reason === 'mismatch') return new HttpError(402, REFUND_REASONS.mismatch.message, 'payment_mismatch_refunded');
  return new HttpError(409, REFUND_REASONS[reason].message, reason === 'sold_out' ? 'sold_out_refunded' : 'payment_refunded');
}

/**
 * Decides, inside the caller's transaction, that this payment will be refunded in full: it moves to
 * 'refunding' from an unsettled status, so it can never also pay a booking. The provider is called
 * after the commit (sendPaymentRefund); the sweep retries it if that call fails or the process stops.
 */
export async function markRefunding(tx: Database, paymentId: number, reason: RefundReason, from: PaymentRow['status'][] = ['requires_payment', 'canceled', 'failed']) {
  const [row] = await tx
    .update(payments)
    .set({ status: 'refunding', refundReason: reason, updatedAt: new Date() })
    .where(and(eq(payments.id, paymentId), inArray(payments.status, from)))
    .returning();
  return row ?? null;
}

/**
 * Sends a 'refunding' payment's refund to the provider (idempotent: the same key every time, so a
 * retry never refunds twice), then records it and e-mails the payer, once. Answers true when the
 * refund is done; false when the provider refused (the payment stays 'refunding' for the sweep).
 */
export async function sendPaymentRefund(deps: BookingDeps, payment: PaymentRow): Promise<boolean> {
  let refundId: string;
  let refundedCents: number;
  try {
    ({ refundId, amountCents: refundedCents } = await deps.payments.refund(payment.providerPaymentId, {
      reason: reasonOf(payment),
      idempotencyKey: `payment-refund-${payment.providerPaymentId}`,
    }));
  } catch (error) {
    deps.log?.error({ err: error, paymentId: payment.id }, 'payment refund failed; the sweep will try again');
    return false;
  }
  const queued = await deps.db.transaction(async (tx) => {
    const [done] = await tx
      .update(payments)
      .set({ status: 'refunded', providerRefundId: refundId, updatedAt: new Date() })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'refunding')))
      .returning();
    if (!done) return false;
    const reason = reasonOf(done);
    await recordRefund(tx, {
      providerPaymentId: done.providerPaymentId,
      providerRefundId: refundId,
      // What the provider gave back: the whole of what it took, which a mismatched payment's record does not say.
      amountCents: refundedCents,
      bookingId: null,
      reason,
      actor: reason === 'admin_deleted' ? 'an admin (deleted the booking)' : SYSTEM,
    });
    const email = await payerEmail(tx, done);
    if (!email) return false;
    await deps.mail.paymentRefunded(tx, {
      email,
      amountCents: refundedCents,
      workshopDateId: done.workshopDateId,
      refundId,
      reason: REFUND_REASONS[reason].email,
      soldOut: reason === 'sold_out',
    });
    return true;
  });
  if (queued) deps.onEmailQueued?.();
  return true;
}

/** Who paid: the buyer of the payment's order. */
async function payerEmail(tx: Database, payment: PaymentRow): Promise<string | null> {
  const [order] = await tx.select({ email: orders.buyerEmail }).from(orders).where(eq(orders.id, payment.orderId)).limit(1);
  return order?.email || null;
}

/** The sweep: refunds decided but not yet sent (the provider was down, or the process stopped). */
export async function finishPendingRefunds(deps: BookingDeps): Promise<number> {
  const pending = await deps.db.select().from(payments).where(eq(payments.status, 'refunding')).limit(100);
  let done = 0;
  for (const payment of pending) if (await sendPaymentRefund(deps, payment)) done++;
  return done;
}
