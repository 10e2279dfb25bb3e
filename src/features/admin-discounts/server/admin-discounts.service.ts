import { and, desc, eq, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { discountCodes } from '../../../server/db/schema';
import { auditOf, changedNewValues, type Actor } from '../../../server/lib/audit';
import { deleteRowOr404, listRows, refusedAs, lockRowOr404, sentFields, withIsoDates } from '../../../server/lib/rows';
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

const audit = auditOf('discount_code');

/** 409: another code has this code, in any letter case. */
const codeTaken = () => new HttpError(409, CODE_DUPLICATE, 'discount_code_exists');

/** Codes are stored upper case, but a row written by an older import might not be: compare upper-cased. */
const sameCode = (code: string): SQL => sql`upper(${discountCodes.code}) = ${code.toUpperCase()}`;

export function listDiscountCodes(db: Database): Promise<DiscountCode[]> {
  return listRows(db, discountCodes, desc(discountCodes.createdAt), desc(discountCodes.id));
}

/**
 * Creates a code; 409 when one with the same code exists in any letter case. The unique
 * constraint settles two admins creating the same code at once: one insert wins, the other 409s.
 */
export async function createDiscountCode(db: Database, actor: Actor, input: DiscountCodeInput, source = 'admin'): Promise<DiscountCode> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: discountCodes.id }).from(discountCodes).where(sameCode(input.code)).limit(1);
    if (existing) throw codeTaken();
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
    if (!row) throw codeTaken();
    const { code, discountPercent, maxUses, expiresAt } = withIsoDates(row);
    await audit(tx, actor, 'discount_code_created', row.id, { code, discountPercent, maxUses, expiresAt, source });
    return withIsoDates(row);
  });
}

/** POST /api/admin/create-coupon: the same code under the coupon call's field names. */
export async function createCoupon(db: Database, actor: Actor, input: CreateCouponInput): Promise<CreateCouponResponse> {
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
export async function updateDiscountCode(db: Database, actor: Actor, id: number, changes: DiscountCodeUpdate): Promise<DiscountCode> {
  return db.transaction(async (tx) => {
    const before = await lockRowOr404(tx, discountCodes, id, CODE_NOT_FOUND);

    const set: Partial<typeof discountCodes.$inferInsert> = sentFields(changes);
    if (Object.keys(set).length === 0) return withIsoDates(before);

    if (set.code !== undefined && set.code !== before.code) {
      const [clash] = await tx
        .select({ id: discountCodes.id })
        .from(discountCodes)
        .where(and(sameCode(set.code), ne(discountCodes.id, id)))
        .limit(1);
      if (clash) throw codeTaken();
    }

    const withinUses = typeof set.maxUses === 'number' ? lte(discountCodes.currentUses, set.maxUses) : undefined;
    const [row] = await refusedAs(
      () =>
        tx
          .update(discountCodes)
          .set(set)
          .where(and(eq(discountCodes.id, id), withinUses))
          .returning(),
      '23505',
      codeTaken,
    );
    if (!row) throw new HttpError(400, maxUsesBelowUses(before.currentUses), 'max_uses_below_uses');

    await audit(tx, actor, 'discount_code_updated', id, { code: row.code, changes: changedNewValues(before, set) });
    return withIsoDates(row);
  });
}

/** Deletes a code; bookings keep the code's text, their link to the row becomes null (FK). */
export async function deleteDiscountCode(db: Database, actor: Actor, id: number): Promise<void> {
  await deleteRowOr404(db, discountCodes, id, CODE_NOT_FOUND, (tx, row) =>
    audit(tx, actor, 'discount_code_deleted', id, { code: row.code, currentUses: row.currentUses }),
  );
}
