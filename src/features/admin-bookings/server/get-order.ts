import { desc, eq } from 'drizzle-orm';
import { holdsSeat } from '../../../common/booking-status';
import { centsToDollars } from '../../../common/money';
import type { Database } from '../../../server/db/client';
import { bookings, orders, payments, refunds, workshopDates } from '../../../server/db/schema';
import { HttpError } from '../../../server/plugins/error-handler';
import { ledgerRefundedCents } from '../../booking/server';
import { ORDER_NOT_FOUND, type AdminOrder, type AdminOrderSeat } from '../admin-bookings.schema';
import { selectBookings, toAdminBooking } from './admin-bookings.service';
import { creditSeatCount, orderPolicy, orderRefundableCents, type PlanSeat } from './order-refund-plan';

type PaymentRow = typeof payments.$inferSelect;
type SeatMoney = { stripePaymentId: string | null; isPaid: boolean; finalPriceCents: number };

/** A payment whose money the provider took: it succeeded, and may have gone back since. */
const TAKEN: readonly PaymentRow['status'][] = ['succeeded', 'refunding', 'refunded'];

/**
 * What an order paid: every payment the provider took, plus seats marked paid with no payment of
 * this order on record (paid outside the site, or imported). Deleted seats count too: their money
 * moved all the same.
 */
export function orderPaidCents(paymentRows: readonly Pick<PaymentRow, 'providerPaymentId' | 'status' | 'amountCents'>[], seats: readonly SeatMoney[]): number {
  const byProviderId = new Map(paymentRows.map((payment) => [payment.providerPaymentId, payment]));
  let paidCents = 0;
  for (const payment of paymentRows) if (TAKEN.includes(payment.status)) paidCents += payment.amountCents;
  for (const seat of seats) {
    const payment = seat.stripePaymentId === null ? undefined : byProviderId.get(seat.stripePaymentId);
    if (!payment && seat.isPaid) paidCents += seat.finalPriceCents;
  }
  return paidCents;
}

/**
 * GET /api/admin/orders/{orderId}: the order with its date, its buyer, its latest payment, the
 * money it took and gave back, and its seats (as the Bookings list shows them, so each seat's
 * refunded amount is the list's). A handful of small reads, each by the order's id.
 */
export async function getAdminOrder(db: Database, orderId: number | null, now = new Date()): Promise<AdminOrder> {
  if (orderId === null) throw new HttpError(404, ORDER_NOT_FOUND);
  const [order] = await db
    .select({
      order: orders,
      workshop: { title: workshopDates.title, date: workshopDates.date, time: workshopDates.time, timezone: workshopDates.timezone, startsAt: workshopDates.startsAt },
    })
    .from(orders)
    .leftJoin(workshopDates, eq(workshopDates.id, orders.workshopDateId))
    .where(eq(orders.id, orderId));
  if (!order) throw new HttpError(404, ORDER_NOT_FOUND);

  const [paymentRows, seatMoney, seatRows, refundedCents] = await Promise.all([
    db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.createdAt), desc(payments.id)),
    db.select({ stripePaymentId: bookings.stripePaymentId, isPaid: bookings.isPaid, finalPriceCents: bookings.finalPriceCents }).from(bookings).where(eq(bookings.orderId, orderId)),
    selectBookings(db, eq(bookings.orderId, orderId)),
    // The refunds ledger: every refund the provider took for this order, once.
    ledgerRefundedCents(db, eq(refunds.orderId, orderId)),
  ]);
  const money = { paidCents: orderPaidCents(paymentRows, seatMoney), refundedCents };
  const latest = paymentRows[0];
  // What cancelling the whole order would give back now, from its seats still booked.
  const live: PlanSeat[] = seatRows
    .filter((seat) => holdsSeat(seat.status))
    .sort((a, b) => a.id - b.id)
    .map((seat) => ({ id: seat.id, isPaid: seat.isPaid, finalPriceCents: seat.finalPriceCents, refundableCents: seat.refundableCents }));
  const leftCents = money.paidCents - money.refundedCents;
  const policy = orderPolicy(live, order.workshop?.startsAt ?? null, now, orderRefundableCents(live, leftCents));
  const { order: row, workshop } = order;
  const seats: AdminOrderSeat[] = seatRows
    .map(toAdminBooking)
    .sort((a, b) => a.id - b.id)
    .map((seat) => ({
      bookingId: seat.id,
      firstName: seat.firstName,
      lastName: seat.lastName,
      email: seat.email,
      named: seat.named,
      status: seat.status,
      isPaid: seat.isPaid,
      finalPrice: seat.finalPrice,
      refundedAmount: seat.refundedAmount,
      hasAttended: seat.hasAttended,
    }));

  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    workshopDateId: row.workshopDateId,
    workshop: { title: workshop?.title ?? '', date: workshop?.date ?? '', time: workshop?.time ?? '', timezone: workshop?.timezone ?? '' },
    buyer: { firstName: row.buyerFirstName, lastName: row.buyerLastName, email: row.buyerEmail, company: row.company },
    seatCount: row.seats,
    paymentMode: row.paymentMode,
    amountPaid: centsToDollars(money.paidCents),
    amountRefunded: centsToDollars(money.refundedCents),
    payment: latest
      ? { provider: latest.provider, providerPaymentId: latest.providerPaymentId, status: latest.status, amount: centsToDollars(latest.amountCents) }
      : null,
    createdAt: row.createdAt.toISOString(),
    seats,
    cancellation: {
      refundable: centsToDollars(orderRefundableCents(live, leftCents)),
      policy: { kind: policy.kind, amount: centsToDollars([...policy.cents.values()].reduce((total, cents) => total + cents, 0)) },
      creditSeats: creditSeatCount(live),
    },
  };
}
