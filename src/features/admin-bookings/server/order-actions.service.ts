import { and, asc, count, eq, gt, inArray, max } from 'drizzle-orm';
import { holdsSeat } from '../../../common/booking-status';
import { centsToDollars, dollarsToCents, formatCents } from '../../../common/money';
import type { Database } from '../../../server/db/client';
import { bookings, emailOutbox, orders, payments, refunds, workshopDates } from '../../../server/db/schema';
import { recordAudit, type Actor } from '../../../server/lib/audit';
import { HttpError } from '../../../server/plugins/error-handler';
import { cancelOpenPayments, ledgerRefundedCents, queueOrderEmails, type BookingDeps } from '../../booking/server';
import {
  ORDER_NOT_FOUND,
  ORDER_NEVER_SEATS,
  ORDER_NOTHING_TO_CANCEL,
  ORDER_NOTHING_TO_MARK_PAID,
  ORDER_NOTHING_TO_RESEND,
  ORDER_RESEND_NOTHING_TO_CONFIRM,
  ORDER_RESEND_TOO_SOON,
  RESEND_TEMPLATE_OFF,
  refundTooHighMessage,
  type AdminCancelOrder,
  type CancelOrderResponse,
  type OrderActionResponse,
} from '../admin-bookings.schema';
import { cancelLockedSeat, refundableCentsOf, sendCancelRefund, type CancelledSeat } from '../../refunds/server';
import { confirmationKindOf, markSeatPaid, sentRecently } from './booking-actions.service';
import { getAdminOrder, orderPaidCents } from './get-order';
import { orderRefundableCents, planOrderRefund, type PlanSeat } from './order-refund-plan';

/*
 * The admin's actions on a whole order (docs/decisions/008-booking-lifecycle.md, "Orders and
 * seats"). Each is one transaction that locks the order's seats in id order (the order a seat's
 * own action takes its one row in, so the two cannot deadlock) and then acts on every seat through
 * the seat's own action; the payment provider is called after the commit, through the one refund
 * path (a PENDING request per seat, sent under the seat's cancellation key, then the ledger).
 */

const ORDER_ENTITY = 'order';
type OrderRow = typeof orders.$inferSelect;
type SeatRow = typeof bookings.$inferSelect;

const seatsWord = (count: number) => (count === 1 ? '1 seat' : `${count} seats`);

/** The order (404 when there is none) and its seats, locked for this transaction, first seat first. */
async function lockOrder(tx: Database, orderId: number | null): Promise<{ order: OrderRow; seats: SeatRow[] }> {
  if (orderId === null) throw new HttpError(404, ORDER_NOT_FOUND);
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new HttpError(404, ORDER_NOT_FOUND);
  const seats = await tx.select().from(bookings).where(eq(bookings.orderId, orderId)).orderBy(asc(bookings.id)).for('update');
  return { order, seats };
}

async function respond(deps: BookingDeps, orderId: number, message: string): Promise<OrderActionResponse> {
  return { success: true, message, order: await getAdminOrder(deps.db, orderId, deps.now()) };
}

/** What the order paid less what went back already (the refunds ledger), in cents. */
async function orderLeftCents(tx: Database, orderId: number, seats: readonly SeatRow[]): Promise<number> {
  const paymentRows = await tx.select().from(payments).where(eq(payments.orderId, orderId));
  return orderPaidCents(paymentRows, seats) - (await ledgerRefundedCents(tx, eq(refunds.orderId, orderId)));
}

type OrderCancelled = { seats: CancelledSeat[]; totalCents: number; credits: number };

/**
 * POST /api/admin/orders/{orderId}/cancel: every seat still booked is cancelled by the seat's own
 * cancel, with one refund choice for the order's money as a whole (orderRefundPlan): never more
 * than what can go back of each seat's share, nor than the order paid less what went back. A seat
 * whose refund is at the provider right now stops the whole cancel (409), and nothing changes. An
 * order with no seat left to cancel answers 409 and refunds nothing.
 */
export async function adminCancelOrder(deps: BookingDeps, actor: Actor, orderId: number | null, input: AdminCancelOrder): Promise<CancelOrderResponse> {
  const now = deps.now();
  const cancelled = await deps.db.transaction(async (tx): Promise<OrderCancelled> => {
    const { order, seats } = await lockOrder(tx, orderId);
    const live = seats.filter((seat) => holdsSeat(seat.status));
    if (live.length === 0) throw new HttpError(409, seats.length === 0 ? ORDER_NEVER_SEATS : ORDER_NOTHING_TO_CANCEL, 'order_closed');
    const planSeats: PlanSeat[] = [];
    for (const seat of live) planSeats.push({ id: seat.id, isPaid: seat.isPaid, finalPriceCents: seat.finalPriceCents, refundableCents: await refundableCentsOf(tx, seat) });
    const leftCents = await orderLeftCents(tx, order.id, seats);
    const refundableCents = orderRefundableCents(planSeats, leftCents);
    const amountCents = input.amount === undefined ? undefined : dollarsToCents(input.amount);
    if (amountCents !== undefined && amountCents > refundableCents) throw new HttpError(400, refundTooHighMessage(centsToDollars(refundableCents)), 'refund_too_high');
    const [date] = await tx.select({ startsAt: workshopDates.startsAt }).from(workshopDates).where(eq(workshopDates.id, order.workshopDateId));
    const plan = planOrderRefund(planSeats, input.refund, { amountCents, startsAt: date?.startsAt ?? null, now, orderLeftCents: leftCents });

    const done: CancelledSeat[] = [];
    for (const [index, seat] of live.entries()) {
      done.push(
        await cancelLockedSeat(tx, deps, actor, seat, {
          refundCents: plan.refundCents.get(seat.id) ?? 0,
          refundableCents: planSeats[index]!.refundableCents,
          refundOutside: input.refund === 'outside',
          credit: plan.creditSeats.has(seat.id),
          notify: input.notify,
          orderId: order.id,
        }),
      );
    }
    await recordAudit(tx, {
      actor: actor.email,
      action: 'order_cancelled',
      entity: ORDER_ENTITY,
      entityId: order.id,
      details: {
        reference: order.reference,
        refund: input.refund,
        refundCents: plan.totalCents,
        refundableCents,
        bookingIds: live.map((seat) => seat.id),
        creditSeats: [...plan.creditSeats],
        notified: input.notify,
      },
    });
    return { seats: done, totalCents: plan.totalCents, credits: plan.creditSeats.size };
  });
  if (input.notify || cancelled.credits > 0) deps.onEmailQueued?.();

  let sentCents = 0;
  for (const seat of cancelled.seats) if (await sendCancelRefund(deps, actor, seat)) sentCents += seat.refundCents;
  const refundSent = cancelled.totalCents > 0 && sentCents === cancelled.totalCents;
  return {
    ...(await respond(deps, orderId!, cancelOrderMessage(input, cancelled, sentCents))),
    refundAmount: centsToDollars(cancelled.totalCents),
    refundSent,
  };
}

function cancelOrderMessage(input: AdminCancelOrder, cancelled: OrderCancelled, sentCents: number): string {
  let message = `The order was cancelled: ${seatsWord(cancelled.seats.length)} released.`;
  if (cancelled.totalCents > 0) {
    message +=
      sentCents === cancelled.totalCents
        ? ` ${formatCents(cancelled.totalCents)} was refunded.`
        : ` ${formatCents(sentCents)} of the ${formatCents(cancelled.totalCents)} refund was sent; the rest could not be sent now and waits under Refund Requests: approve it there to try again.`;
  } else if (input.refund === 'outside') message += ' Its money is to be settled outside the site.';
  if (cancelled.credits > 0) message += ` ${cancelled.credits === 1 ? 'A credit code was' : `${cancelled.credits} credit codes were`} e-mailed instead of a refund.`;
  if (input.notify) message += ' The participants have been e-mailed.';
  return message;
}

const RESENT_ACTION = 'order_confirmation_resent';

/**
 * POST /api/admin/orders/{orderId}/resend: the order's confirmations again, as when it was placed
 * (the buyer's order confirmation listing every seat, and each named seat's own; a reservation's
 * one e-mail to its buyer with its link), for its seats still booked. Resent less than a minute
 * ago: nothing is sent, and the answer says so.
 */
export async function resendOrderConfirmation(deps: BookingDeps, actor: Actor, orderId: number | null): Promise<OrderActionResponse> {
  const sent = await deps.db.transaction(async (tx) => {
    const { order, seats } = await lockOrder(tx, orderId);
    const live = seats.filter((seat) => holdsSeat(seat.status));
    if (live.length === 0) throw new HttpError(409, ORDER_NOTHING_TO_RESEND, 'order_closed');
    // Reserved seats are confirmed by the reservation's e-mail; once paid, by the paid (or free) confirmations.
    const kind = confirmationKindOf(live.find((seat) => seat.status === 'reserved') ?? live[0]!);
    if (!kind) throw new HttpError(409, ORDER_RESEND_NOTHING_TO_CONFIRM, 'nothing_to_confirm');
    if (await sentRecently(tx, RESENT_ACTION, ORDER_ENTITY, order.id)) return false;
    const [date] = await tx.select().from(workshopDates).where(eq(workshopDates.id, order.workshopDateId));
    if (!date) throw new HttpError(409, ORDER_NOTHING_TO_RESEND, 'order_closed');
    const confirmed = kind === 'reserved' ? live.filter((seat) => seat.status === 'reserved') : live.filter((seat) => seat.status === 'confirmed');
    const addresses = [order.buyerEmail, ...confirmed.map((seat) => seat.email)];
    const queued = await queuedCount(tx, addresses, () => queueOrderEmails(tx, deps, kind, { order, seats: confirmed }, date));
    if (queued === 0) throw new HttpError(409, RESEND_TEMPLATE_OFF, 'email_template_inactive');
    await recordAudit(tx, {
      actor: actor.email,
      action: RESENT_ACTION,
      entity: ORDER_ENTITY,
      entityId: order.id,
      details: { kind, to: order.buyerEmail, bookingIds: confirmed.map((seat) => seat.id), emails: queued },
    });
    return true;
  });
  if (!sent) return respond(deps, orderId!, ORDER_RESEND_TOO_SOON);
  deps.onEmailQueued?.();
  return respond(deps, orderId!, 'The order confirmation was sent again to the buyer, with each named attendee’s own confirmation.');
}

/**
 * POST /api/admin/orders/{orderId}/mark-paid: every reservation of a pay-later order, paid outside
 * the site in one go, becomes a confirmed, paid seat by the seat's own mark-paid; the buyer gets the
 * order's confirmation and each named seat its own. Their open payments are cancelled after the
 * commit (one that still goes through is refunded by the lifecycle as 'already_paid').
 */
export async function markOrderPaid(deps: BookingDeps, actor: Actor, orderId: number | null, note: string | undefined): Promise<OrderActionResponse> {
  const marked = await deps.db.transaction(async (tx) => {
    const { order, seats } = await lockOrder(tx, orderId);
    const reserved = seats.filter((seat) => seat.status === 'reserved');
    if (reserved.length === 0) throw new HttpError(409, ORDER_NOTHING_TO_MARK_PAID, 'not_reserved');
    const rows: SeatRow[] = [];
    for (const seat of reserved) rows.push(await markSeatPaid(tx, actor, seat, note, order.id));
    const [date] = await tx.select().from(workshopDates).where(eq(workshopDates.id, order.workshopDateId));
    if (date) await queueOrderEmails(tx, deps, 'paid', { order, seats: rows }, date);
    const amountCents = rows.reduce((total, seat) => total + seat.finalPriceCents, 0);
    await recordAudit(tx, {
      actor: actor.email,
      action: 'order_marked_paid',
      entity: ORDER_ENTITY,
      entityId: order.id,
      details: { reference: order.reference, bookingIds: rows.map((seat) => seat.id), amountCents, note: note || null },
    });
    return { rows, amountCents };
  });
  deps.onEmailQueued?.();
  for (const seat of marked.rows) await cancelOpenPayments(deps, seat.id);
  return respond(deps, orderId!, `${seatsWord(marked.rows.length)} marked as paid (${formatCents(marked.amountCents)}); the buyer has been e-mailed the order confirmation.`);
}

/** How many e-mails `queue` put in the outbox for these addresses (none when their templates are switched off). */
async function queuedCount(tx: Database, addresses: string[], queue: () => Promise<void>): Promise<number> {
  const [before] = await tx.select({ id: max(emailOutbox.id) }).from(emailOutbox);
  await queue();
  const [after] = await tx
    .select({ count: count() })
    .from(emailOutbox)
    .where(and(gt(emailOutbox.id, before?.id ?? 0), inArray(emailOutbox.to, addresses)));
  return after?.count ?? 0;
}
