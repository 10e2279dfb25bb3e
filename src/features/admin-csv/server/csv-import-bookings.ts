import { eq, inArray, sql } from 'drizzle-orm';
import { dollarsToCents } from '../../../common/money';
import { bookings, discountCodes, workshopDates } from '../../../server/db/schema';
import { insertBookingsWithOrders } from '../../../server/db/single-seat-orders';
import type { BookingRow, CsvImportResult } from '../admin-csv.schema';
import { asRowError, RowProblem, type Tx } from './csv-row-errors';

/** Statuses that occupy a seat in workshop_dates.seats_taken. */
const SEAT_HOLDING = new Set<BookingRow['status']>(['confirmed', 'reserved']);

/** New bookings reach the database this many at a time. */
const INSERT_BATCH = 500;

const paymentIdTaken = (id: string) => `Another booking already has this stripePaymentId (${id})`;

type NewBooking = Omit<typeof bookings.$inferInsert, 'orderId'>;
type DateSeats = { id: number; priceCents: number; seatsLeft: number; seatsToTake: number };

/**
 * Imports bookings in file order, all or nothing, and names the first row refused (as the other
 * entities do). Written for whole histories (5,000 bookings in one file): each workshop date and
 * discount code is read once; seats are counted against the date row, locked on first use, and
 * taken in one UPDATE per date; new bookings are inserted 500 at a time. Row by row, 5,000
 * bookings took three statements each and 11 s, and on the embedded database (one connection)
 * every other request, the public site's included, waited for them.
 */
export async function importBookings(tx: Tx, rows: readonly BookingRow[]): Promise<CsvImportResult> {
  const batch = new BookingBatch(tx);
  const counts: CsvImportResult = { imported: rows.length, created: 0, updated: 0 };
  for (const [index, row] of rows.entries()) {
    const n = index + 1;
    try {
      if ((await batch.add(n, row)) === 'created') counts.created++;
      else counts.updated++;
    } catch (error) {
      // Earlier rows may still be waiting to be inserted: a refusal among them is named first.
      await batch.flush();
      throw asRowError(n, error);
    }
  }
  await batch.flush();
  return counts;
}

class BookingBatch {
  private readonly dates = new Map<number, DateSeats | null>();
  private readonly codeIds = new Map<string, number | null>();
  private waiting: { n: number; values: NewBooking }[] = [];
  /** Payment ids of the new bookings so far: each imported booking is an order of its own. */
  private readonly paymentIds = new Set<string>();

  constructor(private readonly tx: Tx) {}

  async add(n: number, row: BookingRow): Promise<'created' | 'updated'> {
    const [existing] = row.id ? await this.tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, row.id)).for('update') : [];
    if (existing) {
      await this.flush();
      // An import never changes what was paid: money, payment id, discount, status and workshop of
      // an existing booking stay as recorded (refunds and cancellations have their own calls,
      // which also give seats back). Only the contact details and attendance follow the file.
      await this.tx
        .update(bookings)
        .set({ firstName: row.firstName, lastName: row.lastName, email: row.email, company: row.company, hasAttended: row.hasAttended })
        .where(eq(bookings.id, existing.id));
      return 'updated';
    }

    const date = await this.date(row.workshopDateId);
    if (!date) throw new RowProblem(`Workshop date ${row.workshopDateId} does not exist`);
    if (SEAT_HOLDING.has(row.status)) {
      // Inactive dates still take imports (records of past workshops).
      if (date.seatsLeft === 0) throw new RowProblem(`Workshop date ${date.id} has no seats left`);
      date.seatsLeft--;
      date.seatsToTake++;
    }

    const originalCents = row.originalPrice === undefined ? date.priceCents : dollarsToCents(row.originalPrice);
    const discountCents =
      row.discountAmount !== undefined
        ? dollarsToCents(row.discountAmount)
        : row.finalPrice !== undefined
          ? Math.max(0, originalCents - dollarsToCents(row.finalPrice))
          : 0;
    const finalCents = row.finalPrice === undefined ? Math.max(0, originalCents - discountCents) : dollarsToCents(row.finalPrice);
    // 'free-booking' marks a free checkout in the browser; it is never stored as a payment id.
    const paymentId = row.stripePaymentId === 'free-booking' ? null : row.stripePaymentId;
    // Each new booking is an order of one seat, and one payment pays one order: a payment id
    // already on a booking (checked with the batch, in flush) or on an earlier row is refused.
    if (paymentId !== null) {
      if (this.paymentIds.has(paymentId)) throw new RowProblem(paymentIdTaken(paymentId));
      this.paymentIds.add(paymentId);
    }
    this.waiting.push({
      n,
      values: {
        workshopDateId: date.id,
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        company: row.company,
        // The code is linked when it exists; importing history does not count a use of it.
        discountCodeId: row.discountCode ? await this.codeId(row.discountCode) : null,
        discountCode: row.discountCode,
        originalPriceCents: originalCents,
        discountAmountCents: discountCents,
        finalPriceCents: finalCents,
        isPaid: row.isPaid,
        status: row.status,
        paymentMode: row.status === 'reserved' ? 'pay_later' : 'pay_now',
        stripePaymentId: paymentId,
        hasAttended: row.hasAttended,
        cancelledAt: row.status === 'cancelled' ? new Date() : null,
        ...(row.createdAt ? { createdAt: row.createdAt } : {}),
      },
    });
    if (this.waiting.length >= INSERT_BATCH) await this.flush();
    return 'created';
  }

  /**
   * Takes the seats counted so far and inserts the waiting bookings; a refusal (a payment id
   * already on a booking, or the database's) names its row.
   */
  async flush(): Promise<void> {
    const batch = this.waiting;
    this.waiting = [];
    for (const date of this.dates.values()) {
      if (!date || date.seatsToTake === 0) continue;
      await this.tx
        .update(workshopDates)
        .set({ seatsTaken: sql`${workshopDates.seatsTaken} + ${date.seatsToTake}`, updatedAt: new Date() })
        .where(eq(workshopDates.id, date.id));
      date.seatsToTake = 0;
    }
    if (batch.length === 0) return;
    const paymentIds = batch.flatMap(({ values }) => (values.stripePaymentId ? [values.stripePaymentId] : []));
    if (paymentIds.length > 0) {
      const taken = await this.tx.select({ id: bookings.stripePaymentId }).from(bookings).where(inArray(bookings.stripePaymentId, paymentIds));
      const takenIds = new Set(taken.map((row) => row.id));
      const first = batch.find(({ values }) => values.stripePaymentId && takenIds.has(values.stripePaymentId));
      if (first) throw asRowError(first.n, new RowProblem(paymentIdTaken(first.values.stripePaymentId!)));
    }
    try {
      // In a savepoint, so that after a refusal the rows can be tried one by one to name it.
      await this.tx.transaction((savepoint) => insertBookingsWithOrders(savepoint, batch.map(({ values }) => values)));
    } catch {
      for (const { n, values } of batch) {
        try {
          await insertBookingsWithOrders(this.tx, values);
        } catch (error) {
          throw asRowError(n, error);
        }
      }
    }
  }

  /** The date with its free seats, read and locked on first use: checkouts of it wait for the import. */
  private async date(id: number): Promise<DateSeats | null> {
    if (!this.dates.has(id)) {
      const [row] = await this.tx
        .select({ id: workshopDates.id, priceCents: workshopDates.priceCents, seatsTaken: workshopDates.seatsTaken, seatsTotal: workshopDates.seatsTotal })
        .from(workshopDates)
        .where(eq(workshopDates.id, id))
        .for('update');
      this.dates.set(id, row ? { id: row.id, priceCents: row.priceCents, seatsLeft: Math.max(0, row.seatsTotal - row.seatsTaken), seatsToTake: 0 } : null);
    }
    return this.dates.get(id) ?? null;
  }

  private async codeId(code: string): Promise<number | null> {
    if (!this.codeIds.has(code)) {
      const [found] = await this.tx.select({ id: discountCodes.id }).from(discountCodes).where(sql`upper(${discountCodes.code}) = ${code}`);
      this.codeIds.set(code, found?.id ?? null);
    }
    return this.codeIds.get(code) ?? null;
  }
}
