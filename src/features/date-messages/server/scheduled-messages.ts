import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { dateMessages, scheduledMessages } from '../../../server/db/schema';
import { auditOf, type Actor } from '../../../server/lib/audit';
import { HttpError } from '../../../server/plugins/error-handler';
import { ALREADY_SENT, SCHEDULED_MESSAGE_NOT_FOUND, type ScheduledMessage, type ScheduledMessageInput } from '../date-messages.schema';
import { dateOr404, type WorkshopDateRow } from './date-of';
import { readDefaultMessages } from './default-messages';
import { cleanBody } from './fill-message';

const audit = auditOf('scheduled_message');
const MINUTE_MS = 60_000;

/** When a scheduled message is due: the date's current start plus its offset; null while TBC. */
export function dueAtOf(date: Pick<WorkshopDateRow, 'isTBC' | 'startsAt'>, offsetMinutes: number): Date | null {
  if (date.isTBC || !date.startsAt) return null;
  return new Date(date.startsAt.getTime() + offsetMinutes * MINUTE_MS);
}

/** The date's scheduled messages, earliest moment first, each with its due time and what became of it. */
export async function listScheduledMessages(db: Database, date: WorkshopDateRow): Promise<ScheduledMessage[]> {
  const rows = await db
    .select({ message: scheduledMessages, recipients: dateMessages.recipients })
    .from(scheduledMessages)
    .leftJoin(dateMessages, eq(dateMessages.id, scheduledMessages.dateMessageId))
    .where(eq(scheduledMessages.workshopDateId, date.id))
    .orderBy(asc(scheduledMessages.offsetMinutes), asc(scheduledMessages.id));
  return rows.map(({ message, recipients }) => ({
    id: message.id,
    offsetMinutes: message.offsetMinutes,
    subject: message.subject,
    html: message.html,
    dueAt: dueAtOf(date, message.offsetMinutes)?.toISOString() ?? null,
    // Sent with a log row; claimed without one: skipped, its moment long past.
    status: !message.sentAt ? 'pending' : message.dateMessageId ? 'sent' : 'skipped',
    sentAt: message.sentAt?.toISOString() ?? null,
    dateMessageId: message.dateMessageId,
    recipients: recipients ?? null,
  }));
}

/** GET …/scheduled-messages. */
export async function scheduledMessagesOf(db: Database, workshopDateId: number): Promise<ScheduledMessage[]> {
  return listScheduledMessages(db, await dateOr404(db, workshopDateId));
}

/** POST …/scheduled-messages: one more message on the date's schedule; answers the whole schedule. */
export async function addScheduledMessage(db: Database, actor: Actor, workshopDateId: number, input: ScheduledMessageInput): Promise<ScheduledMessage[]> {
  const html = cleanBody(input.html);
  return db.transaction(async (tx) => {
    const date = await dateOr404(tx, workshopDateId);
    const [row] = await tx.insert(scheduledMessages).values({ workshopDateId, offsetMinutes: input.offsetMinutes, subject: input.subject, html }).returning({ id: scheduledMessages.id });
    await audit(tx, actor, 'scheduled_message_added', row!.id, { workshopDateId, offsetMinutes: input.offsetMinutes, subject: input.subject });
    return listScheduledMessages(tx, date);
  });
}

/** PUT …/scheduled-messages/{messageId}: only while it is still to be sent (409 after). */
export async function editScheduledMessage(db: Database, actor: Actor, workshopDateId: number, id: number, input: ScheduledMessageInput): Promise<ScheduledMessage[]> {
  const html = cleanBody(input.html);
  return db.transaction(async (tx) => {
    const date = await dateOr404(tx, workshopDateId);
    const updated = await tx
      .update(scheduledMessages)
      .set({ offsetMinutes: input.offsetMinutes, subject: input.subject, html })
      .where(and(eq(scheduledMessages.id, id), eq(scheduledMessages.workshopDateId, workshopDateId), isNull(scheduledMessages.sentAt)))
      .returning({ id: scheduledMessages.id });
    if (updated.length === 0) {
      const [exists] = await tx
        .select({ id: scheduledMessages.id })
        .from(scheduledMessages)
        .where(and(eq(scheduledMessages.id, id), eq(scheduledMessages.workshopDateId, workshopDateId)));
      throw exists ? new HttpError(409, ALREADY_SENT, 'already_sent') : new HttpError(404, SCHEDULED_MESSAGE_NOT_FOUND);
    }
    await audit(tx, actor, 'scheduled_message_edited', id, { workshopDateId, offsetMinutes: input.offsetMinutes, subject: input.subject });
    return listScheduledMessages(tx, date);
  });
}

/** DELETE …/scheduled-messages/{messageId}: off the schedule (a sent one's log entry stays). */
export async function deleteScheduledMessage(db: Database, actor: Actor, workshopDateId: number, id: number): Promise<ScheduledMessage[]> {
  return db.transaction(async (tx) => {
    const date = await dateOr404(tx, workshopDateId);
    const deleted = await tx
      .delete(scheduledMessages)
      .where(and(eq(scheduledMessages.id, id), eq(scheduledMessages.workshopDateId, workshopDateId)))
      .returning({ subject: scheduledMessages.subject });
    if (deleted.length === 0) throw new HttpError(404, SCHEDULED_MESSAGE_NOT_FOUND);
    await audit(tx, actor, 'scheduled_message_deleted', id, { workshopDateId, subject: deleted[0]!.subject });
    return listScheduledMessages(tx, date);
  });
}

/**
 * POST …/scheduled-messages/apply-defaults: copies of the defaults the date does not have yet (same
 * moment and subject), for a date created before the defaults were set. Twice adds nothing more.
 */
export async function applyDefaultsToDate(db: Database, actor: Actor, workshopDateId: number): Promise<ScheduledMessage[]> {
  return db.transaction(async (tx) => {
    const date = await dateOr404(tx, workshopDateId);
    const defaults = await readDefaultMessages(tx);
    const existing = await tx
      .select({ offsetMinutes: scheduledMessages.offsetMinutes, subject: scheduledMessages.subject })
      .from(scheduledMessages)
      .where(eq(scheduledMessages.workshopDateId, workshopDateId));
    const has = new Set(existing.map((row) => `${row.offsetMinutes}\u0000${row.subject}`));
    const missing = defaults.filter((message) => !has.has(`${message.offsetMinutes}\u0000${message.subject}`));
    if (missing.length > 0) {
      await tx.insert(scheduledMessages).values(missing.map((message) => ({ workshopDateId, ...message })));
      await audit(tx, actor, 'scheduled_message_defaults_applied', workshopDateId, { added: missing.length });
    }
    return listScheduledMessages(tx, date);
  });
}
