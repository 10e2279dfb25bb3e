/**
 * Rows of the settings table read together, once, for a transaction: the e-mails of an order need
 * four of them (the brand name, the calls a seat includes, the organiser's notification switches
 * and the e-mail settings), and each used to cost its own round trip to the database, which under
 * load costs the server more than the read itself. preloadSettings reads them in one statement;
 * readSettings on that transaction then answers from that read for as long as it lasts, and
 * anywhere else reads as before.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Database } from './client';
import { settings } from './schema';

/** Per transaction: each preloaded key's stored value, or undefined when it has no row. */
const snapshots = new WeakMap<Database, Map<string, unknown>>();

/** The stored value of each of `keys` (undefined where there is no row), read now in one statement. */
async function selectSettings(db: Database, keys: readonly string[]): Promise<Map<string, unknown>> {
  if (keys.length === 1) {
    const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, keys[0]!));
    return new Map([[keys[0]!, row?.value]]);
  }
  const rows = await db.select({ key: settings.key, value: settings.value }).from(settings).where(inArray(settings.key, [...keys]));
  return new Map(keys.map((key) => [key, rows.find((row) => row.key === key)?.value]));
}

/** Reads the rows of `keys` the transaction has not read yet, in one statement. */
export async function preloadSettings(tx: Database, keys: readonly string[]): Promise<void> {
  const snapshot = snapshots.get(tx) ?? new Map<string, unknown>();
  const missing = keys.filter((key) => !snapshot.has(key));
  if (missing.length === 0) return;
  for (const [key, value] of await selectSettings(tx, missing)) snapshot.set(key, value);
  snapshots.set(tx, snapshot);
}

/** The stored value of each of `keys` (undefined where there is no row): the transaction's preloaded read when it holds them all, else read now. */
export async function readSettings(db: Database, keys: readonly string[]): Promise<Map<string, unknown>> {
  const snapshot = snapshots.get(db);
  if (snapshot && keys.every((key) => snapshot.has(key))) return new Map(keys.map((key) => [key, snapshot.get(key)]));
  return selectSettings(db, keys);
}

/** The stored value of one key (undefined where there is no row). */
export async function readSetting(db: Database, key: string): Promise<unknown> {
  return (await readSettings(db, [key])).get(key);
}
