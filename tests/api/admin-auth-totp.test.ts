import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SECOND_STEP_EXPIRED, TOTP_CODE_REQUIRED, TOTP_CODE_WRONG } from '../../src/features/admin-auth/admin-auth.schema';
import { base32Decode, totp } from '../../src/features/admin-auth/server/totp';
import { adminUsers, auditLog, sessions } from '../../src/server/db/schema';
import { clientHeaders, createTestApp, loginAsAdmin, sessionCookieFrom, TEST_ADMIN, type TestApp } from '../helpers/test-app';

/**
 * The whole second-factor story, in order: set up, enable, sign in with a code, disable. Codes
 * are computed here with the same RFC 6238 function an authenticator app implements. The clock
 * (Date only) is moved by hand so each step gets a fresh code without waiting.
 */
let app: TestApp;
let adminHeaders: Record<string, string>;
let key: Buffer;

const STEP_MS = 30_000;
let clock: number;
const tick = (steps = 1) => {
  clock += steps * STEP_MS;
  vi.setSystemTime(clock);
};
const code = () => totp(key, clock);

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // A second into a fresh 30 s step, so "now" and its code agree for the whole step.
  clock = Math.ceil(Date.now() / STEP_MS) * STEP_MS + 1000;
  vi.setSystemTime(clock);
  app = await createTestApp();
  ({ headers: adminHeaders } = await loginAsAdmin(app));
});
afterAll(async () => {
  vi.useRealTimers();
  await app.close();
});

const post = (url: string, payload: object | undefined, headers: Record<string, string>) =>
  app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const login = () => post('/api/auth/login2', TEST_ADMIN, clientHeaders);
const sendCode = (value: string, cookie: string) => post('/api/auth/login2/totp', { code: value }, { ...clientHeaders, cookie });
const whoAmI = (cookie: string) => app.inject({ method: 'GET', url: '/api/auth/user', headers: { ...clientHeaders, cookie } });
const adminRow = async () => (await app.database.db.select().from(adminUsers).where(eq(adminUsers.email, TEST_ADMIN.email)))[0]!;

describe('two-step sign-in (TOTP)', () => {
  it('is off to begin with', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/admin/totp', headers: adminHeaders });
    expect(response.json()).toEqual({ enabled: false });
  });

  it('sets up a secret for the app, stored encrypted and not yet enabled', async () => {
    const response = await post('/api/admin/totp/setup', undefined, adminHeaders);
    expect(response.statusCode).toBe(200);
    const { secret, otpauthUrl } = response.json() as { secret: string; otpauthUrl: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(otpauthUrl).toContain('issuer=test.local');
    key = base32Decode(secret)!;

    const row = await adminRow();
    expect(row.totpEnabled).toBe(false);
    expect(row.totpSecret).toBeTruthy();
    expect(row.totpSecret).not.toContain(secret);
    expect(row.totpSecret).not.toContain(key.toString('base64url'));
    expect(row.totpSecret).not.toContain(key.toString('hex'));

    // Until enabled, a password alone still signs in.
    expect((await login()).json()).toMatchObject({ success: true });
  });

  it('refuses to enable with a wrong code', async () => {
    const wrong = code() === '000000' ? '111111' : '000000';
    const response = await post('/api/admin/totp/enable', { code: wrong }, adminHeaders);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(TOTP_CODE_WRONG);
    expect((await adminRow()).totpEnabled).toBe(false);
  });

  it('refuses a code that is not six digits with the form message', async () => {
    const response = await post('/api/admin/totp/enable', { code: '12345' }, adminHeaders);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(TOTP_CODE_REQUIRED);
  });

  it('enables with the code the app shows', async () => {
    const response = await post('/api/admin/totp/enable', { code: code() }, adminHeaders);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, enabled: true });
    expect((await adminRow()).totpEnabled).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/api/admin/totp', headers: adminHeaders })).json()).toEqual({ enabled: true });
    // A second setup would silently replace the secret in the app: refused while on.
    expect((await post('/api/admin/totp/setup', undefined, adminHeaders)).statusCode).toBe(409);
  });

  it('accepts the code that confirmed the set-up at the first sign-in in the same 30 s step, once', async () => {
    // The clock has not moved since enabling, so this is the very code the set-up took.
    // It only proved the app holds the secret; it has not signed anyone in yet.
    const setupCode = code();
    const signedIn = await sendCode(setupCode, sessionCookieFrom(await login())!);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ success: true, message: 'Login successful!' });
    // Having signed in, it is spent: a replay is refused.
    const replay = await sendCode(setupCode, sessionCookieFrom(await login())!);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ success: false, message: TOTP_CODE_WRONG });
  });

  it('then asks for the code after the password, with a pending session that opens nothing', async () => {
    const response = await login();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: false, requiresTotp: true, message: TOTP_CODE_REQUIRED });
    const pending = sessionCookieFrom(response)!;
    expect(pending).toBeTruthy();

    expect((await whoAmI(pending)).json()).toEqual({ authenticated: false, user: null });
    const admin = await app.inject({ method: 'GET', url: '/api/admin/totp', headers: { ...clientHeaders, cookie: pending } });
    expect(admin.statusCode).toBe(403);
    const [row] = await app.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, createHash('sha256').update(pending.slice(4)).digest('hex')));
    expect(row).toMatchObject({ kind: 'admin', pendingSecondFactor: true });
  });

  it('refuses a wrong code and completes with the right one under a new session id', async () => {
    tick();
    const pending = sessionCookieFrom(await login())!;
    const wrong = code() === '000000' ? '111111' : '000000';
    const refused = await sendCode(wrong, pending);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ success: false, message: TOTP_CODE_WRONG });

    const done = await sendCode(code(), pending);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ success: true, message: 'Login successful!', sessionId: expect.any(String) });
    const signedIn = sessionCookieFrom(done)!;
    expect(signedIn).not.toBe(pending);
    expect((await whoAmI(signedIn)).json()).toMatchObject({ authenticated: true, user: { email: TEST_ADMIN.email, isAdmin: true } });
    expect((await whoAmI(pending)).json().authenticated).toBe(false);

    const audit = await app.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'login_succeeded'), eq(auditLog.actor, TEST_ADMIN.email)));
    expect(audit.some((row) => typeof row.details?.totpStep === 'number')).toBe(true);
  });

  it('never accepts the same code twice (replay)', async () => {
    // The code just used is still inside its 90 s window, yet refused.
    const reused = code();
    const pending = sessionCookieFrom(await login())!;
    expect((await sendCode(reused, pending)).statusCode).toBe(401);
    tick();
    expect((await sendCode(code(), pending)).statusCode).toBe(200);
  });

  it('accepts the code of the neighbouring step (clock drift) but not older ones', async () => {
    tick(3);
    const pending = sessionCookieFrom(await login())!;
    expect((await sendCode(totp(key, clock - 2 * STEP_MS), pending)).statusCode).toBe(401);
    expect((await sendCode(totp(key, clock + STEP_MS), pending)).statusCode).toBe(200);
  });

  it('answers the second step without a pending session with 401', async () => {
    tick(2);
    expect((await sendCode(code(), adminHeaders.cookie!)).json()).toMatchObject({ success: false, message: SECOND_STEP_EXPIRED });
    const none = await post('/api/auth/login2/totp', { code: code() }, clientHeaders);
    expect(none.statusCode).toBe(401);
  });

  it('lets a pending login go stale after five minutes', async () => {
    tick();
    const pending = sessionCookieFrom(await login())!;
    tick(11);
    expect((await sendCode(code(), pending)).json()).toMatchObject({ success: false, message: SECOND_STEP_EXPIRED });
  });

  it('still answers a wrong password with the plain failure', async () => {
    const response = await post('/api/auth/login2', { email: TEST_ADMIN.email, password: 'nope' }, clientHeaders);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: 'Please check your credentials and try again.' });
  });

  it('disables only with a right code, then the password alone signs in again', async () => {
    tick();
    // adminHeaders' session was made before TOTP was on; it stays valid (12 h idle).
    const wrong = code() === '000000' ? '111111' : '000000';
    expect((await post('/api/admin/totp/disable', { code: wrong }, adminHeaders)).statusCode).toBe(400);
    expect((await adminRow()).totpEnabled).toBe(true);

    const response = await post('/api/admin/totp/disable', { code: code() }, adminHeaders);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, enabled: false });
    expect(await adminRow()).toMatchObject({ totpEnabled: false, totpSecret: null });
    expect((await login()).json()).toMatchObject({ success: true });

    const actions = (await app.database.db.select().from(auditLog).where(eq(auditLog.actor, TEST_ADMIN.email))).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['totp_setup_started', 'totp_enabled', 'totp_disabled', 'totp_code_rejected']));
  });
});
