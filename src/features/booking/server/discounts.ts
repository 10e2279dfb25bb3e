import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
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

/** The condition a code's row meets while it can be used: active, not expired, uses left. */
export function usableDiscount(now: Date) {
  return and(
    eq(discountCodes.isActive, true),
    or(isNull(discountCodes.expiresAt), gt(discountCodes.expiresAt, now)),
    or(isNull(discountCodes.maxUses), lt(discountCodes.currentUses, discountCodes.maxUses)),
  );
}

/**
 * Counts one use, only if one is left: a single conditional UPDATE, so concurrent buyers can
 * never push a code past maxUses. Call inside the transaction that creates the booking or hold.
 */
export async function claimDiscountUse(tx: Database, discountCodeId: number, now = new Date()): Promise<void> {
  const claimed = await tx
    .update(discountCodes)
    .set({ currentUses: sql`${discountCodes.currentUses} + 1` })
    .where(and(eq(discountCodes.id, discountCodeId), usableDiscount(now)))
    .returning({ id: discountCodes.id });
  if (claimed.length === 0) throw discountInvalid();
}

/**
 * Claims the use again for a payment that succeeded after its hold (and the hold's use) was given
 * back. The buyer was quoted while the code was valid, so only the limit counts now, not the
 * code's expiry or switch: answers false when no use is left.
 */
export async function reclaimDiscountUse(tx: Database, discountCodeId: number): Promise<boolean> {
  const claimed = await tx
    .update(discountCodes)
    .set({ currentUses: sql`${discountCodes.currentUses} + 1` })
    .where(and(eq(discountCodes.id, discountCodeId), or(isNull(discountCodes.maxUses), lt(discountCodes.currentUses, discountCodes.maxUses))))
    .returning({ id: discountCodes.id });
  return claimed.length > 0;
}

/** Gives a use back: a hold that expired unpaid, a booking that no longer holds its seat. */
export async function releaseDiscountUse(tx: Database, discountCodeId: number): Promise<void> {
  await tx
    .update(discountCodes)
    .set({ currentUses: sql`greatest(${discountCodes.currentUses} - 1, 0)` })
    .where(eq(discountCodes.id, discountCodeId));
}
