import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../src/server/db/client';

/**
 * Holds a FOR UPDATE lock on one row, as another instance's payment, sweep or booking would, until
 * the returned function is called (which waits for the holder's transaction to end). PostgreSQL
 * only: embedded PGlite runs one transaction at a time.
 */
export async function holdRowLock(db: Database, table: PgTable & { id: PgColumn }, id: number): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holder = db.transaction(async (tx) => {
    await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).for('update');
    locked();
    await released;
  });
  await isLocked;
  return async () => {
    release();
    await holder;
  };
}
