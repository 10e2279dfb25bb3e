import { and, eq, inArray, lte, not, sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { publicSeatsLeft, waitlistHoldsDate } from '../../../server/db/public-seats';
import { orders, workshopDates } from '../../../server/db/schema';
import { HttpError } from '../../../server/plugins/error-handler';
import { releaseDiscountUse } from './discounts';
import { offersPaidBy, releaseSeat } from './freed-seats';

export const SEAT_HOLD_MINUTES = 15;
export const SOLD_OUT_MESSAGE = 'Sorry, this workshop is fully booked.';

/** The refusal of an order for more seats than are left: sold out, or how many are. */
export function notEnoughSeats(left: number): HttpError {
  if (left <= 0) return new HttpError(409, SOLD_OUT_MESSAGE, 'sold_out');
  const seats = left === 1 ? 'Only 1 seat is' : `Only ${left} seats are`;
  return new HttpError(409, `${seats} left on this date. Please choose ${left === 1 ? 'one seat' : `${left} seats or fewer`}.`, 'not_enough_seats');
}

/** The seats a date has left, from its row as read, once `taking` more are taken. */
export function seatsLeftOn(date: { seatsTotal: number; seatsTaken: number }, taking = 0): number {
  return Math.max(0, date.seatsTotal - date.seatsTaken - taking);
}

/**
 * Takes `seats` seats for the public with a single conditional UPDATE. On PostgreSQL concurrent
 * updates of the row queue on its lock and re-check the condition, so seats_taken can never pass
 * seats_total (the CHECK constraint is the last line of defence). While the waiting list holds the
 * date its free seats are the list's (freed-seats.ts). Refuses with how many are left. Call inside
 * the transaction that records why.
 */
export async function takeSeats(tx: Database, workshopDateId: number, seats = 1): Promise<void> {
  if (await tryTakeSeats(tx, workshopDateId, seats)) return;
  const [date] = await tx.select({ left: publicSeatsLeft(), isActive: workshopDates.isActive }).from(workshopDates).where(eq(workshopDates.id, workshopDateId));
  throw notEnoughSeats(date?.isActive ? date.left : 0);
}

/**
 * takeSeats that answers false, rather than throwing, when the date has too few seats or is
 * withdrawn. `by: 'organiser'` (an admin's move) may take free seats the waiting list is holding.
 */
export async function tryTakeSeats(tx: Database, workshopDateId: number, seats = 1, by: 'public' | 'organiser' = 'public'): Promise<boolean> {
  const taken = await tx
    .update(workshopDates)
    .set({ seatsTaken: sql`${workshopDates.seatsTaken} + ${seats}`, updatedAt: new Date() })
    .where(
      and(
        eq(workshopDates.id, workshopDateId),
        eq(workshopDates.isActive, true),
        lte(sql`${workshopDates.seatsTaken} + ${seats}`, workshopDates.seatsTotal),
        by === 'public' ? not(waitlistHoldsDate(workshopDateId)) : undefined,
      ),
    )
    .returning({ id: workshopDates.id });
  return taken.length > 0;
}

type HeldOrder = { id: number; workshopDateId: number; seats: number; discountCodeId: number | null };

/**
 * Gives back a pending order's seats and code uses; its row must already be moved out of
 * 'pending'. A checkout opened from a waiting-list offer holds no seats of its own: they stay the
 * offer's until it is booked, runs out or is declined.
 */
async function giveBackHold(tx: Database, order: HeldOrder, now: Date): Promise<void> {
  if (!(await offersPaidBy(tx, [order.id])).has(order.id)) await releaseSeat(tx, order.workshopDateId, order.seats, now);
  if (order.discountCodeId) await releaseDiscountUse(tx, order.discountCodeId, order.seats);
}

/**
 * Gives back the seats (and discount uses) of checkouts whose buyer did not pay in time: their
 * orders lapse. Rows are claimed with SKIP LOCKED so several instances sweeping at once release
 * each order once.
 */
export async function releaseExpiredHolds(db: Database, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await tx
      .select({ id: orders.id, workshopDateId: orders.workshopDateId, seats: orders.seats, discountCodeId: orders.discountCodeId })
      .from(orders)
      .where(and(eq(orders.status, 'pending'), lte(orders.holdExpiresAt, now)))
      .orderBy(orders.id)
      .limit(500)
      .for('update', { skipLocked: true });
    if (expired.length === 0) return 0;
    await tx.update(orders).set({ status: 'lapsed' }).where(inArray(orders.id, expired.map((order) => order.id)));
    const offers = await offersPaidBy(tx, expired.map((order) => order.id));
    const perDate = new Map<number, number>();
    for (const order of expired) if (!offers.has(order.id)) perDate.set(order.workshopDateId, (perDate.get(order.workshopDateId) ?? 0) + order.seats);
    for (const [workshopDateId, seats] of [...perDate].sort(([a], [b]) => a - b)) await releaseSeat(tx, workshopDateId, seats, now);
    for (const order of expired) if (order.discountCodeId) await releaseDiscountUse(tx, order.discountCodeId, order.seats);
    return expired.length;
  });
}

/**
 * Ends a pending order's hold because its payment will not become seats (refunded, or never
 * opened): the order moves to `to` and, if it still held seats, they and its code uses go back.
 * Answers whether seats went back. Call with the order's row locked, inside the transaction that
 * records why.
 */
export async function endHold(tx: Database, order: HeldOrder & { status: string }, to: 'lapsed' | 'void', now = new Date()): Promise<boolean> {
  await tx.update(orders).set({ status: to, holdExpiresAt: null }).where(eq(orders.id, order.id));
  if (order.status !== 'pending') return false;
  await giveBackHold(tx, order, now);
  return true;
}
