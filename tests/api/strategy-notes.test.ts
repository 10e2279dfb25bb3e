import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, strategyNotes } from '../../src/server/db/schema';
import { clientHeaders, TEST_ADMIN, adminTestSession } from '../helpers/test-app';

/** Spec §2 Strategy Notes tab, §3 entity, §5 validation, §7 calls, §9 categories. */

const session = adminTestSession();
const { call } = session;
const create = (payload: Record<string, unknown>) => call('POST', '/api/strategy-notes', payload);
const update = (id: number, payload: Record<string, unknown>) => call('PUT', `/api/strategy-notes/${id}`, payload);
const rowOf = async (id: number) => (await session.db.select().from(strategyNotes).where(eq(strategyNotes.id, id)))[0];
const noteCount = async () => (await session.db.select({ id: strategyNotes.id }).from(strategyNotes)).length;
const auditsOf = (id: number) =>
  session.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'strategy_note'), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id));

async function createNote(payload: Record<string, unknown> = {}): Promise<number> {
  const response = await create({ title: 'Opening', content: 'Say **hello**.', ...payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as number;
}

describe('guard', () => {
  it('answers 401 without a session and writes nothing', async () => {
    const before = await noteCount();
    const response = await session.app.inject({
      method: 'POST',
      url: '/api/strategy-notes',
      headers: clientHeaders,
      payload: { title: 'Sneaky', content: 'Not allowed' },
    });
    expect(response.statusCode).toBe(401);
    expect(await noteCount()).toBe(before);
  });
});

describe('POST /api/strategy-notes', () => {
  it('creates a note with the fields given and the defaults (no category, not archived)', async () => {
    const response = await create({ title: '  Warm-up  ', content: '# Plan\n\n- one\n- two\n' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      id: expect.any(Number),
      title: 'Warm-up',
      content: '# Plan\n\n- one\n- two',
      category: null,
      isArchived: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const row = await rowOf(body.id);
    expect(row).toMatchObject({ title: 'Warm-up', content: '# Plan\n\n- one\n- two', category: null, isArchived: false });
    expect(body.createdAt).toBe(row!.createdAt.toISOString());
  });

  it('keeps a category and the archived flag', async () => {
    const id = await createNote({ category: 'feedback', isArchived: true });
    expect(await rowOf(id)).toMatchObject({ category: 'feedback', isArchived: true });
  });

  it("stores 'none', '' and null categories as null", async () => {
    for (const category of ['none', '', null]) {
      const id = await createNote({ category });
      expect((await rowOf(id))!.category, JSON.stringify(category)).toBeNull();
    }
  });

  it('refuses a missing or blank title, content and an unknown category with the exact messages', async () => {
    const before = await noteCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ content: 'Body' }, 'Title is required'],
      [{ title: '   ', content: 'Body' }, 'Title is required'],
      [{ title: 'T' }, 'Content is required'],
      [{ title: 'T', content: ' \n ' }, 'Content is required'],
      [{ title: 'x'.repeat(201), content: 'Body' }, 'Title must be 200 characters or less'],
      [{ title: 'T', content: 'x'.repeat(50_001) }, 'Content must be 50,000 characters or less'],
      [{ title: 'T', content: 'Body', category: 'marketing' }, 'Category must be one of preparation, presentation, activities, resources, feedback, or none'],
      [{ title: 'T', content: 'Body', isArchived: 'yes' }, 'isArchived must be true or false'],
    ];
    for (const [payload, message] of cases) {
      const response = await create(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect(await noteCount()).toBe(before);
  });

  it('accepts content of exactly 50,000 characters', async () => {
    const id = await createNote({ content: 'y'.repeat(50_000) });
    expect((await rowOf(id))!.content).toHaveLength(50_000);
  });

  it('records who created the note', async () => {
    const id = await createNote({ title: 'Audited', category: 'resources' });
    const audits = await auditsOf(id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actor: TEST_ADMIN.email,
      action: 'strategy_note_created',
      details: { title: 'Audited', category: 'resources', isArchived: false },
    });
  });
});

describe('GET /api/strategy-notes', () => {
  it('lists active and archived notes, the most recently updated first', async () => {
    const first = await createNote({ title: 'First' });
    const archived = await createNote({ title: 'Archived one', isArchived: true });
    const third = await createNote({ title: 'Third' });
    // Editing the first note moves it to the top.
    expect((await update(first, { content: 'Edited' })).statusCode).toBe(200);

    const response = await call('GET', '/api/strategy-notes');
    expect(response.statusCode).toBe(200);
    const notes = response.json() as { id: number; updatedAt: string; isArchived: boolean }[];
    expect(notes[0]!.id).toBe(first);
    const ids = notes.map((n) => n.id);
    expect(ids).toContain(archived);
    expect(ids.indexOf(third)).toBeLessThan(ids.indexOf(archived));
    expect(notes.find((n) => n.id === archived)!.isArchived).toBe(true);
    const times = notes.map((n) => Date.parse(n.updatedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});

describe('PUT /api/strategy-notes/:id', () => {
  it('changes only the fields sent and moves updatedAt forward', async () => {
    const id = await createNote({ title: 'Partial', category: 'preparation' });
    const before = await rowOf(id);
    const response = await update(id, { title: 'Partial, renamed' });
    expect(response.statusCode, response.body).toBe(200);
    const after = await rowOf(id);
    expect(after).toMatchObject({ title: 'Partial, renamed', content: 'Say **hello**.', category: 'preparation', isArchived: false });
    expect(after!.updatedAt.getTime()).toBeGreaterThan(before!.updatedAt.getTime());
    expect(after!.createdAt.getTime()).toBe(before!.createdAt.getTime());
    expect(response.json()).toMatchObject({ id, title: 'Partial, renamed', updatedAt: after!.updatedAt.toISOString() });
  });

  it("clears the category with 'none'", async () => {
    const id = await createNote({ category: 'activities' });
    expect((await update(id, { category: 'none' })).statusCode).toBe(200);
    expect((await rowOf(id))!.category).toBeNull();
  });

  it('archives and restores a note, each audited', async () => {
    const id = await createNote({ title: 'Round trip' });
    const archived = await update(id, { isArchived: true });
    expect(archived.statusCode).toBe(200);
    expect(archived.json().isArchived).toBe(true);
    expect((await rowOf(id))!.isArchived).toBe(true);

    // Restoring from the edit form sends the edited fields with isArchived false.
    const restored = await update(id, { title: 'Round trip, again', content: 'New text', category: 'feedback', isArchived: false });
    expect(restored.statusCode).toBe(200);
    expect(await rowOf(id)).toMatchObject({ title: 'Round trip, again', content: 'New text', category: 'feedback', isArchived: false });

    const actions = (await auditsOf(id)).map((a) => a.action);
    expect(actions).toEqual(['strategy_note_created', 'strategy_note_archived', 'strategy_note_restored']);
    const audits = await auditsOf(id);
    expect(audits.every((a) => a.actor === TEST_ADMIN.email)).toBe(true);
  });

  it('refuses invalid values with the exact messages and keeps the note', async () => {
    const id = await createNote({ title: 'Keep me' });
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, 'Title is required'],
      [{ content: '' }, 'Content is required'],
      [{ category: 'other' }, 'Category must be one of preparation, presentation, activities, resources, feedback, or none'],
    ];
    for (const [payload, message] of cases) {
      const response = await update(id, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect(await rowOf(id)).toMatchObject({ title: 'Keep me', content: 'Say **hello**.' });
  });

  it("answers 404 'Strategy note not found'", async () => {
    const response = await update(999_999, { title: 'Ghost' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Strategy note not found' });
  });
});

describe('DELETE /api/strategy-notes/:id', () => {
  it('deletes the note, audits it, and answers 404 afterwards', async () => {
    const id = await createNote({ title: 'Short-lived' });
    const response = await call('DELETE', `/api/strategy-notes/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, id });
    expect(await rowOf(id)).toBeUndefined();

    const deleted = (await auditsOf(id)).find((a) => a.action === 'strategy_note_deleted');
    expect(deleted).toMatchObject({ actor: TEST_ADMIN.email, details: { title: 'Short-lived' } });

    const again = await call('DELETE', `/api/strategy-notes/${id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Strategy note not found' });
  });
});
