import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, testimonials } from '../../src/server/db/schema';
import { clientHeaders, adminTestSession, createTestAppOn } from '../helpers/test-app';

const session = adminTestSession();
const { call } = session;
const create = (payload: Record<string, unknown>) => call('POST', '/api/admin/testimonials', payload);
const rowOf = async (id: number) => (await session.db.select().from(testimonials).where(eq(testimonials.id, id)))[0];
const publicList = async () => (await session.app.inject({ method: 'GET', url: '/api/testimonials' })).json() as { id: number; name: string }[];
const UPLOAD = '/uploads/0123456789abcdef0123456789abcdef.png';

describe('guard', () => {
  it('answers 401 without a session and 403 for a CSRF-less write, writing nothing', async () => {
    expect((await session.app.inject({ method: 'GET', url: '/api/admin/testimonials' })).statusCode).toBe(401);
    const anonymous = await session.app.inject({ method: 'POST', url: '/api/admin/testimonials', headers: clientHeaders, payload: { name: 'Guard', text: 'x' } });
    expect(anonymous.statusCode).toBe(401);
    const noHeader = await session.app.inject({ method: 'POST', url: '/api/admin/testimonials', headers: { cookie: session.headers.cookie! }, payload: { name: 'Guard', text: 'x' } });
    expect(noHeader.statusCode).toBe(403);
    expect(await session.db.select().from(testimonials).where(eq(testimonials.name, 'Guard'))).toHaveLength(0);
  });
});

describe('POST /api/admin/testimonials', () => {
  it('creates a testimonial, trimmed, published by default, with empty optional fields stored as null', async () => {
    const response = await create({ name: '  Grace Hopper ', text: ' Brilliant workshop. ', role: '', organization: '  ', profileImageUrl: '' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      id: expect.any(Number),
      name: 'Grace Hopper',
      text: 'Brilliant workshop.',
      role: null,
      organization: null,
      profileImageUrl: null,
      sortOrder: null,
      isPublished: true,
      createdAt: expect.any(String),
    });
    expect(await rowOf(body.id)).toMatchObject({ name: 'Grace Hopper', text: 'Brilliant workshop.', role: null, isPublished: true, sortOrder: null });
    const [audit] = await session.db.select().from(auditLog).where(eq(auditLog.action, 'testimonial_created'));
    expect(audit).toMatchObject({ actor: 'admin@test.local', entity: 'testimonial', entityId: String(body.id) });
  });

  it('keeps role, organisation, an uploaded avatar, sort order and an unpublished flag', async () => {
    const response = await create({ name: 'Alan', text: 'Good.', role: 'CTO', organization: 'Bletchley', profileImageUrl: UPLOAD, sortOrder: '7', isPublished: false });
    expect(response.statusCode).toBe(201);
    expect(await rowOf(response.json().id)).toMatchObject({ role: 'CTO', organization: 'Bletchley', profileImageUrl: UPLOAD, sortOrder: 7, isPublished: false });
  });

  it('accepts an https avatar URL', async () => {
    const response = await create({ name: 'Linked', text: 'Hi', profileImageUrl: 'https://images.example.com/a.jpg' });
    expect(response.statusCode).toBe(201);
    expect(response.json().profileImageUrl).toBe('https://images.example.com/a.jpg');
  });

  it.each([
    [{ text: 'No name' }, 'Name is required'],
    [{ name: '   ', text: 'Blank name' }, 'Name is required'],
    [{ name: 'No text' }, 'Testimonial text is required'],
    [{ name: 'Blank text', text: '  ' }, 'Testimonial text is required'],
    [{ name: 'x'.repeat(201), text: 'Long name' }, 'Name must be 200 characters or less'],
    [{ name: 'Long text', text: 'x'.repeat(2001) }, 'Testimonial text must be 2000 characters or less'],
    [{ name: 'Sort', text: 'x', sortOrder: 1.5 }, 'Sort order must be a whole number'],
    [{ name: 'Sort', text: 'x', sortOrder: 'abc' }, 'Sort order must be a whole number'],
    [{ name: 'Js', text: 'x', profileImageUrl: 'javascript:alert(1)' }, 'Please enter an uploaded image or a valid http(s) image URL'],
    [{ name: 'Data', text: 'x', profileImageUrl: 'data:image/svg+xml;base64,PHN2Zz4=' }, 'Please enter an uploaded image or a valid http(s) image URL'],
    [{ name: 'Path', text: 'x', profileImageUrl: '/uploads/../secret.png' }, 'Please enter an uploaded image or a valid http(s) image URL'],
  ])('refuses a bad field: case %#', async (payload, message) => {
    const response = await create(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});

describe('GET /api/admin/testimonials and the public list', () => {
  it('lists every testimonial in the public order (sortOrder, missing as 0, then id), unpublished ones only for the admin', async () => {
    await session.db.delete(testimonials);
    const minus = (await create({ name: 'Minus', text: 't', sortOrder: -1 })).json();
    const none = (await create({ name: 'None', text: 't' })).json();
    const zero = (await create({ name: 'Zero', text: 't', sortOrder: 0 })).json();
    const hidden = (await create({ name: 'Hidden', text: 't', sortOrder: 1, isPublished: false })).json();
    const five = (await create({ name: 'Five', text: 't', sortOrder: 5 })).json();

    const admin = await call('GET', '/api/admin/testimonials');
    expect(admin.statusCode).toBe(200);
    expect(admin.json().map((t: { id: number }) => t.id)).toEqual([minus.id, none.id, zero.id, hidden.id, five.id]);
    expect((await publicList()).map((t) => t.id)).toEqual([minus.id, none.id, zero.id, five.id]);
  });
});

describe('PUT /api/admin/testimonials/{id}', () => {
  it('changes only the fields sent, and publishing shows it publicly at once', async () => {
    const created = (await create({ name: 'Draft', text: 'Original', role: 'Dev', sortOrder: 3, isPublished: false })).json();
    expect((await publicList()).some((t) => t.id === created.id)).toBe(false);

    const published = await call('PUT', `/api/admin/testimonials/${created.id}`, { isPublished: true });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ name: 'Draft', text: 'Original', role: 'Dev', sortOrder: 3, isPublished: true });
    expect((await publicList()).some((t) => t.id === created.id)).toBe(true);

    const edited = await call('PUT', `/api/admin/testimonials/${created.id}`, { name: 'Final', role: '', sortOrder: null, profileImageUrl: UPLOAD });
    expect(edited.statusCode).toBe(200);
    expect(await rowOf(created.id)).toMatchObject({ name: 'Final', text: 'Original', role: null, sortOrder: null, profileImageUrl: UPLOAD, isPublished: true });
    const audits = await session.db.select().from(auditLog).where(eq(auditLog.action, 'testimonial_updated'));
    expect(audits.filter((a) => a.entityId === String(created.id))).toHaveLength(2);
  });

  it('refuses a blank name on edit and keeps the row', async () => {
    const created = (await create({ name: 'Keep', text: 'Me' })).json();
    const response = await call('PUT', `/api/admin/testimonials/${created.id}`, { name: ' ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Name is required');
    expect((await rowOf(created.id))!.name).toBe('Keep');
  });

  it('answers 404 for an unknown id', async () => {
    const response = await call('PUT', '/api/admin/testimonials/999999', { name: 'Ghost' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Testimonial not found');
  });
});

describe('DELETE /api/admin/testimonials/{id}', () => {
  it('deletes the row, removes it from the public list, and audits it', async () => {
    const created = (await create({ name: 'Gone soon', text: 'Bye' })).json();
    expect((await publicList()).some((t) => t.id === created.id)).toBe(true);
    const response = await call('DELETE', `/api/admin/testimonials/${created.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, id: created.id });
    expect(await rowOf(created.id)).toBeUndefined();
    expect((await publicList()).some((t) => t.id === created.id)).toBe(false);
    const [audit] = await session.db.select().from(auditLog).where(eq(auditLog.action, 'testimonial_deleted'));
    expect(audit?.entityId).toBe(String(created.id));
    expect((await call('DELETE', `/api/admin/testimonials/${created.id}`)).statusCode).toBe(404);
  });
});

describe('the public read cache', () => {
  it('is cleared by every write, so the landing page shows the change at once', async () => {
    // An app with a long public cache on the same database: only clear() can make changes visible.
    const cached = await createTestAppOn(session.app.database, { publicCacheMs: 60 * 60 * 1000 });
    try {
      const names = async () => ((await cached.inject({ method: 'GET', url: '/api/testimonials' })).json() as { name: string }[]).map((t) => t.name);
      await names();
      const post = await cached.inject({ method: 'POST', url: '/api/admin/testimonials', headers: session.headers, payload: { name: 'Cached Once', text: 'x' } });
      expect(post.statusCode).toBe(201);
      expect(await names()).toContain('Cached Once');

      const id = post.json().id;
      await cached.inject({ method: 'PUT', url: `/api/admin/testimonials/${id}`, headers: session.headers, payload: { isPublished: false } });
      expect(await names()).not.toContain('Cached Once');
      await cached.inject({ method: 'PUT', url: `/api/admin/testimonials/${id}`, headers: session.headers, payload: { isPublished: true, name: 'Cached Twice' } });
      expect(await names()).toContain('Cached Twice');
      await cached.inject({ method: 'DELETE', url: `/api/admin/testimonials/${id}`, headers: session.headers });
      expect(await names()).not.toContain('Cached Twice');
    } finally {
      await cached.close();
    }
  });
});
