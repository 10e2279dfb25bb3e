import type { DiscountCode } from './admin-discounts.schema';

/**
 * What the Discount Codes table shows: usage as '3 / 10' or '3 / Unlimited', the
 * expiry as a date or 'Never'. Expiry dates are days in UTC, as a date-only expiry is stored as
 * the end of that day in UTC; showing the UTC day keeps "July 4" on July 4 in every time zone.
 */

const expiryFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

export function usageText(code: Pick<DiscountCode, 'currentUses' | 'maxUses'>): string {
  return `${code.currentUses} / ${code.maxUses ?? 'Unlimited'}`;
}

export function expiryText(expiresAt: string | null): string {
  return expiresAt ? expiryFormat.format(new Date(expiresAt)) : 'Never';
}

export function isExpired(expiresAt: string | null, now: number): boolean {
  return expiresAt !== null && Date.parse(expiresAt) <= now;
}

export function isUsedUp(code: Pick<DiscountCode, 'currentUses' | 'maxUses'>): boolean {
  return code.maxUses !== null && code.currentUses >= code.maxUses;
}
