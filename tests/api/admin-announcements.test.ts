import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { announcementInterest, announcements, auditLog } from '../../src/server/db/schema';
import { clientHeaders, adminTestSession, createTestAppOn } from '../helpers/test-app';

const session = adminTestSession();
const { call } = session;
const create = (payload: Record<string, unknown>) => call('POST', '/api/admin/announcements', payload);
const rowOf = async (id: number) => (await session.db.select().from(announcements).where(eq(announcements.id, id)))[0];
type PublicAnnouncement = { id: number; title: string; content: string; emailFormEnabled: boolean; imageUrl: string | null };
const publicList = async () => (await session.app.inject({ method: 'GET', url: '/api/announcements' })).json() as PublicAnnouncement[];
const registerInterest = (announcementId: number, email: string) =>
  session.app.inject({ method: 'POST', url: '/api/announcements/interest', headers: clientHeaders, payload: { announcementId, email } });

/** Each hostile piece and a test that it is gone from the stored HTML. */
const HOSTILE = [
  '<p>Hello <strong>world</strong></p>',
  '<script>alert(document.cookie)</script>',
  '<img src="https://img.example.com/x.png" onerror="alert(1)">',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="https://example.com" target="_blank">safe</a>',
  '<svg onload="alert(1)"><circle r="5"/></svg>',
  '<iframe src="https://evil.example.com"></iframe>',
  '<div style="position:fixed;inset:0" onclick="steal()">overlay</div>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
].join('\n');

function expectClean(html: string) {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/alert/i);
  expect(html).not.toMatch(/\son\w+=/i);
  expect(html).not.toMatch(/javascript:/i);
  expect(html).not.toMatch(/<svg/i);
  expect(html).not.toMatch(/<iframe/i);
  expect(html).not.toMatch(/style=/i);
  expect(html).not.toMatch(/data:/i);
  // What is safe survives.
  expect(html).toContain('<p>Hello <strong>world</strong></p>');
  expect(html).toContain('<img src="https://img.example.com/x.png" />');
  expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">safe</a>');
  expect(html).toContain('<a>click</a>');
}

describe('guard', () => {
  it('answers 401 without a session on every call and writes nothing', async () => {
    const before = (await session.db.select().from(announcements)).length;
    for (const [method, url] of [
      ['GET', '/api/admin/announcements'],
      ['POST', '/api/admin/announcements'],
      ['PUT', '/api/admin/announcements/1'],
      ['DELETE', '/api/admin/announcements/1'],
      ['GET', '/api/admin/announcements/1/interest'],
      ['POST', '/api/admin/announcements/preview'],
    ] as const) {
      const response = await session.app.inject({ method, url, headers: clientHeaders, payload: method === 'GET' || method === 'DELETE' ? undefined : { title: 'Guard', content: 'x' } });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await session.db.select().from(announcements)).length).toBe(before);
  });
});

describe('POST /api/admin/announcements', () => {
  it('creates an announcement with the defaults (published, no interest form, sort 0)', async () => {
    const response = await create({ title: '  Summer cohort ', content: '<p>Seats open</p>' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      id: expect.any(Number),
      title: 'Summer cohort',
      content: '<p>Seats open</p>',
      imageUrl: null,
      emailFormEnabled: false,
      isPublished: true,
      sortOrder: 0,
      interestCount: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await rowOf(body.id)).toMatchObject({ title: 'Summer cohort', content: '<p>Seats open</p>', emailFormEnabled: false, isPublished: true, sortOrder: 0 });
    const [audit] = await session.db.select().from(auditLog).where(eq(auditLog.action, 'announcement_created'));
    expect(audit).toMatchObject({ actor: 'admin@test.local', entity: 'announcement', entityId: String(body.id) });
  });

  it('strips hostile HTML before storing it (script, event handlers, javascript: links, SVG)', async () => {
    const response = await create({ title: 'Hostile', content: HOSTILE });
    expect(response.statusCode).toBe(201);
    const stored = (await rowOf(response.json().id))!.content;
    expectClean(stored);
    expect(response.json().content).toBe(stored);
    const served = (await publicList()).find((a) => a.id === response.json().id);
    expectClean(served!.content);
  });

  it('keeps an image, the interest-form switch, a sort order and an unpublished flag', async () => {
    const imageUrl = '/uploads/abcdefabcdefabcdefabcdefabcdefab.webp';
    const response = await create({ title: 'Options', content: '', imageUrl, emailFormEnabled: true, isPublished: false, sortOrder: 4 });
    expect(response.statusCode).toBe(201);
    expect(await rowOf(response.json().id)).toMatchObject({ imageUrl, emailFormEnabled: true, isPublished: false, sortOrder: 4, content: '' });
  });

  it.each([
    [{ content: '<p>x</p>' }, 'Title is required'],
    [{ title: '   ' }, 'Title is required'],
    [{ title: 'x'.repeat(201) }, 'Title must be 200 characters or less'],
    [{ title: 'Long', content: 'x'.repeat(50_001) }, 'Content must be 50,000 characters or less'],
    [{ title: 'Sort', sortOrder: 2.5 }, 'Sort order must be a whole number'],
    [{ title: 'Img', imageUrl: 'javascript:alert(1)' }, 'Please enter an uploaded image or a valid http(s) image URL'],
    [{ title: 'Flag', emailFormEnabled: 'yes' }, 'emailFormEnabled must be true or false'],
  ])('refuses a bad field: case %#', async (payload, message) => {
    const response = await create(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});

describe('POST /api/admin/announcements/preview', () => {
  it('answers the sanitised HTML without storing anything', async () => {
    const before = (await session.db.select().from(announcements)).length;
    const response = await call('POST', '/api/admin/announcements/preview', { content: HOSTILE });
    expect(response.statusCode).toBe(200);
    expectClean(response.json().content);
    expect((await session.db.select().from(announcements)).length).toBe(before);
  });
});

describe('GET /api/admin/announcements and the public list', () => {
  it('lists all in the public order with interest counts; the public list hides unpublished ones', async () => {
    await session.db.delete(announcements);
    const late = (await create({ title: 'Late', sortOrder: 2 })).json();
    const first = (await create({ title: 'First', sortOrder: 0 })).json();
    const draft = (await create({ title: 'Draft', sortOrder: 1, isPublished: false })).json();
    const withForm = (await create({ title: 'Form', sortOrder: 1, emailFormEnabled: true })).json();
    expect((await registerInterest(withForm.id, 'a@example.com')).statusCode).toBe(201);
    expect((await registerInterest(withForm.id, 'b@example.com')).statusCode).toBe(201);

    const admin = await call('GET', '/api/admin/announcements');
    expect(admin.statusCode).toBe(200);
    const list = admin.json() as { id: number; interestCount: number }[];
    // sortOrder, then newest first.
    expect(list.map((a) => a.id)).toEqual([first.id, withForm.id, draft.id, late.id]);
    expect(list.find((a) => a.id === withForm.id)!.interestCount).toBe(2);
    expect(list.find((a) => a.id === first.id)!.interestCount).toBe(0);
    expect((await publicList()).map((a) => a.id)).toEqual([first.id, withForm.id, late.id]);
  });
});

describe('PUT /api/admin/announcements/{id}', () => {
  it('changes only the fields sent, sanitises new content, and the public list follows at once', async () => {
    const created = (await create({ title: 'Toggle me', content: '<p>Before</p>' })).json();
    expect((await publicList()).find((a) => a.id === created.id)!.emailFormEnabled).toBe(false);

    const formOn = await call('PUT', `/api/admin/announcements/${created.id}`, { emailFormEnabled: true });
    expect(formOn.statusCode).toBe(200);
    expect(formOn.json()).toMatchObject({ title: 'Toggle me', content: '<p>Before</p>', emailFormEnabled: true, isPublished: true });
    expect((await publicList()).find((a) => a.id === created.id)!.emailFormEnabled).toBe(true);
    expect((await registerInterest(created.id, 'fan@example.com')).statusCode).toBe(201);

    const edited = await call('PUT', `/api/admin/announcements/${created.id}`, { content: HOSTILE, title: 'Edited' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().interestCount).toBe(1);
    const row = (await rowOf(created.id))!;
    expect(row.title).toBe('Edited');
    expect(row.emailFormEnabled).toBe(true);
    expectClean(row.content);

    const hidden = await call('PUT', `/api/admin/announcements/${created.id}`, { isPublished: false });
    expect(hidden.statusCode).toBe(200);
    expect((await publicList()).some((a) => a.id === created.id)).toBe(false);

    const formOff = await call('PUT', `/api/admin/announcements/${created.id}`, { isPublished: true, emailFormEnabled: false });
    expect(formOff.statusCode).toBe(200);
    // With the form switched off the public interest call is refused.
    expect((await registerInterest(created.id, 'late@example.com')).statusCode).toBe(404);
  });

  it('refuses a blank title and answers 404 for an unknown id', async () => {
    const created = (await create({ title: 'Stays' })).json();
    const blank = await call('PUT', `/api/admin/announcements/${created.id}`, { title: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Title is required');
    expect((await rowOf(created.id))!.title).toBe('Stays');
    const missing = await call('PUT', '/api/admin/announcements/999999', { title: 'Ghost' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Announcement not found');
  });
});

describe('GET /api/admin/announcements/{id}/interest', () => {
  it('lists the interested addresses newest first', async () => {
    const created = (await create({ title: 'Interest', emailFormEnabled: true })).json();
    await session.db.insert(announcementInterest).values([
      { announcementId: created.id, email: 'old@example.com', createdAt: new Date('2030-01-01T00:00:00Z') },
      { announcementId: created.id, email: 'new@example.com', createdAt: new Date('2030-03-01T00:00:00Z') },
      { announcementId: created.id, email: 'mid@example.com', createdAt: new Date('2030-02-01T00:00:00Z') },
    ]);
    const response = await call('GET', `/api/admin/announcements/${created.id}/interest`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: expect.any(Number), email: 'new@example.com', createdAt: '2030-03-01T00:00:00.000Z' },
      { id: expect.any(Number), email: 'mid@example.com', createdAt: '2030-02-01T00:00:00.000Z' },
      { id: expect.any(Number), email: 'old@example.com', createdAt: '2030-01-01T00:00:00.000Z' },
    ]);
  });

  it('answers 404 for an unknown announcement', async () => {
    const response = await call('GET', '/api/admin/announcements/999999/interest');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Announcement not found');
  });
});

describe('DELETE /api/admin/announcements/{id}', () => {
  it('deletes the announcement with its interest list, hides it publicly, and audits it', async () => {
    const created = (await create({ title: 'Bye', emailFormEnabled: true })).json();
    await registerInterest(created.id, 'x@example.com');
    const response = await call('DELETE', `/api/admin/announcements/${created.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, id: created.id });
    expect(await rowOf(created.id)).toBeUndefined();
    expect(await session.db.select().from(announcementInterest).where(eq(announcementInterest.announcementId, created.id))).toHaveLength(0);
    expect((await publicList()).some((a) => a.id === created.id)).toBe(false);
    const audits = await session.db.select().from(auditLog).where(eq(auditLog.action, 'announcement_deleted'));
    expect(audits.some((a) => a.entityId === String(created.id))).toBe(true);
    expect((await call('DELETE', `/api/admin/announcements/${created.id}`)).statusCode).toBe(404);
  });
});

describe('the public read cache', () => {
  it('is cleared by every write', async () => {
    const cached = await createTestAppOn(session.app.database, { publicCacheMs: 60 * 60 * 1000 });
    try {
      const titles = async () => ((await cached.inject({ method: 'GET', url: '/api/announcements' })).json() as { title: string }[]).map((a) => a.title);
      await titles();
      const post = await cached.inject({ method: 'POST', url: '/api/admin/announcements', headers: session.headers, payload: { title: 'Cached news' } });
      expect(post.statusCode).toBe(201);
      expect(await titles()).toContain('Cached news');
      await cached.inject({ method: 'PUT', url: `/api/admin/announcements/${post.json().id}`, headers: session.headers, payload: { title: 'Cached news 2' } });
      expect(await titles()).toContain('Cached news 2');
      await cached.inject({ method: 'DELETE', url: `/api/admin/announcements/${post.json().id}`, headers: session.headers });
      expect(await titles()).not.toContain('Cached news 2');
    } finally {
      await cached.close();
    }
  });
});
