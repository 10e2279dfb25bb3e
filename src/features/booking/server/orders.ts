import { and, asc, eq } from 'drizzle-orm';
import { resolveTimeZone } from '../../../common/time-zones';
import type { Database } from '../../../server/db/client';
import { bookings, orders, type workshopDates } from '../../../server/db/schema';
import { newOrderReference } from '../../../server/db/single-seat-orders';
import { HttpError } from '../../../server/plugins/error-handler';
import type { Attendee } from '../booking.schema';
import { closeEntriesBookedBy } from './freed-seats';
import type { Price } from './pricing';

export type OrderRow = typeof orders.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;
export type WorkshopDateRow = typeof workshopDates.$inferSelect;
/** An order and its seats, first seat first. */
export type PlacedOrder = { order: OrderRow; seats: BookingRow[] };

/** Who buys: the person paying, named on the first seat unless they say otherwise. */
export type Buyer = { firstName: string; lastName: string; email: string; company: string; subscribedToNewsletter: boolean; timeZone?: string };

/** What an order is made of before it is written. */
export type OrderRequest = {
  date: WorkshopDateRow;
  buyer: Buyer;
  seats: number;
  attendees: Attendee[];
  price: Price;
  discount: { id: number; code: string } | null;
};

export const TOO_MANY_ATTENDEES = 'Name at most one person per seat.';

/**
 * The names on an order's seats as asked: one seat and nobody named means the buyer attends, as a
 * single booking always did; otherwise the listed people take the first seats and the rest are
 * unnamed, for colleagues to claim.
 */
export function attendeesFor(request: Pick<OrderRequest, 'buyer' | 'seats' | 'attendees'>): Attendee[] {
  if (request.attendees.length > request.seats) throw new HttpError(400, TOO_MANY_ATTENDEES, 'too_many_attendees');
  if (request.seats === 1 && request.attendees.length === 0) {
    const { firstName, lastName, email } = request.buyer;
    return [{ firstName, lastName, email }];
  }
  return request.attendees;
}

/** The order's total: every seat at the same (discounted) price. */
export function orderTotalCents(order: Pick<OrderRow, 'seats' | 'seatFinalCents'>): number {
  return order.seats * order.seatFinalCents;
}

/**
 * Writes an order; its reference is drawn again in the rare case it is already taken. Answers
 * undefined when another pending order already has its checkout key (written meanwhile).
 */
export async function insertOrder(
  tx: Database,
  request: OrderRequest,
  state: Pick<typeof orders.$inferInsert, 'status' | 'paymentMode' | 'holdExpiresAt' | 'checkoutKey'>,
): Promise<OrderRow | undefined> {
  const { date, buyer, price, discount } = request;
  for (;;) {
    const [row] = await tx
      .insert(orders)
      .values({
        reference: newOrderReference(),
        workshopDateId: date.id,
        buyerFirstName: buyer.firstName,
        buyerLastName: buyer.lastName,
        buyerEmail: buyer.email,
        company: buyer.company,
        seats: request.seats,
        attendees: attendeesFor(request),
        discountCodeId: discount?.id ?? null,
        discountCode: discount?.code ?? '',
        seatOriginalCents: price.originalCents,
        seatDiscountCents: price.discountCents,
        seatFinalCents: price.finalCents,
        subscribedToNewsletter: buyer.subscribedToNewsletter,
        // A zone the rules know, else null: never a reason to refuse an order.
        timeZone: resolveTimeZone(buyer.timeZone),
        ...state,
      })
      .onConflictDoNothing()
      .returning();
    if (row) return row;
    if (state.checkoutKey) {
      const [waiting] = await tx.select({ id: orders.id }).from(orders).where(and(eq(orders.checkoutKey, state.checkoutKey), eq(orders.status, 'pending')));
      if (waiting) return undefined;
    }
  }
}

/**
 * The order's seats as bookings, in seat order: each named person on their own seat, and the
 * unnamed seats held by the buyer until claimed. Each seat carries its share of the price, so
 * cancelling one gives back that seat's money and no more.
 */
export async function insertSeats(
  tx: Database,
  order: OrderRow,
  state: Pick<typeof bookings.$inferInsert, 'status' | 'isPaid' | 'stripePaymentId' | 'reservationExpiresAt' | 'reservationRemindedAt' | 'awaitingEmailConfirmation'>,
): Promise<BookingRow[]> {
  const named = order.attendees;
  const values = Array.from({ length: order.seats }, (_, seat) => {
    const person = named[seat] ?? { firstName: order.buyerFirstName, lastName: order.buyerLastName, email: order.buyerEmail };
    return {
      orderId: order.id,
      workshopDateId: order.workshopDateId,
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      named: seat < named.length,
      company: order.company,
      discountCodeId: order.discountCodeId,
      discountCode: order.discountCode,
      originalPriceCents: order.seatOriginalCents,
      discountAmountCents: order.seatDiscountCents,
      finalPriceCents: order.seatFinalCents,
      paymentMode: order.paymentMode,
      subscribedToNewsletter: order.subscribedToNewsletter,
      timeZone: order.timeZone,
      ...state,
    };
  });
  const rows = await tx.insert(bookings).values(values).returning();
  // Its people hold seats on the date now: their places in its waiting list close.
  await closeEntriesBookedBy(tx, order.workshopDateId, values.map((seat) => seat.email), new Date(), order.id);
  return rows.sort((a, b) => a.id - b.id);
}

/** An order's seats, first seat first. */
export async function seatsOf(db: Database, orderId: number): Promise<BookingRow[]> {
  return db.select().from(bookings).where(eq(bookings.orderId, orderId)).orderBy(asc(bookings.id));
}

/** The order with its seats; undefined when there is no such order. */
export async function loadOrder(db: Database, orderId: number): Promise<PlacedOrder | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  return order ? { order, seats: await seatsOf(db, orderId) } : undefined;
}
