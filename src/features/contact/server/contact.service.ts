import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { contactMessages, emailOutbox, newsletterSubscribers } from '../../../server/db/schema';
import { enqueueEmail } from '../../../server/email/outbox';
import { renderEmail } from '../../email-templates/server';
import { adminSectionUrl, notifyOrganiser } from '../../settings/server';
import type { contactMessageSchema } from '../contact.schema';
import type { z } from 'zod';

type ContactMessage = z.output<typeof contactMessageSchema>;

export const CONTACT_REPLY_KIND = 'contact-reply';
/**
 * Anyone can type anyone's address into the contact form, so the acknowledgement goes to one
 * address at most this often per hour (counted in the outbox, so across every instance).
 */
export const CONTACT_REPLIES_PER_HOUR = 3;

/**
 * Stores the message (and, when asked, the newsletter subscription) and queues the 'contact-reply'
 * acknowledgement to the person who wrote, in one transaction. No acknowledgement when its
 * template is switched off or the address already got its hourly share; the message is stored
 * either way. `queued` tells the caller to nudge the outbox worker after the commit.
 */
export async function receiveContactMessage(db: Database, input: ContactMessage, publicUrl?: string): Promise<{ id: number; queued: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ name: input.name, email: input.email, subject: input.subject, message: input.message })
      .returning({ id: contactMessages.id });
    if (input.subscribeToNewsletter) {
      await tx.insert(newsletterSubscribers).values({ email: input.email.toLowerCase(), source: 'contact' }).onConflictDoNothing();
    }
    const acknowledged = await queueContactReply(tx, input);
    const notified = await notifyOrganiser(tx, {
      about: 'notifyContactMessage',
      subject: `New message: ${input.subject}`,
      summary: `${input.name} wrote through the contact form. Reply to this address to answer them.`,
      details: [
        ['From', `${input.name} <${input.email}>`],
        ['Subject', input.subject],
        ['Message', input.message],
      ],
      ...(publicUrl ? { link: { href: adminSectionUrl(publicUrl, 'messages'), label: 'Open Messages' } } : {}),
    });
    return { id: row!.id, queued: acknowledged || notified };
  });
}

async function queueContactReply(tx: Database, input: ContactMessage): Promise<boolean> {
  const to = input.email.trim().toLowerCase();
  const [recent] = await tx
    .select({ n: count() })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, CONTACT_REPLY_KIND), eq(emailOutbox.to, to), gt(emailOutbox.createdAt, sql`now() - interval '1 hour'`)));
  if ((recent?.n ?? 0) >= CONTACT_REPLIES_PER_HOUR) return false;
  const email = await renderEmail(tx, 'contact-reply', { name: input.name, subject: input.subject, message: input.message, email: to });
  if (!email) return false;
  await enqueueEmail(tx, { to, bcc: email.bcc, subject: email.subject, html: email.html, text: email.text, kind: CONTACT_REPLY_KIND });
  return true;
}
