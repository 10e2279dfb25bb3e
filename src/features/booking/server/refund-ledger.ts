import { eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { payments, refunds } from '../../../server/db/schema';

export type RefundTaken = {
  /** The payment the provider refunded, by its provider id. */
  providerPaymentId: string;
  providerRefundId: string;
  amountCents: number;
  /** The seat whose share it was; null when the whole payment went back. */
  bookingId: number | null;
  reason: string;
  actor: string;
};

/**
 * Writes a refund the provider took into the ledger, inside the transaction that records what it
 * did to the seat or payment. The provider answers a retried refund with the same id, so a retry
 * adds no second row. A payment the site has no record of (an imported booking's) has no order to
 * write it to; nothing is written.
 */
export async function recordRefund(tx: Database, refund: RefundTaken): Promise<void> {
  const [payment] = await tx.select({ id: payments.id, orderId: payments.orderId }).from(payments).where(eq(payments.providerPaymentId, refund.providerPaymentId)).limit(1);
  if (!payment || refund.amountCents <= 0) return;
  await tx
    .insert(refunds)
    .values({
      orderId: payment.orderId,
      paymentId: payment.id,
      bookingId: refund.bookingId,
      providerRefundId: refund.providerRefundId,
      amountCents: refund.amountCents,
      reason: refund.reason,
      actor: refund.actor,
    })
    .onConflictDoNothing({ target: refunds.providerRefundId });
}

/** The ledger's rows summed, in cents (0 when there are none): the one expression every figure of money that went back reads. */
export const refundedSum = () => sql<number>`coalesce(sum(${refunds.amountCents}), 0)`.mapWith(Number);

/**
 * Cents of the ledger's refunds `where` picks (a seat's share, an order's refunds), as a subquery
 * for a select list, correlated through `where` with the rows around it.
 */
export const refundedCentsWhere = (where: SQL) => sql<number>`(select ${refundedSum()} from ${refunds} where ${where})`.mapWith(Number);

/** What the ledger says went back for the refunds `where` picks, in cents. */
export async function ledgerRefundedCents(db: Database, where: SQL): Promise<number> {
  // A sum without GROUP BY is always one row, 0 when nothing matched (refundedSum's coalesce).
  const [row] = await db.select({ cents: refundedSum() }).from(refunds).where(where);
  return row!.cents;
}
