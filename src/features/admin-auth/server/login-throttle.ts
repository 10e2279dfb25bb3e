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
 *
 * The rule (issue 15 §4) is that nobody elsewhere can lock the admin out:
 * - a password is refused for an account only from the address that failed it too often
 *   (MAX_FAILURES_PER_ACCOUNT_AND_IP), so the admin's own address stays open;
 * - failures on the account from every address together only slow each password attempt, by a
 *   delay that doubles per failure and stops at MAX_SLOWDOWN_MS: guessing from many addresses gets
 *   slower, the right password from a fresh address still signs in;
 * - an address failing on any accounts is refused as a whole (MAX_FAILURES_PER_IP);
 * - authenticator codes have their own, per-account limit (MAX_TOTP_FAILURES): only someone who
 *   already has the password gets that far, and six digits must not be guessable from many
 *   addresses.
 */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Per e-mail and address: a person mistypes a few times; a guesser needs thousands. */
export const MAX_FAILURES_PER_ACCOUNT_AND_IP = 5;
/** Per address, on any accounts: higher, as an office or a carrier's NAT shares one. */
export const MAX_FAILURES_PER_IP = 20;
/** Per account, wrong authenticator codes (sign-in, enabling, disabling) from any address. */
export const MAX_TOTP_FAILURES = 5;
/** Account-wide password failures that cost nothing; from then on each attempt waits. */
export const FREE_ACCOUNT_FAILURES = 5;
export const FIRST_SLOWDOWN_MS = 250;
/** The bound on the wait, so the admin's own sign-in is never held up for longer. */
export const MAX_SLOWDOWN_MS = 2000;

/** Rows that count as failures: a wrong password and a wrong authenticator code. */
export const FAILURE_ACTIONS = ['login_failed', 'totp_code_rejected'] as const;
export type FailureAction = (typeof FAILURE_ACTIONS)[number];
export const LOGIN_SUCCEEDED = 'login_succeeded';
/** A refused attempt is recorded but not counted, or a guesser could keep an account locked for ever by pushing the window on. */
export const LOGIN_THROTTLED_ACTION = 'login_throttled';
/** The stage of a password check; every other stage (totp, totp_enable, totp_disable) checks a code. */
export const PASSWORD_STAGE = 'password';

export const ADMIN_USER_ENTITY = 'admin_user';

/** `delayMs`: how long to wait before checking the credentials (password attempts only). */
export type Attempt = { id: number; throttled: boolean; delayMs: number };

export type FailureCounts = {
  /** Password failures for this e-mail from this address, since its last success from there. */
  accountAtIp: number;
  /** Password failures for this e-mail from every address, since its last success. */
  account: number;
  /** Code failures for this e-mail, since its last success. */
  totp: number;
  /** Failures of any kind, on any e-mail, from this address. */
  ip: number;
};

const windowStart = sql`now() - interval '${sql.raw(String(LOGIN_FAILURE_WINDOW_MS / 1000))} seconds'`;

/** The wait before a password attempt, given the account's failures before it. */
export function slowdownMs(previousAccountFailures: number): number {
  if (previousAccountFailures < FREE_ACCOUNT_FAILURES) return 0;
  return Math.min(MAX_SLOWDOWN_MS, FIRST_SLOWDOWN_MS * 2 ** (previousAccountFailures - FREE_ACCOUNT_FAILURES));
}

/** Recent failures, counted in one query (rows older than the window never count). */
export async function countRecentFailures(db: Database, email: string, ip: string): Promise<FailureCounts> {
  const lastSuccess = (fromIp: boolean) => sql`(
    select max(s.created_at) from ${auditLog} s
    where s.action = ${LOGIN_SUCCEEDED} and s.details->>'email' = ${email} and s.created_at > ${windowStart}
    ${fromIp ? sql`and s.details->>'ip' = ${ip}` : sql``}
  )`;
  // Rows without a stage (older ones) were password checks.
  const isPassword = sql`coalesce(${auditLog.details}->>'stage', ${PASSWORD_STAGE}) = ${PASSWORD_STAGE}`;
  const forEmail = sql`${auditLog.details}->>'email' = ${email}`;
  const sinceAccountSuccess = sql`${auditLog.createdAt} > coalesce(${lastSuccess(false)}, ${windowStart})`;
  const [counts] = await db
    .select({
      accountAtIp: sql<number>`count(*) filter (where ${isPassword} and ${forEmail} and ${auditLog.details}->>'ip' = ${ip} and ${auditLog.createdAt} > coalesce(${lastSuccess(true)}, ${windowStart}))`.mapWith(Number),
      account: sql<number>`count(*) filter (where ${isPassword} and ${forEmail} and ${sinceAccountSuccess})`.mapWith(Number),
      totp: sql<number>`count(*) filter (where not ${isPassword} and ${forEmail} and ${sinceAccountSuccess})`.mapWith(Number),
      ip: sql<number>`count(*) filter (where ${auditLog.details}->>'ip' = ${ip})`.mapWith(Number),
    })
    .from(auditLog)
    .where(and(inArray(auditLog.action, [...FAILURE_ACTIONS]), sql`${auditLog.createdAt} > ${windowStart}`));
  return { accountAtIp: counts?.accountAtIp ?? 0, account: counts?.account ?? 0, totp: counts?.totp ?? 0, ip: counts?.ip ?? 0 };
}

/**
 * Records an attempt as a failure and checks the limits, counting it too. A throttled attempt is
 * marked as such and the caller answers 429 without checking the credentials; any other password
 * attempt waits `delayMs` first (the right password as much as a wrong one, so the wait tells
 * nothing).
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
  const isPassword = input.stage === PASSWORD_STAGE;
  // This attempt is among those counted: more than the limit means the limit was already reached.
  const overLimit = isPassword ? counts.accountAtIp > MAX_FAILURES_PER_ACCOUNT_AND_IP : counts.totp > MAX_TOTP_FAILURES;
  if (overLimit || counts.ip > MAX_FAILURES_PER_IP) {
    await db.update(auditLog).set({ action: LOGIN_THROTTLED_ACTION }).where(eq(auditLog.id, id));
    return { id, throttled: true, delayMs: 0 };
  }
  return { id, throttled: false, delayMs: isPassword ? slowdownMs(counts.account - 1) : 0 };
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
