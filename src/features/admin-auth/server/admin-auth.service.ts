import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { adminUsers, auditLog } from '../../../server/db/schema';
import { destroyAdminSessions, type AdminIdentity } from '../../../server/plugins/auth';
import { HttpError } from '../../../server/plugins/error-handler';
import { LOGIN_THROTTLED, TOTP_CODE_WRONG, type TotpSetup, type TotpStatus } from '../admin-auth.schema';
import { ANONYMOUS, SYSTEM, recordAudit } from '../../../server/lib/audit';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './passwords';
import { ADMIN_USER_ENTITY, LOGIN_SUCCEEDED, PASSWORD_STAGE, beginAttempt, settleAttempt, type FailureAction } from './login-throttle';
import { openSecret, sealSecret } from './secret-box';
import { base32Encode, generateTotpSecret, otpauthUrl, verifyTotp } from './totp';

export type AuthDeps = {
  db: Database;
  /** APP_SECRET: encrypts TOTP secrets at rest. */
  secret: string;
  /** Shown by authenticator apps next to the account: the site's host. */
  totpIssuer: string;
};

type AdminRow = typeof adminUsers.$inferSelect;

export type PasswordOutcome =
  | { kind: 'throttled' }
  | { kind: 'invalid' }
  | { kind: 'second-factor'; admin: AdminIdentity }
  | { kind: 'signed-in'; admin: AdminIdentity };

export type SecondFactorOutcome = { kind: 'throttled' } | { kind: 'invalid' } | { kind: 'signed-in'; admin: AdminIdentity };

const TOTP_SECRET_LABEL = 'admin-totp-secret';
/** Longer than the ±1 step window (90 s): a code accepted in it can never be accepted again. */
const TOTP_REPLAY_LOOKBACK_SECONDS = 300;
const TOTP_ALREADY_ON = 'Two-step sign-in is already on. Turn it off before setting it up again.';
const TOTP_NOT_SET_UP = 'Set up two-step sign-in first.';
const TOTP_NOT_ON = 'Two-step sign-in is not on.';

/** E-mails compare case-insensitively: Admin@Example.com and admin@example.com are one admin. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

const identity = (row: AdminRow): AdminIdentity => ({ id: row.id, email: row.email, isAdmin: row.isAdmin });

async function findAdminByEmail(db: Database, email: string): Promise<AdminRow | undefined> {
  const [row] = await db
    .select()
    .from(adminUsers)
    .where(sql`lower(${adminUsers.email}) = ${normaliseEmail(email)}`)
    .orderBy(asc(adminUsers.id))
    .limit(1);
  return row;
}

async function findAdminById(db: Database, id: number): Promise<AdminRow | undefined> {
  const [row] = await db.select().from(adminUsers).where(eq(adminUsers.id, id)).limit(1);
  return row;
}

/**
 * ADMIN_EMAIL / ADMIN_PASSWORD at start: afterwards that admin exists and has that
 * password. The hash is rewritten only when the password no longer verifies, so a restart costs
 * one Argon2 check; a reset password also ends that admin's sessions.
 */
export async function ensureAdminUser(db: Database, input: { email: string; password: string }): Promise<'created' | 'updated' | 'unchanged'> {
  const email = normaliseEmail(input.email);
  let existing = await findAdminByEmail(db, email);
  if (!existing) {
    const passwordHash = await hashPassword(input.password);
    // Several instances may start at once: the unique e-mail lets exactly one insert win.
    const inserted = await db.insert(adminUsers).values({ email, passwordHash, isAdmin: true }).onConflictDoNothing().returning();
    if (inserted[0]) {
      await recordAudit(db, { actor: SYSTEM, action: 'admin_created', entity: ADMIN_USER_ENTITY, entityId: inserted[0].id, details: { email, source: 'ADMIN_EMAIL' } });
      return 'created';
    }
    existing = await findAdminByEmail(db, email);
    if (!existing) throw new Error('admin user vanished while being created');
  }
  const verifies = await verifyPassword(existing.passwordHash, input.password);
  if (verifies && existing.isAdmin && !needsRehash(existing.passwordHash)) return 'unchanged';

  const passwordHash = verifies && !needsRehash(existing.passwordHash) ? existing.passwordHash : await hashPassword(input.password);
  await db.update(adminUsers).set({ passwordHash, isAdmin: true }).where(eq(adminUsers.id, existing.id));
  if (!verifies) await destroyAdminSessions(db, existing.id);
  await recordAudit(db, {
    actor: SYSTEM,
    action: verifies ? 'admin_restored' : 'admin_password_reset',
    entity: ADMIN_USER_ENTITY,
    entityId: existing.id,
    details: { email: existing.email, source: 'ADMIN_EMAIL' },
  });
  return 'updated';
}

/** The e-mail of the admin made on a first start without ADMIN_EMAIL. */
export const FIRST_ADMIN_EMAIL = 'admin@example.com';

/**
 * A first start without ADMIN_EMAIL / ADMIN_PASSWORD would leave nobody able to sign in. So when
 * there is no admin at all, one is made with a random password, which the caller hands to the
 * operator. Returns null when an admin already exists (or another instance just made one).
 */
export async function ensureFirstAdmin(db: Database): Promise<{ email: string; password: string } | null> {
  const [existing] = await db.select({ id: adminUsers.id }).from(adminUsers).limit(1);
  if (existing) return null;
  const password = randomBytes(18).toString('base64url');
  const inserted = await db
    .insert(adminUsers)
    .values({ email: FIRST_ADMIN_EMAIL, passwordHash: await hashPassword(password), isAdmin: true })
    .onConflictDoNothing()
    .returning({ id: adminUsers.id });
  if (!inserted[0]) return null;
  await recordAudit(db, { actor: SYSTEM, action: 'admin_created', entity: ADMIN_USER_ENTITY, entityId: inserted[0].id, details: { email: FIRST_ADMIN_EMAIL, source: 'first start' } });
  return { email: FIRST_ADMIN_EMAIL, password };
}

/**
 * First step of a login. Every attempt is counted before anything is checked; an unknown e-mail
 * costs the same Argon2 work as a known one, and both answer alike.
 */
export async function checkPassword(db: Database, input: { email: string; password: string; ip: string }): Promise<PasswordOutcome> {
  const email = normaliseEmail(input.email);
  const attempt = await beginAttempt(db, { actor: ANONYMOUS, email, ip: input.ip, failureAction: 'login_failed', stage: PASSWORD_STAGE });
  if (attempt.throttled) return { kind: 'throttled' };
  // Many failures on this account from elsewhere slow every attempt on it, never block it.
  if (attempt.delayMs > 0) await sleep(attempt.delayMs);

  const user = await findAdminByEmail(db, email);
  const ok = user ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstDummy(input.password);
  if (!user || !ok) return { kind: 'invalid' };

  if (needsRehash(user.passwordHash)) {
    await db.update(adminUsers).set({ passwordHash: await hashPassword(input.password) }).where(eq(adminUsers.id, user.id));
  }
  if (user.totpEnabled) {
    // Not a success: the account's failure count keeps running until the code is right too.
    await settleAttempt(db, attempt, { action: 'login_password_accepted', actor: user.email, adminUserId: user.id });
    return { kind: 'second-factor', admin: identity(user) };
  }
  await settleAttempt(db, attempt, { action: LOGIN_SUCCEEDED, actor: user.email, adminUserId: user.id });
  return { kind: 'signed-in', admin: identity(user) };
}

function totpKey(secret: string, user: AdminRow): Buffer | null {
  if (!user.totpSecret) return null;
  return openSecret(secret, TOTP_SECRET_LABEL, user.totpSecret, `admin_user:${user.id}`);
}

/** The last time step a code of this admin was accepted for, so that code cannot be replayed. */
async function lastAcceptedTotpStep(db: Database, adminUserId: number): Promise<number> {
  const [row] = await db
    .select({ step: sql<number | null>`max((${auditLog.details}->>'totpStep')::bigint)`.mapWith((value) => (value === null ? null : Number(value))) })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, ADMIN_USER_ENTITY),
        eq(auditLog.entityId, String(adminUserId)),
        sql`${auditLog.details}->>'totpStep' is not null`,
        sql`${auditLog.createdAt} > now() - interval '${sql.raw(String(TOTP_REPLAY_LOOKBACK_SECONDS))} seconds'`,
      ),
    );
  return row?.step ?? -1;
}

/**
 * Checks an authenticator code under its own throttle (wrong codes per account, see
 * login-throttle). On success the attempt's row becomes `successAction` and keeps the accepted
 * step: as `totpStep` for the replay check, or as `setupStep` when the code only confirms a new
 * set-up. That code proves the app holds the secret, nothing more: the admin signs in right after,
 * often inside the same 30 s step, and refusing that code as a replay would lock them out until
 * the next one.
 */
async function checkCode(
  deps: AuthDeps,
  user: AdminRow,
  input: { code: string; ip: string; failureAction: FailureAction; stage: string; successAction: string; confirmsSetup?: boolean },
): Promise<'throttled' | 'invalid' | 'ok'> {
  const attempt = await beginAttempt(deps.db, {
    actor: user.email,
    email: normaliseEmail(user.email),
    ip: input.ip,
    failureAction: input.failureAction,
    adminUserId: user.id,
    stage: input.stage,
  });
  if (attempt.throttled) return 'throttled';
  const key = totpKey(deps.secret, user);
  const step = key ? verifyTotp(key, input.code) : null;
  if (step === null || step <= (await lastAcceptedTotpStep(deps.db, user.id))) return 'invalid';
  await settleAttempt(deps.db, attempt, { action: input.successAction, details: input.confirmsSetup ? { setupStep: step } : { totpStep: step } });
  return 'ok';
}

/** Second step of a login: the code for the admin whose password was accepted. */
export async function checkSecondFactor(deps: AuthDeps, input: { adminUserId: number; code: string; ip: string }): Promise<SecondFactorOutcome> {
  const user = await findAdminById(deps.db, input.adminUserId);
  if (!user?.totpEnabled) return { kind: 'invalid' };
  const result = await checkCode(deps, user, { code: input.code, ip: input.ip, failureAction: 'login_failed', stage: 'totp', successAction: LOGIN_SUCCEEDED });
  if (result === 'ok') return { kind: 'signed-in', admin: identity(user) };
  return { kind: result };
}

async function loadAdmin(db: Database, admin: AdminIdentity): Promise<AdminRow> {
  const user = await findAdminById(db, admin.id);
  if (!user) throw new HttpError(401, 'Authentication required');
  return user;
}

export async function getTotpStatus(db: Database, admin: AdminIdentity): Promise<TotpStatus> {
  const user = await loadAdmin(db, admin);
  return { enabled: user.totpEnabled };
}

/**
 * Makes a new secret and stores it encrypted, not yet enabled: a half-finished setup never locks
 * the admin out. Enabling needs a code from the app, which proves it holds the secret.
 */
export async function startTotpSetup(deps: AuthDeps, admin: AdminIdentity, ip: string): Promise<TotpSetup> {
  const user = await loadAdmin(deps.db, admin);
  if (user.totpEnabled) throw new HttpError(409, TOTP_ALREADY_ON, 'totp_already_enabled');
  const key = generateTotpSecret();
  const sealed = sealSecret(deps.secret, TOTP_SECRET_LABEL, key, `admin_user:${user.id}`);
  await deps.db
    .update(adminUsers)
    .set({ totpSecret: sealed })
    .where(and(eq(adminUsers.id, user.id), eq(adminUsers.totpEnabled, false)));
  await recordAudit(deps.db, { actor: user.email, action: 'totp_setup_started', entity: ADMIN_USER_ENTITY, entityId: user.id, details: { ip } });
  const secret = base32Encode(key);
  return { secret, otpauthUrl: otpauthUrl({ issuer: deps.totpIssuer, account: user.email, secret }) };
}

export async function enableTotp(deps: AuthDeps, admin: AdminIdentity, input: { code: string; ip: string }): Promise<void> {
  const user = await loadAdmin(deps.db, admin);
  if (user.totpEnabled) throw new HttpError(409, TOTP_ALREADY_ON, 'totp_already_enabled');
  if (!user.totpSecret) throw new HttpError(400, TOTP_NOT_SET_UP, 'totp_not_set_up');
  const result = await checkCode(deps, user, { ...input, failureAction: 'totp_code_rejected', stage: 'totp_enable', successAction: 'totp_enabled', confirmsSetup: true });
  if (result === 'throttled') throw new HttpError(429, LOGIN_THROTTLED, 'too_many_attempts');
  if (result === 'invalid') throw new HttpError(400, TOTP_CODE_WRONG, 'totp_code_wrong');
  // Only the secret that was checked is enabled, even if a second setup raced this one.
  await deps.db
    .update(adminUsers)
    .set({ totpEnabled: true })
    .where(and(eq(adminUsers.id, user.id), eq(adminUsers.totpSecret, user.totpSecret)));
}

export async function disableTotp(deps: AuthDeps, admin: AdminIdentity, input: { code: string; ip: string }): Promise<void> {
  const user = await loadAdmin(deps.db, admin);
  if (!user.totpEnabled) throw new HttpError(400, TOTP_NOT_ON, 'totp_not_enabled');
  const result = await checkCode(deps, user, { ...input, failureAction: 'totp_code_rejected', stage: 'totp_disable', successAction: 'totp_disabled' });
  if (result === 'throttled') throw new HttpError(429, LOGIN_THROTTLED, 'too_many_attempts');
  if (result === 'invalid') throw new HttpError(400, TOTP_CODE_WRONG, 'totp_code_wrong');
  await deps.db.update(adminUsers).set({ totpEnabled: false, totpSecret: null }).where(eq(adminUsers.id, user.id));
}

export async function recordLogout(db: Database, admin: AdminIdentity, ip: string): Promise<void> {
  await recordAudit(db, { actor: admin.email, action: 'logout', entity: ADMIN_USER_ENTITY, entityId: admin.id, details: { ip } });
}

