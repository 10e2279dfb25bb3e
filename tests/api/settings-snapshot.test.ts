import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../../src/server/db/client';
import { settings } from '../../src/server/db/schema';
import { preloadSettings, readSetting, readSettings } from '../../src/server/db/settings-snapshot';
import { createTestDatabase, testDatabaseKind } from '../helpers/test-database';

/*
 * An order's e-mails read four settings rows in one statement: preloadSettings on the order's
 * transaction, then readSettings there answers from that read. Elsewhere reads are as before.
 */
describe(`settings read once for a transaction (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  let db: Database;
  beforeAll(async () => {
    handle = await createTestDatabase();
    db = handle.db;
    await db.insert(settings).values([
      { key: 'snapshot-a', value: { name: 'first' } },
      { key: 'snapshot-b', value: { calls: 2 } },
    ]);
  });
  afterAll(async () => {
    await handle.close();
  });

  it('answers the transaction from its one read, a missing row as undefined, and reads again elsewhere', async () => {
    await db.transaction(async (tx) => {
      await preloadSettings(tx, ['snapshot-a', 'snapshot-b', 'snapshot-none']);
      // Changed after the read: the transaction keeps answering what it read.
      await tx.update(settings).set({ value: { name: 'second' } }).where(eq(settings.key, 'snapshot-a'));
      expect(await readSetting(tx, 'snapshot-a')).toEqual({ name: 'first' });
      expect(Object.fromEntries(await readSettings(tx, ['snapshot-b', 'snapshot-none']))).toEqual({ 'snapshot-b': { calls: 2 }, 'snapshot-none': undefined });
      // A key it did not preload is read now.
      expect(await readSetting(tx, 'snapshot-later')).toBeUndefined();
    });
    expect(await readSetting(db, 'snapshot-a')).toEqual({ name: 'second' });
    expect(Object.fromEntries(await readSettings(db, ['snapshot-a', 'snapshot-b']))).toEqual({ 'snapshot-a': { name: 'second' }, 'snapshot-b': { calls: 2 } });
  });

  it('preloads only what the transaction has not read yet', async () => {
    await db.transaction(async (tx) => {
      await preloadSettings(tx, ['snapshot-b']);
      await tx.update(settings).set({ value: { calls: 5 } }).where(eq(settings.key, 'snapshot-b'));
      await preloadSettings(tx, ['snapshot-a', 'snapshot-b']);
      expect(await readSetting(tx, 'snapshot-b')).toEqual({ calls: 2 });
      expect(await readSetting(tx, 'snapshot-a')).toEqual({ name: 'second' });
    });
  });
});
