import type { Database } from '../../../server/db/client';
import { enqueueEmail } from '../../../server/email/outbox';
import { SealedTokens } from '../../../server/email/sealed-tokens';
import { auditOf, type Actor } from '../../../server/lib/audit';
import { participantLinkFor } from '../../participant/server';
import { readBrandName } from '../../settings/server';
import type { DateMessageInput, TestSent } from '../date-messages.schema';
import { dateOr404 } from './date-of';
import { cleanBody, fillMessage, messageValues, SAMPLE_PERSON } from './fill-message';
import { liveRecipients } from './recipients';

export const TEST_MESSAGE_KIND = 'date-message-test';
const audit = auditOf('date_message');

/**
 * POST …/messages/test: one copy to the signed-in admin, filled with the first attendee's values
 * (sample values while nobody is booked), subject marked '[Test] '. Not a message of the date:
 * it names no log row, so the log and its counts never include it. Its sign-in link is the
 * admin's own, so a test never carries a working link into an attendee's account.
 */
export async function sendTestMessage(db: Database, publicUrl: string, admin: Actor, workshopDateId: number, input: DateMessageInput): Promise<TestSent> {
  const html = cleanBody(input.html);
  return db.transaction(async (tx) => {
    const date = await dateOr404(tx, workshopDateId);
    const [first] = await liveRecipients(tx, date.id);
    const tokens = new SealedTokens();
    const filled = fillMessage({ subject: input.subject, html }, messageValues(date, first ?? SAMPLE_PERSON, participantLinkFor(tokens, publicUrl, admin.email)), await readBrandName(tx));
    await enqueueEmail(tx, { to: admin.email, ...filled, subject: `[Test] ${filled.subject}`, kind: TEST_MESSAGE_KIND, tokens: tokens.tokens });
    await audit(tx, admin, 'date_message_test_sent', undefined, { workshopDateId: date.id, subject: input.subject });
    return { queued: 1, to: admin.email };
  });
}
