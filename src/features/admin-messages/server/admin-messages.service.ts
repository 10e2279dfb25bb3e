import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { contactMessages } from '../../../server/db/schema';
import { recordAudit } from '../../../server/lib/audit';
import { HttpError } from '../../../server/plugins/error-handler';
import { MESSAGE_NOT_FOUND, type AdminContactMessage } from '../admin-messages.schema';

const ENTITY = 'contact_message';

type Row = typeof contactMessages.$inferSelect;

function toAdminMessage(row: Row): AdminContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    isRead: row.isRead,
  };
}

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
export async function markContactMessageRead(db: Database, actor: string, id: number): Promise<AdminContactMessage> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(contactMessages)
      .set({ isRead: true })
      .where(and(eq(contactMessages.id, id), eq(contactMessages.isRead, false)))
      .returning();
    if (updated) {
      await recordAudit(tx, { actor, action: 'contact_message_read', entity: ENTITY, entityId: id });
      return toAdminMessage(updated);
    }
    const [existing] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id));
    if (!existing) throw new HttpError(404, MESSAGE_NOT_FOUND);
    return toAdminMessage(existing);
  });
}

/** Deletes a message (spam, mostly); the audit row keeps who sent it and its subject. */
export async function deleteContactMessage(db: Database, actor: string, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(contactMessages).where(eq(contactMessages.id, id)).returning();
    if (!row) throw new HttpError(404, MESSAGE_NOT_FOUND);
    await recordAudit(tx, {
      actor,
      action: 'contact_message_deleted',
      entity: ENTITY,
      entityId: id,
      details: { email: row.email, subject: row.subject, wasRead: row.isRead },
    });
  });
}
