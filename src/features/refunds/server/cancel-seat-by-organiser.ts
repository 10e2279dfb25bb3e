import { eq } from 'drizzle-orm';
import { formatCents } from '../../../common/money';
import type { Database } from '../../../server/db/client';
import { payments, refunds, workshopDates } from '../../../server/db/schema';
import { recordAudit, type Actor } from '../../../server/lib/audit';
import { cancelOpenPayments, ledgerRefundedCents, releaseBookingSeat, type BookingDeps } from '../../booking/server';
import { createCreditCode, CREDIT_VALID_DAYS } from './cancel-booking.service';
import { closeRequestOnCancel } from './close-request';
import { queueCancellationEmail, queueOrganiserCancellationEmail, type OrganiserCancellationMoney } from './refund-emails';
import { recordRefundOwed, sendRefundOwed } from './refund-owed';
import { BOOKING_ENTITY, workshopWhen, type BookingRow } from './refund-shared';

/*
 * The organiser cancels one seat (docs/decisions/008-booking-lifecycle.md): the admin's cancel of a
 * booking or of a whole order, and calling a date off (docs/decisions/022). Inside the caller's
 * transaction the seat is released and the refund owed is written as a PENDING request; after the
 * commit sendCancelRefund sends it to the provider under the seat's cancellation key, so money
 * never leaves without its seat given back or a refund on record.
 */

export type CancelledSeat = { booking: BookingRow; refundCents: number; refundRequestId: number | null; creditCode: string | null };

/** How one seat's cancel settles its money, decided by its caller (the seat's cancel, or the order's). */
export type SeatSettlement = {
  /** Cents to send back by card (at most `refundableCents`). */
  refundCents: number;
  /** What could have gone back by card, for the audit log. */
  refundableCents: number;
  refundOutside: boolean;
  /** A single-use credit code replaces the money (always e-mailed: the code is the person's only copy). */
  credit: boolean;
  notify: boolean;
  /** The order cancelled as a whole, when it was. */
  orderId?: number;
};

/** What can still go back by card for this locked seat: its share of a payment the site took, less the ledger's refunds of it. */
export async function refundableCentsOf(tx: Database, booking: BookingRow): Promise<number> {
  if (!booking.isPaid || !booking.stripePaymentId) return 0;
  const [payment] = await tx.select({ status: payments.status }).from(payments).where(eq(payments.providerPaymentId, booking.stripePaymentId)).for('update');
  if (payment?.status !== 'succeeded') return 0;
  return Math.max(booking.finalPriceCents - (await ledgerRefundedCents(tx, eq(refunds.bookingId, booking.id))), 0);
}

/**
 * Cancels one seat whose row the caller locked, inside its transaction: a refund request still
 * waiting is closed, the seat and its code use go back, the refund owed is written as a PENDING
 * request (sent after the commit, sendCancelRefund), a credit code is made when chosen, the e-mails
 * are queued and the audit log names the admin.
 */
export async function cancelLockedSeat(tx: Database, deps: BookingDeps, actor: Actor, booking: BookingRow, settle: SeatSettlement): Promise<CancelledSeat> {
  const now = deps.now();
  const { refundCents } = settle;
  // A participant's request under review does not stop the cancel: the cancel closes it.
  await closeRequestOnCancel(tx, booking.id, { refundCents, actor: actor.email, by: 'admin' }, now);

  const row = (await releaseBookingSeat(tx, booking.id, 'cancelled', { cancelledAt: now }))!;
  const refundRequestId =
    refundCents > 0
      ? await recordRefundOwed(tx, row, {
          amountCents: refundCents,
          reason: 'Booking cancelled by the organiser',
          notes: `Cancelled by ${actor.email}: refund of ${formatCents(refundCents)} of ${formatCents(row.finalPriceCents)} paid, being sent to the payment provider.`,
        })
      : null;
  const [date] = await tx.select().from(workshopDates).where(eq(workshopDates.id, row.workshopDateId));
  const details = { workshopTitle: date?.title ?? 'your workshop', when: workshopWhen(date ?? null, row.timeZone), refundCents, publicUrl: deps.publicUrl };
  let creditCode: string | null = null;
  if (settle.credit) {
    const creditExpiresAt = new Date(now.getTime() + CREDIT_VALID_DAYS * 86_400_000);
    creditCode = await createCreditCode(tx, row.id, creditExpiresAt);
    await queueCancellationEmail(tx, row, { ...details, kind: 'credit', creditCode, creditExpiresAt });
  } else if (settle.notify) {
    await queueOrganiserCancellationEmail(tx, row, { ...details, money: settle.refundOutside ? 'paid-outside' : organiserMoney(row, refundCents) });
  }
  await recordAudit(tx, {
    actor: actor.email,
    action: 'booking_cancelled',
    entity: BOOKING_ENTITY,
    entityId: booking.id,
    details: {
      by: 'admin',
      status: booking.status,
      refundCents,
      refundableCents: settle.refundableCents,
      refundOutside: settle.refundOutside,
      refundRequestId,
      creditCode,
      notified: settle.notify || settle.credit,
      seatFreed: true,
      ...(settle.orderId === undefined ? {} : { orderId: settle.orderId }),
    },
  });
  return { booking: row, refundCents, refundRequestId, creditCode };
}

/** After the commit: a reservation's pay link stops working, and the refund owed goes to the provider. True when the provider took it. */
export async function sendCancelRefund(deps: BookingDeps, actor: Actor, cancelled: CancelledSeat): Promise<boolean> {
  const { booking, refundCents, refundRequestId } = cancelled;
  await cancelOpenPayments(deps, booking.id);
  if (refundRequestId === null) return false;
  return sendRefundOwed(deps, {
    booking,
    amountCents: refundCents,
    refundRequestId,
    actor: actor.email,
    sentNotes: `Cancelled by ${actor.email}: ${formatCents(refundCents)} of ${formatCents(booking.finalPriceCents)} refunded.`,
    failedNotes: (reason) => `Cancelled by ${actor.email}: the refund of ${formatCents(refundCents)} failed (${reason}). Approve to try again.`,
  });
}

function organiserMoney(booking: BookingRow, refundCents: number): OrganiserCancellationMoney {
  if (refundCents === 0) return booking.isPaid && booking.finalPriceCents > 0 ? 'paid-outside' : 'none';
  return refundCents >= booking.finalPriceCents ? 'full-refund' : 'partial-refund';
}

