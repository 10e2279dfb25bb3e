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

/** Before and after of each changed field, as an update's audit entry keeps them: `{ priceCents: [49900, 54900] }`. */
export type FieldChanges = Record<string, [unknown, unknown]>;

/** A stored value as the log keeps it: instants as ISO text, nothing as null. */
const logged = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : (value ?? null));
const same = (a: unknown, b: unknown) => JSON.stringify(logged(a)) === JSON.stringify(logged(b));

/**
 * What an update changed, for its audit entry: `fields` names every listed field whose value
 * differs between the two versions; `changes` keeps before and after of those in `valued`. Fields
 * in `namedOnly` (a secret, a text that may run to pages) are named and their values left out.
 */
export function fieldChanges<T extends object>(before: T, after: T, valued: readonly (keyof T & string)[], namedOnly: readonly (keyof T & string)[] = []): { fields: string[]; changes: FieldChanges } {
  const changes: FieldChanges = {};
  for (const field of valued) if (!same(before[field], after[field])) changes[field] = [logged(before[field]), logged(after[field])];
  const fields = [...Object.keys(changes), ...namedOnly.filter((field) => !same(before[field], after[field]))];
  return { fields, changes };
}

/**
 * The sent fields whose values differ from the stored ones, with their new values: an edit form
 * sends every field, and the audit entry keeps only those the edit changed.
 */
export function changedNewValues<T extends object>(before: T, sent: Partial<T>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(sent)
      .filter(([field, value]) => !same(before[field as keyof T], value))
      .map(([field, value]) => [field, logged(value)]),
  );
}
