import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings, orders } from '../../src/server/db/schema';
import { buyer } from '../helpers/factories';
import { payWithDemoCard } from '../helpers/demo-payments';
import { createTestApp, loginAsAdmin, type TestApp } from '../helpers/test-app';

/**
 * GET /api/admin/audit-log as the Audit log section reads it: admins only, newest first, paged
 * with `before` (the last id of the previous page), a bad query refused with a message rather
 * than a page, and each entry in words: who did what to which thing, named rather than numbered,
 * and for an update only the fields it changed.
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

type Change = { label: string; from: string | null; to: string | null };
type Entry = {
  id: number;
  actor: string;
  action: string;
  entity: string | null;
  entityId: string | null;
  details: Record<string, unknown> | null;
  createdAt: string;
  summary: string;
  changes: Change[];
};
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
    expect(newest!.summary).toBe('admin@test.local deleted the discount code AUDITME');
    expect(newest!.changes).toEqual([]);
  });
});

describe('the audit log in words', () => {
  const call = (method: 'POST' | 'PUT', url: string, payload: object) => app.inject({ method, url, headers: admin, payload });
  /** Everything an organiser reads of an entry. */
  const wordsOf = (entry: Entry) => [entry.summary, ...entry.changes.flatMap((change) => [change.label, change.from ?? '', change.to ?? ''])].join('\n');

  it('tells real changes in words: the date by its title and day, the booking by its person and order, only the fields that changed', async () => {
    const form = { title: 'Prototype Lab', time: '10:00 AM - 12:00 PM', timezone: 'PST', seatsTotal: 10, price: 499, isActive: true, requiresImmediatePayment: true };
    const first = await call('POST', '/api/admin/workshop-dates', { ...form, date: 'July 4, 2031' });
    expect(first.statusCode, first.body).toBe(201);
    const second = await call('POST', '/api/admin/workshop-dates', { ...form, date: 'July 11, 2031' });
    expect(second.statusCode, second.body).toBe(201);
    const [fromId, toId] = [(first.json() as { id: number }).id, (second.json() as { id: number }).id];

    // The form sends every field; only the price and the seats differ.
    const edited = await call('PUT', `/api/admin/workshop-dates/${fromId}`, { ...form, date: 'July 4, 2031', seatsTotal: 12, price: 549 });
    expect(edited.statusCode, edited.body).toBe(200);

    const { bookingId } = await payWithDemoCard(app, { workshopDateId: fromId, customerInfo: buyer('audit-words'), discountCode: '' });
    const moved = await call('POST', `/api/admin/bookings/${bookingId}/move`, { workshopDateId: toId });
    expect(moved.statusCode, moved.body).toBe(200);
    const [order] = await app.database.db.select({ reference: orders.reference }).from(bookings).innerJoin(orders, eq(orders.id, bookings.orderId)).where(eq(bookings.id, bookingId));

    const saved = await call('POST', '/api/admin/settings', { reservationHours: 24 });
    expect(saved.statusCode, saved.body).toBe(200);

    const page = (await get('?limit=10')).json() as Entry[];
    const byAction = (action: string) => page.find((entry) => entry.action === action)!;

    const setting = byAction('settings_updated');
    expect(setting.summary).toBe('admin@test.local changed the settings');
    expect(setting.changes).toEqual([{ label: 'Hours a reservation holds its seat', from: '48 hours', to: '24 hours' }]);

    const move = byAction('booking_moved');
    expect(move.summary).toBe(`admin@test.local moved the booking of Ada Lovelace (order ${order!.reference}) from Prototype Lab, Fri, July 4, 2031 to Prototype Lab, Fri, July 11, 2031`);
    // The raw row stays as it was, for whoever reads the log's data.
    expect(move).toMatchObject({ entity: 'booking', entityId: String(bookingId), details: { fromWorkshopDateId: fromId, toWorkshopDateId: toId } });

    const update = byAction('workshop_date_updated');
    expect(update.summary).toBe('admin@test.local changed Prototype Lab, Fri, July 4, 2031');
    expect(update.changes).toEqual([
      { label: 'Seats', from: '10 seats', to: '12 seats' },
      { label: 'Price', from: '$499.00', to: '$549.00' },
    ]);

    const created = page.filter((entry) => entry.action === 'workshop_date_created').map((entry) => entry.summary);
    expect(created).toEqual(['admin@test.local created the workshop date Prototype Lab, Fri, July 11, 2031', 'admin@test.local created the workshop date Prototype Lab, Fri, July 4, 2031']);

    for (const entry of page) {
      const words = wordsOf(entry);
      expect(words, entry.action).not.toContain('workshopDateId');
      expect(words, entry.action).not.toContain('_');
      // No camelCase key, and no thing told by its number.
      expect(words, entry.action).not.toMatch(/\b[a-z]+[A-Z]\w*/);
      expect(words, entry.action).not.toMatch(/#\d|workshop date \d/i);
    }
  });

  it('names the thing of a row whose ids no longer lead anywhere without showing the ids', async () => {
    await app.database.db.insert(auditLog).values({ actor: 'system', action: 'reservation_expired', entity: 'booking', entityId: '987654', details: { workshopDateId: 876543, unconfirmed: false } });
    const [newest] = (await get('?limit=1')).json() as Entry[];
    expect(newest!.summary).toBe('The system released a booking: the unpaid reservation ran out');
  });
});
