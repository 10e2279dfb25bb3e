import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcementInterest, announcements, contactMessages, newsletterSubscribers } from '../../src/server/db/schema';
import { clientHeaders, createTestApp, type TestApp } from '../helpers/test-app';

let app: TestApp;
let formAnnouncementId: number;
let plainAnnouncementId: number;

beforeAll(async () => {
  app = await createTestApp();
  const rows = await app.database.db
    .insert(announcements)
    .values([
      { title: 'With form', content: 'Tell us', emailFormEnabled: true },
      { title: 'Without form', content: 'Just news', emailFormEnabled: false },
    ])
    .returning();
  formAnnouncementId = rows[0]!.id;
  plainAnnouncementId = rows[1]!.id;
});
afterAll(async () => {
  await app.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = clientHeaders) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers });

const validMessage = { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'Team booking', message: 'Can I bring my team of five?' };

describe('POST /api/contact', () => {
  it.each([
    [{ name: 'A' }, 'Name must be at least 2 characters'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ subject: 'x' }, 'Subject must be at least 2 characters'],
    [{ message: 'too short' }, 'Message must be at least 10 characters'],
  ])('refuses %o with "%s" and stores nothing', async (override, message) => {
    const before = await app.database.db.select().from(contactMessages);
    const response = await post('/api/contact', { ...validMessage, ...override });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await app.database.db.select().from(contactMessages)).toHaveLength(before.length);
  });

  it('stores a valid message', async () => {
    const response = await post('/api/contact', validMessage);
    expect(response.statusCode).toBe(201);
    const [row] = await app.database.db.select().from(contactMessages).where(eq(contactMessages.id, response.json().id));
    expect(row).toMatchObject({ ...validMessage, isRead: false });
  });

  it('subscribes the sender to the newsletter only when asked', async () => {
    await post('/api/contact', { ...validMessage, email: 'quiet@example.com' });
    await post('/api/contact', { ...validMessage, email: 'Keen@Example.com', subscribeToNewsletter: true });
    const emails = (await app.database.db.select().from(newsletterSubscribers)).map((s) => s.email);
    expect(emails).toContain('keen@example.com');
    expect(emails).not.toContain('quiet@example.com');
  });

  it('answers malformed JSON with 400 and a message, never a stack trace', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { ...clientHeaders, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: expect.any(String) });
    expect(response.body).not.toMatch(/at .*\.(ts|js):\d+/);
  });
});

describe('POST /api/announcements/interest', () => {
  it('records interest once per address', async () => {
    for (let i = 0; i < 2; i++) {
      const response = await post('/api/announcements/interest', { email: 'fan@example.com', announcementId: formAnnouncementId });
      expect(response.statusCode).toBe(201);
    }
    const rows = await app.database.db
      .select()
      .from(announcementInterest)
      .where(and(eq(announcementInterest.announcementId, formAnnouncementId), eq(announcementInterest.email, 'fan@example.com')));
    expect(rows).toHaveLength(1);
  });

  it('refuses an invalid address with the specification\'s message', async () => {
    const response = await post('/api/announcements/interest', { email: 'fan@example', announcementId: formAnnouncementId });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please enter a valid email address');
  });

  it('refuses interest in an announcement without the form', async () => {
    const response = await post('/api/announcements/interest', { email: 'fan@example.com', announcementId: plainAnnouncementId });
    expect(response.statusCode).toBe(404);
    expect(await app.database.db.select().from(announcementInterest).where(eq(announcementInterest.announcementId, plainAnnouncementId))).toHaveLength(0);
  });
});

describe('CSRF guard', () => {
  it('refuses a state-changing call that carries a session cookie but no X-Client-Source, and stores nothing', async () => {
    const before = await app.database.db.select().from(contactMessages);
    const response = await post('/api/contact', { ...validMessage, subject: 'Forged' }, { cookie: 'sid=abc' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toEqual(expect.any(String));
    expect(await app.database.db.select().from(contactMessages)).toHaveLength(before.length);
  });

  it('lets the same call through with the header, or without a session cookie', async () => {
    expect((await post('/api/contact', validMessage, { ...clientHeaders, cookie: 'sid=abc' })).statusCode).toBe(201);
    expect((await post('/api/contact', validMessage, {})).statusCode).toBe(201);
  });
});
