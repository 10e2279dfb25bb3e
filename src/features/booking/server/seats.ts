import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { payments, seatHolds, workshopDates } from '../../../server/db/schema';
import { HttpError } from '../../../server/plugins/error-handler';
import { releaseDiscountUse } from './discounts';

export const SEAT_HOLD_MINUTES = 15;
export const SOLD_OUT_MESSAGE = 'Sorry, this workshop is fully booked.';

/**
 * Takes one seat with a single conditional UPDATE. On PostgreSQL concurrent updates of the row
 * queue on its lock and re-check the condition, so seats_taken can never pass seats_total (the
 * CHECK constraint is the last line of defence). Call inside the transaction that records why.
 */
export async function takeSeat(tx: Database, workshopDateId: number): Promise<void> {
  if (!(await tryTakeSeat(tx, workshopDateId))) throw new HttpError(409, SOLD_OUT_MESSAGE, 'sold_out');
}

/** takeSeat that answers false, rather than throwing, when the date is full or withdrawn. */
export async function tryTakeSeat(tx: Database, workshopDateId: number): Promise<boolean> {
  const taken = await tx
    .update(workshopDates)
    .set({ seatsTaken: sql`${workshopDates.seatsTaken} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(workshopDates.id, workshopDateId),
        eq(workshopDates.isActive, true),
        lt(workshopDates.seatsTaken, workshopDates.seatsTotal),
      ),
    )
    .returning({ id: workshopDates.id });
  return taken.length > 0;
}

export async function releaseSeat(tx: Database, workshopDateId: number, seats = 1): Promise<void> {
  await tx
    .update(workshopDates)
    .set({ seatsTaken: sql`greatest(${workshopDates.seatsTaken} - ${seats}, 0)`, updatedAt: new Date() })
    .where(eq(workshopDates.id, workshopDateId));
}

/**
 * Gives back the seats (and discount uses) of holds whose buyer did not pay in time. Rows are
 * claimed with SKIP LOCKED so several instances sweeping at once release each hold once.
 */
export async function releaseExpiredHolds(db: Database, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await tx.execute<{ id: number; workshop_date_id: number; payment_intent_id: string }>(sql`
      select id, workshop_date_id, payment_intent_id from ${seatHolds}
      where ${seatHolds.status} = 'held' and ${seatHolds.expiresAt} <= ${now.toISOString()}::timestamptz
      order by id
      for update skip locked
    `);
    const rows = (expired as unknown as { rows: { id: number; workshop_date_id: number; payment_intent_id: string }[] }).rows;
    if (rows.length === 0) return 0;

    await tx.update(seatHolds).set({ status: 'released' }).where(inArray(seatHolds.id, rows.map((row) => row.id)));
    const perDate = new Map<number, number>();
    for (const row of rows) perDate.set(row.workshop_date_id, (perDate.get(row.workshop_date_id) ?? 0) + 1);
    for (const [workshopDateId, seats] of perDate) await releaseSeat(tx, workshopDateId, seats);

    const discounted = await tx
      .select({ discountCodeId: payments.discountCodeId })
      .from(payments)
      .where(inArray(payments.providerPaymentId, rows.map((row) => row.payment_intent_id)));
    for (const { discountCodeId } of discounted) if (discountCodeId) await releaseDiscountUse(tx, discountCodeId);
    return rows.length;
  });
}

/**
 * Gives back one hold that is still held (its payment will not become a booking): its seat and
 * its code's use. Call with the hold's row locked, inside the transaction that records why.
 */
export async function releaseHeldSeat(tx: Database, hold: { id: number; workshopDateId: number; status: string }, discountCodeId: number | null): Promise<void> {
  if (hold.status !== 'held') return;
  await tx.update(seatHolds).set({ status: 'released' }).where(eq(seatHolds.id, hold.id));
  await releaseSeat(tx, hold.workshopDateId);
  if (discountCodeId) await releaseDiscountUse(tx, discountCodeId);
}
