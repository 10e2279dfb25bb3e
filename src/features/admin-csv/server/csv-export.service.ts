import { asc } from 'drizzle-orm';
import { centsToDollars } from '../../../common/money';
import type { Database } from '../../../server/db/client';
import { contactMessages, discountCodes, strategyNotes, workshopDates } from '../../../server/db/schema';
import { deriveUsers } from '../../admin-bookings';
import { listAdminBookings } from '../../admin-bookings/server';
import { loadRefundExtras, refundStateOfListedSeat } from '../../refunds/server';
import { csvColumns, type CsvEntity } from '../admin-csv.schema';
import { formatCsv, type CsvCell } from '../../../common/csv';

/**
 * The CSV downloads: one query per file, rows in id order, built in one string
 * (5,000 bookings make about 1.5 MB). Columns are csvColumns, in that order.
 */
export async function exportCsv(db: Database, entity: CsvEntity): Promise<string> {
  return formatCsv(csvColumns[entity], await exportRows[entity](db));
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** The bookings tab's own list (one joined query), in id order for the file. */
async function bookingsInIdOrder(db: Database) {
  return (await listAdminBookings(db)).sort((a, b) => a.id - b.id);
}

const exportRows: Record<CsvEntity, (db: Database) => Promise<CsvCell[][]>> = {
  async users(db) {
    // The same grouping as the Users tab: everyone who booked, by e-mail.
    const users = deriveUsers(await bookingsInIdOrder(db));
    return users.map((user) => [user.email, user.name, user.company, user.workshopsBooked, user.attended]);
  },

  async workshopDates(db) {
    const rows = await db.select().from(workshopDates).orderBy(asc(workshopDates.id));
    return rows.map((row) => [
      row.id,
      row.title,
      row.expertiseLevel,
      row.date,
      row.time,
      row.timezone,
      row.seatsTotal,
      row.seatsTaken,
      centsToDollars(row.priceCents),
      row.isActive,
      row.isFeatured,
      row.isTBC,
      row.endsNextDay,
      row.requiresImmediatePayment,
      row.zoomLink,
      row.zoomMeetingId,
      row.zoomPassword,
      row.additionalInfo,
      row.materialLinks,
    ]);
  },

  async bookings(db) {
    const [rows, refunds] = await Promise.all([bookingsInIdOrder(db), loadRefundExtras(db)]);
    return rows.map((row) => [
      row.id,
      row.firstName,
      row.lastName,
      row.email,
      row.company,
      row.workshopDateId,
      row.workshopDate?.title ?? null,
      row.workshopDate?.date ?? null,
      row.workshopDate?.time ?? null,
      row.workshopDate?.timezone ?? null,
      row.isPaid,
      row.finalPrice,
      row.originalPrice,
      row.discountAmount,
      row.discountCode,
      row.stripePaymentId,
      row.hasAttended,
      row.status,
      row.createdAt,
      refundStateOfListedSeat(row, refunds),
    ]);
  },

  async discountCodes(db) {
    const rows = await db.select().from(discountCodes).orderBy(asc(discountCodes.id));
    return rows.map((row) => [row.id, row.code, row.description, row.discountPercent, row.isActive, iso(row.expiresAt), row.maxUses, row.currentUses]);
  },

  async contactMessages(db) {
    const rows = await db.select().from(contactMessages).orderBy(asc(contactMessages.id));
    return rows.map((row) => [row.id, row.name, row.email, row.subject, row.message, iso(row.createdAt), row.isRead]);
  },

  async strategyNotes(db) {
    const rows = await db.select().from(strategyNotes).orderBy(asc(strategyNotes.id));
    return rows.map((row) => [row.id, row.title, row.content, row.category, row.isArchived, iso(row.createdAt), iso(row.updatedAt)]);
  },
};
