import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntryText } from '../../src/features/operations/audit-entry-text';
import { auditLog } from '../../src/server/db/schema';
import { createTestApp, loginAsAdmin, type TestApp } from '../helpers/test-app';

/**
 * GET /api/admin/audit-log as the Audit log section reads it (issue 17): admins only, newest
 * first, paged with `before` (the last id of the previous page), and a bad query refused with a
 * message rather than a page.
 */
let app: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  app = await createTestApp({ seed: false });
  admin = (await loginAsAdmin(app)).headers;
});
afterAll(async () => {
  await app.close();
});

type Entry = { id: number; actor: string; action: string; entity: string | null; entityId: string | null; details: Record<string, unknown> | null; createdAt: string };
const get = (query: string, headers = admin) => app.inject({ method: 'GET', url: `/api/admin/audit-log${query}`, headers });

describe('GET /api/admin/audit-log', () => {
  it('needs an admin session', async () => {
    const response = await get('', {});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: expect.any(String) });
    expect((await get('?limit=5&before=10', {})).statusCode).toBe(401);
  });

  it('pages back from the newest entry to the oldest, each entry once', async () => {
    await app.database.db.delete(auditLog);
    await app.database.db.insert(auditLog).values(
      Array.from({ length: 5 }, (_, i) => ({ actor: 'jane@example.com', action: 'booking_deleted', entity: 'booking', entityId: String(i + 1), details: { email: `p${i + 1}@example.com` } })),
    );

    const page1 = (await get('?limit=2')).json() as Entry[];
    expect(page1.map((e) => e.entityId)).toEqual(['5', '4']);
    const page2 = (await get(`?limit=2&before=${page1[1]!.id}`)).json() as Entry[];
    expect(page2.map((e) => e.entityId)).toEqual(['3', '2']);
    const page3 = (await get(`?limit=2&before=${page2[1]!.id}`)).json() as Entry[];
    // The short page is the last one.
    expect(page3.map((e) => e.entityId)).toEqual(['1']);
    expect((await get(`?limit=2&before=${page3[0]!.id}`)).json()).toEqual([]);
  });

  it('refuses a bad query with 400 and a message that says what is wrong', async () => {
    const limitMessage = 'limit must be a whole number from 1 to 200.';
    const beforeMessage = 'before must be the id of an audit entry (a whole number above 0).';
    for (const [query, message] of [
      ['?limit=0', limitMessage],
      ['?limit=201', limitMessage],
      ['?limit=2.5', limitMessage],
      ['?limit=many', limitMessage],
      ['?before=0', beforeMessage],
      ['?before=-3', beforeMessage],
      ['?before=abc', beforeMessage],
    ] as const) {
      const response = await get(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ message });
    }
  });

  it('shows what a real admin action recorded, which reads as a sentence', async () => {
    const created = await app.inject({ method: 'POST', url: '/api/admin/discount-codes', headers: admin, payload: { code: 'AUDITME', description: 'Audit test', discountPercent: 15 } });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: number }).id;
    expect((await app.inject({ method: 'DELETE', url: `/api/admin/discount-codes/${id}`, headers: admin })).statusCode).toBe(200);

    const [newest] = (await get('?limit=1')).json() as Entry[];
    expect(newest).toMatchObject({ actor: 'admin@test.local', action: 'discount_code_deleted', entity: 'discount_code', entityId: String(id) });
    expect(auditEntryText(newest!)).toBe(`admin@test.local (admin) deleted discount code #${id} “AUDITME”`);
  });
});
