import type { Database } from '../../../server/db/client';
import { contactMessages, newsletterSubscribers } from '../../../server/db/schema';
import type { contactMessageSchema } from '../contact.schema';
import type { z } from 'zod';

type ContactMessage = z.output<typeof contactMessageSchema>;

/** Stores the message (and, when asked, the newsletter subscription) in one transaction. */
export async function receiveContactMessage(db: Database, input: ContactMessage): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ name: input.name, email: input.email, subject: input.subject, message: input.message })
      .returning({ id: contactMessages.id });
    if (input.subscribeToNewsletter) {
      await tx.insert(newsletterSubscribers).values({ email: input.email.toLowerCase(), source: 'contact' }).onConflictDoNothing();
    }
    return { id: row!.id };
  });
}
