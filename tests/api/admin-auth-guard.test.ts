import { afterAll, describe, expect, it } from 'vitest';
import { adminUsers } from '../../src/server/db/schema';
import { ADMIN_ACCESS_REQUIRED, AUTHENTICATION_REQUIRED, createSession, registeredRoutes } from '../../src/server/plugins/auth';
import { clientHeaders, createTestApp, loginAsAdmin, TEST_ADMIN } from '../helpers/test-app';

/**
 * CONTRACT §2, proved for every admin route the app has: 401 without a session, 403 for a session
 * that is not an admin's, both before the body is read, and the CSRF rule. The list comes from
 * the app itself, so a route added later under an admin path is covered without touching this file.
 */

// The rule as CONTRACT §2 writes it, kept apart from the plugin's own, so a gap in either shows.
const ADMIN_PATH = /^\/api\/(admin|debug)(\/|$)|^\/api\/strategy-notes|^\/api\/workshop-templates/;
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const BROKEN_JSON = '{"this is": not json';

// Built at module level so the route table exists when the tests are collected.
const app = await createTestApp();
afterAll(async () => {
  await app.close();
});

const { cookie: adminCookie } = await loginAsAdmin(app);
const [admin] = await app.database.db.select().from(adminUsers);
const participant = await createSession(app.database.db, { kind: 'participant', participantEmail: 'someone@example.com' });
const pending = await createSession(app.database.db, { kind: 'admin', adminUserId: admin!.id, pendingSecondFactor: true });
const [staff] = await app.database.db
  .insert(adminUsers)
  .values({ email: 'not-admin@test.local', passwordHash: 'x', isAdmin: false })
  .returning();
const nonAdmin = await createSession(app.database.db, { kind: 'admin', adminUserId: staff!.id });

/** A concrete URL for a route pattern: every parameter becomes 1, a wildcard becomes x. */
const concrete = (pattern: string) => pattern.replace(/:[A-Za-z0-9_]+(\([^)]*\))?/g, '1').replace(/\*/g, 'x');

const adminRoutes = registeredRoutes(app)
  .filter((route) => ADMIN_PATH.test(route.url) && route.method !== 'HEAD')
  .map((route) => ({ ...route, path: concrete(route.url) }));

const send = (route: { method: string; path: string }, headers: Record<string, string>) =>
  app.inject({
    method: route.method as 'GET',
    url: route.path,
    headers: { ...headers, 'content-type': 'application/json' },
    // A body that cannot be parsed: a guard that read it first would answer 400, not 401/403.
    payload: route.method === 'GET' ? undefined : BROKEN_JSON,
  });

describe('the admin route table', () => {
  it('is read from the app and holds at least the TOTP routes', () => {
    const names = adminRoutes.map((r) => `${r.method} ${r.url}`);
    expect(names).toEqual(
      expect.arrayContaining(['GET /api/admin/totp', 'POST /api/admin/totp/setup', 'POST /api/admin/totp/enable', 'POST /api/admin/totp/disable']),
    );
  });

  it('leaves the sign-in calls and public reads open', () => {
    const open = registeredRoutes(app).filter((route) => !ADMIN_PATH.test(route.url)).map((r) => r.url);
    expect(open).toEqual(expect.arrayContaining(['/api/auth/login2', '/api/auth/user', '/api/auth/logout', '/api/workshop-dates']));
  });
});

describe.each(adminRoutes)('$method $url', (route) => {
  it('answers 401 without a session, before reading the body', async () => {
    const response = await send(route, clientHeaders);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: AUTHENTICATION_REQUIRED });
  });

  it.each([
    ['a participant session', participant.token],
    ['a login still owing its authenticator code', pending.token],
    ['a signed-in user who is not an admin', nonAdmin.token],
  ])('answers 403 for %s, before reading the body', async (_, token) => {
    const response = await send(route, { ...clientHeaders, cookie: `sid=${token}` });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: ADMIN_ACCESS_REQUIRED });
  });

  it('lets the admin through to the route', async () => {
    const response = await send(route, { ...clientHeaders, cookie: adminCookie });
    expect([401, 403]).not.toContain(response.statusCode);
  });

  // Only state-changing calls fall under the CSRF rule.
  if (STATE_CHANGING.has(route.method)) {
    it('refuses the admin cookie without X-Client-Source (CSRF)', async () => {
      const response = await send(route, { cookie: adminCookie });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'csrf_rejected' });
    });
  }
});

describe('spellings of an admin path', () => {
  it.each(['/api/%61dmin/totp', '/api/admin/totp/', '/API/ADMIN/totp', '/api//admin/totp', '/api/admin/no-such-route', '/api/debug/anything'])(
    '%s is never served without a session',
    async (url) => {
      const response = await app.inject({ method: 'GET', url, headers: clientHeaders });
      expect(response.statusCode).toBe(401);
    },
  );
});

describe('requests without a session cookie', () => {
  it('reach public reads unhindered', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/workshop-dates', headers: clientHeaders })).statusCode).toBe(200);
  });

  it('sign in and reach the admin routes with the session', async () => {
    const { headers } = await loginAsAdmin(app, TEST_ADMIN);
    expect((await app.inject({ method: 'GET', url: '/api/admin/totp', headers })).statusCode).toBe(200);
  });
});
