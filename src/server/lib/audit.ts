import type { Database } from '../db/client';
import { auditLog } from '../db/schema';

/** Who did it: an admin's e-mail, 'anonymous' before a login is proven, 'system' at start-up. */
export type AuditEntry = {
  actor: string;
  action: string;
  entity?: string;
  entityId?: string | number;
  details?: Record<string, unknown>;
};

/** The signed-in admin behind a write, as services take it: the audit log names them by e-mail. */
export type Actor = { email: string };

export const ANONYMOUS = 'anonymous';
export const SYSTEM = 'system';
/** Who acts when the cancellation policy decides a refund: not the participant who cancelled, nor an admin. */
export const CANCELLATION_POLICY = 'the system (cancellation policy)';

export async function recordAudit(db: Database, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actor: entry.actor,
    action: entry.action,
    entity: entry.entity ?? null,
    entityId: entry.entityId === undefined ? null : String(entry.entityId),
    details: entry.details ?? null,
  });
}

/**
 * recordAudit for one kind of entity, written by a signed-in admin:
 * `const audit = auditOf('blog_post'); await audit(tx, actor, 'blog_post_created', row.id, { slug })`.
 */
export function auditOf(entity: string) {
  return (db: Database, actor: Actor, action: string, entityId?: string | number, details?: Record<string, unknown>): Promise<void> =>
    recordAudit(db, { actor: actor.email, action, entity, entityId, details });
}
