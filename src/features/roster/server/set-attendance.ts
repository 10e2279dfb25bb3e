import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { bookings, workshopDates } from '../../../server/db/schema';
import { auditOf, type Actor } from '../../../server/lib/audit';
import { HttpError } from '../../../server/plugins/error-handler';
import { DATE_NOT_FOUND, ROSTER_STATUSES, SEAT_NOT_FOUND, type MarkAllResult } from '../roster.schema';

const auditSeat = auditOf('booking');
const auditDate = auditOf('workshop_date');

/** The live seats of one date: what a check-in may touch. */
const liveSeatOf = (workshopDateId: number) =>
  and(eq(bookings.workshopDateId, workshopDateId), inArray(bookings.status, [...ROSTER_STATUSES]), isNull(bookings.deletedAt));

/**
 * PUT /api/admin/workshop-dates/{id}/roster/{bookingId}/attendance: the organiser's check-in (or
 * its correction) for one seat. Only a live seat of that date: a seat of another date, or one that
 * was cancelled meanwhile, is a 404 and nothing changes. The join time stays as it was — it says
 * when they came in through their link, which a correction by hand does not undo.
 */
export async function setSeatAttendance(db: Database, actor: Actor, workshopDateId: number, bookingId: number, hasAttended: boolean): Promise<{ bookingId: number; hasAttended: boolean }> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(bookings)
      .set({ hasAttended })
      .where(and(eq(bookings.id, bookingId), liveSeatOf(workshopDateId)))
      .returning({ id: bookings.id });
    if (updated.length === 0) throw new HttpError(404, SEAT_NOT_FOUND);
    await auditSeat(tx, actor, 'booking_attendance_updated', bookingId, { hasAttended, workshopDateId, via: 'roster' });
    return { bookingId, hasAttended };
  });
}

/**
 * POST /api/admin/workshop-dates/{id}/roster/attendance: 'Mark all present' (or all absent) for
 * every live seat of the date, in one statement inside one transaction with its audit entry.
 */
export async function setDateAttendance(db: Database, actor: Actor, workshopDateId: number, hasAttended: boolean): Promise<MarkAllResult> {
  return db.transaction(async (tx) => {
    const [date] = await tx.select({ id: workshopDates.id }).from(workshopDates).where(eq(workshopDates.id, workshopDateId)).limit(1);
    if (!date) throw new HttpError(404, DATE_NOT_FOUND);
    const updated = await tx.update(bookings).set({ hasAttended }).where(liveSeatOf(workshopDateId)).returning({ id: bookings.id });
    await auditDate(tx, actor, 'roster_attendance_marked', workshopDateId, { hasAttended, seats: updated.length });
    return { updated: updated.length, hasAttended };
  });
}
