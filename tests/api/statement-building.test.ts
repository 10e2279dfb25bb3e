import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../../src/server/db/client';
import { settings } from '../../src/server/db/schema';
import { createTestDatabase, testDatabaseKind } from '../helpers/test-database';

/*
 * The database the app opens builds its statements without Drizzle's per-parameter type hints
 * (only the AWS Data API driver reads them; see withoutParameterTypings in src/server/db/client.ts),
 * and the values those hints describe (JSON, timestamps) still go in and come back as they were.
 */
describe(`statements built without parameter typings (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle.close();
  });

  it('builds a JSON parameter with no type hint, and the same SQL and values as before', () => {
    const insert = handle.db.insert(settings).values({ key: 'typing-check', value: { a: [1, 'two'] } });
    const dialect = (handle.db as unknown as { dialect: { sqlToQuery: (query: unknown) => { sql: string; params: unknown[]; typings?: string[] } } }).dialect;
    const built = dialect.sqlToQuery((insert as unknown as { getSQL: () => unknown }).getSQL());
    expect(built.typings).toEqual(['none', 'none']);
    expect(built.sql).toBe('insert into "settings" ("key", "value", "updated_at") values ($1, $2, default)');
    expect(built.params).toEqual(['typing-check', '{"a":[1,"two"]}']);
  });

  it('stores and reads back JSON and a timestamp as they were', async () => {
    const at = new Date('2031-07-04T10:00:00.123Z');
    await handle.db.insert(settings).values({ key: 'round-trip', value: { nested: { list: [1, 2, 3], text: 'ä "quoted"' } }, updatedAt: at });
    const [row] = await handle.db.select().from(settings).where(eq(settings.key, 'round-trip'));
    expect(row?.value).toEqual({ nested: { list: [1, 2, 3], text: 'ä "quoted"' } });
    expect(row?.updatedAt.toISOString()).toBe(at.toISOString());
  });
});
