import { and, eq, gt, isNull, lte, or, sql, type Placeholder } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { discountCodes } from '../../../server/db/schema';
import { HttpError } from '../../../server/plugins/error-handler';

export const DISCOUNT_INVALID_MESSAGE = 'The discount code you entered is invalid or expired.';

export function discountInvalid(): HttpError {
  return new HttpError(400, DISCOUNT_INVALID_MESSAGE, 'discount_code_invalid');
}

export function normaliseCode(code: string | undefined | null): string {
  return (code ?? '').trim().toUpperCase();
}

/** A code's limit leaves room for `uses` more (a use is one seat). */
function usesLeftFor(uses: number | Placeholder) {
  return or(isNull(discountCodes.maxUses), lte(sql`${discountCodes.currentUses} + ${uses}`, discountCodes.maxUses));
}

/**
 * The condition a code's row meets while it can be used for `uses` seats: active, not expired, uses
 * left. `now` and `uses` may be placeholders of a prepared query (offer.ts), filled when it runs.
 */
export function usableDiscount(now: Date | Placeholder, uses: number | Placeholder = 1) {
  return and(eq(discountCodes.isActive, true), or(isNull(discountCodes.expiresAt), gt(discountCodes.expiresAt, now)), usesLeftFor(uses));
}

/**
 * Counts one use per seat, only if that many are left: a single conditional UPDATE, so concurrent
 * buyers can never push a code past maxUses. Call inside the transaction that creates the order.
 */
export async function claimDiscountUse(tx: Database, discountCodeId: number, now = new Date(), uses = 1): Promise<void> {
  const claimed = await tx
    .update(discountCodes)
    .set({ currentUses: sql`${discountCodes.currentUses} + ${uses}` })
    .where(and(eq(discountCodes.id, discountCodeId), usableDiscount(now, uses)))
    .returning({ id: discountCodes.id });
  if (claimed.length === 0) throw discountInvalid();
}

/**
 * Claims the uses again for a payment that succeeded after its hold (and the hold's uses) was given
 * back. The buyer was quoted while the code was valid, so only the limit counts now, not the
 * code's expiry or switch: answers false when too few uses are left.
 */
export async function reclaimDiscountUse(tx: Database, discountCodeId: number, uses = 1): Promise<boolean> {
  const claimed = await tx
    .update(discountCodes)
    .set({ currentUses: sql`${discountCodes.currentUses} + ${uses}` })
    .where(and(eq(discountCodes.id, discountCodeId), usesLeftFor(uses)))
    .returning({ id: discountCodes.id });
  return claimed.length > 0;
}

/** Gives uses back: a hold that expired unpaid, a seat that no longer holds its place. */
export async function releaseDiscountUse(tx: Database, discountCodeId: number, uses = 1): Promise<void> {
  await tx
    .update(discountCodes)
    .set({ currentUses: sql`greatest(${discountCodes.currentUses} - ${uses}, 0)` })
    .where(eq(discountCodes.id, discountCodeId));
}
