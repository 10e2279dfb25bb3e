import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { refundRequests } from '../../../server/db/schema';
import { recordAudit } from '../../../server/lib/audit';
import { HttpError } from '../../../server/plugins/error-handler';
import { REFUND_BEING_SENT, REQUEST_CLOSED_BY_CANCEL } from '../refunds.schema';
import { REFUND_ENTITY } from './refund-shared';

/**
 * A cancellation goes ahead under its own rules even when the seat's refund request is still
 * waiting for review, and closes it: when the cancel refunds money, the request becomes the record
 * of that refund (recordRefundOwed reuses it) and is APPROVED with the amount once the provider
 * takes it; when it refunds nothing (a credit, nothing paid, or an organiser's cancel without a
 * refund), the request is REJECTED with the note 'Closed: the booking was cancelled'. Either way
 * the audit log says so.
 *
 * Call it inside the cancel's transaction once the booking row is locked, before the refund owed
 * is recorded. The one wait: while an approval of that request is at the payment provider (its
 * amount is written on the still-pending request of a booking that is still on), a cancel would be
 * a second way for the same money to go back, so it is refused with a 409 for that moment.
 * Answers the id of the request it closed, if any.
 */
export async function closeRequestOnCancel(
  tx: Database,
  bookingId: number,
  cancel: { refundCents: number; actor: string; by: 'participant' | 'admin' },
  now = new Date(),
): Promise<number | null> {
  const [request] = await tx.select().from(refundRequests).where(eq(refundRequests.bookingId, bookingId)).for('update');
  if (!request || request.status !== 'PENDING') return null;
  if (request.amountCents !== null) throw new HttpError(409, REFUND_BEING_SENT, 'refund_being_sent');

  const refunding = cancel.refundCents > 0;
  if (!refunding) {
    await tx
      .update(refundRequests)
      .set({ status: 'REJECTED', notes: REQUEST_CLOSED_BY_CANCEL, processedAt: now })
      .where(and(eq(refundRequests.id, request.id), eq(refundRequests.status, 'PENDING')));
  }
  await recordAudit(tx, {
    actor: cancel.actor,
    action: 'refund_request_closed',
    entity: REFUND_ENTITY,
    entityId: request.id,
    details: { bookingId, by: cancel.by, closedAs: refunding ? 'APPROVED' : 'REJECTED', amountCents: cancel.refundCents, notes: refunding ? null : REQUEST_CLOSED_BY_CANCEL },
  });
  return request.id;
}
