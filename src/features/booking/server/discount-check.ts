import { eq } from 'drizzle-orm';
import { centsToDollars } from '../../../common/money';
import type { Database } from '../../../server/db/client';
import { discountCodes } from '../../../server/db/schema';
import { HttpError } from '../../../server/plugins/error-handler';
import type { DiscountCheckResponse } from '../booking.schema';
import { loadOffer, quote } from './offer';
import { DISCOUNT_INVALID_MESSAGE } from './discounts';

export const DISCOUNT_UNKNOWN_MESSAGE = "This discount code isn't valid. Please check the spelling.";
export const DISCOUNT_EXPIRED_MESSAGE = 'This discount code has expired.';
export const DISCOUNT_USED_UP_MESSAGE = 'This discount code has been used the maximum number of times.';

/** Why a code the checkout would refuse cannot be used, said so the visitor can act on it. */
async function refusalReason(db: Database, code: string, now: Date): Promise<string> {
  const [row] = await db
    .select({ isActive: discountCodes.isActive, expiresAt: discountCodes.expiresAt, maxUses: discountCodes.maxUses, currentUses: discountCodes.currentUses })
    .from(discountCodes)
    .where(eq(discountCodes.code, code))
    .limit(1);
  // An inactive code reads like an unknown one: switching a code off should not advertise it.
  if (!row || !row.isActive) return DISCOUNT_UNKNOWN_MESSAGE;
  if (row.expiresAt && row.expiresAt <= now) return DISCOUNT_EXPIRED_MESSAGE;
  if (row.maxUses !== null && row.currentUses >= row.maxUses) return DISCOUNT_USED_UP_MESSAGE;
  return DISCOUNT_INVALID_MESSAGE;
}

/**
 * The price of a date with a code, by the same rules the checkout charges by (loadOffer + quote),
 * without holding a seat or counting a use. An unusable code is a 400 discount_code_invalid.
 */
export async function checkDiscountCode(db: Database, workshopDateId: number, rawCode: string, now = new Date(), onSeatsChanged?: () => void): Promise<DiscountCheckResponse> {
  const offer = await loadOffer(db, workshopDateId, rawCode, now, onSeatsChanged);
  if (!offer.discount) throw new HttpError(400, await refusalReason(db, offer.code, now), 'discount_code_invalid');
  const { price, discount } = quote(offer);
  return {
    code: discount?.code ?? offer.code,
    originalPrice: centsToDollars(price.originalCents),
    discountAmount: centsToDollars(price.discountCents),
    finalPrice: centsToDollars(price.finalCents),
    discountPercent: price.discountPercent,
    isFree: price.finalCents === 0,
  };
}
