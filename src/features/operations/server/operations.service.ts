import { desc, eq, lt } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { auditLog, emailOutbox } from '../../../server/db/schema';
import { retryEmail } from '../../../server/email/outbox';
import { recordAudit } from '../../../server/lib/audit';
import { HttpError } from '../../../server/plugins/error-handler';
import { describeAuditEntries } from './describe-audit-entry';
import { AUDIT_PAGE_SIZE, EMAIL_NOT_FOUND, ONLY_FAILED_RETRY, type AuditEntryDto } from '../operations.schema';

/** GET /api/admin/audit-log: newest first, each entry also in words; `before` (an id) pages back through older entries. */
export async function listAuditLog(db: Database, options: { limit?: number; before?: number }): Promise<AuditEntryDto[]> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(options.before === undefined ? undefined : lt(auditLog.id, options.before))
    .orderBy(desc(auditLog.id))
    .limit(options.limit ?? AUDIT_PAGE_SIZE);
  const words = await describeAuditEntries(db, rows);
  return rows.map((row, index) => ({ ...row, createdAt: row.createdAt.toISOString(), ...words[index]! }));
}

/**
 * POST /api/admin/outbox/{id}/retry: a failed e-mail goes back in the queue (retryEmail); any
 * other state is refused, since a pending one is queued already and a sent one must not go twice.
 */
export async function retryFailedEmail(db: Database, actor: string, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [email] = await tx.select({ status: emailOutbox.status, to: emailOutbox.to }).from(emailOutbox).where(eq(emailOutbox.id, id));
    if (!email) throw new HttpError(404, EMAIL_NOT_FOUND);
    // retryEmail's conditional update decides, so two admins retrying at once queue it once.
    if (!(await retryEmail(tx, id))) throw new HttpError(409, ONLY_FAILED_RETRY);
    await recordAudit(tx, { actor, action: 'email.retry', entity: 'email_outbox', entityId: id, details: { to: email.to } });
  });
}
