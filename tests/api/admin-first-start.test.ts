import { describe, expect, it } from 'vitest';
import { ensureFirstAdmin, FIRST_ADMIN_EMAIL } from '../../src/features/admin-auth/server/admin-auth.service';
import { adminUsers } from '../../src/server/db/schema';
import { clientHeaders, testAppSession } from '../helpers/test-app';

/** A first start without ADMIN_EMAIL still leaves someone able to sign in. */

const session = testAppSession();

describe('ensureFirstAdmin', () => {
  it('creates one admin with a random password when there is none, and never a second', async () => {
    const first = await ensureFirstAdmin(session.db);
    expect(first?.email).toBe(FIRST_ADMIN_EMAIL);
    expect(first!.password.length).toBeGreaterThanOrEqual(20);
    expect(await ensureFirstAdmin(session.db)).toBeNull();
    const rows = await session.db.select().from(adminUsers);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.passwordHash).toMatch(/^\$argon2id\$/);

    const login = await session.app.inject({ method: 'POST', url: '/api/auth/login2', headers: clientHeaders, payload: first! });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ success: true });
  });
});
