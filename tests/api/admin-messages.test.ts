import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, contactMessages } from '../../src/server/db/schema';
import { clientHeaders, TEST_ADMIN, adminTestSession } from '../helpers/test-app';

/** Spec §2 Contact Messages tab, §4 (unread becomes read when opened), §7 calls. */


const session = adminTestSession();

type Listed = { id: number; name: string; email: string; subject: string; message: string; createdAt: string; isRead: boolean; repliedAt: string | null };

/** A visitor's message through the public contact form's call; answers the stored id. */
async function sendThroughContactForm(subject: string, message = 'Hello,\nis the workshop right for a team of five?'): Promise<number> {
  const response = await session.app.inject({
    method: 'POST',
    url: '/api/contact',
    headers: clientHeaders,
    payload: { name: 'Grace Hopper', email: 'grace@example.com', subject, message },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as number;
}

const list = () => session.app.inject({ method: 'GET', url: '/api/admin/contact-messages', headers: session.headers });
const rowOf = async (id: number) => (await session.db.select().from(contactMessages).where(eq(contactMessages.id, id)))[0];
const auditRows = (action: string, id: number) =>
  session.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entity, 'contact_message'), eq(auditLog.entityId, String(id))));

describe('GET /api/admin/contact-messages', () => {
  it('lists a message sent through the contact form, unread, with every field', async () => {
    const id = await sendThroughContactForm('Team booking');
    const response = await list();
    expect(response.statusCode).toBe(200);
    const found = (response.json() as Listed[]).find((m) => m.id === id);
    expect(found).toEqual({
      id,
      name: 'Grace Hopper',
      email: 'grace@example.com',
      subject: 'Team booking',
      message: 'Hello,\nis the workshop right for a team of five?',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      isRead: false,
      repliedAt: null,
    });
    const row = await rowOf(id);
    expect(found!.createdAt).toBe(row!.createdAt.toISOString());
  });

  it('lists the newest message first', async () => {
    const db = session.db;
    const [older] = await db
      .insert(contactMessages)
      .values({ name: 'Old', email: 'old@example.com', subject: 'Older', message: 'Written long ago.', createdAt: new Date('2020-01-01T00:00:00Z') })
      .returning();
    const [newer] = await db
      .insert(contactMessages)
      .values({ name: 'New', email: 'new@example.com', subject: 'Newer', message: 'Written in the future.', createdAt: new Date('2099-01-01T00:00:00Z') })
      .returning();
    const listed = (await list()).json() as Listed[];
    const order = listed.map((m) => m.id);
    expect(order[0]).toBe(newer!.id);
    expect(order[order.length - 1]).toBe(older!.id);
    const times = listed.map((m) => Date.parse(m.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('answers 401 without a session', async () => {
    const response = await session.app.inject({ method: 'GET', url: '/api/admin/contact-messages', headers: clientHeaders });
    expect(response.statusCode).toBe(401);
  });
});

describe('PUT /api/admin/contact-messages/:id/read', () => {
  it('marks the message read, keeps it read, and is idempotent', async () => {
    const id = await sendThroughContactForm('Mark me read');
    const first = await session.app.inject({ method: 'PUT', url: `/api/admin/contact-messages/${id}/read`, headers: session.headers, payload: {} });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ id, subject: 'Mark me read', isRead: true, email: 'grace@example.com' });
    expect((await rowOf(id))!.isRead).toBe(true);

    const second = await session.app.inject({ method: 'PUT', url: `/api/admin/contact-messages/${id}/read`, headers: session.headers, payload: {} });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ id, isRead: true });
    expect((await rowOf(id))!.isRead).toBe(true);

    const listed = ((await list()).json() as Listed[]).find((m) => m.id === id);
    expect(listed!.isRead).toBe(true);
    // Only the first call changed anything, so only it is audited.
    const audits = await auditRows('contact_message_read', id);
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actor).toBe(TEST_ADMIN.email);
  });

  it('works with no body and no content type at all', async () => {
    const id = await sendThroughContactForm('No body');
    const response = await session.app.inject({ method: 'PUT', url: `/api/admin/contact-messages/${id}/read`, headers: session.headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id, isRead: true });
    expect((await rowOf(id))!.isRead).toBe(true);
  });

  it('works with an empty body labelled application/json', async () => {
    const id = await sendThroughContactForm('Empty JSON body');
    const response = await session.app.inject({
      method: 'PUT',
      url: `/api/admin/contact-messages/${id}/read`,
      headers: { ...session.headers, 'content-type': 'application/json' },
      body: '',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await rowOf(id))!.isRead).toBe(true);
  });

  it("answers 404 'Message not found' for an unknown or malformed id", async () => {
    for (const id of ['999999', 'abc', '0']) {
      const response = await session.app.inject({ method: 'PUT', url: `/api/admin/contact-messages/${id}/read`, headers: session.headers });
      expect(response.statusCode === 404 || response.statusCode === 400, `${id}: ${response.statusCode}`).toBe(true);
      expect(response.json().message).toBe('Message not found');
    }
    const unknown = await session.app.inject({ method: 'PUT', url: '/api/admin/contact-messages/999999/read', headers: session.headers });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers 401 without a session and leaves the message unread', async () => {
    const id = await sendThroughContactForm('Still unread');
    const response = await session.app.inject({ method: 'PUT', url: `/api/admin/contact-messages/${id}/read`, headers: clientHeaders });
    expect(response.statusCode).toBe(401);
    expect((await rowOf(id))!.isRead).toBe(false);
  });
});

describe('DELETE /api/admin/contact-messages/:id', () => {
  it('deletes the message, audits it, and answers 404 the second time', async () => {
    const id = await sendThroughContactForm('Buy cheap watches');
    const response = await session.app.inject({ method: 'DELETE', url: `/api/admin/contact-messages/${id}`, headers: session.headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(await rowOf(id)).toBeUndefined();
    expect(((await list()).json() as Listed[]).some((m) => m.id === id)).toBe(false);

    const audits = await auditRows('contact_message_deleted', id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actor: TEST_ADMIN.email, details: { email: 'grace@example.com', subject: 'Buy cheap watches', wasRead: false } });

    const again = await session.app.inject({ method: 'DELETE', url: `/api/admin/contact-messages/${id}`, headers: session.headers });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Message not found' });
  });
});
