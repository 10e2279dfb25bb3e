import { and, eq, ne, sql } from 'drizzle-orm';
import { workshopInterval } from '../../../common/dates';
import { dollarsToCents } from '../../../common/money';
import type { Database } from '../../../server/db/client';
import { contactMessages, discountCodes, newsletterSubscribers, strategyNotes, workshopDates } from '../../../server/db/schema';
import { recordAudit } from '../../../server/lib/audit';
import type { ReadCache } from '../../../server/lib/read-cache';
import { HttpError } from '../../../server/plugins/error-handler';
import { importBookings } from './csv-import-bookings';
import { asRowError, RowProblem, type Tx } from './csv-row-errors';
import {
  csvRowSchemas,
  NO_ROWS,
  rowMessage,
  type BookingRow,
  type ContactMessageRow,
  type CsvEntity,
  type CsvImportResult,
  type CsvRow,
  type DiscountCodeRow,
  type StrategyNoteRow,
  type UserRow,
  type WorkshopDateRow,
} from '../admin-csv.schema';
import { PUBLIC_READS } from '../../../server/lib/read-cache';

/**
 * CSV import: all or nothing.
 *
 * 1. Every row is checked against its entity's schema before anything is written; the first bad
 *    row answers 400 'Row {n}: {message}' (n counts data rows, as the spreadsheet shows them
 *    below the header).
 * 2. All rows are written in one transaction, in file order. A row the database refuses (a unique
 *    or check constraint, a missing workshop date, no seat left) answers 400 naming that row, and
 *    the transaction is rolled back, so nothing of the file is kept.
 *
 * Rows with the id of an existing record update it; others are inserted with a new id.
 */

export type ImportDeps = { db: Database; publicCache: ReadCache };

type Outcome = 'created' | 'updated' | 'unchanged';

export async function importCsvRows(deps: ImportDeps, actor: string, entity: CsvEntity, input: readonly Record<string, unknown>[]): Promise<CsvImportResult> {
  if (input.length === 0) throw new HttpError(400, NO_ROWS, 'import_empty');
  const rows = validateRows(entity, input);
  checkAcrossRows(entity, rows);

  const result = await deps.db.transaction(async (tx) => {
    const counts = await writeRows(tx, entity, rows);
    await recordAudit(tx, { actor, action: 'csv_imported', entity, details: { ...counts } });
    return counts;
  });
  // Listings show workshop dates and their free seats.
  if (entity === 'workshopDates' || entity === 'bookings') deps.publicCache.invalidate(PUBLIC_READS.workshopDates);
  return result;
}

function validateRows<E extends CsvEntity>(entity: E, input: readonly Record<string, unknown>[]): CsvRow<E>[] {
  const schema = csvRowSchemas[entity];
  return input.map((row, index) => {
    const parsed = schema.safeParse(row);
    if (!parsed.success) throw new HttpError(400, rowMessage(index + 1, parsed.error.issues[0]?.message ?? 'This row is not valid'), 'import_row_invalid');
    return parsed.data as CsvRow<E>;
  });
}

/** Rules about the file as a whole, still before any write. */
function checkAcrossRows(entity: CsvEntity, rows: readonly unknown[]): void {
  const refuse = (row: number, message: string) => {
    throw new HttpError(400, rowMessage(row, message), 'import_row_invalid');
  };
  const firstSeen = new Map<string, number>();
  const once = (key: string, row: number, message: (earlier: number) => string) => {
    const earlier = firstSeen.get(key);
    if (earlier !== undefined) refuse(row, message(earlier));
    firstSeen.set(key, row);
  };
  rows.forEach((value, index) => {
    const n = index + 1;
    const row = value as { id?: number };
    if (row.id !== undefined) once(`id:${row.id}`, n, (earlier) => `id ${row.id} appears twice in the file (also on row ${earlier})`);
    if (entity === 'discountCodes') {
      const { code } = value as DiscountCodeRow;
      once(`code:${code}`, n, (earlier) => `Code ${code} appears twice in the file (also on row ${earlier})`);
    }
    if (entity === 'workshopDates' && (value as WorkshopDateRow).isFeatured) {
      once('featured', n, (earlier) => `Only one workshop may be featured; row ${earlier} is featured too`);
    }
  });
}

async function writeRows(tx: Tx, entity: CsvEntity, rows: readonly unknown[]): Promise<CsvImportResult> {
  if (entity === 'users') {
    const created = await importUsers(tx, rows as UserRow[]);
    return { imported: rows.length, created, updated: 0 };
  }
  if (entity === 'bookings') return importBookings(tx, rows as BookingRow[]);
  const write = writers[entity] as (tx: Tx, row: unknown) => Promise<Outcome>;
  const counts: CsvImportResult = { imported: rows.length, created: 0, updated: 0 };
  for (const [index, row] of rows.entries()) {
    let outcome: Outcome;
    try {
      outcome = await write(tx, row);
    } catch (error) {
      throw asRowError(index + 1, error);
    }
    if (outcome === 'created') counts.created++;
    else if (outcome === 'updated') counts.updated++;
  }
  return counts;
}

const writers: { [E in Exclude<CsvEntity, 'users' | 'bookings'>]: (tx: Tx, row: CsvRow<E>) => Promise<Outcome> } = {
  async workshopDates(tx, row) {
    const interval = row.isTBC ? null : workshopInterval(row.date, row.time, row.timezone, row.endsNextDay);
    // seatsTaken is not imported: seats follow bookings, so an existing date keeps its count.
    // The row's columns as they are, but for the id (it only finds the row) and the price in dollars.
    const { id: _id, price, ...columns } = row;
    const values = { ...columns, startsAt: interval?.start ?? null, endsAt: interval?.end ?? null, priceCents: dollarsToCents(price) };
    const [existing] = row.id ? await tx.select().from(workshopDates).where(eq(workshopDates.id, row.id)).for('update') : [];
    if (existing && row.seatsTotal < existing.seatsTaken) {
      throw new RowProblem(`Seats cannot be fewer than the ${existing.seatsTaken} already taken`);
    }
    // Only one workshop is featured: featuring this one un-features the others.
    if (row.isFeatured) {
      await tx
        .update(workshopDates)
        .set({ isFeatured: false, updatedAt: new Date() })
        .where(and(eq(workshopDates.isFeatured, true), existing ? ne(workshopDates.id, existing.id) : undefined));
    }
    if (existing) {
      await tx.update(workshopDates).set({ ...values, updatedAt: new Date() }).where(eq(workshopDates.id, existing.id));
      return 'updated';
    }
    await tx.insert(workshopDates).values(values);
    return 'created';
  },

  async discountCodes(tx, row: DiscountCodeRow) {
    // Matched by code, not id: the code is what checkout and the admin know a discount by.
    const [existing] = await tx.select().from(discountCodes).where(sql`upper(${discountCodes.code}) = ${row.code}`).for('update');
    // currentUses counts real checkouts and is never imported.
    const values = {
      code: row.code,
      description: row.description,
      discountPercent: row.discountPercent,
      isActive: row.isActive,
      expiresAt: row.expiresAt,
      maxUses: row.maxUses,
    };
    if (existing) {
      if (row.maxUses !== null && row.maxUses < existing.currentUses) {
        throw new RowProblem(`Max uses cannot be lower than the ${existing.currentUses} ${existing.currentUses === 1 ? 'use' : 'uses'} so far`);
      }
      await tx.update(discountCodes).set(values).where(eq(discountCodes.id, existing.id));
      return 'updated';
    }
    await tx.insert(discountCodes).values(values);
    return 'created';
  },

  async contactMessages(tx, row: ContactMessageRow) {
    const [existing] = row.id ? await tx.select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.id, row.id)) : [];
    if (existing) {
      // What someone wrote is never rewritten; only whether it was read follows the file.
      await tx.update(contactMessages).set({ isRead: row.isRead }).where(eq(contactMessages.id, existing.id));
      return 'updated';
    }
    await tx.insert(contactMessages).values({
      name: row.name,
      email: row.email,
      subject: row.subject,
      message: row.message,
      isRead: row.isRead,
      ...(row.createdAt ? { createdAt: row.createdAt } : {}),
    });
    return 'created';
  },

  async strategyNotes(tx, row: StrategyNoteRow) {
    const values = { title: row.title, content: row.content, category: row.category, isArchived: row.isArchived };
    const [existing] = row.id ? await tx.select({ id: strategyNotes.id }).from(strategyNotes).where(eq(strategyNotes.id, row.id)) : [];
    if (existing) {
      await tx.update(strategyNotes).set({ ...values, updatedAt: new Date() }).where(eq(strategyNotes.id, existing.id));
      return 'updated';
    }
    const createdAt = row.createdAt ?? new Date();
    await tx.insert(strategyNotes).values({ ...values, createdAt, updatedAt: row.updatedAt ?? createdAt });
    return 'created';
  },
};

/**
 * There is no user table: the Users tab is derived from bookings, and a user cannot
 * exist without one. Importing users therefore adds their addresses to the newsletter list
 * (source 'import'), the one list of people the product keeps apart from bookings. An address
 * already there is left as it is, so someone who unsubscribed stays unsubscribed. Returns how
 * many addresses were added.
 */
async function importUsers(tx: Tx, rows: readonly UserRow[]): Promise<number> {
  const emails = [...new Set(rows.map((row) => row.email))];
  let created = 0;
  for (let start = 0; start < emails.length; start += 1000) {
    const chunk = emails.slice(start, start + 1000);
    const inserted = await tx
      .insert(newsletterSubscribers)
      .values(chunk.map((email) => ({ email, source: 'import' as const })))
      .onConflictDoNothing({ target: newsletterSubscribers.email })
      .returning({ id: newsletterSubscribers.id });
    created += inserted.length;
  }
  return created;
}
