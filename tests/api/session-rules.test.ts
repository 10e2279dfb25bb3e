import { createHash } from 'node:crypto';
import cookie from '@fastify/cookie';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { adminUsers, sessions } from '../../src/server/db/schema';
import {
  createSession,
  deleteExpiredSessions,
  findSession,
  getSession,
  registerAuth,
  registeredRoutes,
  requireAdmin,
  startSession,
} from '../../src/server/plugins/auth';
import { registerErrorHandler } from '../../src/server/plugins/error-handler';
import { clientHeaders, createTestApp, loginAsAdmin, sessionCookieFrom, TEST_ADMIN, type TestApp } from '../helpers/test-app';

/**
 * The session rules of src/server/plugins/auth.ts, one per test: the cookie token's shape, the
 * public session id, the idle slide, expiry clean-up, session fixation and the admin guard's
 * reading of a path. Expected values are written out here, not read from the plugin.
 */

let app: TestApp;
let db: Database;
let adminId: number;

beforeAll(async () => {
  app = await createTestApp();
  db = app.database.db;
  await loginAsAdmin(app);
  const [admin] = await db.select().from(adminUsers).where(eq(adminUsers.email, TEST_ADMIN.email));
  adminId = admin!.id;
});
afterAll(async () => {
  await app.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const whoAmI = (cookieHeader: string) => app.inject({ method: 'GET', url: '/api/auth/user', headers: { ...clientHeaders, cookie: cookieHeader } });
const sessionRow = async (idHash: string) => (await db.select().from(sessions).where(eq(sessions.idHash, idHash)))[0];
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A database that fails the test the moment anything asks it for a query. */
const noDatabase = new Proxy(
  {},
  {
    get() {
      throw new Error('the database was queried');
    },
  },
) as unknown as Database;

/** A bare Fastify app with only the cookie plugin, the error handler and (optionally) the auth plugin. */
async function bareApp(database: Database, routes: (instance: FastifyInstance) => void, { auth = true } = {}): Promise<FastifyInstance> {
  const instance = Fastify({ logger: false });
  registerErrorHandler(instance);
  await instance.register(cookie);
  if (auth) registerAuth(instance, { db: database });
  routes(instance);
  await instance.ready();
  return instance;
}

describe('the session cookie token', () => {
  it('signs in only with exactly 43 base64url characters: a valid token with anything added, or one character short, is not accepted', async () => {
    const { token } = await createSession(db, { kind: 'admin', adminUserId: adminId });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await whoAmI(`sid=${token}`)).json()).toMatchObject({ authenticated: true });
    for (const spoiled of [`x${token}`, `${token}x`, token.slice(1), `${token}A`]) {
      expect((await whoAmI(`sid=${spoiled}`)).json()).toEqual({ authenticated: false, user: null });
    }
  });

  it('is refused without a database query when it is not 43 base64url characters', async () => {
    const { token } = await createSession(db, { kind: 'admin', adminUserId: adminId });
    for (const spoiled of [`x${token}`, `${token}x`, token.slice(1), `${token.slice(1)}.`, '']) {
      await expect(findSession(noDatabase, spoiled)).resolves.toBeNull();
    }
  });
});

describe('the public session id', () => {
  it('is the first 16 hex digits of the SHA-256 of the cookie token, as the login answers it', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/login2', headers: clientHeaders, payload: TEST_ADMIN });
    const token = response.cookies.find((c) => c.name === 'sid')!.value;
    const { sessionId } = response.json() as { sessionId: string };
    expect(sessionId).toMatch(/^[0-9a-f]{16}$/);
    expect(sessionId).toBe(sha256(token).slice(0, 16));
    expect(await sessionRow(sha256(token))).toBeDefined();
  });
});

describe('deleteExpiredSessions(db, now)', () => {
  it('deletes only the sessions whose expiry is at or before now and answers how many went', async () => {
    const now = new Date('2001-02-03T12:00:00.000Z');
    const createdAt = new Date('2001-02-03T00:00:00.000Z');
    const untilNow = now.getTime() - createdAt.getTime();
    const before = await createSession(db, { kind: 'participant', participantEmail: 'a@example.com', ttlMs: untilNow - 1 }, createdAt);
    const atNow = await createSession(db, { kind: 'participant', participantEmail: 'b@example.com', ttlMs: untilNow }, createdAt);
    const after = await createSession(db, { kind: 'participant', participantEmail: 'c@example.com', ttlMs: untilNow + 1 }, createdAt);

    expect(await deleteExpiredSessions(db, now)).toBe(2);
    expect(await sessionRow(before.idHash)).toBeUndefined();
    expect(await sessionRow(atNow.idHash)).toBeUndefined();
    expect((await sessionRow(after.idHash))?.expiresAt).toEqual(new Date('2001-02-03T12:00:00.001Z'));
    expect(await deleteExpiredSessions(db, now)).toBe(0);
  });
});

describe('the idle slide', () => {
  it('refreshes lastSeenAt and the expiry once a full minute has passed since the last refresh, and not a millisecond before', async () => {
    const now = Date.UTC(2031, 5, 1, 9, 0, 0);
    const minuteAgo = await createSession(db, { kind: 'admin', adminUserId: adminId }, new Date(now - 60_000));
    const justUnder = await createSession(db, { kind: 'admin', adminUserId: adminId }, new Date(now - 59_999));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);

    const slid = await whoAmI(`sid=${minuteAgo.token}`);
    expect(slid.json()).toMatchObject({ authenticated: true });
    expect(await sessionRow(minuteAgo.idHash)).toMatchObject({ lastSeenAt: new Date(now), expiresAt: new Date(now + 12 * 3_600_000) });
    expect(slid.cookies.find((c) => c.name === 'sid')).toMatchObject({ value: minuteAgo.token, maxAge: 43_200 });

    const kept = await whoAmI(`sid=${justUnder.token}`);
    expect(kept.json()).toMatchObject({ authenticated: true });
    expect(await sessionRow(justUnder.idHash)).toMatchObject({ lastSeenAt: new Date(now - 59_999), expiresAt: new Date(now - 59_999 + 12 * 3_600_000) });
    expect(kept.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });
});

describe('session fixation', () => {
  it('ends the session presented at login: its token no longer works once the new one is set', async () => {
    const presented = await createSession(db, { kind: 'participant', participantEmail: 'fixed@example.com' });
    const session = () => app.inject({ url: '/api/participant/session', headers: { ...clientHeaders, cookie: `sid=${presented.token}` } });
    expect((await session()).json()).toEqual({ email: 'fixed@example.com', isAdmin: false });

    const login = await app.inject({ method: 'POST', url: '/api/auth/login2', headers: { ...clientHeaders, cookie: `sid=${presented.token}` }, payload: TEST_ADMIN });
    expect(login.statusCode).toBe(200);
    const fresh = sessionCookieFrom(login);
    expect(fresh).not.toBeNull();
    expect(fresh).not.toBe(`sid=${presented.token}`);
    expect((await session()).json()).toEqual({ email: null, isAdmin: false });
    expect(await sessionRow(presented.idHash)).toBeUndefined();
    expect((await whoAmI(fresh!)).json()).toMatchObject({ authenticated: true });
  });

  it('ends a session started earlier in the same request when another one is started', async () => {
    const bare = await bareApp(db, (instance) => {
      instance.post('/twice', async (request, reply) => {
        const first = await startSession(request, reply, { kind: 'participant', participantEmail: 'first@example.com' });
        const second = await startSession(request, reply, { kind: 'participant', participantEmail: 'second@example.com' });
        return { first: first.token, second: second.token };
      });
    });
    try {
      const { first, second } = (await bare.inject({ method: 'POST', url: '/twice' })).json() as { first: string; second: string };
      expect(await findSession(db, first)).toBeNull();
      expect(await findSession(db, second)).toMatchObject({ kind: 'participant', participantEmail: 'second@example.com' });
    } finally {
      await bare.close();
    }
  });

  it('makes a session started in a request the session the rest of that request sees', async () => {
    const bare = await bareApp(db, (instance) => {
      instance.post('/start-then-read', async (request, reply) => {
        await startSession(request, reply, { kind: 'participant', participantEmail: 'started@example.com' });
        const session = await getSession(request);
        return { email: session?.participantEmail ?? null };
      });
    });
    try {
      expect((await bare.inject({ method: 'POST', url: '/start-then-read' })).json()).toEqual({ email: 'started@example.com' });
    } finally {
      await bare.close();
    }
  });
});

describe('who is an admin', () => {
  it('answers 401 "Authentication required" without a session and 403 "Admin access required" for a participant session on an admin route', async () => {
    const anonymous = await app.inject({ url: '/api/admin/totp', headers: clientHeaders });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Authentication required' });

    const participant = await createSession(db, { kind: 'participant', participantEmail: 'someone@example.com' });
    const refused = await app.inject({ url: '/api/admin/totp', headers: { ...clientHeaders, cookie: `sid=${participant.token}` } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Admin access required' });
  });

  it('does not treat a login still owing its second factor as an admin', async () => {
    const pending = await createSession(db, { kind: 'admin', adminUserId: adminId, pendingSecondFactor: true });
    const guarded = await app.inject({ url: '/api/admin/totp', headers: { ...clientHeaders, cookie: `sid=${pending.token}` } });
    expect(guarded.statusCode).toBe(403);
    expect(guarded.json()).toEqual({ message: 'Admin access required' });
    expect((await whoAmI(`sid=${pending.token}`)).json()).toEqual({ authenticated: false, user: null });
  });

  it('never gives a participant session an admin user, even when its row names one', async () => {
    const odd = await createSession(db, { kind: 'participant', participantEmail: 'odd@example.com', adminUserId: adminId });
    expect(await findSession(db, odd.token)).toMatchObject({ kind: 'participant', adminUser: null });
    const admin = await createSession(db, { kind: 'admin', adminUserId: adminId });
    expect(await findSession(db, admin.token)).toMatchObject({ kind: 'admin', adminUser: { id: adminId, email: 'admin@test.local', isAdmin: true } });
  });

  it('lets requireAdmin answer 401 without a session and 403 for a participant or a user who is not an admin, wherever a route calls it', async () => {
    const [staff] = await db.insert(adminUsers).values({ email: 'staff@test.local', passwordHash: 'x', isAdmin: false }).returning();
    const participant = await createSession(db, { kind: 'participant', participantEmail: 'someone@example.com' });
    const nonAdmin = await createSession(db, { kind: 'admin', adminUserId: staff!.id });
    const admin = await createSession(db, { kind: 'admin', adminUserId: adminId });
    const bare = await bareApp(db, (instance) => {
      // Not an admin path: the guard lets every request through, so requireAdmin alone decides.
      instance.get('/reports', async (request) => ({ email: (await requireAdmin(request)).email }));
    });
    const get = (cookieHeader?: string) => bare.inject({ url: '/reports', headers: cookieHeader ? { cookie: cookieHeader } : {} });
    try {
      const anonymous = await get();
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ message: 'Authentication required' });
      for (const token of [participant.token, nonAdmin.token]) {
        const refused = await get(`sid=${token}`);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ message: 'Admin access required' });
      }
      const allowed = await get(`sid=${admin.token}`);
      expect(allowed.statusCode).toBe(200);
      expect(allowed.json()).toEqual({ email: 'admin@test.local' });
    } finally {
      await bare.close();
    }
  });
});

describe('what the guard counts as an admin path', () => {
  it.each(['/api/admin', '/api/debug', '/API/Admin', '/api/admin?x=1', '/api/debug?x=1', '/api/admin/?x=1', '/api/%61dmin/no-such-route', '//api/admin', '//api/admin/no-such-route', '/api/%64ebug'])(
    '%s is refused without a session (401)',
    async (url) => {
      const response = await app.inject({ url, headers: clientHeaders });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Authentication required' });
    },
  );

  it.each(['/api/administrator', '/api/admins', '/api/debugger', '/api/ad%6Din-x', '/api/workshop-dates?next=/api/admin'])('%s is not an admin path', async (url) => {
    const response = await app.inject({ url, headers: clientHeaders });
    expect(response.statusCode).not.toBe(401);
    expect(response.statusCode).not.toBe(403);
  });

  it('answers an error, not a hung request, when the session cannot be read on an admin path', async () => {
    const bare = await bareApp(noDatabase, (instance) => {
      instance.get('/api/admin/ping', async () => ({ ok: true }));
    });
    try {
      const answer = bare.inject({ url: '/api/admin/ping', headers: { cookie: `sid=${'a'.repeat(43)}` } });
      const hung = new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 2_000).unref());
      const response = await Promise.race([answer, hung]);
      expect(response).not.toBe('hung');
      expect(response === 'hung' ? 0 : response.statusCode).toBe(500);
    } finally {
      await bare.close();
    }
  });
});

describe('registeredRoutes(app)', () => {
  it('lists each method and URL registered after the auth plugin, and nothing else', async () => {
    const bare = await bareApp(noDatabase, (instance) => {
      instance.post('/one', async () => ({}));
      instance.route({ method: ['PUT', 'DELETE'], url: '/two/:id', handler: async () => ({}) });
    });
    try {
      expect(registeredRoutes(bare)).toEqual([
        { method: 'POST', url: '/one' },
        { method: 'PUT', url: '/two/:id' },
        { method: 'DELETE', url: '/two/:id' },
      ]);
    } finally {
      await bare.close();
    }
  });

  it('is empty for an app the auth plugin was never registered on', async () => {
    const bare = await bareApp(noDatabase, (instance) => instance.post('/one', async () => ({})), { auth: false });
    try {
      expect(registeredRoutes(bare)).toEqual([]);
    } finally {
      await bare.close();
    }
  });

  it('lists the sign-in call and the admin routes of the real app', () => {
    expect(registeredRoutes(app)).toEqual(
      expect.arrayContaining([
        { method: 'POST', url: '/api/auth/login2' },
        { method: 'GET', url: '/api/admin/totp' },
      ]),
    );
  });
});

describe('reading the session without the auth plugin', () => {
  it('fails with a message that names the missing registerAuth()', async () => {
    const bare = await bareApp(
      noDatabase,
      (instance) => {
        instance.get('/who', async (request) => {
          try {
            await getSession(request);
            return { error: null };
          } catch (error) {
            return { error: (error as Error).message };
          }
        });
      },
      { auth: false },
    );
    try {
      expect((await bare.inject({ url: '/who' })).json()).toEqual({ error: 'registerAuth() must be registered before routes that read the session' });
    } finally {
      await bare.close();
    }
  });
});
