import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdminUser } from '../../src/features/admin-auth/server/admin-auth.service';
import type { DatabaseHandle } from '../../src/server/db/client';
import { auditLog } from '../../src/server/db/schema';
import { clientHeaders, createTestAppOn, type TestApp } from '../helpers/test-app';
import { createTestDatabase } from '../helpers/test-database';

/*
 * Issue 15 point 2 (CONTRACT §1, TRUST_PROXY): who the client is. Unset, X-Forwarded-For is a
 * header anyone can send, so the socket address is the client: for the per-address rate limits
 * and for the address the audit log records. Set, only the named proxies (or the given number of
 * hops) may say who is behind them.
 */

let database: DatabaseHandle;
const apps: TestApp[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.close();
});

async function appWith(env: Record<string, string> = {}): Promise<TestApp> {
  const app = await createTestAppOn(database, { env });
  apps.push(app);
  return app;
}

let attempt = 0;

/**
 * A failed sign-in from `remoteAddress` (the socket) carrying `forwardedFor`; answers the address
 * the audit log recorded for it, which is `request.ip`, and the seat-hold limit's remaining count.
 */
async function whoIsTheClient(app: TestApp, remoteAddress: string, forwardedFor?: string) {
  const email = `nobody${++attempt}@proxy.test`;
  const headers = { ...clientHeaders, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) };
  const login = await app.inject({ method: 'POST', url: '/api/auth/login2', headers, remoteAddress, payload: { email, password: 'not the password' } });
  expect(login.statusCode).toBe(401);
  const [row] = await database.db
    .select({ ip: sql<string>`${auditLog.details}->>'ip'` })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'login_failed'), sql`${auditLog.details}->>'email' = ${email}`));
  // The per-address limit counts even a refused body: its headers tell which bucket was used.
  const hold = await app.inject({ method: 'POST', url: '/api/create-payment-intent', headers, remoteAddress, payload: {} });
  return { ip: row?.ip, remaining: Number(hold.headers['x-ratelimit-remaining']) };
}

describe('TRUST_PROXY unset', () => {
  it('ignores X-Forwarded-For: the socket address is the client, for the audit log and the rate limit', async () => {
    const app = await appWith();
    const first = await whoIsTheClient(app, '10.20.0.1', '1.2.3.4');
    expect(first.ip).toBe('10.20.0.1');
    // Another forged address from the same socket draws on the same allowance.
    const second = await whoIsTheClient(app, '10.20.0.1', '5.6.7.8');
    expect(second.ip).toBe('10.20.0.1');
    expect(second.remaining).toBe(first.remaining - 1);
  });
});

describe('TRUST_PROXY set', () => {
  it('to an address: a request from that proxy counts as the address it forwards for; others do not', async () => {
    const app = await appWith({ TRUST_PROXY: '10.30.0.1' });
    const viaProxy = await whoIsTheClient(app, '10.30.0.1', '1.2.3.4');
    expect(viaProxy.ip).toBe('1.2.3.4');
    // Two visitors behind the one proxy each have their own allowance.
    const otherVisitor = await whoIsTheClient(app, '10.30.0.1', '5.6.7.8');
    expect(otherVisitor.ip).toBe('5.6.7.8');
    expect(otherVisitor.remaining).toBe(viaProxy.remaining);
    // Anyone else reaching the app directly cannot choose an address.
    expect((await whoIsTheClient(app, '10.99.0.1', '1.2.3.4')).ip).toBe('10.99.0.1');
  });

  it('to a CIDR list: the client is the first address from the right that is not a trusted proxy', async () => {
    const app = await appWith({ TRUST_PROXY: '10.40.0.0/16, 192.168.7.7' });
    // A forged entry on the left stays untrusted: the visitor's own proxy hop added 9.9.9.9.
    expect((await whoIsTheClient(app, '10.40.3.4', '6.6.6.6, 9.9.9.9, 192.168.7.7')).ip).toBe('9.9.9.9');
  });

  it('to a number of hops: that many proxies in front of the app are trusted', async () => {
    const oneHop = await appWith({ TRUST_PROXY: '1' });
    expect((await whoIsTheClient(oneHop, '10.50.0.1', '6.6.6.6, 1.2.3.4')).ip).toBe('1.2.3.4');
    const twoHops = await appWith({ TRUST_PROXY: '2' });
    expect((await whoIsTheClient(twoHops, '10.50.0.1', '6.6.6.6, 1.2.3.4')).ip).toBe('6.6.6.6');
  });
});

describe('X-Forwarded-Proto', () => {
  const ADMIN = { email: 'proto.admin@proxy.test', password: 'behind the proxy, or not' };

  /** Whether a successful sign-in that says it came over https gets a Secure session cookie. */
  async function secureCookie(app: TestApp, remoteAddress: string): Promise<boolean | undefined> {
    await ensureAdminUser(database.db, ADMIN);
    const response = await app.inject({ method: 'POST', url: '/api/auth/login2', headers: { ...clientHeaders, 'x-forwarded-proto': 'https' }, remoteAddress, payload: ADMIN });
    expect(response.statusCode).toBe(200);
    return response.cookies.find((c) => c.name === 'sid')?.secure;
  }

  it('counts only from a trusted proxy: the session cookie is Secure when the proxy saw https', async () => {
    expect(await secureCookie(await appWith(), '10.60.0.1')).toBeFalsy();
    const proxied = await appWith({ TRUST_PROXY: '10.60.0.1' });
    expect(await secureCookie(proxied, '10.60.0.1')).toBe(true);
    expect(await secureCookie(proxied, '10.60.0.2')).toBeFalsy();
  });
});
