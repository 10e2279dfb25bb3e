import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { uploadedFiles } from '../../src/server/db/schema';
import { createTestApp, loginAsAdmin, type TestApp } from '../helpers/test-app';

/*
 * A backup file is admin input like an upload, and /uploads serves its images on the site's own
 * origin: a restore must not be a way around the upload's checks to plant a page or a script
 * there, and /uploads must answer only images, whatever a row holds.
 */

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);
const GIF = Buffer.concat([Buffer.from('GIF89a', 'ascii'), Buffer.from([0x01, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x3b])]);
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.domain)</script></body></html>');
const SCRIPT = Buffer.from('alert(document.domain);//');

/** The headers every /uploads answer carries, written out here rather than read from the code. */
const UPLOAD_CSP = "default-src 'none'; sandbox";

let app: TestApp;
let admin: Record<string, string>;
let dataDir: string;
/** The image uploaded before any restore: the data a refused restore must leave in place. */
let genuineName: string;

type Backup = { format: string; schemaVersion: string; createdAt: string; tables: Record<string, Record<string, unknown>[]> };

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'uploads-restore-'));
  app = await createTestApp({ env: { DATA_DIR: dataDir } });
  admin = (await loginAsAdmin(app)).headers;
  const uploaded = await app.inject({ method: 'POST', url: '/api/admin/uploads', headers: { ...admin, 'content-type': 'image/png' }, payload: PNG });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  genuineName = uploaded.json().url.slice('/uploads/'.length);
}, 60_000);
afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function downloadBackup(): Promise<Backup> {
  const response = await app.inject({ method: 'GET', url: '/api/admin/backup', headers: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Backup;
}

function restore(payload: object) {
  return app.inject({ method: 'POST', url: '/api/admin/restore', headers: { ...admin, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
}

async function rows<T = Record<string, unknown>>(statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await app.database.db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/** Every row of every table but sessions, straight from the database. */
async function snapshot(): Promise<Record<string, string[]>> {
  const tables = await rows<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'sessions' order by 1`,
  );
  const result: Record<string, string[]> = {};
  for (const { name } of tables) {
    result[name] = (await rows<{ row: string }>(sql`select to_jsonb(t)::text as row from ${sql.identifier(name)} t`)).map((r) => r.row).sort();
  }
  return result;
}

/** A fresh id per crafted row, so each case stands alone even where an earlier one got in. */
let nextId = 900;
const uploadRow = (storedName: string, contentType: string, bytes: Buffer | null) => ({
  id: nextId++,
  stored_name: storedName,
  content_type: contentType,
  size_bytes: bytes?.length ?? 10,
  data: bytes === null ? null : bytes.toString('base64'),
  created_at: '2030-01-01T00:00:00+00:00',
});

const get = (name: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: `/uploads/${name}`, headers });

function expectUploadHeaders(response: Awaited<ReturnType<typeof get>>) {
  // Exactly one of each: a string, not the page headers' CSP beside ours.
  expect(response.headers['content-security-policy']).toBe(UPLOAD_CSP);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
}

describe('POST /api/admin/restore with uploaded files that are not what they claim', () => {
  it.each([
    ['HTML bytes under a .png name, announced as text/html', 'a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1.png', 'text/html', HTML, /is not a PNG, JPEG, GIF or WebP image/],
    ['HTML bytes under a .png name, announced as image/png', 'a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2.png', 'image/png', HTML, /is not a PNG, JPEG, GIF or WebP image/],
    ['a script under a .gif name, announced as text/javascript', 'a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3a3.gif', 'text/javascript', SCRIPT, /is not a PNG, JPEG, GIF or WebP image/],
    ['a PNG under a .jpg name', 'a4a4a4a4a4a4a4a4a4a4a4a4a4a4a4a4.jpg', 'image/jpeg', PNG, /holds a \.png image under a \.jpg name/],
    ['a PNG under a name that is not an upload name', 'evil.html', 'image/png', PNG, /does not have the name of an uploaded image/],
    ['a PNG under a path', '../a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5.png', 'image/png', PNG, /does not have the name of an uploaded image/],
    ['a row without bytes under a bad name', 'a6a6a6a6a6a6a6a6a6a6a6a6a6a6a6a6.html', 'text/html', null, /does not have the name of an uploaded image/],
  ])('refuses %s with 400 naming the table and the file, before any transaction, and changes nothing', async (_label, storedName, contentType, bytes, problem) => {
    const backup = await downloadBackup();
    const crafted = structuredClone(backup);
    crafted.tables.uploaded_files = [...crafted.tables.uploaded_files!, uploadRow(storedName, contentType, bytes)];
    // Something else changes too, so a restore that went through would show.
    crafted.tables.contact_messages = [{ id: 1, name: 'Crafted', email: 'crafted@example.com', subject: 'x', message: 'x', is_read: false, created_at: '2030-01-01T00:00:00+00:00' }];
    const before = await snapshot();

    const transaction = vi.spyOn(app.database.db, 'transaction');
    let transactions: number;
    let response;
    try {
      response = await restore(crafted);
    } finally {
      // Counted before mockRestore, which clears the calls.
      transactions = transaction.mock.calls.length;
      transaction.mockRestore();
    }
    expect(response.statusCode, response.body).toBe(400);
    const { message } = response.json() as { message: string };
    expect(message).toContain('"uploaded_files"');
    expect(message).toContain(JSON.stringify(storedName));
    expect(message).toMatch(problem);
    expect(message).toMatch(/Nothing was changed\.$/);
    // Refused while reading the file: no transaction was opened for it.
    expect(transactions).toBe(0);

    expect(await snapshot()).toEqual(before);
    const [planted] = await rows(sql`select 1 from uploaded_files where stored_name = ${storedName}`);
    expect(planted).toBeUndefined();
    // The image there before is still served.
    const old = await get(genuineName);
    expect(old.statusCode).toBe(200);
    expect(old.rawPayload.equals(PNG)).toBe(true);
  });

  it('restores a genuine image whose content_type and size_bytes were edited, with the type and size of its bytes', async () => {
    const backup = await downloadBackup();
    const edited = structuredClone(backup);
    const row = edited.tables.uploaded_files!.find((entry) => entry.stored_name === genuineName)!;
    row.content_type = 'text/html';
    row.size_bytes = 1;
    const response = await restore(edited);
    expect(response.statusCode, response.body).toBe(200);

    const [stored] = await app.database.db.select().from(uploadedFiles).where(eq(uploadedFiles.storedName, genuineName));
    expect(stored).toMatchObject({ contentType: 'image/png', sizeBytes: PNG.length });
    expect(stored!.data!.equals(PNG)).toBe(true);

    const served = await get(genuineName, { accept: 'text/html' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expectUploadHeaders(served);
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('restores a row without bytes (an older backup) with the type of its name, not the one in the file', async () => {
    const backup = await downloadBackup();
    const name = 'b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1.gif';
    const old = structuredClone(backup);
    old.schemaVersion = '0003_rate_limits';
    old.tables.uploaded_files = [...old.tables.uploaded_files!, { id: nextId++, stored_name: name, content_type: 'text/html', size_bytes: GIF.length, created_at: '2030-01-01T00:00:00+00:00' }];
    mkdirSync(join(dataDir, 'uploads'), { recursive: true });
    writeFileSync(join(dataDir, 'uploads', name), GIF);
    const response = await restore(old);
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await rows<{ content_type: string }>(sql`select content_type from uploaded_files where stored_name = ${name}`);
    expect(row!.content_type).toBe('image/gif');
    const served = await get(name);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/gif');
    expect(served.rawPayload.equals(GIF)).toBe(true);
    expect((await restore(backup)).statusCode).toBe(200);
  });
});

describe('GET /uploads/{name} whatever the row holds', () => {
  const plant = async (storedName: string, contentType: string, bytes: Buffer | null) => {
    await app.database.db.insert(uploadedFiles).values({ storedName, contentType, sizeBytes: bytes?.length ?? 0, data: bytes });
  };

  it.each([
    ['HTML bytes under a .png name, typed text/html', 'c1c1c1c1c1c1c1c1c1c1c1c1c1c1c1c1.png', 'text/html', HTML],
    ['a script under a .gif name, typed text/javascript', 'c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2.gif', 'text/javascript', SCRIPT],
    ['HTML bytes under a .png name, typed image/png', 'c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3.png', 'image/png', HTML],
    ['a GIF under a .png name', 'c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4.png', 'image/png', GIF],
  ])('answers 404, never the bytes, for %s planted in the database, and to a revalidation too', async (_label, name, contentType, bytes) => {
    await plant(name, contentType, bytes);
    const response = await get(name, { accept: 'text/html' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expectUploadHeaders(response);
    const revalidation = await get(name, { 'if-none-match': `"${name}"` });
    expect(revalidation.statusCode).toBe(404);
  });

  it('answers 404 for HTML waiting on disk for a row without bytes', async () => {
    const name = 'c5c5c5c5c5c5c5c5c5c5c5c5c5c5c5c5.png';
    await plant(name, 'text/html', null);
    mkdirSync(join(dataDir, 'uploads'), { recursive: true });
    writeFileSync(join(dataDir, 'uploads', name), HTML);
    const response = await get(name);
    expect(response.statusCode).toBe(404);
    expect(response.rawPayload.includes(HTML)).toBe(false);
    rmSync(join(dataDir, 'uploads', name));
  });

  it('serves a PNG typed text/html in its row as image/png', async () => {
    const name = 'c6c6c6c6c6c6c6c6c6c6c6c6c6c6c6c6.png';
    await plant(name, 'text/html', PNG);
    const response = await get(name, { accept: 'text/html' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expectUploadHeaders(response);
    expect(response.rawPayload.equals(PNG)).toBe(true);
  });

  it('sends the sandboxing CSP and nosniff on 200, 304 and 404 alike', async () => {
    const ok = await get(genuineName);
    expect(ok.statusCode).toBe(200);
    expectUploadHeaders(ok);
    const notModified = await get(genuineName, { 'if-none-match': `"${genuineName}"` });
    expect(notModified.statusCode).toBe(304);
    expectUploadHeaders(notModified);
    for (const name of ['0123456789abcdef0123456789abcdef.png', 'not-a-name.html']) {
      const missing = await get(name, { accept: 'text/html' });
      expect(missing.statusCode, name).toBe(404);
      expectUploadHeaders(missing);
    }
  });
});
