import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { adminUsers } from '../../../server/db/schema';
import { recordAudit } from '../../../server/lib/audit';
import { AUTHENTICATION_REQUIRED, type AdminIdentity } from '../../../server/plugins/auth';
import { HttpError } from '../../../server/plugins/error-handler';
import { normaliseEmail, ADMIN_USER_ENTITY, hashPassword } from '../../admin-auth/server';
import { ADMIN_EMAIL_TAKEN, ADMIN_NOT_FOUND, LAST_ADMIN, type AdminUser, type CreateAdminUserInput } from '../admin-users.schema';

type Row = typeof adminUsers.$inferSelect;

/** Only what the list may show: the hash and the TOTP secret never leave the server. */
function toAdminUser(row: Pick<Row, 'id' | 'email' | 'isAdmin' | 'totpEnabled' | 'createdAt'>): AdminUser {
  return { id: row.id, email: row.email, isAdmin: row.isAdmin, totpEnabled: row.totpEnabled, createdAt: row.createdAt.toISOString() };
}

const publicColumns = {
  id: adminUsers.id,
  email: adminUsers.email,
  isAdmin: adminUsers.isAdmin,
  totpEnabled: adminUsers.totpEnabled,
  createdAt: adminUsers.createdAt,
};

export async function listAdminUsers(db: Database): Promise<AdminUser[]> {
  const rows = await db.select(publicColumns).from(adminUsers).orderBy(asc(adminUsers.createdAt), asc(adminUsers.id));
  return rows.map(toAdminUser);
}

/**
 * Adds an admin with an Argon2id hash, e-mail stored lower case. The hash is made before any
 * query so no lock waits on it; the unique e-mail settles two admins adding the same person.
 */
export async function createAdminUser(db: Database, actor: AdminIdentity, input: CreateAdminUserInput): Promise<AdminUser> {
  const email = normaliseEmail(input.email);
  const [existing] = await db.select({ id: adminUsers.id }).from(adminUsers).where(sql`lower(${adminUsers.email}) = ${email}`).limit(1);
  if (existing) throw new HttpError(409, ADMIN_EMAIL_TAKEN, 'admin_exists');
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(adminUsers).values({ email, passwordHash, isAdmin: true }).onConflictDoNothing().returning(publicColumns);
    if (!row) throw new HttpError(409, ADMIN_EMAIL_TAKEN, 'admin_exists');
    await recordAudit(tx, { actor: actor.email, action: 'admin_created', entity: ADMIN_USER_ENTITY, entityId: row.id, details: { email, source: 'admin' } });
    return toAdminUser(row);
  });
}

/**
 * Removes an admin; their sessions go with the row (ON DELETE CASCADE). Never the last one: the
 * transaction first locks every admin row, in id order, then counts. Two admins removing each
 * other at the same moment are thus serialised — the second sees the first's deletion and is
 * refused — on PostgreSQL as on PGlite, and no deadlock is possible as both lock in one order.
 */
export async function deleteAdminUser(db: Database, actor: AdminIdentity, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: adminUsers.id })
      .from(adminUsers)
      .where(eq(adminUsers.isAdmin, true))
      .orderBy(asc(adminUsers.id))
      .for('update');
    const [target] = await tx.select(publicColumns).from(adminUsers).where(eq(adminUsers.id, id)).for('update');
    if (!target) throw new HttpError(404, ADMIN_NOT_FOUND);
    const remaining = admins.filter((admin) => admin.id !== target.id).length;
    if (target.isAdmin && remaining < 1) throw new HttpError(409, LAST_ADMIN, 'last_admin');
    // Removed by someone else while this request waited for the lock: no longer allowed to act.
    if (!admins.some((admin) => admin.id === actor.id)) throw new HttpError(401, AUTHENTICATION_REQUIRED);

    await tx.delete(adminUsers).where(eq(adminUsers.id, target.id));
    await recordAudit(tx, {
      actor: actor.email,
      action: 'admin_removed',
      entity: ADMIN_USER_ENTITY,
      entityId: target.id,
      details: { email: target.email, self: target.id === actor.id },
    });
  });
}
