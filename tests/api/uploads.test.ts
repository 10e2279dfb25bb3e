import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveDiskUploadsIntoDatabase } from '../../src/features/uploads/server/uploads.service';
import { auditLog, uploadedFiles } from '../../src/server/db/schema';
import { clientHeaders, createTestApp, loginAsAdmin, type TestApp } from '../helpers/test-app';

/** Tiny but well-formed starts of each accepted format (the server judges the first bytes). */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
const GIF = Buffer.concat([Buffer.from('GIF89a', 'ascii'), Buffer.from([0x01, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x3b])]);
const WEBP = Buffer.concat([Buffer.from('RIFF', 'ascii'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8L', 'ascii'), Buffer.alloc(14)]);

const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>');
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n');
const TEXT = Buffer.from('just some text');

const REFUSED = 'Please upload a PNG, JPEG, GIF or WebP image';
const TOO_LARGE = 'Images must be 5 MB or smaller';

let app: TestApp;
let headers: Record<string, string>;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'uploads-test-'));
  app = await createTestApp({ env: { DATA_DIR: dataDir } });
  ({ headers } = await loginAsAdmin(app));
});
afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const upload = (body: Buffer, contentType = 'application/octet-stream', extra: Record<string, string> = headers) =>
  app.inject({ method: 'POST', url: '/api/admin/uploads', headers: { ...extra, 'content-type': contentType }, payload: body });

const uploadDir = () => join(dataDir, 'uploads');
const storedFiles = () => (existsSync(uploadDir()) ? readdirSync(uploadDir()) : []);
const rowsCount = async () => (await app.database.db.select().from(uploadedFiles)).length;

describe('POST /api/admin/uploads', () => {
  it.each([
    ['PNG', PNG, 'image/png', 'image/png', 'png'],
    ['JPEG', JPEG, 'image/jpeg', 'image/jpeg', 'jpg'],
    ['GIF', GIF, 'image/gif', 'image/gif', 'gif'],
    ['WebP', WEBP, 'image/webp', 'image/webp', 'webp'],
    ['PNG sent as octet-stream', PNG, 'application/octet-stream', 'image/png', 'png'],
    ['JPEG announced as a PNG', JPEG, 'image/png', 'image/jpeg', 'jpg'],
  ])('stores a %s in the database under a random name with the type its bytes declare', async (_label, bytes, header, expectedType, extension) => {
    const response = await upload(bytes, header);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.contentType).toBe(expectedType);
    expect(body.sizeBytes).toBe(bytes.length);
    expect(body.url).toMatch(new RegExp(`^/uploads/[a-f0-9]{32}\\.${extension}$`));
    const storedName = body.url.slice('/uploads/'.length);
    const [row] = await app.database.db.select().from(uploadedFiles).where(eq(uploadedFiles.storedName, storedName));
    expect(row).toMatchObject({ storedName, contentType: expectedType, sizeBytes: bytes.length });
    expect(Buffer.isBuffer(row!.data) && row!.data.equals(bytes)).toBe(true);
    // Nothing on this instance's disk: every instance on the database serves it.
    expect(storedFiles()).toEqual([]);
  });

  it('stores a PNG as a PNG even when the header claims text/html', async () => {
    const response = await upload(PNG, 'text/html');
    expect(response.statusCode).toBe(201);
    expect(response.json().contentType).toBe('image/png');
    expect(response.json().url).toMatch(/\.png$/);
  });

  it('gives two uploads of the same bytes two different names', async () => {
    const first = (await upload(PNG, 'image/png')).json().url;
    const second = (await upload(PNG, 'image/png')).json().url;
    expect(first).not.toBe(second);
  });

  it.each([
    ['SVG announced as image/png', SVG, 'image/png'],
    ['SVG as image/svg+xml', SVG, 'image/svg+xml'],
    ['HTML announced as image/jpeg', HTML, 'image/jpeg'],
    ['HTML as text/html', HTML, 'text/html'],
    ['PDF', PDF, 'application/octet-stream'],
    ['plain text', TEXT, 'text/plain'],
    ['JSON', Buffer.from('{"a":1}'), 'application/json'],
    ['a truncated PNG signature', PNG.subarray(0, 4), 'image/png'],
  ])('refuses %s and stores nothing', async (_label, bytes, header) => {
    const filesBefore = storedFiles().length;
    const rowsBefore = await rowsCount();
    const response = await upload(bytes, header);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(REFUSED);
    expect(storedFiles()).toHaveLength(filesBefore);
    expect(await rowsCount()).toBe(rowsBefore);
  });

  it('refuses an empty body', async () => {
    const response = await upload(Buffer.alloc(0), 'image/png');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(REFUSED);
  });

  it('accepts exactly 5 MB and refuses one byte more with 413', async () => {
    const limit = 5 * 1024 * 1024;
    const atLimit = Buffer.alloc(limit);
    PNG.copy(atLimit);
    expect((await upload(atLimit, 'image/png')).statusCode).toBe(201);

    const filesBefore = storedFiles().length;
    const over = Buffer.alloc(limit + 1);
    PNG.copy(over);
    const response = await upload(over, 'image/png');
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(TOO_LARGE);
    expect(storedFiles()).toHaveLength(filesBefore);
  });

  it('records the upload in the audit log with the admin as actor', async () => {
    const response = await upload(GIF, 'image/gif');
    const storedName = response.json().url.slice('/uploads/'.length);
    const entries = await app.database.db.select().from(auditLog).where(eq(auditLog.action, 'image_uploaded'));
    const entry = entries.find((row) => (row.details as { storedName?: string }).storedName === storedName);
    expect(entry?.actor).toBe('admin@test.local');
  });

  it('answers 401 without a session and stores nothing', async () => {
    const filesBefore = storedFiles().length;
    const response = await upload(PNG, 'image/png', clientHeaders);
    expect(response.statusCode).toBe(401);
    expect(storedFiles()).toHaveLength(filesBefore);
  });

  it('answers 403 to a session cookie without the client header (CSRF guard)', async () => {
    const { cookie } = await loginAsAdmin(app);
    const response = await app.inject({ method: 'POST', url: '/api/admin/uploads', headers: { cookie, 'content-type': 'image/png' }, payload: PNG });
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /uploads/{name}', () => {
  it.each([
    ['PNG', PNG, 'image/png'],
    ['JPEG', JPEG, 'image/jpeg'],
    ['GIF', GIF, 'image/gif'],
    ['WebP', WEBP, 'image/webp'],
  ])('serves a stored %s byte for byte, with its type, nosniff and a year of caching, to anyone', async (_label, bytes, contentType) => {
    const { url } = (await upload(bytes, 'application/octet-stream')).json();
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(contentType);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.equals(bytes)).toBe(true);
  });

  it('serves a PNG announced as text/html as image/png', async () => {
    const { url } = (await upload(PNG, 'text/html')).json();
    const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
  });

  it.each([
    '/uploads/0123456789abcdef0123456789abcdef.png',
    '/uploads/not-a-name.png',
    '/uploads/0123456789ABCDEF0123456789ABCDEF.png',
    '/uploads/0123456789abcdef0123456789abcdef.svg',
    '/uploads/0123456789abcdef0123456789abcdef.html',
    '/uploads/..%2F..%2Fetc%2Fpasswd',
    '/uploads/%2e%2e%2fpgdata',
  ])('answers 404 JSON for %s, even to a browser asking for a page', async (url) => {
    const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ message: 'Not found' });
  });

  it('answers a revalidation with 304 and no body, a changed or missing ETag with the image', async () => {
    const { url } = (await upload(JPEG, 'image/jpeg')).json();
    const name = url.slice('/uploads/'.length);
    const first = await app.inject({ method: 'GET', url });
    expect(first.headers.etag).toBe(`"${name}"`);
    for (const ifNoneMatch of [`"${name}"`, `W/"${name}"`, `"other", "${name}"`, '*']) {
      const again = await app.inject({ method: 'GET', url, headers: { 'if-none-match': ifNoneMatch } });
      expect(again.statusCode, ifNoneMatch).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const other = await app.inject({ method: 'GET', url, headers: { 'if-none-match': '"0123456789abcdef0123456789abcdef.jpg"' } });
    expect(other.statusCode).toBe(200);
    expect(other.rawPayload.equals(JPEG)).toBe(true);
    const unknown = await app.inject({ method: 'GET', url: '/uploads/0123456789abcdef0123456789abcdef.jpg', headers: { 'if-none-match': '*' } });
    expect(unknown.statusCode).toBe(404);
  });

  it('serves a row whose bytes were not moved in yet from DATA_DIR/uploads, and 404 when the file is gone too', async () => {
    const name = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1.png';
    await app.database.db.insert(uploadedFiles).values({ storedName: name, contentType: 'image/png', sizeBytes: PNG.length });
    mkdirSync(uploadDir(), { recursive: true });
    writeFileSync(join(uploadDir(), name), PNG);
    const served = await app.inject({ method: 'GET', url: `/uploads/${name}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    rmSync(join(uploadDir(), name));
    expect((await app.inject({ method: 'GET', url: `/uploads/${name}` })).statusCode).toBe(404);
    await app.database.db.delete(uploadedFiles).where(eq(uploadedFiles.storedName, name));
  });
});

describe('images an earlier version kept in DATA_DIR/uploads', () => {
  const movedDir = () => join(uploadDir(), 'moved-to-database');
  const rowOf = async (name: string) => (await app.database.db.select().from(uploadedFiles).where(eq(uploadedFiles.storedName, name)))[0];

  it('are moved into the database once: rows get their bytes, files without a row get one, the files are kept aside', async () => {
    mkdirSync(uploadDir(), { recursive: true });
    const withRow = 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb1.png';
    const withoutRow = 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb2.gif';
    await app.database.db.insert(uploadedFiles).values({ storedName: withRow, contentType: 'image/png', sizeBytes: PNG.length });
    writeFileSync(join(uploadDir(), withRow), PNG);
    writeFileSync(join(uploadDir(), withoutRow), GIF);
    // Not ours, or not what its name says: left where they are.
    writeFileSync(join(uploadDir(), 'notes.txt'), 'hello');
    writeFileSync(join(uploadDir(), 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb3.png'), HTML);

    const report = await moveDiskUploadsIntoDatabase(app.database.db, dataDir);
    expect(report.moved.sort()).toEqual([withRow, withoutRow]);
    expect(report.skipped.map((entry) => entry.name).sort()).toEqual(['bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb3.png', 'notes.txt']);
    expect((await rowOf(withRow))!.data!.equals(PNG)).toBe(true);
    expect(await rowOf(withoutRow)).toMatchObject({ contentType: 'image/gif', sizeBytes: GIF.length });
    expect((await rowOf(withoutRow))!.data!.equals(GIF)).toBe(true);
    expect(await rowOf('bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb3.png')).toBeUndefined();
    expect(storedFiles().sort()).toEqual(['bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb3.png', 'moved-to-database', 'notes.txt']);
    expect(readdirSync(movedDir()).sort()).toEqual([withRow, withoutRow]);

    // Served from the database now that the files are gone from uploads/.
    const served = await app.inject({ method: 'GET', url: `/uploads/${withoutRow}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(GIF)).toBe(true);

    // Again: nothing left to move.
    expect((await moveDiskUploadsIntoDatabase(app.database.db, dataDir)).moved).toEqual([]);
    rmSync(join(uploadDir(), 'notes.txt'));
    rmSync(join(uploadDir(), 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb3.png'));
  });

  it('survives a crash between the write and the rename: the next run renames, and never overwrites bytes already in', async () => {
    const name = 'cccccccccccccccccccccccccccccc01.png';
    // The state a crash leaves: the row has its bytes, the file is still in uploads/ (here with
    // other bytes, to show the database's copy wins).
    await app.database.db.insert(uploadedFiles).values({ storedName: name, contentType: 'image/png', sizeBytes: PNG.length, data: PNG });
    const other = Buffer.concat([PNG, Buffer.from('different')]);
    writeFileSync(join(uploadDir(), name), other);
    const report = await moveDiskUploadsIntoDatabase(app.database.db, dataDir);
    expect(report.moved).toEqual([name]);
    expect((await rowOf(name))!.data!.equals(PNG)).toBe(true);
    expect(existsSync(join(uploadDir(), name))).toBe(false);
    expect(readFileSync(join(movedDir(), name)).equals(other)).toBe(true);
  });

  it('fills a row restored without bytes from the files kept aside, and reports one whose file is nowhere', async () => {
    const kept = 'dddddddddddddddddddddddddddddd01.webp';
    const lost = 'dddddddddddddddddddddddddddddd02.png';
    writeFileSync(join(movedDir(), kept), WEBP);
    await app.database.db.insert(uploadedFiles).values([
      { storedName: kept, contentType: 'image/webp', sizeBytes: WEBP.length },
      { storedName: lost, contentType: 'image/png', sizeBytes: PNG.length },
    ]);
    const report = await moveDiskUploadsIntoDatabase(app.database.db, dataDir);
    expect(report.moved).toEqual([kept]);
    expect(report.missing).toEqual([lost]);
    expect((await rowOf(kept))!.data!.equals(WEBP)).toBe(true);
    expect((await app.inject({ method: 'GET', url: `/uploads/${lost}` })).statusCode).toBe(404);
    await app.database.db.delete(uploadedFiles).where(eq(uploadedFiles.storedName, lost));
  });
});
