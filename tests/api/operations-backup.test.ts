import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDailyBackup } from '../../src/features/operations/server/scheduled-backups';
import { participantLinkFor } from '../../src/features/participant/server/participant-access';
import type { Database } from '../../src/server/db/client';
import { asSent } from '../helpers/outbox';
import { createTestApp, loginAsAdmin, TEST_SECRET, type TestApp } from '../helpers/test-app';

/** The tables as schema.ts declares them, read from its text: `export const x = pgTable('x_y', …`. */
const SCHEMA_TABLES = [...readFileSync(join(__dirname, '../../src/server/db/schema.ts'), 'utf8').matchAll(/export const \w+ = pgTable\(\s*'(\w+)'/g)].map(
  (match) => match[1]!,
);
/** The newest migration tag, read from the journal drizzle-kit writes. */
const LATEST_MIGRATION = (
  JSON.parse(readFileSync(join(__dirname, '../../src/server/db/migrations/meta/_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] }
).entries.sort((a, b) => b.idx - a.idx)[0]!.tag;

let app: TestApp;
let admin: Record<string, string>;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ops-backup-'));
  app = await createTestApp({ seed: true, env: { DATA_DIR: dataDir } });
  admin = (await loginAsAdmin(app)).headers;
}, 60_000);
afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Backup = { format: string; schemaVersion: string; createdAt: string; tables: Record<string, Record<string, unknown>[]> };

async function downloadBackup(): Promise<Backup> {
  const response = await app.inject({ method: 'GET', url: '/api/admin/backup', headers: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Backup;
}

function restore(payload: string | object, headers = admin) {
  return app.inject({
    method: 'POST',
    url: '/api/admin/restore',
    headers: { ...headers, 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

async function query<T = Record<string, unknown>>(db: Database, statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/** Every row of every table, straight from the database (not through the code under test). */
async function snapshot(except: string[] = []): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const table of SCHEMA_TABLES) {
    if (except.includes(table)) continue;
    const rows = await query<{ row: string }>(app.database.db, sql`select to_jsonb(t)::text as row from ${sql.identifier(table)} t`);
    result[table] = rows.map((r) => r.row).sort();
  }
  return result;
}

async function counts(): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of SCHEMA_TABLES) {
    const [row] = await query<{ n: number }>(app.database.db, sql`select count(*)::int as n from ${sql.identifier(table)}`);
    result[table] = row!.n;
  }
  return result;
}

describe('GET /api/admin/backup', () => {
  it('is for admins only', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/admin/backup' })).statusCode).toBe(401);
  });

  it('downloads every table of schema.ts as one JSON file, parents before children', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/admin/backup', headers: admin });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="workshop-seats-backup-[\dT-]+Z\.json"$/);
    const backup = response.json() as Backup;
    expect(backup.format).toBe('workshop-seats-backup');
    expect(backup.schemaVersion).toBe(LATEST_MIGRATION);
    expect(Number.isNaN(Date.parse(backup.createdAt))).toBe(false);
    expect(SCHEMA_TABLES.length).toBeGreaterThanOrEqual(25);
    expect(Object.keys(backup.tables).sort()).toEqual([...SCHEMA_TABLES].sort());

    const order = Object.keys(backup.tables);
    const before = (parent: string, child: string) => expect(order.indexOf(parent), `${parent} before ${child}`).toBeLessThan(order.indexOf(child));
    before('workshop_templates', 'workshop_dates');
    before('workshop_dates', 'bookings');
    before('discount_codes', 'bookings');
    before('bookings', 'refund_requests');
    before('bookings', 'payments');
    before('announcements', 'announcement_interest');
    before('admin_users', 'sessions');

    // The seeded rows are all there.
    const [workshops] = await query<{ n: number }>(app.database.db, sql`select count(*)::int as n from workshop_dates`);
    expect(backup.tables.workshop_dates).toHaveLength(workshops!.n);
    expect(workshops!.n).toBeGreaterThan(0);
  });
});

describe('POST /api/admin/restore', () => {
  it('is for admins only', async () => {
    const backup = await downloadBackup();
    expect((await restore(backup, {})).statusCode).toBe(401);
  });

  it('puts everything back as it was in the file, keeps the admin signed in, and new inserts still work', async () => {
    const backup = await downloadBackup();
    // Everything but the audit log (the download and the restore are logged) and sessions (kept as they are).
    const saved = await snapshot(['audit_log', 'sessions']);
    const auditBefore = (await snapshot()).audit_log!;

    // Change data in many tables.
    const db = app.database.db;
    await db.execute(sql`update workshop_dates set title = 'Changed title', seats_total = seats_total + 5`);
    await db.execute(sql`delete from contact_messages`);
    await db.execute(sql`insert into discount_codes (code, description) values ('AFTERBACKUP', 'made after the backup')`);
    await db.execute(sql`insert into strategy_notes (title, content) values ('New note', 'after the backup')`);
    await db.execute(sql`update settings set value = '{"changed": true}'::jsonb`);

    const response = await restore(backup);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true, schemaVersion: LATEST_MIGRATION });

    expect(await snapshot(['audit_log', 'sessions'])).toEqual(saved);
    // The audit log is the file's, plus one entry for this restore.
    const auditAfter = (await snapshot()).audit_log!;
    expect(auditAfter.length).toBe(auditBefore.length + 1);
    const [restoreEntry] = await query<{ actor: string; action: string }>(db, sql`select actor, action from audit_log order by id desc limit 1`);
    expect(restoreEntry).toEqual({ actor: 'admin@test.local', action: 'backup.restore' });

    // Still signed in with the same cookie.
    expect((await app.inject({ method: 'GET', url: '/api/admin/discount-codes', headers: admin })).statusCode).toBe(200);

    // Sequences continue after the restored ids: a new row gets max(id) + 1.
    const [{ max }] = (await query<{ max: number }>(db, sql`select max(id)::int as max from discount_codes`)) as [{ max: number }];
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/discount-codes',
      headers: admin,
      payload: { code: 'AFTERRESTORE', description: 'made after the restore', discountPercent: 15 },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().id).toBe(max + 1);
    const note = await query<{ id: number }>(db, sql`insert into strategy_notes (title, content) values ('n', 'c') returning id`);
    const [{ maxNote }] = (await query<{ maxNote: number }>(db, sql`select max(id)::int as "maxNote" from strategy_notes where id <> ${note[0]!.id}`)) as [
      { maxNote: number | null },
    ];
    expect(note[0]!.id).toBe((maxNote ?? 0) + 1);
  }, 60_000);

  it('refuses a file from a newer schema version and changes nothing', async () => {
    const backup = await downloadBackup();
    const before = await snapshot(['sessions']);
    const response = await restore({ ...backup, schemaVersion: '9999_from_the_future' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^This backup comes from a newer version/);
    expect(await snapshot(['sessions'])).toEqual(before);
  });

  it('refuses a corrupt file with a clear message and changes nothing', async () => {
    const backup = await downloadBackup();
    // Rows newer than the file (this download's audit entry, a new code): a failed restore must not
    // leave a sequence behind them either.
    await downloadBackup();
    await app.database.db.execute(sql`insert into discount_codes (code, description) values ('NEWERTHANFILE', 'x')`);
    const countsBefore = await counts();
    const before = await snapshot(['sessions']);

    const withoutBookings = structuredClone(backup);
    delete withoutBookings.tables.bookings;

    // A booking pointing at a workshop date that does not exist: a foreign key the database
    // checks only after most tables have already been emptied and refilled.
    const dangling = structuredClone(backup);
    dangling.tables.bookings = [...dangling.tables.bookings!, { ...dangling.tables.bookings![0]!, id: 999_999, workshop_date_id: 888_888, stripe_payment_id: null }];

    // A row breaking a check constraint (more seats taken than exist).
    const overbooked = structuredClone(backup);
    overbooked.tables.workshop_dates![0] = { ...overbooked.tables.workshop_dates![0]!, seats_taken: 50, seats_total: 10 };

    const unknownColumn = structuredClone(backup);
    unknownColumn.tables.testimonials = [{ ...(unknownColumn.tables.testimonials![0] ?? {}), favourite_colour: 'blue' }];

    const cases: [string, string | object, RegExp][] = [
      ['bad JSON', '{"format": "workshop-seats-backup", "tables": {', /^The backup file is not valid JSON\.$/],
      ['not a backup', { hello: 'world' }, /^This file is not a Workshop Seats backup\.$/],
      ['missing table', withoutBookings, /^The backup is incomplete: the table "bookings" is missing\.$/],
      ['dangling reference', dangling, /^The backup could not be restored \(table "bookings"\): .*foreign key.*Nothing was changed\.$/],
      ['check constraint', overbooked, /^The backup could not be restored \(table "workshop_dates"\): .*workshop_dates_seats_within_total.*Nothing was changed\.$/],
      ['unknown column', unknownColumn, /^The backup is corrupt: row 1 of "testimonials" has an unknown field "favourite_colour"\.$/],
      ['no version', { ...backup, schemaVersion: undefined }, /^The backup file has no valid schemaVersion\.$/],
      ['no admins', { ...backup, tables: { ...backup.tables, admin_users: [], sessions: [] } }, /lock everyone out/],
    ];
    for (const [name, payload, message] of cases) {
      const response = await restore(payload);
      expect(response.statusCode, name).toBe(400);
      expect(response.json().message, name).toMatch(message);
    }
    expect(await counts()).toEqual(countsBefore);
    expect(await snapshot(['sessions'])).toEqual(before);
    // New rows still get fresh ids.
    await downloadBackup();
    await app.database.db.execute(sql`insert into discount_codes (code, description) values ('AFTERFAILURES', 'x')`);
  }, 60_000);

  it('carries uploaded images as base64 and puts their bytes back, a 5 MB image included', async () => {
    const png = (size: number, fill: number) => {
      const bytes = Buffer.alloc(size, fill);
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
      return bytes;
    };
    const small = png(300, 7);
    const largest = png(5 * 1024 * 1024, 0xab);
    const urls: string[] = [];
    for (const bytes of [small, largest]) {
      const uploaded = await app.inject({ method: 'POST', url: '/api/admin/uploads', headers: { ...admin, 'content-type': 'image/png' }, payload: bytes });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      urls.push(uploaded.json().url);
    }
    const response = await app.inject({ method: 'GET', url: '/api/admin/backup', headers: admin });
    const backup = response.json() as Backup;
    const rows = backup.tables.uploaded_files!;
    const smallRow = rows.find((row) => `/uploads/${row.stored_name}` === urls[0]);
    expect(smallRow?.data).toBe(small.toString('base64'));
    // base64, not to_jsonb's hex: the file grows by about a third of the images, not double.
    expect(response.body.length).toBeLessThan(largest.length * 1.4 + 1024 * 1024);

    await app.database.db.execute(sql`update uploaded_files set data = ${Buffer.from('gone')}`);
    const restored = await restore(response.body);
    expect(restored.statusCode, restored.body.slice(0, 300)).toBe(200);
    for (const [index, bytes] of [small, largest].entries()) {
      const served = await app.inject({ method: 'GET', url: urls[index]! });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(bytes)).toBe(true);
    }
  }, 60_000);

  it('refuses an image that is not base64 and changes nothing', async () => {
    const backup = await downloadBackup();
    const before = await snapshot(['audit_log', 'sessions']);
    const broken = structuredClone(backup);
    broken.tables.uploaded_files = [
      { id: 1, stored_name: 'eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee.png', content_type: 'image/png', size_bytes: 3, data: 'not base64 at all!', created_at: '2030-01-01T00:00:00+00:00' },
    ];
    const response = await restore(broken);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/uploaded_files/);
    expect(await snapshot(['audit_log', 'sessions'])).toEqual(before);
  });

  it('restores an upload row without bytes (a backup from before images moved into the database) from the files on disk', async () => {
    const backup = await downloadBackup();
    const name = 'ffffffffffffffffffffffffffffffff.gif';
    const gif = Buffer.concat([Buffer.from('GIF89a', 'ascii'), Buffer.from([1, 0, 1, 0, 0, 0, 0, 0x3b])]);
    const old = structuredClone(backup);
    old.schemaVersion = '0003_rate_limits';
    old.tables.uploaded_files = [{ id: 1, stored_name: name, content_type: 'image/gif', size_bytes: gif.length, created_at: '2030-01-01T00:00:00+00:00' }];
    mkdirSync(join(dataDir, 'uploads'), { recursive: true });
    writeFileSync(join(dataDir, 'uploads', name), gif);
    const response = await restore(old);
    expect(response.statusCode, response.body).toBe(200);
    const served = await app.inject({ method: 'GET', url: `/uploads/${name}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(gif)).toBe(true);
    const [row] = await query<{ moved: boolean }>(app.database.db, sql`select data is not null as moved from uploaded_files where stored_name = ${name}`);
    expect(row!.moved).toBe(true);
    await restore(backup);
  });

  it('restores a backup from before tokens were sealed: its e-mails are sealed, its demo client secrets left out', async () => {
    const backup = await downloadBackup();
    const link = participantLinkFor(TEST_SECRET, 'http://test.local', 'old@example.com');
    const token = new URL(link).searchParams.get('token')!;
    const old = structuredClone(backup);
    old.schemaVersion = '0004_uploads_in_database';
    old.tables.email_outbox = [
      { id: 1, to: 'old@example.com', subject: 'Old', html: `<a href="${link}">Open</a>`, text: `Open: ${link}`, kind: 'participant-access', status: 'pending', attempts: 0, next_attempt_at: '2030-01-01T00:00:00+00:00', created_at: '2030-01-01T00:00:00+00:00' },
    ];
    old.tables.demo_payment_intents = [
      { id: 'demo_pi_old', client_secret: 'demo_pi_old_secret_0123456789abcdef01234567', idempotency_key: 'old-key', amount_cents: 49900, currency: 'usd', status: 'requires_payment', metadata: {}, refunded_cents: 0, created_at: '2030-01-01T00:00:00+00:00' },
    ];
    const refused = await restore({ ...old, schemaVersion: LATEST_MIGRATION });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/unknown field "client_secret"/);

    const response = await restore(old);
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await query<{ html: string; text: string; sealed: unknown[] }>(app.database.db, sql`select html, text, sealed_tokens as sealed from email_outbox`);
    expect(row!.html).not.toContain(token);
    expect(row!.text).not.toContain(token);
    expect(row!.sealed).toHaveLength(1);
    expect(asSent({ subject: 'Old', html: row!.html, text: row!.text, sealedTokens: row!.sealed as never }).html).toBe(`<a href="${link}">Open</a>`);
    const [intent] = await query<{ id: string }>(app.database.db, sql`select id from demo_payment_intents`);
    expect(intent!.id).toBe('demo_pi_old');
    await restore(backup);
  });

  it('accepts a file larger than the default 1 MB body limit', async () => {
    const backup = await downloadBackup();
    const big = structuredClone(backup);
    big.tables.contact_messages = Array.from({ length: 3000 }, (_, i) => ({
      id: i + 1,
      name: 'Big Sender',
      email: `big${i}@example.com`,
      subject: 'A long message',
      message: 'x'.repeat(600),
      is_read: false,
      created_at: '2030-01-01T00:00:00+00:00',
    }));
    const body = JSON.stringify(big);
    expect(body.length).toBeGreaterThan(1024 * 1024);
    const response = await restore(body);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const [row] = await query<{ n: number }>(app.database.db, sql`select count(*)::int as n from contact_messages`);
    expect(row!.n).toBe(3000);
    await restore(backup);
  }, 60_000);
});

describe('the scheduled daily backup', () => {
  it('writes one file a day and keeps only the newest 14', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ops-daily-'));
    try {
      const day = (n: number) => new Date(Date.UTC(2031, 0, 1 + n, 3, 0, 0));
      for (let n = 0; n < 20; n++) {
        const result = await runDailyBackup(app.database.db, { dataDir: dir, secret: TEST_SECRET, now: day(n) });
        expect(result.ran, `day ${n}`).toBe(true);
        // A second check the same day does nothing.
        expect((await runDailyBackup(app.database.db, { dataDir: dir, secret: TEST_SECRET, now: new Date(day(n).getTime() + 3600_000) })).ran).toBe(false);
      }
      const files = readdirSync(join(dir, 'backups')).sort();
      expect(files).toEqual(Array.from({ length: 14 }, (_, i) => `backup-${day(i + 6).toISOString().slice(0, 10)}.json`));
      const newest = JSON.parse(readFileSync(join(dir, 'backups', files[13]!), 'utf8')) as Backup;
      expect(newest.format).toBe('workshop-seats-backup');
      expect(Object.keys(newest.tables).sort()).toEqual([...SCHEMA_TABLES].sort());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('runs on one instance only when several check at once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ops-daily-'));
    try {
      const now = new Date(Date.UTC(2032, 5, 1, 2, 0, 0));
      const results = await Promise.all([1, 2, 3].map(() => runDailyBackup(app.database.db, { dataDir: dir, secret: TEST_SECRET, now })));
      expect(results.filter((r) => r.ran)).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('lists the backups in DATA_DIR for the admin and downloads one by name', async () => {
    await runDailyBackup(app.database.db, { dataDir, secret: TEST_SECRET, now: new Date(Date.UTC(2033, 2, 3)) });
    writeFileSync(join(dataDir, 'backups', 'notes.txt'), 'not a backup');
    expect((await app.inject({ method: 'GET', url: '/api/admin/backups' })).statusCode).toBe(401);
    const list = await app.inject({ method: 'GET', url: '/api/admin/backups', headers: admin });
    expect(list.statusCode).toBe(200);
    const entries = list.json() as { name: string; sizeBytes: number; createdAt: string }[];
    expect(entries.map((e) => e.name)).toEqual(['backup-2033-03-03.json']);
    expect(entries[0]!.sizeBytes).toBe(readFileSync(join(dataDir, 'backups', 'backup-2033-03-03.json')).length);

    const file = await app.inject({ method: 'GET', url: '/api/admin/backups/backup-2033-03-03.json', headers: admin });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe('attachment; filename="backup-2033-03-03.json"');
    expect((file.json() as Backup).format).toBe('workshop-seats-backup');

    for (const name of ['backup-2033-03-04.json', 'notes.txt', '..%2F..%2Fetc%2Fpasswd']) {
      const missing = await app.inject({ method: 'GET', url: `/api/admin/backups/${name}`, headers: admin });
      expect([400, 404], name).toContain(missing.statusCode);
    }
  }, 60_000);
});
