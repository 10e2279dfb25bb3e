/**
 * Reading (and nudging) the orders behind checkouts in tests: a pay-now checkout is an order
 * 'pending' while it holds its seats, 'lapsed' once its hold ran out, 'void' when it will never be
 * paid and 'placed' once paid; its payment row names it.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';
import { bookings, orders, payments } from '../../src/server/db/schema';
import { newOrderReference } from '../../src/server/db/single-seat-orders';

type OrderRow = typeof orders.$inferSelect;

/** The order a payment pays (the one its checkout or pay link opened it for). */
export async function orderOfPayment(db: Database, providerPaymentId: string): Promise<OrderRow> {
  const [row] = await db
    .select({ order: orders })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(payments.providerPaymentId, providerPaymentId))
    .limit(1);
  if (!row) throw new Error(`no order for payment ${providerPaymentId}`);
  return row.order;
}

/** The order a booking (one seat) belongs to: its id. */
export async function orderIdOfBooking(db: Database, bookingId: number): Promise<number> {
  const [row] = await db.select({ orderId: bookings.orderId }).from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  if (!row) throw new Error(`no booking ${bookingId}`);
  return row.orderId;
}

/** The payments recorded for an order, oldest first. */
export function paymentsOfOrder(db: Database, orderId: number) {
  return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id);
}

/** The orders of a date still holding seats for a payment. */
export function pendingOrdersOn(db: Database, workshopDateId: number) {
  return db.select().from(orders).where(and(eq(orders.workshopDateId, workshopDateId), eq(orders.status, 'pending'))).orderBy(orders.id);
}

/** Moves the end of a payment's hold (its pending order's) to `at`, as if time had passed. */
export async function endHoldAt(db: Database, providerPaymentId: string, at: Date): Promise<void> {
  const order = await orderOfPayment(db, providerPaymentId);
  await db.update(orders).set({ holdExpiresAt: at }).where(eq(orders.id, order.id));
}

/**
 * An order written straight to the database for a payment recorded by hand (one the checkout did
 * not open): one seat on the date at `cents`, pending without a hold's end unless told otherwise.
 */
export async function insertOrderRow(
  db: Database,
  workshopDateId: number,
  buyer: { firstName: string; lastName: string; email: string },
  overrides: Partial<typeof orders.$inferInsert> = {},
): Promise<OrderRow> {
  const [row] = await db
    .insert(orders)
    .values({
      reference: newOrderReference(),
      workshopDateId,
      buyerFirstName: buyer.firstName,
      buyerLastName: buyer.lastName,
      buyerEmail: buyer.email,
      attendees: [{ firstName: buyer.firstName, lastName: buyer.lastName, email: buyer.email }],
      seatOriginalCents: 49900,
      seatFinalCents: 49900,
      status: 'pending',
      ...overrides,
    })
    .returning();
  return row!;
}
