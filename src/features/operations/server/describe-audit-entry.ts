import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { bookings, orders, refundRequests, waitlistEntries, workshopDates } from '../../../server/db/schema';
import { resolveTimeZone } from '../../../common/time-zones';
import { getDefaultTimezone } from '../../settings/server';
import { dayOfDate, describeAuditRow, idsNamedBy, type AuditLookups, type AuditRow, type AuditWords, type DateFacts } from './audit-words';

/**
 * The audit log's rows in words (audit-words.ts), for one page at once: everything the rows name
 * by id — workshop dates, bookings with their order, orders, waiting-list entries, refund requests
 * — is read with one query per kind for the whole page, never one per row. Dates come last, since
 * bookings, orders and entries name theirs.
 */
export async function describeAuditEntries(db: Database, rows: readonly AuditRow[]): Promise<AuditWords[]> {
  if (rows.length === 0) return [];
  const ids = idsNamedBy(rows);

  const requests = ids.refundRequests.size
    ? await db.select({ id: refundRequests.id, bookingId: refundRequests.bookingId }).from(refundRequests).where(inArray(refundRequests.id, [...ids.refundRequests]))
    : [];
  for (const request of requests) ids.bookings.add(request.bookingId);

  const [seatRows, orderRows, entryRows, organiserZone] = await Promise.all([
    ids.bookings.size
      ? db
          .select({ id: bookings.id, firstName: bookings.firstName, lastName: bookings.lastName, email: bookings.email, workshopDateId: bookings.workshopDateId, reference: orders.reference })
          .from(bookings)
          .innerJoin(orders, eq(orders.id, bookings.orderId))
          .where(inArray(bookings.id, [...ids.bookings]))
      : [],
    ids.orders.size
      ? db
          .select({ id: orders.id, reference: orders.reference, firstName: orders.buyerFirstName, lastName: orders.buyerLastName, workshopDateId: orders.workshopDateId })
          .from(orders)
          .where(inArray(orders.id, [...ids.orders]))
      : [],
    ids.waitlistEntries.size
      ? db
          .select({ id: waitlistEntries.id, firstName: waitlistEntries.firstName, lastName: waitlistEntries.lastName, email: waitlistEntries.email, workshopDateId: waitlistEntries.workshopDateId })
          .from(waitlistEntries)
          .where(inArray(waitlistEntries.id, [...ids.waitlistEntries]))
      : [],
    getDefaultTimezone(db),
  ]);
  for (const row of [...seatRows, ...orderRows, ...entryRows]) if (row.workshopDateId !== null) ids.dates.add(row.workshopDateId);

  const dateRows = ids.dates.size
    ? await db
        .select({
          id: workshopDates.id,
          title: workshopDates.title,
          date: workshopDates.date,
          time: workshopDates.time,
          timezone: workshopDates.timezone,
          isTBC: workshopDates.isTBC,
          endsNextDay: workshopDates.endsNextDay,
          startsAt: workshopDates.startsAt,
          endsAt: workshopDates.endsAt,
        })
        .from(workshopDates)
        .where(inArray(workshopDates.id, [...ids.dates]))
    : [];

  const lookups: AuditLookups = {
    dates: new Map(dateRows.map((row) => [row.id, { title: row.title, day: dayOfDate(row) } satisfies DateFacts])),
    bookings: new Map(seatRows.map((row) => [row.id, { person: personOf(row), reference: row.reference, workshopDateId: row.workshopDateId }])),
    orders: new Map(orderRows.map((row) => [row.id, { reference: row.reference, buyer: personOf(row), workshopDateId: row.workshopDateId }])),
    waitlistEntries: new Map(entryRows.map((row) => [row.id, { person: personOf(row), workshopDateId: row.workshopDateId }])),
    refundRequests: new Map(requests.map((request) => [request.id, request.bookingId])),
    timeZone: resolveTimeZone(organiserZone) ?? 'UTC',
  };
  return rows.map((row) => describeAuditRow(row, lookups));
}

/** 'Ann Lee'; the e-mail address when the name is blank (an imported row). */
function personOf(row: { firstName: string; lastName: string; email?: string }): string {
  return `${row.firstName} ${row.lastName}`.trim() || row.email || 'someone';
}
