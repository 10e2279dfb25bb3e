import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { scheduledMessages, workshopDates } from '../../../server/db/schema';
import { SCHEDULE_SENDER } from '../date-messages.schema';
import { queueDateMessage } from './queue-date-message';
import { liveRecipients } from './recipients';
import { dueAtOf } from './scheduled-messages';

export type ScheduleDeps = {
  publicUrl: string;
  /** Wakes the outbox worker after messages were queued. */
  onEmailQueued?: () => void;
};

/**
 * How late a scheduled message may still go out. The sweep runs every 30 s, so a message is
 * normally seconds late; a date created or moved after one of its moments (a 'day before' message
 * on a date added this morning), or a server that was down for hours, must not send it late:
 * past this window it is marked skipped instead.
 */
export const SCHEDULE_GRACE_MS = 60 * 60_000;
/** Most messages one sweep sends; the rest wait 30 s for the next. */
export const SCHEDULE_BATCH = 20;

const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;
/** The moment, read from the date's start as it is now: moving the date moves it. */
const dueMoment = sql`${workshopDates.startsAt} + ${scheduledMessages.offsetMinutes} * interval '1 minute'`;
const isDue = (now: Date) => and(eq(workshopDates.isTBC, false), sql`${dueMoment} <= ${at(now)}`);

type Outcome = 'sent' | 'skipped' | 'taken';

/**
 * Claims one due message and queues it, in one transaction. The claim is an UPDATE of a row still
 * unsent and still due: on another instance the same UPDATE waits for ours, then finds it sent and
 * claims nothing, so the message goes out once; a crash rolls back claim and e-mails together.
 */
async function sendOne(db: Database, deps: ScheduleDeps, id: number, now: Date): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(scheduledMessages)
      .set({ sentAt: now })
      .where(
        and(
          eq(scheduledMessages.id, id),
          isNull(scheduledMessages.sentAt),
          sql`exists (select 1 from ${workshopDates} where ${workshopDates.id} = ${scheduledMessages.workshopDateId} and ${isDue(now)})`,
        ),
      )
      .returning();
    if (!claimed) return 'taken';
    const [date] = await tx.select().from(workshopDates).where(eq(workshopDates.id, claimed.workshopDateId));
    const dueAt = date ? dueAtOf(date, claimed.offsetMinutes) : null;
    // Long past, or a date called off since: marked sent without a log row, which reads as skipped.
    if (!date || !dueAt || now.getTime() - dueAt.getTime() > SCHEDULE_GRACE_MS || date.calledOffAt) return 'skipped';
    // Whoever holds a live seat now: a seat cancelled since the message was planned gets nothing.
    const people = await liveRecipients(tx, date.id);
    const { dateMessageId } = await queueDateMessage(tx, deps.publicUrl, date, people, {
      kind: 'scheduled',
      subject: claimed.subject,
      html: claimed.html,
      sentBy: SCHEDULE_SENDER,
    });
    await tx.update(scheduledMessages).set({ dateMessageId }).where(eq(scheduledMessages.id, id));
    return 'sent';
  });
}

/**
 * The background sweep's step (every instance, every 30 s): each scheduled message whose moment
 * (the date's start plus its offset, read now) has come is sent once to the date's live seats, or
 * skipped when the moment passed more than SCHEDULE_GRACE_MS ago. A TBC date has no moment.
 */
export async function sendDueScheduledMessages(db: Database, deps: ScheduleDeps, now: Date = new Date()): Promise<{ sent: number; skipped: number }> {
  const due = await db
    .select({ id: scheduledMessages.id })
    .from(scheduledMessages)
    .innerJoin(workshopDates, eq(workshopDates.id, scheduledMessages.workshopDateId))
    .where(and(isNull(scheduledMessages.sentAt), isDue(now)))
    .orderBy(asc(scheduledMessages.id))
    .limit(SCHEDULE_BATCH);
  let sent = 0;
  let skipped = 0;
  for (const { id } of due) {
    const outcome = await sendOne(db, deps, id, now);
    if (outcome === 'sent') sent++;
    if (outcome === 'skipped') skipped++;
  }
  if (sent > 0) deps.onEmailQueued?.();
  return { sent, skipped };
}
