import { and, eq, isNull } from 'drizzle-orm';
import { isHttpUrl } from '../../../common/schema-kit';
import type { Database } from '../../../server/db/client';
import { bookings, workshopDates } from '../../../server/db/schema';
import { seatOfJoinToken } from './join-link';

/** Attendance counts from this long before the start (people join early to test their sound). */
export const ATTENDANCE_OPENS_BEFORE_MS = 30 * 60_000;

/**
 * What opening a join link comes to:
 * - `redirect`: a confirmed seat and a web meeting link — go there (and, inside the attendance
 *   window, the seat is marked present with the first join time kept);
 * - `no-link`: a confirmed seat, but the date has no web meeting link yet;
 * - `unpaid`: a reservation not paid yet; `gone`: cancelled, refunded, expired or deleted;
 * - `invalid`: a token that is forged, broken, expired, or names no seat.
 */
export type JoinOutcome =
  | { kind: 'redirect'; url: string; recorded: boolean }
  | { kind: 'no-link'; title: string }
  | { kind: 'unpaid'; title: string }
  | { kind: 'gone'; title: string; status: string }
  | { kind: 'invalid' };

/** Whether `now` falls between half an hour before the start and the end (never for a date still TBC). */
export function inAttendanceWindow(date: { startsAt: Date | null; endsAt: Date | null; isTBC: boolean }, now: Date): boolean {
  if (date.isTBC || !date.startsAt || !date.endsAt) return false;
  return now.getTime() >= date.startsAt.getTime() - ATTENDANCE_OPENS_BEFORE_MS && now.getTime() <= date.endsAt.getTime();
}

/**
 * GET /join/{token} (docs/decisions/020-roster-and-join-links.md): reads the seat and its date's
 * meeting link as they are now. Attendance is one conditional UPDATE, so two clicks at once keep
 * the earlier join time and a seat cancelled meanwhile is not marked.
 */
export async function openJoinLink(db: Database, secret: string, token: string, now: Date): Promise<JoinOutcome> {
  const bookingId = seatOfJoinToken(secret, token, now.getTime());
  if (bookingId === null) return { kind: 'invalid' };
  const [row] = await db
    .select({
      status: bookings.status,
      deletedAt: bookings.deletedAt,
      title: workshopDates.title,
      zoomLink: workshopDates.zoomLink,
      startsAt: workshopDates.startsAt,
      endsAt: workshopDates.endsAt,
      isTBC: workshopDates.isTBC,
    })
    .from(bookings)
    .innerJoin(workshopDates, eq(workshopDates.id, bookings.workshopDateId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  if (!row) return { kind: 'invalid' };
  if (row.deletedAt || (row.status !== 'confirmed' && row.status !== 'reserved')) return { kind: 'gone', title: row.title, status: row.deletedAt ? 'deleted' : row.status };
  if (row.status === 'reserved') return { kind: 'unpaid', title: row.title };
  const link = row.zoomLink?.trim() ?? '';
  // Only a web address is followed: the link is typed by an admin, and a javascript: or data:
  // link must never become a redirect.
  if (!isHttpUrl(link)) return { kind: 'no-link', title: row.title };
  let recorded = false;
  if (inAttendanceWindow(row, now)) {
    const marked = await db
      .update(bookings)
      .set({ hasAttended: true, joinedAt: now })
      .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'confirmed'), isNull(bookings.deletedAt), isNull(bookings.joinedAt)))
      .returning({ id: bookings.id });
    recorded = marked.length > 0;
  }
  return { kind: 'redirect', url: new URL(link).href, recorded };
}
