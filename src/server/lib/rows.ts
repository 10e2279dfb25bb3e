import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { HttpError } from '../plugins/error-handler';
import type { Database } from '../db/client';

/**
 * What the admin resources' services do alike with a row: answer it as JSON, list, insert, lock
 * or delete it (404 when there is none, the audit entry in the same transaction), and turn a
 * constraint that settled a race into the resource's own refusal.
 */

/** A row as JSON answers carry it: every instant as an ISO string. */
export type WithIsoDates<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };

/** The row with its Date values as ISO strings; the other values as they are. */
export function withIsoDates<T extends object>(row: T): WithIsoDates<T> {
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value])) as WithIsoDates<T>;
}

type TableWithId = PgTable & { id: PgColumn };

/** Every row of the table in this order, as JSON answers carry it: an admin list. */
export async function listRows<T extends TableWithId>(db: Database, table: T, ...orderBy: SQL[]): Promise<WithIsoDates<T['$inferSelect']>[]> {
  const rows = (await db.select().from(table as PgTable).orderBy(...orderBy)) as T['$inferSelect'][];
  return rows.map((row) => withIsoDates(row));
}

/** The fields a partial update sends (an absent or undefined one is left as it is). */
export function sentFields<T extends object>(changes: T): Partial<T> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** The value, or a 404 with `notFound` when there is none. */
export function foundOr404<T>(value: T | null | undefined, notFound: string): T {
  if (value === null || value === undefined) throw new HttpError(404, notFound);
  return value;
}

/** Inserts the row and, in the same transaction, lets the caller record it (the audit entry); the row as stored. */
export async function insertRow<T extends TableWithId>(
  db: Database,
  table: T,
  values: T['$inferInsert'],
  record: (tx: Database, row: T['$inferSelect']) => Promise<void>,
): Promise<T['$inferSelect']> {
  return db.transaction(async (tx) => {
    const [row] = (await tx.insert(table).values(values).returning()) as T['$inferSelect'][];
    await record(tx, row!);
    return row!;
  });
}

/** The row with this id, locked for the rest of the transaction; 404 with `notFound` when there is none. */
export async function lockRowOr404<T extends TableWithId>(tx: Database, table: T, id: number, notFound: string): Promise<T['$inferSelect']> {
  const [row] = (await tx.select().from(table as PgTable).where(eq(table.id, id)).for('update')) as T['$inferSelect'][];
  if (!row) throw new HttpError(404, notFound);
  return row;
}

/**
 * Deletes the row with this id and, in the same transaction, lets the caller record it (the audit
 * entry); 404 with `notFound` when there is none.
 */
export async function deleteRowOr404<T extends TableWithId>(
  db: Database,
  table: T,
  id: number,
  notFound: string,
  record: (tx: Database, row: T['$inferSelect']) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = (await tx.delete(table).where(eq(table.id, id)).returning()) as T['$inferSelect'][];
    if (!row) throw new HttpError(404, notFound);
    await record(tx, row);
  });
}

/** Whether PostgreSQL refused the write with this SQLSTATE, whether the driver's error arrives bare or wrapped by Drizzle. */
function isPgError(error: unknown, code: '23505' | '23503'): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    if (typeof current === 'object' && 'code' in current && (current as { code?: unknown }).code === code) return true;
    current = typeof current === 'object' && 'cause' in current ? (current as { cause?: unknown }).cause : undefined;
  }
  return false;
}

/**
 * Runs the write; when PostgreSQL refuses it with `code` (a constraint settled a race with another
 * writer: 23505 a unique value taken, 23503 a referenced row deleted), throws `refusal()` instead.
 */
export async function refusedAs<T>(write: () => Promise<T>, code: '23505' | '23503', refusal: () => Error): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isPgError(error, code)) throw refusal();
    throw error;
  }
}
