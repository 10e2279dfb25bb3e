import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ensureAdminUser } from '../../src/features/admin-auth/server/admin-auth.service';
import { verifyPassword } from '../../src/features/admin-auth/server/passwords';
import { deleteAdminUser } from '../../src/features/admin-users/server/admin-users.service';
import { adminUsers, auditLog, sessions } from '../../src/server/db/schema';
import { clientHeaders, sessionCookieFrom, TEST_ADMIN, adminTestSession, withTestApp, loginAsAdmin } from '../helpers/test-app';


const session = adminTestSession();

const list = (as = session.headers) => session.app.inject({ method: 'GET', url: '/api/admin/admin-users', headers: as });
const add = (payload: unknown, as = session.headers) => session.app.inject({ method: 'POST', url: '/api/admin/admin-users', headers: as, payload: payload as object });
const remove = (id: number, as = session.headers) => session.app.inject({ method: 'DELETE', url: `/api/admin/admin-users/${id}`, headers: as });
const login = (email: string, password: string) =>
  session.app.inject({ method: 'POST', url: '/api/auth/login2', headers: clientHeaders, payload: { email, password } });
const whoAmI = (cookie: string) => session.app.inject({ method: 'GET', url: '/api/auth/user', headers: { ...clientHeaders, cookie } });
const adminRow = async (email: string) => (await session.db.select().from(adminUsers).where(eq(adminUsers.email, email)))[0];
const adminCount = async () => (await session.db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.isAdmin, true))).length;

const PASSWORD = 'a long enough password';

/** A second admin, signed in: its id and request session.headers. */
async function otherAdmin(email: string) {
  const signedIn = await loginAsAdmin(session.app, { email, password: PASSWORD });
  return { id: (await adminRow(email))!.id, headers: signedIn.headers, cookie: signedIn.cookie };
}

/** The audit rows of this action on this admin user. */
const adminUserAudits = (action: string, id: number) =>
  session.db.select().from(auditLog).where(and(eq(auditLog.entity, 'admin_user'), eq(auditLog.entityId, String(id)), eq(auditLog.action, action)));

describe('guard', () => {
  it('answers 401 without a session, before anything is written', async () => {
    const response = await session.app.inject({ method: 'POST', url: '/api/admin/admin-users', headers: clientHeaders, payload: { email: 'intruder@example.com', password: PASSWORD } });
    expect(response.statusCode).toBe(401);
    expect(await adminRow('intruder@example.com')).toBeUndefined();
    expect((await session.app.inject({ method: 'GET', url: '/api/admin/admin-users', headers: clientHeaders })).statusCode).toBe(401);
  });
});

describe('GET /api/admin/admin-users', () => {
  it('lists admins with email, isAdmin, totpEnabled and createdAt, never the hash or TOTP secret', async () => {
    await session.db.update(adminUsers).set({ totpSecret: 'sealed-secret-value' }).where(eq(adminUsers.email, TEST_ADMIN.email));
    const response = await list();
    expect(response.statusCode).toBe(200);
    const me = (await adminRow(TEST_ADMIN.email))!;
    expect(response.json()).toContainEqual({ id: me.id, email: TEST_ADMIN.email, isAdmin: true, totpEnabled: false, createdAt: me.createdAt.toISOString() });
    for (const admin of response.json() as Record<string, unknown>[]) {
      expect(Object.keys(admin).sort()).toEqual(['createdAt', 'email', 'id', 'isAdmin', 'totpEnabled']);
    }
    expect(response.body).not.toContain(me.passwordHash);
    expect(response.body).not.toContain('sealed-secret-value');
    expect(response.body).not.toContain('argon2');
    await session.db.update(adminUsers).set({ totpSecret: null }).where(eq(adminUsers.email, TEST_ADMIN.email));
  });
});

describe('POST /api/admin/admin-users', () => {
  it('adds an admin, e-mail lower case, Argon2id hash; the new admin can sign in', async () => {
    const response = await add({ email: '  New.Admin@Example.COM ', password: PASSWORD });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ id: expect.any(Number), email: 'new.admin@example.com', isAdmin: true, totpEnabled: false, createdAt: expect.any(String) });
    expect(response.body).not.toContain(PASSWORD);

    const row = (await adminRow('new.admin@example.com'))!;
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row.passwordHash, PASSWORD)).toBe(true);

    const signIn = await login('New.Admin@example.com', PASSWORD);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({ success: true });
    const status = await whoAmI(sessionCookieFrom(signIn)!);
    expect(status.json()).toEqual({ authenticated: true, user: { id: row.id, email: 'new.admin@example.com', isAdmin: true } });

    const audit = await adminUserAudits('admin_created', row.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor).toBe(TEST_ADMIN.email);
    expect(JSON.stringify(audit[0]!.details)).not.toContain(PASSWORD);
  });

  it.each([
    [{ email: 'not-an-email', password: PASSWORD }, 'Please enter a valid email address'],
    [{ email: '', password: PASSWORD }, 'Please enter a valid email address'],
    [{ password: PASSWORD }, 'Please enter a valid email address'],
    [{ email: 'short@example.com', password: 'elevenchars' }, 'Password must be at least 12 characters'],
    [{ email: 'short@example.com' }, 'Password must be at least 12 characters'],
    [{ email: 'short@example.com', password: 'x'.repeat(1001) }, 'Password must be 1000 characters or less'],
  ])('refuses %j with %s', async (payload, message) => {
    const response = await add(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await adminRow('short@example.com')).toBeUndefined();
  });

  it('accepts exactly 12 characters', async () => {
    expect((await add({ email: 'twelve@example.com', password: '123456789012' })).statusCode).toBe(201);
  });

  it('refuses an e-mail that is already an admin, in any letter case, with 409', async () => {
    const response = await add({ email: TEST_ADMIN.email.toUpperCase(), password: PASSWORD });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('An admin with this email already exists');
    const rows = await session.db.select().from(adminUsers);
    expect(rows.filter((row) => row.email.toLowerCase() === TEST_ADMIN.email)).toHaveLength(1);
  });
});

describe('DELETE /api/admin/admin-users/{id}', () => {
  it('removes an admin and ends their sessions; they can no longer sign in', async () => {
    const other = await otherAdmin('leaving@example.com');
    expect((await whoAmI(other.cookie)).json().authenticated).toBe(true);

    const response = await remove(other.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, id: other.id });
    expect(await adminRow('leaving@example.com')).toBeUndefined();
    expect(await session.db.select().from(sessions).where(eq(sessions.adminUserId, other.id))).toHaveLength(0);
    expect((await whoAmI(other.cookie)).json()).toEqual({ authenticated: false, user: null });
    expect((await list(other.headers)).statusCode).toBe(401);
    expect((await login('leaving@example.com', PASSWORD)).statusCode).toBe(401);

    const audit = await adminUserAudits('admin_removed', other.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor).toBe(TEST_ADMIN.email);
  });

  it('answers 404 for an admin that does not exist', async () => {
    const response = await remove(987654);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Admin not found');
  });
});

describe('the last admin', () => {
  it('cannot be removed, not even by themselves', async () => {
    await withTestApp(async (fresh) => {
      const signedIn = await loginAsAdmin(fresh);
      const [only] = await fresh.database.db.select().from(adminUsers);
      const response = await fresh.inject({ method: 'DELETE', url: `/api/admin/admin-users/${only!.id}`, headers: signedIn.headers });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('You cannot remove the last admin');
      expect(await fresh.database.db.select().from(adminUsers)).toHaveLength(1);
    });
  });

  it('survives two admins removing each other at the same moment: exactly one admin is left', async () => {
    await withTestApp(async (fresh) => {
      const a = await loginAsAdmin(fresh, { email: 'alice@example.com', password: PASSWORD });
      const b = await loginAsAdmin(fresh, { email: 'bob@example.com', password: PASSWORD });
      const ids = Object.fromEntries((await fresh.database.db.select().from(adminUsers)).map((row) => [row.email, row.id]));
      expect(Object.keys(ids)).toHaveLength(2);

      const [aRemovesB, bRemovesA] = await Promise.all([
        fresh.inject({ method: 'DELETE', url: `/api/admin/admin-users/${ids['bob@example.com']}`, headers: a.headers }),
        fresh.inject({ method: 'DELETE', url: `/api/admin/admin-users/${ids['alice@example.com']}`, headers: b.headers }),
      ]);
      // The loser is refused either by the last-admin rule (it got the lock second) or, when its
      // request arrived after the winner committed, because its own session went with its row.
      const [winner, loser] = aRemovesB.statusCode === 200 ? [aRemovesB, bRemovesA] : [bRemovesA, aRemovesB];
      expect(winner.statusCode).toBe(200);
      expect([401, 409]).toContain(loser.statusCode);
      if (loser.statusCode === 409) expect(loser.json().message).toBe('You cannot remove the last admin');
      const left = await fresh.database.db.select().from(adminUsers).where(eq(adminUsers.isAdmin, true));
      expect(left).toHaveLength(1);
    });
  });

  it('holds round after round of mutual removals', async () => {
    await withTestApp(async (fresh) => {
      let survivor = await loginAsAdmin(fresh, { email: 'round0@example.com', password: PASSWORD });
      for (let round = 1; round <= 5; round++) {
        const email = `round${round}@example.com`;
        const newcomer = await loginAsAdmin(fresh, { email, password: PASSWORD });
        const rows = await fresh.database.db.select().from(adminUsers);
        expect(rows).toHaveLength(2);
        const newcomerId = rows.find((row) => row.email === email)!.id;
        const survivorId = rows.find((row) => row.email !== email)!.id;
        const [first, second] = await Promise.all([
          fresh.inject({ method: 'DELETE', url: `/api/admin/admin-users/${newcomerId}`, headers: survivor.headers }),
          fresh.inject({ method: 'DELETE', url: `/api/admin/admin-users/${survivorId}`, headers: newcomer.headers }),
        ]);
        expect([first.statusCode, second.statusCode].filter((status) => status === 200)).toHaveLength(1);
        const left = await fresh.database.db.select().from(adminUsers).where(eq(adminUsers.isAdmin, true));
        expect(left).toHaveLength(1);
        if (left[0]!.email === email) survivor = newcomer;
      }
    });
  });

  it('locks the admin rows: two removals racing inside the database leave one admin and refuse the other', async () => {
    await withTestApp(async (fresh) => {
      const db = fresh.database.db;
      for (let round = 0; round < 5; round++) {
        await ensureAdminUser(db, { email: `x${round}@example.com`, password: PASSWORD });
        await ensureAdminUser(db, { email: `y${round}@example.com`, password: PASSWORD });
        const rows = await db.select().from(adminUsers);
        expect(rows).toHaveLength(2);
        const [x, y] = rows.map((row) => ({ id: row.id, email: row.email, isAdmin: true }));
        // Straight to the service, past the HTTP guard, so both transactions really overlap.
        const outcomes = await Promise.allSettled([deleteAdminUser(db, x!, y!.id), deleteAdminUser(db, y!, x!.id)]);
        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
        const rejected = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected')!;
        expect(rejected.reason).toMatchObject({ statusCode: 409, message: 'You cannot remove the last admin' });
        const left = await db.select().from(adminUsers);
        expect(left).toHaveLength(1);
        await db.delete(adminUsers);
      }
    });
  });

  it('lets an admin remove themselves while another admin remains; their session ends', async () => {
    await ensureAdminUser(session.db, { email: 'self@example.com', password: PASSWORD });
    const self = await otherAdmin('self@example.com');
    const before = await adminCount();
    const response = await remove(self.id, self.headers);
    expect(response.statusCode).toBe(200);
    expect(await adminCount()).toBe(before - 1);
    expect((await whoAmI(self.cookie)).json().authenticated).toBe(false);
  });
});
