import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { dateMessages, emailOutbox } from '../../../server/db/schema';
import type { DateMessageLog } from '../date-messages.schema';
import { dateOr404 } from './date-of';
import { liveRecipients } from './recipients';
import { listScheduledMessages } from './scheduled-messages';

const countWhere = (status: 'sent' | 'pending' | 'failed') => sql<number>`(count(${emailOutbox.id}) filter (where ${emailOutbox.status} = ${status}))::int`;

/**
 * GET /api/admin/workshop-dates/{id}/messages: every message the date sent, newest first, with how
 * many it went to and how its copies fared in the outbox (counted from the rows naming it), whom
 * a message would reach now, and the date's schedule.
 */
export async function listDateMessages(db: Database, workshopDateId: number): Promise<DateMessageLog> {
  const date = await dateOr404(db, workshopDateId);
  const rows = await db
    .select({ message: dateMessages, sent: countWhere('sent'), pending: countWhere('pending'), failed: countWhere('failed') })
    .from(dateMessages)
    .leftJoin(emailOutbox, eq(emailOutbox.dateMessageId, dateMessages.id))
    .where(eq(dateMessages.workshopDateId, date.id))
    .groupBy(dateMessages.id)
    .orderBy(desc(dateMessages.id));
  const [people, scheduled] = await Promise.all([liveRecipients(db, date.id), listScheduledMessages(db, date)]);
  return {
    workshopDateId: date.id,
    recipients: people.length,
    messages: rows.map(({ message, sent, pending, failed }) => ({
      id: message.id,
      kind: message.kind,
      subject: message.subject,
      html: message.html,
      sentBy: message.sentBy,
      createdAt: message.createdAt.toISOString(),
      recipients: message.recipients,
      delivery: { sent, pending, failed },
    })),
    scheduled,
  };
}
