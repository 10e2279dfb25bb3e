import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { contactMessages } from '../../../server/db/schema';
import { auditOf, type Actor } from '../../../server/lib/audit';
import { deleteRowOr404, listRows, withIsoDates } from '../../../server/lib/rows';
import { HttpError } from '../../../server/plugins/error-handler';
import { MESSAGE_NOT_FOUND, type AdminContactMessage } from '../admin-messages.schema';

const audit = auditOf('contact_message');

/** Every message, newest first (id breaks ties between messages of the same instant). */
export function listContactMessages(db: Database): Promise<AdminContactMessage[]> {
  return listRows(db, contactMessages, desc(contactMessages.createdAt), desc(contactMessages.id));
}

/**
 * Marks a message read; idempotent. The UPDATE only matches an unread row, so when two admins
 * open the same message at once exactly one of them flips it (and writes the audit row); the
 * other reads the already-read row back.
 */
export async function markContactMessageRead(db: Database, actor: Actor, id: number): Promise<AdminContactMessage> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(contactMessages)
      .set({ isRead: true })
      .where(and(eq(contactMessages.id, id), eq(contactMessages.isRead, false)))
      .returning();
    if (updated) {
      await audit(tx, actor, 'contact_message_read', id);
      return withIsoDates(updated);
    }
    const [existing] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id));
    if (!existing) throw new HttpError(404, MESSAGE_NOT_FOUND);
    return withIsoDates(existing);
  });
}

/** Deletes a message (spam, mostly); the audit row keeps who sent it and its subject. */
export async function deleteContactMessage(db: Database, actor: Actor, id: number): Promise<void> {
  await deleteRowOr404(db, contactMessages, id, MESSAGE_NOT_FOUND, (tx, row) =>
    audit(tx, actor, 'contact_message_deleted', id, { email: row.email, subject: row.subject, wasRead: row.isRead }),
  );
}
