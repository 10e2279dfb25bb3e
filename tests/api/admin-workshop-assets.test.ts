import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, workshopAssets } from '../../src/server/db/schema';
import { insertBookingsWithOrders } from '../../src/server/db/single-seat-orders';
import { createWorkshopDate } from '../helpers/factories';
import { participantHeaders } from '../helpers/participant-session';
import { clientHeaders, createTestApp, loginAsAdmin, TEST_ADMIN, type TestApp } from '../helpers/test-app';

/** CONTRACT §6: workshop assets in the admin area, and what a participant then sees of them. */

let app: TestApp;
let headers: Record<string, string>;
const ids = {} as Record<'dateA' | 'dateB' | 'bookingA' | 'bookingB', number>;
const PARTICIPANT = 'learner@example.com';


beforeAll(async () => {
  app = await createTestApp();
  ({ headers } = await loginAsAdmin(app));
  const { db } = app.database;
  const dateA = await createWorkshopDate(db, { title: 'Workshop A' });
  const dateB = await createWorkshopDate(db, { title: 'Workshop B' });
  const base = { firstName: 'Lea', lastName: 'Learner', email: PARTICIPANT, originalPriceCents: 10000, finalPriceCents: 10000, discountAmountCents: 0, isPaid: true, status: 'confirmed' as const };
  const rows = await insertBookingsWithOrders(db, [
    { ...base, workshopDateId: dateA.id },
    { ...base, workshopDateId: dateB.id },
  ]);
  Object.assign(ids, { dateA: dateA.id, dateB: dateB.id, bookingA: rows[0]!.id, bookingB: rows[1]!.id });
});
afterAll(async () => {
  await app.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown) =>
  app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const create = (payload: Record<string, unknown>) => call('POST', '/api/admin/workshop-assets', payload);
const update = (id: number, payload: Record<string, unknown>) => call('PUT', `/api/admin/workshop-assets/${id}`, payload);
const rowOf = async (id: number) => (await app.database.db.select().from(workshopAssets).where(eq(workshopAssets.id, id)))[0];
const participantAssets = async (bookingId: number, as: Record<string, string>) => {
  const response = await app.inject({ url: `/api/participant/booking/${bookingId}/assets`, headers: as });
  expect(response.statusCode).toBe(200);
  return response.json() as { id: number; asset: { id: number; title: string; content: string; sortOrder: number } }[];
};

describe('guard', () => {
  it('answers 401 without a session and writes nothing', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/admin/workshop-assets', headers: clientHeaders, payload: { title: 'Sneaky', type: 'tips' } });
    expect(response.statusCode).toBe(401);
    expect((await app.inject({ url: '/api/admin/workshop-assets', headers: clientHeaders })).statusCode).toBe(401);
    expect(await app.database.db.select().from(workshopAssets).where(eq(workshopAssets.title, 'Sneaky'))).toHaveLength(0);
  });
});

describe('create, read, update, delete', () => {
  it('creates an asset for every workshop by default, with sort order 0, and records it', async () => {
    const response = await create({ title: ' Welcome tips ', type: 'tips', description: ' Read first ', content: '<p>Hello</p>' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      id: expect.any(Number),
      workshopDateId: null,
      title: 'Welcome tips',
      description: 'Read first',
      type: 'tips',
      content: '<p>Hello</p>',
      sortOrder: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await rowOf(body.id)).toMatchObject({ workshopDateId: null, title: 'Welcome tips', type: 'tips', sortOrder: 0 });
    const [audit] = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'workshop_asset_created'), eq(auditLog.entityId, String(body.id))));
    expect(audit).toMatchObject({ actor: TEST_ADMIN.email, entity: 'workshop_asset' });
  });

  it('updates any field, moves an asset between a workshop and all, and deletes it', async () => {
    const { id } = (await create({ title: 'Deck', type: 'slides', workshopDateId: ids.dateA, sortOrder: 3 })).json();
    expect((await rowOf(id))!.workshopDateId).toBe(ids.dateA);

    const changed = await update(id, { title: 'Deck v2', type: 'tips', sortOrder: 7, description: '', workshopDateId: ids.dateB });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ title: 'Deck v2', type: 'tips', sortOrder: 7, description: null, workshopDateId: ids.dateB });

    const toAll = await update(id, { workshopDateId: null });
    expect(toAll.json().workshopDateId).toBeNull();
    expect((await rowOf(id))!.workshopDateId).toBeNull();

    const removed = await call('DELETE', `/api/admin/workshop-assets/${id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ success: true, id });
    expect(await rowOf(id)).toBeUndefined();
    expect((await call('DELETE', `/api/admin/workshop-assets/${id}`)).statusCode).toBe(404);
    expect((await update(id, { title: 'x' })).json().message).toBe('Workshop asset not found');
    const actions = (await app.database.db.select().from(auditLog).where(eq(auditLog.entityId, String(id)))).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['workshop_asset_created', 'workshop_asset_updated', 'workshop_asset_deleted']));
  });

  it('refuses an unknown workshop date with 400, on create and update, and writes nothing', async () => {
    const before = (await app.database.db.select().from(workshopAssets)).length;
    const unknown = await create({ title: 'Lost', type: 'tips', workshopDateId: 987_654 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Workshop date not found');
    expect(await app.database.db.select().from(workshopAssets)).toHaveLength(before);

    const { id } = (await create({ title: 'Stays', type: 'tips', workshopDateId: ids.dateA })).json();
    const moved = await update(id, { workshopDateId: 987_654 });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe('Workshop date not found');
    expect((await rowOf(id))!.workshopDateId).toBe(ids.dateA);
  });

  it('refuses invalid input with the schema messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'tips' }, 'Title is required'],
      [{ title: '  ', type: 'tips' }, 'Title is required'],
      [{ title: 'T' }, 'Type must be slides or tips'],
      [{ title: 'T', type: 'video' }, 'Type must be slides or tips'],
      [{ title: 'T', type: 'tips', sortOrder: 1.5 }, 'Sort order must be a whole number'],
      [{ title: 'T', type: 'tips', sortOrder: 'first' }, 'Sort order must be a whole number'],
      [{ title: 'T', type: 'tips', workshopDateId: 'abc' }, 'Workshop date not found'],
      [{ title: 'T', type: 'tips', description: 'd'.repeat(1001) }, 'Description must be 1000 characters or less'],
    ];
    for (const [payload, message] of cases) {
      const response = await create(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message, JSON.stringify(payload)).toBe(message);
    }
  });

  it('strips hostile HTML from the content', async () => {
    const content =
      '<h2>Slide 1</h2><script>alert(1)</script><p onclick="alert(2)">Tap</p><a href="javascript:alert(3)">x</a>' +
      '<svg><script>alert(4)</script></svg><iframe src="https://evil.test"></iframe><img src="https://x.test/a.png" onerror="alert(5)">';
    const response = await create({ title: 'Hostile', type: 'slides', content });
    expect(response.statusCode).toBe(201);
    const stored = (await rowOf(response.json().id))!.content;
    expect(stored).toBe('<h2>Slide 1</h2><p>Tap</p><a>x</a><img src="https://x.test/a.png" />');
    const updated = await update(response.json().id, { content: '<p>ok<script>alert(6)</script></p>' });
    expect(updated.json().content).toBe('<p>ok</p>');
    expect((await rowOf(response.json().id))!.content).toBe('<p>ok</p>');
  });
});

describe('per workshop or for all, as participants see them', () => {
  it("shows a participant their workshop's assets and those for all, not another workshop's, by sortOrder", async () => {
    await app.database.db.delete(workshopAssets);
    const forA = (await create({ title: 'Only A', type: 'slides', workshopDateId: ids.dateA, sortOrder: 2, content: '<p>A slides</p>' })).json();
    const forB = (await create({ title: 'Only B', type: 'slides', workshopDateId: ids.dateB, sortOrder: 0 })).json();
    const forAll = (await create({ title: 'For all', type: 'tips', sortOrder: 1 })).json();

    const learner = await participantHeaders(app, PARTICIPANT);
    const seenA = await participantAssets(ids.bookingA, learner);
    expect(seenA.map((item) => item.asset.title)).toEqual(['For all', 'Only A']);
    expect(seenA[1]!.asset.content).toBe('<p>A slides</p>');
    const seenB = await participantAssets(ids.bookingB, learner);
    expect(seenB.map((item) => item.asset.title)).toEqual(['Only B', 'For all']);

    // The admin list: those for all first, then by workshop date, each by sortOrder.
    const list = (await call('GET', '/api/admin/workshop-assets')).json() as { id: number }[];
    expect(list.map((asset) => asset.id)).toEqual([forAll.id, ...(ids.dateA < ids.dateB ? [forA.id, forB.id] : [forB.id, forA.id])]);

    // A change shows at once.
    await update(forA.id, { sortOrder: 0 });
    expect((await participantAssets(ids.bookingA, learner)).map((item) => item.asset.title)).toEqual(['Only A', 'For all']);
    await update(forB.id, { workshopDateId: ids.dateA });
    expect((await participantAssets(ids.bookingB, learner)).map((item) => item.asset.title)).toEqual(['For all']);
  });

  it('reorders assets in one call: sortOrder 0, 1, 2 in the order sent', async () => {
    await app.database.db.delete(workshopAssets);
    const one = (await create({ title: 'One', type: 'tips', workshopDateId: ids.dateA })).json();
    const two = (await create({ title: 'Two', type: 'tips', workshopDateId: ids.dateA })).json();
    const three = (await create({ title: 'Three', type: 'tips' })).json();
    const response = await call('POST', '/api/admin/workshop-assets/reorder', { ids: [three.id, one.id, two.id] });
    expect(response.statusCode).toBe(200);
    expect((await rowOf(three.id))!.sortOrder).toBe(0);
    expect((await rowOf(one.id))!.sortOrder).toBe(1);
    expect((await rowOf(two.id))!.sortOrder).toBe(2);
    const learner = await participantHeaders(app, PARTICIPANT);
    expect((await participantAssets(ids.bookingA, learner)).map((item) => item.asset.title)).toEqual(['Three', 'One', 'Two']);

    const unknown = await call('POST', '/api/admin/workshop-assets/reorder', { ids: [two.id, one.id, 999_999] });
    expect(unknown.statusCode).toBe(400);
    expect((await rowOf(two.id))!.sortOrder).toBe(2);
    const duplicate = await call('POST', '/api/admin/workshop-assets/reorder', { ids: [two.id, two.id] });
    expect(duplicate.statusCode).toBe(400);
  });
});
