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

export const ANONYMOUS = 'anonymous';
export const SYSTEM = 'system';

export async function recordAudit(db: Database, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actor: entry.actor,
    action: entry.action,
    entity: entry.entity ?? null,
    entityId: entry.entityId === undefined ? null : String(entry.entityId),
    details: entry.details ?? null,
  });
}
