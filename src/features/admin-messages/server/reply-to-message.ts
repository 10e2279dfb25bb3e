import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { contactMessages } from '../../../server/db/schema';
import { enqueueEmail } from '../../../server/email/outbox';
import { emailLayout, plainTextToHtml } from '../../../server/email/templates';
import { auditOf, type Actor } from '../../../server/lib/audit';
import { lockRowOr404, withIsoDates } from '../../../server/lib/rows';
import { readBrandName } from '../../settings/server';
import { MESSAGE_NOT_FOUND, type AdminContactMessage, type ContactReply } from '../admin-messages.schema';

const audit = auditOf('contact_message');

/**
 * The outbox kind of the organiser's answer, so the Outbox list and its tests can tell these
 * e-mails apart. Not 'contact-reply': that is the form's automatic acknowledgement, which is sent
 * at most once an hour per address, and an answer must not count as one.
 */
export const ORGANISER_ANSWER_KIND = 'contact-answer';

// Quiet ink for the quoted message, the layout's secondary text colour (server/email/templates.ts).
const QUOTE_STYLE = 'margin:0;padding:0 0 0 12px;border-left:3px solid #121212;color:#4a4640;';

/**
 * The reply as HTML: the organiser's words escaped into paragraphs (never markup, line breaks
 * kept), then the visitor's own message quoted underneath, so they see what is being answered.
 */
function replyHtml(reply: string, original: string): string {
  return `${plainTextToHtml(reply)}<hr style="border:0;border-top:1px solid #121212;margin:24px 0 16px;"><p style="margin:0 0 8px;color:#4a4640;">You wrote:</p><blockquote style="${QUOTE_STYLE}">${plainTextToHtml(original)}</blockquote>`;
}

/** The plain-text part: exactly what the organiser typed, then the visitor's message quoted the way mail clients quote. */
function replyText(reply: string, original: string): string {
  const quoted = original
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');
  return `${reply}\n\nYou wrote:\n${quoted}`;
}

/**
 * Answers a contact message by e-mail: in one transaction the e-mail is queued to the sender, the
 * message is marked read and replied (now), and the audit log names who answered. Replying again
 * is allowed, it is a conversation: each reply is its own e-mail and moves `repliedAt`. The
 * Reply-To is not set here: the mail transport gives every e-mail the organiser's (settings), so
 * the visitor's answer reaches the organiser's inbox. The caller nudges the outbox worker after
 * the commit.
 */
export async function replyToContactMessage(db: Database, actor: Actor, id: number, reply: ContactReply): Promise<AdminContactMessage> {
  return db.transaction(async (tx) => {
    // Locked, so a delete cannot slip in between the e-mail being queued and the row being updated.
    const message = await lockRowOr404(tx, contactMessages, id, MESSAGE_NOT_FOUND);
    const queued = await enqueueEmail(tx, {
      to: message.email,
      subject: reply.subject,
      html: emailLayout({ title: reply.subject, bodyHtml: replyHtml(reply.message, message.message), brandName: await readBrandName(tx) }),
      text: replyText(reply.message, message.message),
      kind: ORGANISER_ANSWER_KIND,
    });
    const [updated] = await tx.update(contactMessages).set({ isRead: true, repliedAt: sql`now()` }).where(eq(contactMessages.id, id)).returning();
    await audit(tx, actor, 'contact_message_replied', id, {
      email: message.email,
      subject: reply.subject,
      emailId: queued.id,
      again: message.repliedAt !== null,
    });
    return withIsoDates(updated!);
  });
}
