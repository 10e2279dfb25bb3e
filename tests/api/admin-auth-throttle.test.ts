import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_THROTTLED } from '../../src/features/admin-auth/admin-auth.schema';
import { ensureAdminUser } from '../../src/features/admin-auth/server/admin-auth.service';
import {
  FREE_ACCOUNT_FAILURES,
  LOGIN_FAILURE_WINDOW_MS,
  MAX_FAILURES_PER_ACCOUNT_AND_IP,
  MAX_FAILURES_PER_IP,
  MAX_SLOWDOWN_MS,
  MAX_TOTP_FAILURES,
  slowdownMs,
} from '../../src/features/admin-auth/server/login-throttle';
import { base32Decode, totp } from '../../src/features/admin-auth/server/totp';
import { auditLog } from '../../src/server/db/schema';
import { clientHeaders, createTestApp, sessionCookieFrom, type TestApp } from '../helpers/test-app';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const password = 'the right password';
let counter = 0;
/** Each test gets its own admin and addresses, so counts never leak between tests. */
async function newAdmin(): Promise<string> {
  counter += 1;
  const email = `throttle${counter}@test.local`;
  await ensureAdminUser(app.database.db, { email, password });
  return email;
}
const ipFor = (n: number) => `10.${counter}.0.${n}`;

const login = (email: string, pass: string, ip: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login2', headers: clientHeaders, remoteAddress: ip, payload: { email, password: pass } });

/** Moves every audit row about this e-mail or address back in time, as if the window had passed. */
async function age(filter: { email?: string; ip?: string }, ms: number) {
  const condition = filter.email ? sql`${auditLog.details}->>'email' = ${filter.email}` : sql`${auditLog.details}->>'ip' = ${filter.ip}`;
  await app.database.db
    .update(auditLog)
    .set({ createdAt: sql`${auditLog.createdAt} - make_interval(secs => ${ms / 1000})` })
    .where(condition);
}

describe('sign-in throttle (shared through the database)', () => {
  it(`refuses an address with 429 after ${MAX_FAILURES_PER_ACCOUNT_AND_IP} failures on one account, even with the right password`, async () => {
    const email = await newAdmin();
    const ip = ipFor(1);
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_AND_IP; i++) {
      expect((await login(email, 'wrong', ip)).statusCode).toBe(401);
    }
    const refused = await login(email, password, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ success: false, message: LOGIN_THROTTLED });
    expect(refused.headers['retry-after']).toBe(String(LOGIN_FAILURE_WINDOW_MS / 1000));
    expect(refused.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });

  it('throttles an address for the account it failed on only: other accounts from there, and that account from elsewhere, still sign in', async () => {
    const email = await newAdmin();
    const other = await newAdmin();
    const ip = ipFor(1);
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_AND_IP; i++) await login(email, 'wrong', ip);
    expect((await login(email, password, ip)).statusCode).toBe(429);
    expect((await login(other, password, ip)).statusCode).toBe(200);
    expect((await login(email, password, ipFor(2))).statusCode).toBe(200);
  });

  it('does not let 50 wrong passwords from 10 other addresses stop the admin signing in from their own, and bounds the wait', async () => {
    const email = await newAdmin();
    // Fired at once (each waits its own slowdown), 5 per address: none of them is refused.
    const guesses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => login(email, `guess ${i}`, ipFor(100 + (i % 10)))),
    );
    expect(guesses.map((g) => g.statusCode)).toEqual(Array(50).fill(401));

    const started = performance.now();
    const own = await login(email, password, ipFor(1));
    const elapsed = performance.now() - started;
    expect(own.statusCode).toBe(200);
    expect(own.cookies.find((c) => c.name === 'sid')).toBeDefined();
    // Slowed by the account-wide failures, but never by more than the bound.
    expect(elapsed).toBeGreaterThanOrEqual(MAX_SLOWDOWN_MS - 50);
    expect(elapsed).toBeLessThan(3000);
  });

  it('slows attempts on an account by a wait that grows with its failures and stops at the bound', () => {
    expect(slowdownMs(0)).toBe(0);
    expect(slowdownMs(FREE_ACCOUNT_FAILURES - 1)).toBe(0);
    expect(slowdownMs(FREE_ACCOUNT_FAILURES)).toBeGreaterThan(0);
    expect(slowdownMs(FREE_ACCOUNT_FAILURES + 1)).toBeGreaterThan(slowdownMs(FREE_ACCOUNT_FAILURES));
    expect(slowdownMs(1000)).toBe(MAX_SLOWDOWN_MS);
  });

  it('allows the address again once its failures are older than the window', async () => {
    const email = await newAdmin();
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_AND_IP; i++) await login(email, 'wrong', ipFor(1));
    expect((await login(email, password, ipFor(1))).statusCode).toBe(429);

    await age({ email }, LOGIN_FAILURE_WINDOW_MS + 1000);
    expect((await login(email, password, ipFor(1))).statusCode).toBe(200);
  });

  it('ignores old failures written long ago', async () => {
    const email = await newAdmin();
    const old = new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS - 60_000);
    await app.database.db.insert(auditLog).values(
      Array.from({ length: 10 }, () => ({ actor: 'anonymous', action: 'login_failed', entity: 'admin_user', details: { email, ip: ipFor(7) }, createdAt: old })),
    );
    expect((await login(email, password, ipFor(7))).statusCode).toBe(200);
  });

  it('does not let refused attempts keep the lock on for ever', async () => {
    const email = await newAdmin();
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_AND_IP; i++) await login(email, 'wrong', ipFor(1));
    // Hammering while locked is answered 429 and not counted as more failures.
    for (let i = 0; i < 3; i++) expect((await login(email, 'wrong', ipFor(1))).statusCode).toBe(429);
    await age({ email }, LOGIN_FAILURE_WINDOW_MS + 1000);
    expect((await login(email, password, ipFor(1))).statusCode).toBe(200);
  });

  it('starts the count again after a successful login from that address', async () => {
    const email = await newAdmin();
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_AND_IP - 1; i++) await login(email, 'wrong', ipFor(1));
    expect((await login(email, password, ipFor(1))).statusCode).toBe(200);
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_AND_IP - 1; i++) expect((await login(email, 'wrong', ipFor(1))).statusCode).toBe(401);
    expect((await login(email, password, ipFor(1))).statusCode).toBe(200);
  });

  it(`refuses an address with 429 after ${MAX_FAILURES_PER_IP} failures on any accounts, other addresses still welcome`, async () => {
    const email = await newAdmin();
    const ip = ipFor(200);
    // Recent failures for many different (unknown) e-mails from one address.
    await app.database.db.insert(auditLog).values(
      Array.from({ length: MAX_FAILURES_PER_IP }, (_, i) => ({
        actor: 'anonymous',
        action: 'login_failed',
        entity: 'admin_user',
        details: { email: `guess${i}@test.local`, ip },
      })),
    );
    expect((await login(email, password, ip)).statusCode).toBe(429);
    expect((await login(email, password, ipFor(201))).statusCode).toBe(200);

    await age({ ip }, LOGIN_FAILURE_WINDOW_MS + 1000);
    expect((await login(email, password, ip)).statusCode).toBe(200);
  });

  it('counts a burst of parallel guesses from one address before any of them is checked', async () => {
    const email = await newAdmin();
    const ip = ipFor(1);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => login(email, `guess ${i}`, ip)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.every((code) => code === 401 || code === 429)).toBe(true);
    // However the burst interleaves, at most the limit of passwords were actually checked, and
    // exactly those count as failures (refused ones checked nothing and are not counted).
    const checked = codes.filter((code) => code === 401).length;
    expect(checked).toBeLessThanOrEqual(MAX_FAILURES_PER_ACCOUNT_AND_IP);
    const failures = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'login_failed'), sql`${auditLog.details}->>'email' = ${email}`));
    expect(failures).toHaveLength(checked);
    const next = await login(email, password, ip);
    expect(next.statusCode).toBe(checked === MAX_FAILURES_PER_ACCOUNT_AND_IP ? 429 : 200);
  });

  it('answers an unknown e-mail the same way, so the throttle does not reveal who is an admin', async () => {
    const email = `nobody${counter}@test.local`;
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_AND_IP; i++) expect((await login(email, 'wrong', ipFor(60))).statusCode).toBe(401);
    expect((await login(email, 'wrong', ipFor(60))).statusCode).toBe(429);
  });
});

describe('authenticator codes have their own limit', () => {
  const sendCode = (code: string, cookie: string, ip: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login2/totp', headers: { ...clientHeaders, cookie }, remoteAddress: ip, payload: { code } });

  /** An admin with two-step sign-in on, set up through the API; returns the secret. */
  async function adminWithTotp(): Promise<{ email: string; key: Buffer }> {
    const email = await newAdmin();
    const cookie = sessionCookieFrom(await login(email, password, ipFor(1)))!;
    const headers = { ...clientHeaders, cookie };
    const setup = await app.inject({ method: 'POST', url: '/api/admin/totp/setup', headers, remoteAddress: ipFor(1) });
    const key = base32Decode((setup.json() as { secret: string }).secret)!;
    const enabled = await app.inject({ method: 'POST', url: '/api/admin/totp/enable', headers, remoteAddress: ipFor(1), payload: { code: totp(key) } });
    expect(enabled.statusCode).toBe(200);
    return { email, key };
  }

  it(`refuses the account's code step with 429 after ${MAX_TOTP_FAILURES} wrong codes from any addresses, whatever the password count`, async () => {
    const { email, key } = await adminWithTotp();
    const pending = sessionCookieFrom(await login(email, password, ipFor(1)))!;
    // The next step's code: accepted (±1 step) and newer than the one that enabled it.
    const right = () => totp(key, Date.now() + 30_000);
    const wrong = () => (right() === '000000' ? '111111' : '000000');
    // Spread over addresses, so only a per-account count of codes stops them.
    for (let i = 0; i < MAX_TOTP_FAILURES; i++) expect((await sendCode(wrong(), pending, ipFor(10 + i))).statusCode).toBe(401);
    const refused = await sendCode(right(), pending, ipFor(20));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ success: false, message: LOGIN_THROTTLED });

    // Wrong codes do not count against passwords: the password step still answers.
    expect((await login(email, password, ipFor(21))).json()).toMatchObject({ requiresTotp: true });

    await age({ email }, LOGIN_FAILURE_WINDOW_MS + 1000);
    expect((await sendCode(right(), pending, ipFor(20))).statusCode).toBe(200);
  });
});
