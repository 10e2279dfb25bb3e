import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAILED, LOGIN_MISSING_FIELDS } from '../../src/features/admin-auth/admin-auth.schema';
import { ensureAdminUser } from '../../src/features/admin-auth/server/admin-auth.service';
import { verifyPassword } from '../../src/features/admin-auth/server/passwords';
import { adminUsers, auditLog, sessions } from '../../src/server/db/schema';
import { ADMIN_SESSION_IDLE_MS, createSession } from '../../src/server/plugins/auth';
import { clientHeaders, createTestApp, createTestAppOn, sessionCookieFrom, TEST_ADMIN, type TestApp } from '../helpers/test-app';

let app: TestApp;
let adminId: number;

beforeAll(async () => {
  app = await createTestApp();
  await ensureAdminUser(app.database.db, TEST_ADMIN);
  const [row] = await app.database.db.select().from(adminUsers).where(eq(adminUsers.email, TEST_ADMIN.email));
  adminId = row!.id;
});
afterAll(async () => {
  await app.close();
});

type Injectable = Pick<TestApp, 'inject'>;

const login = (payload: unknown, headers: Record<string, string> = clientHeaders, on: Injectable = app, remoteAddress?: string) =>
  on.inject({ method: 'POST', url: '/api/auth/login2', headers, payload: payload as object, remoteAddress });

const whoAmI = (cookie?: string, on: Injectable = app) =>
  on.inject({ method: 'GET', url: '/api/auth/user', headers: cookie ? { ...clientHeaders, cookie } : clientHeaders });

const logout = (cookie: string, on: Injectable = app) => on.inject({ method: 'POST', url: '/api/auth/logout', headers: { ...clientHeaders, cookie } });

async function signIn(on: Injectable = app): Promise<string> {
  const response = await login(TEST_ADMIN, clientHeaders, on);
  expect(response.statusCode).toBe(200);
  return sessionCookieFrom(response)!;
}

const tokenOf = (cookie: string) => cookie.slice('sid='.length);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('POST /api/auth/login2', () => {
  it('signs in with the right password: HttpOnly, SameSite=Lax cookie, not Secure over http', async () => {
    const response = await login(TEST_ADMIN);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Login successful!', sessionId: expect.any(String) });

    const cookie = response.cookies.find((c) => c.name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: ADMIN_SESSION_IDLE_MS / 1000 });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie!.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const header = String(response.headers['set-cookie']);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    expect(header).not.toContain('Secure');
  });

  it('never puts the cookie secret in the answer, and stores only its hash', async () => {
    const response = await login(TEST_ADMIN);
    const token = response.cookies.find((c) => c.name === 'sid')!.value;
    expect(response.body).not.toContain(token);
    expect(response.json().sessionId).not.toBe(token);

    const rows = await app.database.db.select().from(sessions);
    expect(rows.some((row) => row.idHash === token)).toBe(false);
    const [row] = rows.filter((r) => r.idHash === sha256(token));
    expect(row).toMatchObject({ kind: 'admin', adminUserId: adminId, pendingSecondFactor: false });
    expect(row!.expiresAt.getTime() - row!.lastSeenAt.getTime()).toBe(ADMIN_SESSION_IDLE_MS);
  });

  it('marks the cookie Secure when the request came over https through a trusted proxy (TRUST_PROXY)', async () => {
    // app.inject's socket address is 127.0.0.1: here, the proxy.
    const proxied = await createTestAppOn(app.database, { env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      const response = await login(TEST_ADMIN, { ...clientHeaders, 'x-forwarded-proto': 'https' }, proxied);
      expect(response.statusCode).toBe(200);
      expect(response.cookies.find((c) => c.name === 'sid')).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    } finally {
      await proxied.close();
    }
  });

  it.each([
    ['no fields', {}],
    ['no password', { email: TEST_ADMIN.email }],
    ['no email', { password: TEST_ADMIN.password }],
    ['empty fields', { email: ' ', password: '' }],
  ])('refuses %s with 400 and the form message', async (_, payload) => {
    const response = await login(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(LOGIN_MISSING_FIELDS);
    expect(response.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });

  it('refuses a call with no body at all with the same message', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/login2', headers: clientHeaders });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(LOGIN_MISSING_FIELDS);
  });

  it('answers a wrong password and an unknown e-mail alike, in similar time', async () => {
    const timed = async (payload: object) => {
      const started = performance.now();
      const response = await login(payload, clientHeaders, app, '10.9.9.9');
      return { response, ms: performance.now() - started };
    };
    // Its own admin: five wrong passwords would lock TEST_ADMIN for the tests below.
    const timingAdmin = 'timing@test.local';
    await ensureAdminUser(app.database.db, { email: timingAdmin, password: TEST_ADMIN.password });
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      const a = await timed({ email: timingAdmin, password: 'not the password' });
      const b = await timed({ email: `nobody${i}@test.local`, password: 'not the password' });
      for (const { response } of [a, b]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ success: false, message: LOGIN_FAILED });
        expect(response.cookies.find((c) => c.name === 'sid')).toBeUndefined();
      }
      wrong.push(a.ms);
      unknown.push(b.ms);
    }
    const median = (values: number[]) => [...values].sort((x, y) => x - y)[2]!;
    // Both pay for one Argon2 verification; without the dummy hash an unknown e-mail answers ~10x faster.
    const ratio = median(unknown) / median(wrong);
    expect(ratio).toBeGreaterThan(0.25);
    expect(ratio).toBeLessThan(4);
  });

  it('matches the e-mail case-insensitively', async () => {
    const response = await login({ email: `  ${TEST_ADMIN.email.toUpperCase()} `, password: TEST_ADMIN.password });
    expect(response.statusCode).toBe(200);
  });

  it('writes audit rows for failures (anonymous) and successes (the admin), with the address', async () => {
    await login({ email: TEST_ADMIN.email, password: 'wrong again' }, clientHeaders, app, '10.1.2.3');
    await login(TEST_ADMIN, clientHeaders, app, '10.1.2.3');
    const rows = await app.database.db.select().from(auditLog).where(eq(auditLog.entity, 'admin_user')).orderBy(asc(auditLog.id));
    const fromThere = rows.filter((row) => row.details?.ip === '10.1.2.3');
    expect(fromThere.map((row) => [row.action, row.actor])).toEqual([
      ['login_failed', 'anonymous'],
      ['login_succeeded', TEST_ADMIN.email],
    ]);
    expect(fromThere[1]).toMatchObject({ entityId: String(adminId), details: { email: TEST_ADMIN.email, ip: '10.1.2.3' } });
  });
});

describe('GET /api/auth/user', () => {
  it('says unauthenticated before login and names the admin after, never cached', async () => {
    const before = await whoAmI();
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ authenticated: false, user: null });
    expect(before.headers['cache-control']).toBe('no-store');

    const cookie = await signIn();
    const after = await whoAmI(cookie);
    expect(after.json()).toEqual({ authenticated: true, user: { id: adminId, email: TEST_ADMIN.email, isAdmin: true } });
    expect(after.headers['cache-control']).toBe('no-store');
  });

  it('does not count a participant session as an admin', async () => {
    const { token } = await createSession(app.database.db, { kind: 'participant', participantEmail: 'p@example.com' });
    expect((await whoAmI(`sid=${token}`)).json()).toEqual({ authenticated: false, user: null });
  });

  it('slides the idle expiry on use, at most once a minute, and refreshes the cookie', async () => {
    const cookie = await signIn();
    const idHash = sha256(tokenOf(cookie));
    const rowOf = async () => (await app.database.db.select().from(sessions).where(eq(sessions.idHash, idHash)))[0]!;

    // Used within the last minute: no write, no new cookie.
    const fresh = await rowOf();
    const quiet = await whoAmI(cookie);
    expect(quiet.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    expect((await rowOf()).expiresAt).toEqual(fresh.expiresAt);

    // Last used 11 hours ago: one more hour to live, then a use gives it 12 hours again.
    const hour = 60 * 60 * 1000;
    await app.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 11 * hour), expiresAt: new Date(Date.now() + hour) })
      .where(eq(sessions.idHash, idHash));
    const touched = await whoAmI(cookie);
    expect(touched.json().authenticated).toBe(true);
    expect(touched.cookies.find((c) => c.name === 'sid')).toMatchObject({ value: tokenOf(cookie), maxAge: ADMIN_SESSION_IDLE_MS / 1000 });
    const row = await rowOf();
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + ADMIN_SESSION_IDLE_MS - 60_000);
    expect(Date.now() - row.lastSeenAt.getTime()).toBeLessThan(60_000);
  });

  it('forgets a session idle for 12 hours and clears its cookie', async () => {
    const cookie = await signIn();
    await app.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - ADMIN_SESSION_IDLE_MS - 1000), expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.idHash, sha256(tokenOf(cookie))));
    const response = await whoAmI(cookie);
    expect(response.json()).toEqual({ authenticated: false, user: null });
    expect(response.cookies.find((c) => c.name === 'sid')).toMatchObject({ value: '' });
    const admin = await app.inject({ method: 'GET', url: '/api/admin/totp', headers: { ...clientHeaders, cookie } });
    expect(admin.statusCode).toBe(401);
  });

  it('does not touch the database for a request without a session cookie', async () => {
    let queries = 0;
    const counting = new Proxy(app.database.db, {
      get(target, property, receiver) {
        if (['select', 'insert', 'update', 'delete', 'execute', 'transaction'].includes(String(property))) queries += 1;
        return Reflect.get(target, property, receiver);
      },
    });
    const other = await createTestAppOn({ ...app.database, db: counting });
    try {
      queries = 0;
      expect((await whoAmI(undefined, other)).json()).toEqual({ authenticated: false, user: null });
      expect((await other.inject({ method: 'GET', url: '/api/admin/totp' })).statusCode).toBe(401);
      expect(queries).toBe(0);
      await whoAmI(`sid=${'C'.repeat(43)}`, other);
      expect(queries).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
  });

  it('ignores a cookie that is not one of ours', async () => {
    for (const cookie of ['sid=', 'sid=abc', `sid=${'A'.repeat(43)}`]) {
      expect((await whoAmI(cookie)).json()).toEqual({ authenticated: false, user: null });
    }
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session in the database and clears the cookie', async () => {
    const cookie = await signIn();
    const response = await logout(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const cleared = response.cookies.find((c) => c.name === 'sid');
    expect(cleared?.value).toBe('');
    expect(cleared?.maxAge === 0 || (cleared?.expires && cleared.expires.getTime() < Date.now())).toBe(true);

    expect(await app.database.db.select().from(sessions).where(eq(sessions.idHash, sha256(tokenOf(cookie))))).toHaveLength(0);
    expect((await whoAmI(cookie)).json()).toEqual({ authenticated: false, user: null });
    const audit = await app.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'logout'), eq(auditLog.actor, TEST_ADMIN.email)));
    expect(audit.length).toBeGreaterThan(0);
  });

  it('answers 200 without a session too', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: clientHeaders });
    expect(response.statusCode).toBe(200);
  });

  it('is refused without the client header when it carries the cookie (CSRF)', async () => {
    const cookie = await signIn();
    const response = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(response.statusCode).toBe(403);
    expect((await whoAmI(cookie)).json().authenticated).toBe(true);
  });
});

describe('session fixation', () => {
  it('never keeps a session id the browser brought to the login', async () => {
    const planted = await createSession(app.database.db, { kind: 'participant', participantEmail: 'victim@example.com' });
    const response = await login(TEST_ADMIN, { ...clientHeaders, cookie: `sid=${planted.token}` });
    expect(response.statusCode).toBe(200);
    const fresh = sessionCookieFrom(response)!;
    expect(tokenOf(fresh)).not.toBe(planted.token);
    expect(await app.database.db.select().from(sessions).where(eq(sessions.idHash, planted.idHash))).toHaveLength(0);
    expect((await whoAmI(`sid=${planted.token}`)).json().authenticated).toBe(false);
    expect((await whoAmI(fresh)).json().authenticated).toBe(true);
  });

  it('gives a new id even to an admin who logs in again', async () => {
    const first = await signIn();
    const second = sessionCookieFrom(await login(TEST_ADMIN, { ...clientHeaders, cookie: first }))!;
    expect(second).not.toBe(first);
    expect((await whoAmI(first)).json().authenticated).toBe(false);
    expect((await whoAmI(second)).json().authenticated).toBe(true);
  });

  it('does not adopt a made-up cookie value', async () => {
    const madeUp = 'B'.repeat(43);
    const response = await login(TEST_ADMIN, { ...clientHeaders, cookie: `sid=${madeUp}` });
    expect(tokenOf(sessionCookieFrom(response)!)).not.toBe(madeUp);
  });
});

describe('several app instances on one database', () => {
  it('share sessions: sign in on one, use and end it on the other', async () => {
    const other = await createTestAppOn(app.database);
    try {
      const cookie = await signIn(app);
      expect((await whoAmI(cookie, other)).json()).toMatchObject({ authenticated: true, user: { email: TEST_ADMIN.email } });
      expect((await other.inject({ method: 'GET', url: '/api/admin/totp', headers: { ...clientHeaders, cookie } })).statusCode).toBe(200);
      await logout(cookie, other);
      expect((await whoAmI(cookie, app)).json().authenticated).toBe(false);
    } finally {
      await other.close();
    }
  });
});

describe('ADMIN_EMAIL / ADMIN_PASSWORD at start', () => {
  const email = 'boot@test.local';

  it('creates the admin once, with an Argon2id hash, then leaves it alone', async () => {
    expect(await ensureAdminUser(app.database.db, { email, password: 'first-password' })).toBe('created');
    const [row] = await app.database.db.select().from(adminUsers).where(eq(adminUsers.email, email));
    expect(row).toMatchObject({ isAdmin: true, totpEnabled: false });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row!.passwordHash).not.toContain('first-password');

    expect(await ensureAdminUser(app.database.db, { email, password: 'first-password' })).toBe('unchanged');
    const [again] = await app.database.db.select().from(adminUsers).where(eq(adminUsers.email, email));
    expect(again!.passwordHash).toBe(row!.passwordHash);
    expect((await login({ email, password: 'first-password' })).statusCode).toBe(200);
  });

  it('updates the password when it changed, and ends the sessions made with the old one', async () => {
    const oldSession = sessionCookieFrom(await login({ email, password: 'first-password' }))!;
    expect(await ensureAdminUser(app.database.db, { email: 'Boot@Test.local', password: 'second-password' })).toBe('updated');

    const [row] = await app.database.db.select().from(adminUsers).where(eq(adminUsers.email, email));
    expect(await verifyPassword(row!.passwordHash, 'second-password')).toBe(true);
    expect((await login({ email, password: 'first-password' })).statusCode).toBe(401);
    expect((await login({ email, password: 'second-password' })).statusCode).toBe(200);
    expect((await whoAmI(oldSession)).json().authenticated).toBe(false);
    expect(await app.database.db.select().from(adminUsers).where(eq(adminUsers.email, email))).toHaveLength(1);
  });

  it('restores admin rights to that account', async () => {
    await app.database.db.update(adminUsers).set({ isAdmin: false }).where(eq(adminUsers.email, email));
    expect(await ensureAdminUser(app.database.db, { email, password: 'second-password' })).toBe('updated');
    const [row] = await app.database.db.select().from(adminUsers).where(eq(adminUsers.email, email));
    expect(row!.isAdmin).toBe(true);
  });
});
