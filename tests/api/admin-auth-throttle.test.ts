import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_THROTTLED } from '../../src/features/admin-auth/admin-auth.schema';
import { ensureAdminUser } from '../../src/features/admin-auth/server/admin-auth.service';
import {
  LOGIN_FAILURE_WINDOW_MS,
  MAX_FAILURES_PER_ACCOUNT,
  MAX_FAILURES_PER_IP,
} from '../../src/features/admin-auth/server/login-throttle';
import { auditLog } from '../../src/server/db/schema';
import { clientHeaders, createTestApp, type TestApp } from '../helpers/test-app';

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
  it(`refuses an account with 429 after ${MAX_FAILURES_PER_ACCOUNT} failures, even with the right password, from any address`, async () => {
    const email = await newAdmin();
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) {
      expect((await login(email, 'wrong', ipFor(i))).statusCode).toBe(401);
    }
    const refused = await login(email, password, ipFor(99));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ success: false, message: LOGIN_THROTTLED });
    expect(refused.headers['retry-after']).toBe(String(LOGIN_FAILURE_WINDOW_MS / 1000));
    expect(refused.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });

  it('allows the account again once the failures are older than the window', async () => {
    const email = await newAdmin();
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) await login(email, 'wrong', ipFor(i));
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
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) await login(email, 'wrong', ipFor(i));
    // Hammering while locked is answered 429 and not counted as more failures.
    for (let i = 0; i < 3; i++) expect((await login(email, 'wrong', ipFor(i))).statusCode).toBe(429);
    await age({ email }, LOGIN_FAILURE_WINDOW_MS + 1000);
    expect((await login(email, password, ipFor(1))).statusCode).toBe(200);
  });

  it('starts the account count again after a successful login', async () => {
    const email = await newAdmin();
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT - 1; i++) await login(email, 'wrong', ipFor(i));
    expect((await login(email, password, ipFor(1))).statusCode).toBe(200);
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT - 1; i++) expect((await login(email, 'wrong', ipFor(i))).statusCode).toBe(401);
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

  it('counts a burst of parallel guesses before any of them is checked', async () => {
    const email = await newAdmin();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => login(email, `guess ${i}`, ipFor(i))));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.every((code) => code === 401 || code === 429)).toBe(true);
    // However the burst interleaves, at most the limit of passwords were actually checked, and
    // exactly those count as failures (refused ones checked nothing and are not counted).
    const checked = codes.filter((code) => code === 401).length;
    expect(checked).toBeLessThanOrEqual(MAX_FAILURES_PER_ACCOUNT);
    const failures = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'login_failed'), sql`${auditLog.details}->>'email' = ${email}`));
    expect(failures).toHaveLength(checked);
    const next = await login(email, password, ipFor(50));
    expect(next.statusCode).toBe(checked === MAX_FAILURES_PER_ACCOUNT ? 429 : 200);
  });

  it('answers an unknown e-mail the same way, so the lock does not reveal who is an admin', async () => {
    const email = `nobody${counter}@test.local`;
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) expect((await login(email, 'wrong', ipFor(60 + i))).statusCode).toBe(401);
    expect((await login(email, 'wrong', ipFor(70))).statusCode).toBe(429);
  });
});
