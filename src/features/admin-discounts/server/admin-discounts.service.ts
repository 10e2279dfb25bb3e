import { and, desc, eq, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { discountCodes } from '../../../server/db/schema';
import { recordAudit } from '../../../server/lib/audit';
import { HttpError } from '../../../server/plugins/error-handler';
import {
  CODE_DUPLICATE,
  CODE_NOT_FOUND,
  maxUsesBelowUses,
  type CreateCouponInput,
  type CreateCouponResponse,
  type DiscountCode,
  type DiscountCodeInput,
  type DiscountCodeUpdate,
} from '../admin-discounts.schema';

const ENTITY = 'discount_code';

type Row = typeof discountCodes.$inferSelect;

function toDiscountCode(row: Row): DiscountCode {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    discountPercent: row.discountPercent,
    isActive: row.isActive,
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    maxUses: row.maxUses,
    currentUses: row.currentUses,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Postgres 23505 (unique_violation), whether the driver's error arrives bare or wrapped by Drizzle. */
function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    if (typeof current === 'object' && 'code' in current && (current as { code?: unknown }).code === '23505') return true;
    current = typeof current === 'object' && 'cause' in current ? (current as { cause?: unknown }).cause : undefined;
  }
  return false;
}

/** Codes are stored upper case, but a row written by an older import might not be: compare upper-cased. */
const sameCode = (code: string): SQL => sql`upper(${discountCodes.code}) = ${code.toUpperCase()}`;

export async function listDiscountCodes(db: Database): Promise<DiscountCode[]> {
  const rows = await db.select().from(discountCodes).orderBy(desc(discountCodes.createdAt), desc(discountCodes.id));
  return rows.map(toDiscountCode);
}

/**
 * Creates a code; 409 when one with the same code exists in any letter case. The unique
 * constraint settles two admins creating the same code at once: one insert wins, the other 409s.
 */
export async function createDiscountCode(db: Database, actor: string, input: DiscountCodeInput, source = 'admin'): Promise<DiscountCode> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: discountCodes.id }).from(discountCodes).where(sameCode(input.code)).limit(1);
    if (existing) throw new HttpError(409, CODE_DUPLICATE, 'discount_code_exists');
    const [row] = await tx
      .insert(discountCodes)
      .values({
        code: input.code,
        description: input.description,
        discountPercent: input.discountPercent,
        maxUses: input.maxUses,
        expiresAt: input.expiresAt,
        isActive: input.isActive,
      })
      .onConflictDoNothing({ target: discountCodes.code })
      .returning();
    if (!row) throw new HttpError(409, CODE_DUPLICATE, 'discount_code_exists');
    await recordAudit(tx, {
      actor,
      action: 'discount_code_created',
      entity: ENTITY,
      entityId: row.id,
      details: { code: row.code, discountPercent: row.discountPercent, maxUses: row.maxUses, expiresAt: row.expiresAt?.toISOString() ?? null, source },
    });
    return toDiscountCode(row);
  });
}

/** POST /api/admin/create-coupon: the same code under the coupon call's field names. */
export async function createCoupon(db: Database, actor: string, input: CreateCouponInput): Promise<CreateCouponResponse> {
  const created = await createDiscountCode(
    db,
    actor,
    {
      code: input.code,
      description: input.description,
      discountPercent: input.discountValue,
      maxUses: input.maxUses,
      expiresAt: input.expiresAt,
      isActive: input.isActive,
    },
    'create-coupon',
  );
  return { success: true, discountCode: { ...created, discountType: 'percentage', discountValue: created.discountPercent } };
}

/**
 * Changes any of the fields. Lowering maxUses below the uses already counted is refused; the
 * check is part of the UPDATE itself, so a checkout counting a use at the same moment cannot
 * slip between the check and the write.
 */
export async function updateDiscountCode(db: Database, actor: string, id: number, changes: DiscountCodeUpdate): Promise<DiscountCode> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for('update');
    if (!before) throw new HttpError(404, CODE_NOT_FOUND);

    const set: Partial<typeof discountCodes.$inferInsert> = {};
    if (changes.code !== undefined) set.code = changes.code;
    if (changes.description !== undefined) set.description = changes.description;
    if (changes.discountPercent !== undefined) set.discountPercent = changes.discountPercent;
    if (changes.maxUses !== undefined) set.maxUses = changes.maxUses;
    if (changes.expiresAt !== undefined) set.expiresAt = changes.expiresAt;
    if (changes.isActive !== undefined) set.isActive = changes.isActive;
    if (Object.keys(set).length === 0) return toDiscountCode(before);

    if (set.code !== undefined && set.code !== before.code) {
      const [clash] = await tx
        .select({ id: discountCodes.id })
        .from(discountCodes)
        .where(and(sameCode(set.code), ne(discountCodes.id, id)))
        .limit(1);
      if (clash) throw new HttpError(409, CODE_DUPLICATE, 'discount_code_exists');
    }

    const withinUses = typeof set.maxUses === 'number' ? lte(discountCodes.currentUses, set.maxUses) : undefined;
    let row: Row | undefined;
    try {
      [row] = await tx
        .update(discountCodes)
        .set(set)
        .where(and(eq(discountCodes.id, id), withinUses))
        .returning();
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, CODE_DUPLICATE, 'discount_code_exists');
      throw error;
    }
    if (!row) throw new HttpError(400, maxUsesBelowUses(before.currentUses), 'max_uses_below_uses');

    const changed = Object.fromEntries(
      Object.entries(set).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
    );
    await recordAudit(tx, { actor, action: 'discount_code_updated', entity: ENTITY, entityId: id, details: { code: row.code, changes: changed } });
    return toDiscountCode(row);
  });
}

/** Deletes a code; bookings keep the code's text, their link to the row becomes null (FK). */
export async function deleteDiscountCode(db: Database, actor: string, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(discountCodes).where(eq(discountCodes.id, id)).returning();
    if (!row) throw new HttpError(404, CODE_NOT_FOUND);
    await recordAudit(tx, {
      actor,
      action: 'discount_code_deleted',
      entity: ENTITY,
      entityId: id,
      details: { code: row.code, currentUses: row.currentUses },
    });
  });
}

