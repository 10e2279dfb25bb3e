import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BACKUP_NOT_JSON, BACKUP_WRONG_FORMAT } from '../../src/features/operations/operations.schema';
import { participantHeaders } from '../helpers/participant-session';
import { adminTestSession } from '../helpers/test-app';

/*
 * Admin › Backup checks a chosen file before it asks whether to replace everything: the server
 * says what a backup holds (its date, its rows per table), or why the file is none, and changes
 * nothing either way. It judges by the restore's own checks, so a file it accepts is one the
 * restore accepts and a file it refuses the restore refuses in the same words.
 */

const INSPECT = '/api/admin/backup/inspect';

/** The newest migration tag, read from the journal drizzle-kit writes. */
const LATEST_MIGRATION = (
  JSON.parse(readFileSync(join(__dirname, '../../src/server/db/migrations/meta/_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] }
).entries.sort((a, b) => b.idx - a.idx)[0]!.tag;

const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.domain)</script></body></html>');

type Backup = { format: string; schemaVersion: string; createdAt: string; tables: Record<string, Record<string, unknown>[]> };
type Inspection = {
  createdAt: string | null;
  schemaVersion: string;
  serverSchemaVersion: string;
  tables: { name: string; label: string; rows: number }[];
  totals: { tables: number; rows: number };
};

const session = adminTestSession({ seed: true });

async function downloadBackup(): Promise<Backup> {
  const response = await session.call('GET', '/api/admin/backup');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Backup;
}

/** The file as the browser sends it: its text, as it is, with the client's headers. */
function post(url: string, body: string | object, headers: Record<string, string> = session.headers) {
  return session.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Every row of every table, straight from the database (not through the code under test). */
async function snapshot(): Promise<Record<string, string[]>> {
  const rows = async <T,>(statement: ReturnType<typeof sql>) => ((await session.db.execute(statement)) as unknown as { rows: T[] }).rows;
  const tables = await rows<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const result: Record<string, string[]> = {};
  for (const { name } of tables) {
    result[name] = (await rows<{ row: string }>(sql`select to_jsonb(t)::text as row from ${sql.identifier(name)} t`)).map((r) => r.row).sort();
  }
  return result;
}

describe('POST /api/admin/backup/inspect', () => {
  it('says what a backup made by the product holds: its date, its version and the rows of each table that has any', async () => {
    const backup = await downloadBackup();
    const before = await snapshot();

    const response = await post(INSPECT, backup);
    expect(response.statusCode, response.body).toBe(200);
    const inspection = response.json() as Inspection;

    expect(inspection.createdAt).toBe(backup.createdAt);
    expect(Math.abs(Date.parse(inspection.createdAt!) - Date.now())).toBeLessThan(60_000);
    expect(inspection.schemaVersion).toBe(LATEST_MIGRATION);
    expect(inspection.serverSchemaVersion).toBe(LATEST_MIGRATION);

    // Every table of the file with rows, counted as they are in it; sessions are not restored
    // (the restore keeps the sessions of the moment), so they are not counted either.
    const expected = Object.entries(backup.tables)
      .filter(([name, rows]) => name !== 'sessions' && rows.length > 0)
      .map(([name, rows]) => [name, rows.length] as const);
    expect(Object.fromEntries(inspection.tables.map((table) => [table.name, table.rows]))).toEqual(Object.fromEntries(expected));
    expect(inspection.tables.every((table) => table.rows > 0)).toBe(true);
    expect(inspection.totals).toEqual({ tables: expected.length, rows: expected.reduce((sum, [, rows]) => sum + rows, 0) });

    // The seeded site has workshops, bookings and an admin; they are named as the admin area names them.
    const byName = new Map(inspection.tables.map((table, index) => [table.name, { ...table, index }]));
    expect(byName.get('workshop_dates')).toMatchObject({ label: 'Workshop dates', rows: backup.tables.workshop_dates!.length });
    expect(byName.get('bookings')).toMatchObject({ label: 'Bookings', rows: backup.tables.bookings!.length });
    expect(byName.get('admin_users')).toMatchObject({ label: 'Admin users', rows: 1 });
    expect(backup.tables.bookings!.length).toBeGreaterThan(0);
    // In the order of the admin's sections: what is sold first, the setup last.
    expect(byName.get('workshop_dates')!.index).toBeLessThan(byName.get('bookings')!.index);
    expect(byName.get('bookings')!.index).toBeLessThan(byName.get('admin_users')!.index);
    expect(byName.get('admin_users')!.index).toBeLessThan(byName.get('audit_log')!.index);

    // The file was read, nothing written: not even an audit entry.
    expect(await snapshot()).toEqual(before);
  });

  it('reads the date from the file, answers none where the file has no readable one, and names an older version as it is', async () => {
    const backup = await downloadBackup();
    const older = { ...backup, createdAt: '2030-05-06T07:08:09.000Z', schemaVersion: '0003_rate_limits' };
    const dated = await post(INSPECT, older);
    expect(dated.statusCode, dated.body).toBe(200);
    expect(dated.json()).toMatchObject({ createdAt: '2030-05-06T07:08:09.000Z', schemaVersion: '0003_rate_limits', serverSchemaVersion: LATEST_MIGRATION });

    for (const createdAt of [undefined, 'last Tuesday', 12]) {
      const undated = await post(INSPECT, { ...backup, createdAt });
      expect(undated.statusCode, String(createdAt)).toBe(200);
      expect((undated.json() as Inspection).createdAt, String(createdAt)).toBeNull();
    }
  });

  it('refuses a file that is no backup with the restore’s own reason, and changes nothing', async () => {
    const backup = await downloadBackup();
    const before = await snapshot();

    const badUpload = structuredClone(backup);
    badUpload.tables.uploaded_files = [
      {
        id: 901,
        stored_name: 'dddddddddddddddddddddddddddddddd.png',
        content_type: 'image/png',
        size_bytes: HTML.length,
        data: HTML.toString('base64'),
        created_at: '2030-01-01T00:00:00+00:00',
      },
    ];
    const unknownTable = { ...backup, tables: { ...backup.tables, favourite_colours: [] } };
    const brokenRow = structuredClone(backup);
    brokenRow.tables.testimonials = [{ ...(brokenRow.tables.testimonials![0] ?? {}), favourite_colour: 'blue' }];

    // The reason: the restore's sentence as it is, or a pattern where it names a table, a file or a version.
    const cases: [string, string | object, string | RegExp][] = [
      ['not JSON', 'PK\u0003\u0004 this is a zip file, not a backup', BACKUP_NOT_JSON],
      ['an empty file', '', BACKUP_NOT_JSON],
      ['JSON of another shape', { hello: 'world', tables: { bookings: [] } }, BACKUP_WRONG_FORMAT],
      ['a JSON list', [backup], BACKUP_WRONG_FORMAT],
      ['a table this version does not know', unknownTable, /^The backup has a table this version does not know: "favourite_colours"\.$/],
      ['a row with an unknown field', brokenRow, /^The backup is corrupt: row 1 of "testimonials" has an unknown field "favourite_colour"\.$/],
      ['a page posing as an uploaded image', badUpload, /^The backup was refused \(table "uploaded_files"\): the file "d{32}\.png" is not a PNG, JPEG, GIF or WebP image\. Nothing was changed\.$/],
      ['a backup from a newer version', { ...backup, schemaVersion: '9999_from_the_future' }, /^This backup comes from a newer version of the app/],
    ];
    for (const [name, body, message] of cases) {
      const inspected = await post(INSPECT, body);
      expect(inspected.statusCode, name).toBe(400);
      if (typeof message === 'string') expect(inspected.json().message, name).toBe(message);
      else expect(inspected.json().message, name).toMatch(message);
      // The restore refuses the same file in the same words: the check cannot promise more than it.
      const restored = await post('/api/admin/restore', body);
      expect(restored.statusCode, name).toBe(400);
      expect(restored.json().message, name).toBe(inspected.json().message);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('is for a signed-in admin only, from the web client', async () => {
    const backup = await downloadBackup();
    const { 'x-client-source': _source, ...withoutClientSource } = session.headers;
    const cases: [string, Record<string, string>, number][] = [
      ['no session', {}, 401],
      ['a participant', await participantHeaders(session.app, 'ann@example.com'), 403],
      ['an admin cookie without the client header (CSRF)', withoutClientSource, 403],
    ];
    // A participant signing in writes a session; compare from there.
    const afterSignIn = await snapshot();
    for (const [name, headers, status] of cases) {
      const response = await post(INSPECT, backup, headers);
      expect(response.statusCode, name).toBe(status);
      expect(typeof response.json().message, name).toBe('string');
    }
    expect(await snapshot()).toEqual(afterSignIn);
  });
});
