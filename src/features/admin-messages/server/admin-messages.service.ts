import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { contactMessages } from '../../../server/db/schema';
import { auditOf, type Actor } from '../../../server/lib/audit';
import { deleteRowOr404, withIsoDates } from '../../../server/lib/rows';
import { HttpError } from '../../../server/plugins/error-handler';
import { MESSAGE_NOT_FOUND, type AdminContactMessage } from '../admin-messages.schema';

const audit = auditOf('contact_message');

type Row = typeof contactMessages.$inferSelect;

/** Every column of a message is in the admin's answer. */
const toAdminMessage = (row: Row): AdminContactMessage => withIsoDates(row);

/** Every message, newest first (id breaks ties between messages of the same instant). */
export async function listContactMessages(db: Database): Promise<AdminContactMessage[]> {
  const rows = await db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id));
  return rows.map(toAdminMessage);
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
      return toAdminMessage(updated);
    }
    const [existing] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id));
    if (!existing) throw new HttpError(404, MESSAGE_NOT_FOUND);
    return toAdminMessage(existing);
  });
}

/** Deletes a message (spam, mostly); the audit row keeps who sent it and its subject. */
export async function deleteContactMessage(db: Database, actor: Actor, id: number): Promise<void> {
  await deleteRowOr404(db, contactMessages, id, MESSAGE_NOT_FOUND, (tx, row) =>
    audit(tx, actor, 'contact_message_deleted', id, { email: row.email, subject: row.subject, wasRead: row.isRead }),
  );
}
