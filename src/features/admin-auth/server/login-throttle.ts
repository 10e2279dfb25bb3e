import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { auditLog } from '../../../server/db/schema';

/**
 * Failed sign-ins are counted in the audit log, in the database, so every instance behind a load
 * balancer shares one count (no extra table: the audit rows are the record anyway).
 *
 * Each attempt writes its row *before* the password is checked, as a failure, and turns it into
 * a success afterwards if it was one. So parallel guesses see each other: the sixth of a burst
 * fired at once is refused even though none of them has finished yet.
 */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Per e-mail: a person mistypes a few times; a guesser needs thousands. */
export const MAX_FAILURES_PER_ACCOUNT = 5;
/** Per address: higher, as an office or a carrier's NAT shares one. */
export const MAX_FAILURES_PER_IP = 20;

/** Rows that count as failures: a wrong password and a wrong authenticator code. */
export const FAILURE_ACTIONS = ['login_failed', 'totp_code_rejected'] as const;
export type FailureAction = (typeof FAILURE_ACTIONS)[number];
export const LOGIN_SUCCEEDED = 'login_succeeded';
/** A refused attempt is recorded but not counted, or a guesser could keep an account locked for ever by pushing the window on. */
export const LOGIN_THROTTLED_ACTION = 'login_throttled';

export const ADMIN_USER_ENTITY = 'admin_user';

export type Attempt = { id: number; throttled: boolean };

const windowStart = sql`now() - interval '${sql.raw(String(LOGIN_FAILURE_WINDOW_MS / 1000))} seconds'`;

/** Failures in the window per e-mail (since that account's last successful login) and per address. */
export async function countRecentFailures(db: Database, email: string, ip: string): Promise<{ account: number; ip: number }> {
  const lastSuccess = sql`(
    select max(s.created_at) from ${auditLog} s
    where s.action = ${LOGIN_SUCCEEDED} and s.details->>'email' = ${email} and s.created_at > ${windowStart}
  )`;
  const [counts] = await db
    .select({
      account: sql<number>`count(*) filter (where ${auditLog.details}->>'email' = ${email} and ${auditLog.createdAt} > coalesce(${lastSuccess}, ${windowStart}))`.mapWith(Number),
      ip: sql<number>`count(*) filter (where ${auditLog.details}->>'ip' = ${ip})`.mapWith(Number),
    })
    .from(auditLog)
    .where(and(inArray(auditLog.action, [...FAILURE_ACTIONS]), sql`${auditLog.createdAt} > ${windowStart}`));
  return { account: counts?.account ?? 0, ip: counts?.ip ?? 0 };
}

/**
 * Records an attempt as a failure and checks the limits, counting it too. A throttled attempt is
 * marked as such and the caller answers 429 without checking the credentials.
 */
export async function beginAttempt(
  db: Database,
  input: { actor: string; email: string; ip: string; failureAction: FailureAction; adminUserId?: number; stage: string },
): Promise<Attempt> {
  const [row] = await db
    .insert(auditLog)
    .values({
      actor: input.actor,
      action: input.failureAction,
      entity: ADMIN_USER_ENTITY,
      entityId: input.adminUserId === undefined ? null : String(input.adminUserId),
      details: { email: input.email, ip: input.ip, stage: input.stage },
    })
    .returning({ id: auditLog.id });
  const id = row!.id;
  const counts = await countRecentFailures(db, input.email, input.ip);
  // This attempt is among those counted: more than the limit means the limit was already reached.
  if (counts.account > MAX_FAILURES_PER_ACCOUNT || counts.ip > MAX_FAILURES_PER_IP) {
    await db.update(auditLog).set({ action: LOGIN_THROTTLED_ACTION }).where(eq(auditLog.id, id));
    return { id, throttled: true };
  }
  return { id, throttled: false };
}

/** Rewrites the attempt's row with what it turned out to be (its failure row stays as it is otherwise). */
export async function settleAttempt(
  db: Database,
  attempt: Attempt,
  outcome: { action: string; actor?: string; adminUserId?: number; details?: Record<string, unknown> },
): Promise<void> {
  await db
    .update(auditLog)
    .set({
      action: outcome.action,
      ...(outcome.actor === undefined ? {} : { actor: outcome.actor }),
      ...(outcome.adminUserId === undefined ? {} : { entityId: String(outcome.adminUserId) }),
      ...(outcome.details === undefined ? {} : { details: sql`coalesce(${auditLog.details}, '{}'::jsonb) || ${JSON.stringify(outcome.details)}::jsonb` }),
    })
    .where(eq(auditLog.id, attempt.id));
}
