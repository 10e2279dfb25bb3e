import type { Database } from '../../../server/db/client';
import { auditOf, type Actor } from '../../../server/lib/audit';
import { HttpError } from '../../../server/plugins/error-handler';
import { NOBODY_TO_MESSAGE, type DateMessageInput, type Queued } from '../date-messages.schema';
import { dateOr404 } from './date-of';
import { cleanBody } from './fill-message';
import { queueDateMessage } from './queue-date-message';
import { liveRecipients } from './recipients';

const audit = auditOf('date_message');

/**
 * POST /api/admin/workshop-dates/{id}/messages: the organiser's message to everyone on the date,
 * one e-mail per distinct address, logged and audited in one transaction. Nobody on the date is a
 * 400 (the organiser is told, and the log gains no empty entry). The caller nudges the outbox
 * worker after the commit.
 */
export async function sendDateMessage(db: Database, publicUrl: string, actor: Actor, workshopDateId: number, input: DateMessageInput): Promise<Queued> {
  const html = cleanBody(input.html);
  return db.transaction(async (tx) => {
    const date = await dateOr404(tx, workshopDateId);
    const people = await liveRecipients(tx, date.id);
    if (people.length === 0) throw new HttpError(400, NOBODY_TO_MESSAGE);
    const { dateMessageId, queued } = await queueDateMessage(tx, publicUrl, date, people, { kind: 'message', subject: input.subject, html, sentBy: actor.email });
    await audit(tx, actor, 'date_message_sent', dateMessageId, { workshopDateId: date.id, subject: input.subject, recipients: queued });
    return { queued };
  });
}
