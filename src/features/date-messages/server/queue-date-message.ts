import type { Database } from '../../../server/db/client';
import { dateMessages } from '../../../server/db/schema';
import { enqueueEmails } from '../../../server/email/outbox';
import { SealedTokens } from '../../../server/email/sealed-tokens';
import { participantLinkFor } from '../../participant/server';
import { readBrandName } from '../../settings/server';
import type { WorkshopDateRow } from './date-of';
import { messageFiller, messageValues } from './fill-message';
import type { Recipient } from './recipients';

/** The outbox kind of every copy of a message to a date. */
export const DATE_MESSAGE_KIND = 'date-message';

export type DateMessageToQueue = {
  /** 'message' (by hand), 'scheduled', or another feature's reason. */
  kind: string;
  subject: string;
  /** Sanitised, placeholders unfilled; stored as written. */
  html: string;
  sentBy: string;
};

/**
 * Writes the message's log row and one outbox e-mail per person, filled for them, all in the
 * caller's transaction: the log and the e-mails exist together or not at all. The e-mails go in
 * one INSERT per 500 (enqueueEmails), so a date of 500 people costs two statements, not 501.
 * Each copy names the log row (date_message_id), which is how the log tells their delivery.
 */
export async function queueDateMessage(
  tx: Database,
  publicUrl: string,
  date: WorkshopDateRow,
  people: readonly Recipient[],
  message: DateMessageToQueue,
): Promise<{ dateMessageId: number; queued: number }> {
  const [row] = await tx
    .insert(dateMessages)
    .values({ workshopDateId: date.id, kind: message.kind, subject: message.subject, html: message.html, recipients: people.length, sentBy: message.sentBy })
    .returning({ id: dateMessages.id });
  const dateMessageId = row!.id;
  const now = Date.now();
  const fill = messageFiller(message, await readBrandName(tx));
  const copies = people.map((person) => {
    const tokens = new SealedTokens();
    const filled = fill(messageValues(date, person, participantLinkFor(tokens, publicUrl, person.email, now)));
    return { to: person.email, ...filled, kind: DATE_MESSAGE_KIND, dateMessageId, tokens: tokens.tokens };
  });
  if (copies.length > 0) await enqueueEmails(tx, copies);
  return { dateMessageId, queued: copies.length };
}
