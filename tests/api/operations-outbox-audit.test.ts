import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox } from '../../src/server/db/schema';
import { createTestApp, loginAsAdmin, type TestApp } from '../helpers/test-app';

let app: TestApp;
let admin: Record<string, string>;
let nudges = 0;

beforeAll(async () => {
  app = await createTestApp({ seed: false, onEmailQueued: () => nudges++ });
  admin = (await loginAsAdmin(app)).headers;
});
afterAll(async () => {
  await app.close();
});

async function outboxRow(status: 'pending' | 'sent' | 'failed') {
  const [row] = await app.database.db
    .insert(emailOutbox)
    .values({
      to: `${status}@example.com`,
      subject: `A ${status} e-mail`,
      html: '<p>x</p>',
      kind: 'test',
      status,
      attempts: status === 'pending' ? 0 : 12,
      lastError: status === 'failed' ? 'Connection Error: ECONNREFUSED' : null,
      nextAttemptAt: new Date(Date.now() + 86_400_000),
      sentAt: status === 'sent' ? new Date() : null,
    })
    .returning();
  return row!;
}

const retry = (id: number | string, headers = admin) => app.inject({ method: 'POST', url: `/api/admin/outbox/${id}/retry`, headers });

describe('POST /api/admin/outbox/{id}/retry', () => {
  it('puts a failed e-mail back in the queue, due now, with fresh attempts, and wakes the worker', async () => {
    const failed = await outboxRow('failed');
    const before = nudges;
    const response = await retry(failed.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, id: failed.id });
    const [row] = await app.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, failed.id));
    expect(row!.status).toBe('pending');
    expect(row!.attempts).toBe(0);
    expect(row!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(nudges).toBe(before + 1);
    const [entry] = await app.database.db.select().from(auditLog).where(eq(auditLog.action, 'email.retry'));
    expect(entry).toMatchObject({ actor: 'admin@test.local', entity: 'email_outbox', entityId: String(failed.id) });

    // The list shows it as pending again.
    const list = (await app.inject({ method: 'GET', url: '/api/admin/outbox', headers: admin })).json() as { id: number; status: string }[];
    expect(list.find((e) => e.id === failed.id)?.status).toBe('pending');
  });

  it('refuses an e-mail that has not failed with 409, and changes nothing', async () => {
    for (const status of ['pending', 'sent'] as const) {
      const row = await outboxRow(status);
      const response = await retry(row.id);
      expect(response.statusCode, status).toBe(409);
      expect(response.json()).toEqual({ message: 'Only a failed e-mail can be retried.' });
      const [after] = await app.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, row.id));
      expect(after!.status).toBe(status);
      expect(after!.attempts).toBe(row.attempts);
      expect(after!.nextAttemptAt.getTime()).toBe(row.nextAttemptAt.getTime());
    }
  });

  it('answers 404 for an e-mail that does not exist, and 401 without an admin session', async () => {
    expect((await retry(999_999)).statusCode).toBe(404);
    expect((await retry(999_999)).json()).toEqual({ message: 'E-mail not found' });
    const failed = await outboxRow('failed');
    expect((await retry(failed.id, {})).statusCode).toBe(401);
    const [row] = await app.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, failed.id));
    expect(row!.status).toBe('failed');
  });
});

describe('GET /api/admin/audit-log', () => {
  it('lists who did what, newest first, in pages', async () => {
    await app.database.db.delete(auditLog);
    const rows = await app.database.db
      .insert(auditLog)
      .values(
        Array.from({ length: 7 }, (_, i) => ({
          actor: `admin${i}@example.com`,
          action: 'workshop.update',
          entity: 'workshop_date',
          entityId: String(100 + i),
          details: { seatsTotal: i },
        })),
      )
      .returning({ id: auditLog.id });
    const ids = rows.map((r) => r.id).sort((a, b) => b - a);

    expect((await app.inject({ method: 'GET', url: '/api/admin/audit-log' })).statusCode).toBe(401);

    const first = await app.inject({ method: 'GET', url: '/api/admin/audit-log?limit=3', headers: admin });
    expect(first.statusCode).toBe(200);
    const page1 = first.json() as { id: number; actor: string; action: string; entity: string; entityId: string; details: unknown; createdAt: string }[];
    expect(page1.map((e) => e.id)).toEqual(ids.slice(0, 3));
    expect(page1[0]).toMatchObject({ actor: 'admin6@example.com', action: 'workshop.update', entity: 'workshop_date', entityId: '106', details: { seatsTotal: 6 } });
    expect(Number.isNaN(Date.parse(page1[0]!.createdAt))).toBe(false);

    const page2 = (await app.inject({ method: 'GET', url: `/api/admin/audit-log?limit=3&before=${page1[2]!.id}`, headers: admin })).json() as { id: number }[];
    expect(page2.map((e) => e.id)).toEqual(ids.slice(3, 6));
    const page3 = (await app.inject({ method: 'GET', url: `/api/admin/audit-log?limit=3&before=${page2[2]!.id}`, headers: admin })).json() as { id: number }[];
    expect(page3.map((e) => e.id)).toEqual(ids.slice(6));

    // Default page size 50; a limit past 200 is refused.
    const all = (await app.inject({ method: 'GET', url: '/api/admin/audit-log', headers: admin })).json() as unknown[];
    expect(all).toHaveLength(7);
    expect((await app.inject({ method: 'GET', url: '/api/admin/audit-log?limit=500', headers: admin })).statusCode).toBe(400);
  });

  it('records admin sign-ins, which the list then shows', async () => {
    await loginAsAdmin(app);
    const list = (await app.inject({ method: 'GET', url: '/api/admin/audit-log?limit=5', headers: admin })).json() as { actor: string; action: string }[];
    expect(list[0]?.actor).toBe('admin@test.local');
    expect(list[0]?.action).toMatch(/login/i);
  });
});
