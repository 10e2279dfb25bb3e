import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { refundRequests } from '../../../server/db/schema';
import { recordAudit, SYSTEM } from '../../../server/lib/audit';
import { CANCELLATION_REFUND_REASON, cancellationRefundKey, errorMessage, REFUND_ENTITY, type BookingRow, type RefundDeps } from './refund-shared';
import { recordRefundOnBooking } from './refunds.service';

/** A refund decided when a booking was cancelled (by the policy or by an admin), before it is sent. */
export type RefundOwed = {
  booking: BookingRow;
  amountCents: number;
  /** The PENDING request that records it (recordRefundOwed). */
  refundRequestId: number;
  /** Who cancelled, for the audit log. */
  actor: string;
  /** The request's notes once the provider took it, and when it failed (with the provider's reason). */
  sentNotes: string;
  failedNotes: (reason: string) => string;
};

/**
 * Writes the refund owed as a PENDING request with its amount, before the provider is called: if
 * the process stops or the provider fails, an admin sees it under Refund Requests, and approving
 * it sends exactly this amount (with the same idempotency key, so never twice). A request rejected
 * earlier is reopened; its reason is kept.
 */
export async function recordRefundOwed(tx: Database, booking: BookingRow, owed: { amountCents: number; reason: string; notes: string }): Promise<number> {
  const [row] = await tx
    .insert(refundRequests)
    .values({ bookingId: booking.id, reason: owed.reason, status: 'PENDING', notes: owed.notes, amountCents: owed.amountCents })
    .onConflictDoUpdate({
      target: refundRequests.bookingId,
      set: { status: 'PENDING', notes: owed.notes, amountCents: owed.amountCents, processedAt: null, providerRefundId: null },
    })
    .returning({ id: refundRequests.id });
  return row!.id;
}

/** Sends a refund owed; true when the provider took it. A failure is noted on the PENDING request. */
export async function sendRefundOwed(deps: Pick<RefundDeps, 'db' | 'payments' | 'log'>, owed: RefundOwed): Promise<boolean> {
  const { booking, amountCents, refundRequestId: id } = owed;
  if (!booking.stripePaymentId) {
    await noteRefundNotSent(deps, id, owed.failedNotes('no card payment is on record for this booking; refund it outside the site, then reject this request with a note'));
    return false;
  }
  let refundId: string;
  try {
    ({ refundId } = await deps.payments.refund(booking.stripePaymentId, {
      amountCents,
      reason: CANCELLATION_REFUND_REASON,
      idempotencyKey: cancellationRefundKey(booking.id),
    }));
  } catch (error) {
    deps.log?.error({ err: error, bookingId: booking.id, refundRequestId: id }, 'cancellation refund failed; left pending for an admin');
    await noteRefundNotSent(deps, id, owed.failedNotes(errorMessage(error)));
    return false;
  }
  await deps.db.transaction(async (tx) => {
    const done = await tx
      .update(refundRequests)
      .set({ status: 'APPROVED', providerRefundId: refundId, processedAt: new Date(), notes: owed.sentNotes })
      .where(and(eq(refundRequests.id, id), eq(refundRequests.status, 'PENDING')))
      .returning({ id: refundRequests.id });
    if (done.length > 0) await recordRefundOnBooking(tx, booking, { amountCents, providerRefundId: refundId, reason: CANCELLATION_REFUND_REASON, actor: owed.actor });
    await recordAudit(tx, {
      actor: owed.actor,
      action: 'refund_sent',
      entity: REFUND_ENTITY,
      entityId: id,
      details: { bookingId: booking.id, amountCents, providerRefundId: refundId },
    });
  });
  return true;
}

async function noteRefundNotSent(deps: Pick<RefundDeps, 'db'>, refundRequestId: number, notes: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await tx.update(refundRequests).set({ notes }).where(and(eq(refundRequests.id, refundRequestId), eq(refundRequests.status, 'PENDING')));
    await recordAudit(tx, { actor: SYSTEM, action: 'refund_failed', entity: REFUND_ENTITY, entityId: refundRequestId, details: { notes } });
  });
}
