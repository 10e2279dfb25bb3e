import { and, asc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { followUpCalls } from '../../../server/db/schema';
import { queueCallEmails } from './call-emails';
import { getCallAvailability } from './call-settings';
import { callStory } from './call-story';
import type { CallsDeps } from './calls-deps';

/**
 * The calls' clock-driven e-mails, run by every instance's background sweep. Each e-mail is claimed
 * by a conditional UPDATE of its call in the transaction that queues it, so of several instances
 * one sends it, once, and a crash neither loses nor doubles it.
 */

const BATCH = 100;
const REMINDER_LEAD_MS = 24 * 3_600_000;

/**
 * A seat that was cancelled, refunded or deleted gave up its future calls in the transaction that
 * ended it (releaseBookingSeat marks them, noticePending): here both sides are told.
 */
export async function sendSeatEndNotices(deps: CallsDeps): Promise<number> {
  const pending = await deps.db.select({ id: followUpCalls.id }).from(followUpCalls).where(eq(followUpCalls.noticePending, true)).orderBy(asc(followUpCalls.id)).limit(BATCH);
  let sent = 0;
  for (const { id } of pending) {
    const claimed = await deps.db.transaction(async (tx) => {
      const [call] = await tx.update(followUpCalls).set({ noticePending: false }).where(and(eq(followUpCalls.id, id), eq(followUpCalls.noticePending, true))).returning();
      if (!call) return false;
      const story = await callStory(tx, call, await getCallAvailability(tx));
      if (story) await queueCallEmails(tx, 'cancelled', story, deps, { cancelledBy: 'seat' });
      return Boolean(story);
    });
    if (claimed) sent++;
  }
  return sent;
}

/** A day before each booked call, both sides get a reminder with the meeting link. */
export async function sendCallReminders(deps: CallsDeps): Promise<number> {
  const now = deps.now();
  const due = await deps.db
    .select({ id: followUpCalls.id })
    .from(followUpCalls)
    .where(and(eq(followUpCalls.status, 'booked'), isNull(followUpCalls.remindedAt), gt(followUpCalls.startsAt, now), lte(followUpCalls.startsAt, new Date(now.getTime() + REMINDER_LEAD_MS))))
    .orderBy(asc(followUpCalls.startsAt))
    .limit(BATCH);
  let sent = 0;
  for (const { id } of due) {
    const claimed = await deps.db.transaction(async (tx) => {
      const [call] = await tx
        .update(followUpCalls)
        .set({ remindedAt: now })
        .where(and(eq(followUpCalls.id, id), eq(followUpCalls.status, 'booked'), isNull(followUpCalls.remindedAt), sql`${followUpCalls.startsAt} > ${now.toISOString()}::timestamptz`))
        .returning();
      if (!call) return false;
      const story = await callStory(tx, call, await getCallAvailability(tx));
      if (story) await queueCallEmails(tx, 'reminder', story, deps);
      return Boolean(story);
    });
    if (claimed) sent++;
  }
  return sent;
}

/** Both, for the background sweep; wakes the outbox when anything was queued. */
export async function sendCallNotices(deps: CallsDeps): Promise<{ seatEnded: number; reminded: number }> {
  const seatEnded = await sendSeatEndNotices(deps);
  const reminded = await sendCallReminders(deps);
  if (seatEnded + reminded > 0) deps.onEmailQueued?.();
  return { seatEnded, reminded };
}
