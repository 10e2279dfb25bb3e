import { and, eq, gt, sql } from 'drizzle-orm';
import { holdsSeat } from '../../../common/booking-status';
import { centsToDollars, dollarsToCents, formatCents } from '../../../common/money';
import type { Database } from '../../../server/db/client';
import { auditLog, bookings, workshopDates } from '../../../server/db/schema';
import { recordAudit, type Actor } from '../../../server/lib/audit';
import { HttpError } from '../../../server/plugins/error-handler';
import { type BookingEmailKind, type BookingDeps, cancelOpenPayments, moveLockedSeat } from '../../booking/server';
import { cancelLockedSeat, refundableCentsOf, sendCancelRefund } from '../../refunds/server';
import {
  bookingClosedMessage,
  MARK_PAID_DATE_INACTIVE,
  MARK_PAID_ONLY_RESERVED,
  refundTooHighMessage,
  RESEND_NOTHING_TO_CONFIRM,
  RESEND_TEMPLATE_OFF,
  RESEND_TOO_SOON,
  BOOKING_NOT_FOUND,
  type AdminCancelBooking,
  type BookingActionResponse,
  type CancelBookingResponse,
  type MoveBookingInput,
} from '../admin-bookings.schema';
import { confirmationKind } from '../booking-labels';
import { getAdminBooking } from './admin-bookings.service';

/*
 * The admin's actions on one booking (issue 14 point 5, docs/decisions/008-booking-lifecycle.md).
 * Each runs in one transaction that starts by locking the booking row, so it cannot interleave
 * with a participant's cancel, a payment or the expiry sweep; calls to the payment provider come
 * after the commit; e-mail goes to the outbox inside the transaction. The route clears the public
 * cache when seats changed.
 */

const BOOKING_ENTITY = 'booking';
type BookingRow = typeof bookings.$inferSelect;

/** The booking, locked for this transaction; 404 when there is none, 409 when it no longer holds a seat. */
async function lockOpenBooking(tx: Database, id: number): Promise<BookingRow> {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
  if (!booking) throw new HttpError(404, BOOKING_NOT_FOUND);
  if (!holdsSeat(booking.status)) throw new HttpError(409, bookingClosedMessage(booking.status as Exclude<BookingRow['status'], 'reserved' | 'confirmed'>), 'booking_closed');
  return booking;
}

/** Which booking e-mail confirms this booking (the same rule as the row's Resend button). */
export const confirmationKindOf = (booking: BookingRow): BookingEmailKind | null => confirmationKind({ ...booking, finalPrice: booking.finalPriceCents });

async function respond(deps: BookingDeps, id: number, message: string): Promise<BookingActionResponse> {
  return { success: true, message, booking: await getAdminBooking(deps.db, id) };
}


/**
 * POST /api/admin/bookings/{id}/cancel. The booking becomes 'cancelled' and gives back its seat
 * and code use. A card payment is refunded by the chosen amount (all of it by default): the
 * refund is first written as a PENDING refund request, then sent with the booking's cancellation
 * key (the participant's cancel and the Refunds panel's retry use the same key, so the money can
 * go back only once), then the request is APPROVED. If the provider fails, the request stays
 * PENDING with a note for a retry, and the booking stays cancelled.
 */
export async function adminCancelBooking(deps: BookingDeps, actor: Actor, id: number, input: AdminCancelBooking): Promise<CancelBookingResponse> {
  const cancelled = await deps.db.transaction(async (tx) => {
    const booking = await lockOpenBooking(tx, id);
    const refundableCents = await refundableCentsOf(tx, booking);
    // Settled outside the site: nothing goes to the provider, whatever it holds.
    const refundCents = input.refundOutside ? 0 : input.refundAmount === undefined ? refundableCents : dollarsToCents(input.refundAmount);
    if (refundCents > refundableCents) throw new HttpError(400, refundTooHighMessage(centsToDollars(refundableCents)), 'refund_too_high');
    return cancelLockedSeat(tx, deps, actor, booking, { refundCents, refundableCents, refundOutside: input.refundOutside, credit: false, notify: input.notify });
  });
  if (input.notify) deps.onEmailQueued?.();
  const refundSent = await sendCancelRefund(deps, actor, cancelled);
  const amount = formatCents(cancelled.refundCents);
  let message = input.refundOutside ? 'The booking was cancelled and its seat released; its money is to be settled outside the site.' : 'The booking was cancelled and its seat released.';
  if (cancelled.refundCents > 0) {
    message = refundSent
      ? `The booking was cancelled and ${amount} was refunded.`
      : `The booking was cancelled, but the refund of ${amount} could not be sent now. It waits under Refund Requests: approve it there to try again.`;
  }
  if (input.notify) message += ' The participant has been e-mailed.';
  return { ...(await respond(deps, id, message)), refundAmount: centsToDollars(cancelled.refundCents), refundSent };
}

/** A resend within this long of the last one sends nothing: ten clicks are one e-mail. */
const RESEND_QUIET_SECONDS = 60;
const RESENT_ACTION = 'booking_confirmation_resent';

/** Whether the audit log has this resend of this entity within the quiet minute (read under the caller's row locks). */
export async function sentRecently(tx: Database, action: string, entity: string, id: number): Promise<boolean> {
  const [recent] = await tx
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, action),
        eq(auditLog.entity, entity),
        eq(auditLog.entityId, String(id)),
        gt(auditLog.createdAt, sql`now() - make_interval(secs => ${RESEND_QUIET_SECONDS})`),
      ),
    )
    .limit(1);
  return recent !== undefined;
}

/**
 * POST /api/admin/bookings/{id}/resend-confirmation: the booking's e-mail again (a reservation's
 * with its pay link, or its confirm link while its address is unconfirmed). Resent less than a
 * minute ago (told by the audit log, read with the booking row locked, so clicks at once queue
 * here): nothing is sent, and the answer says so.
 */
export async function resendConfirmation(deps: BookingDeps, actor: Actor, id: number): Promise<BookingActionResponse> {
  const sent = await deps.db.transaction(async (tx) => {
    const booking = await lockOpenBooking(tx, id);
    const kind = confirmationKindOf(booking);
    if (!kind) throw new HttpError(409, RESEND_NOTHING_TO_CONFIRM, 'nothing_to_confirm');
    if (await sentRecently(tx, RESENT_ACTION, BOOKING_ENTITY, id)) return false;
    if (!(await deps.mail.seatBooked(tx, kind, booking))) throw new HttpError(409, RESEND_TEMPLATE_OFF, 'email_template_inactive');
    await recordAudit(tx, { actor: actor.email, action: RESENT_ACTION, entity: BOOKING_ENTITY, entityId: id, details: { kind, to: booking.email } });
    return true;
  });
  if (!sent) return respond(deps, id, RESEND_TOO_SOON);
  deps.onEmailQueued?.();
  return respond(deps, id, 'The confirmation e-mail was sent again.');
}

/**
 * POST /api/admin/bookings/{id}/move: the seat moves (moveLockedSeat) under the booking's lock. A
 * confirmed seat hears that it moved; a reservation gets its link again, for the new date, and its
 * open payments, which name the old date, are cancelled (its pay link opens a new one).
 */
export async function moveBooking(deps: BookingDeps, actor: Actor, id: number, input: MoveBookingInput): Promise<BookingActionResponse> {
  const now = deps.now();
  const moved = await deps.db.transaction(async (tx) => {
    const booking = await lockOpenBooking(tx, id);
    // The organiser's choice: a free seat the waiting list is holding may take the move.
    const { row, source, target } = await moveLockedSeat(tx, booking, input.workshopDateId, now, 'organiser');
    const kind = row.status === 'confirmed' ? 'moved' : confirmationKindOf(row);
    if (kind === 'moved') await deps.mail.seatMoved(tx, row, source, target);
    else if (kind) await deps.mail.seatBooked(tx, kind, row, target);
    await recordAudit(tx, {
      actor: actor.email,
      action: 'booking_moved',
      entity: BOOKING_ENTITY,
      entityId: id,
      details: { fromWorkshopDateId: booking.workshopDateId, toWorkshopDateId: target.id, status: booking.status, emailed: kind },
    });
    return { row, title: target.title };
  });
  deps.onEmailQueued?.();
  if (moved.row.status === 'reserved') await cancelOpenPayments(deps, id);
  return respond(deps, id, `The booking was moved to ${moved.title} and the participant has been e-mailed.`);
}

/**
 * POST /api/admin/bookings/{id}/mark-paid: a reservation paid outside the site (bank transfer,
 * cash) becomes a confirmed, paid booking with no card payment, on a date still on sale. Its open
 * payments are cancelled; one that still goes through is refunded by the lifecycle as 'already_paid'.
 */
export async function markBookingPaid(deps: BookingDeps, actor: Actor, id: number, note: string | undefined): Promise<BookingActionResponse> {
  await deps.db.transaction(async (tx) => {
    const row = await markSeatPaid(tx, actor, await lockOpenBooking(tx, id), note);
    await deps.mail.seatBooked(tx, 'paid', row);
  });
  deps.onEmailQueued?.();
  await cancelOpenPayments(deps, id);
  return respond(deps, id, 'The reservation is marked as paid and the participant has been e-mailed a confirmation.');
}

/**
 * A reservation whose row the caller locked becomes a confirmed, paid seat with no card payment,
 * on a date still on sale; the audit log names the admin. The caller queues the e-mail and, after
 * the commit, cancels the seat's open payments.
 */
export async function markSeatPaid(tx: Database, actor: Actor, booking: BookingRow, note: string | undefined, orderId?: number): Promise<BookingRow> {
  if (booking.status !== 'reserved') throw new HttpError(409, MARK_PAID_ONLY_RESERVED, 'not_reserved');
  // A deactivated date takes no new money, from a card or from outside the site (reactivate it first).
  const [date] = await tx.select({ isActive: workshopDates.isActive }).from(workshopDates).where(eq(workshopDates.id, booking.workshopDateId));
  if (!date?.isActive) throw new HttpError(409, MARK_PAID_DATE_INACTIVE, 'date_unavailable');
  const [row] = await tx
    .update(bookings)
    .set({ status: 'confirmed', isPaid: true, reservationExpiresAt: null })
    .where(eq(bookings.id, booking.id))
    .returning();
  await recordAudit(tx, {
    actor: actor.email,
    action: 'booking_marked_paid',
    entity: BOOKING_ENTITY,
    entityId: booking.id,
    details: { amountCents: booking.finalPriceCents, note: note || null, ...(orderId === undefined ? {} : { orderId }) },
  });
  return row!;
}
