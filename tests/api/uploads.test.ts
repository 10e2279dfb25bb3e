import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  ])('stores a %s under a random name with the type its bytes declare', async (_label, bytes, header, expectedType, extension) => {
    const response = await upload(bytes, header);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.contentType).toBe(expectedType);
    expect(body.sizeBytes).toBe(bytes.length);
    expect(body.url).toMatch(new RegExp(`^/uploads/[a-f0-9]{32}\\.${extension}$`));
    const storedName = body.url.slice('/uploads/'.length);
    expect(readFileSync(join(uploadDir(), storedName)).equals(bytes)).toBe(true);
    const [row] = await app.database.db.select().from(uploadedFiles).where(eq(uploadedFiles.storedName, storedName));
    expect(row).toMatchObject({ storedName, contentType: expectedType, sizeBytes: bytes.length });
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

  it('answers 404 when the row exists but the file is gone', async () => {
    const { url } = (await upload(PNG, 'image/png')).json();
    rmSync(join(uploadDir(), url.slice('/uploads/'.length)));
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
  });
});
