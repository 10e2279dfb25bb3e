import { and, eq, gt, inArray } from 'drizzle-orm';
import { SEAT_HOLDING_STATUSES, type BookingStatus } from '../../../common/booking-status';
import type { Database } from '../../../server/db/client';
import { bookings, followUpCalls } from '../../../server/db/schema';
import { releaseDiscountUse } from './discounts';
import { releaseSeat } from './freed-seats';

type BookingRow = typeof bookings.$inferSelect;
/** Where a booking goes when it stops holding its seat. */
export type SeatReleasingStatus = Extract<BookingStatus, 'cancelled' | 'refunded' | 'expired' | 'deleted'>;

/**
 * The one way a booking leaves its seat (docs/decisions/008-booking-lifecycle.md): a conditional
 * UPDATE from a seat-holding status, so of two callers racing (a cancel and an expiry, a refund and
 * a delete) exactly one passes and the seat and the discount code's use are given back once.
 * Answers the updated row, or null when the booking no longer held a seat (or does not exist).
 * Call inside the transaction that records why.
 */
export async function releaseBookingSeat(
  tx: Database,
  bookingId: number,
  to: SeatReleasingStatus,
  changes: Partial<Pick<BookingRow, 'cancelledAt' | 'deletedAt'>> = {},
): Promise<BookingRow | null> {
  const [row] = await tx
    .update(bookings)
    .set({ ...changes, status: to })
    .where(and(eq(bookings.id, bookingId), inArray(bookings.status, [...SEAT_HOLDING_STATUSES])))
    .returning();
  if (!row) return null;
  const at = changes.cancelledAt ?? changes.deletedAt ?? new Date();
  await releaseSeat(tx, row.workshopDateId, 1, at);
  // The seat's follow-up calls still to come go with it; the calls' sweep tells both sides.
  await tx
    .update(followUpCalls)
    .set({ status: 'cancelled', cancelledAt: at, cancelledBy: 'seat', noticePending: true })
    .where(and(eq(followUpCalls.bookingId, row.id), eq(followUpCalls.status, 'booked'), gt(followUpCalls.startsAt, at)));
  if (row.discountCodeId) await releaseDiscountUse(tx, row.discountCodeId);
  return row;
}
