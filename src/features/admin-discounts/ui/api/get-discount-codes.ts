import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_FRESH_MS, adminQueryDefaults } from '../../../../client/lib/admin-queries';
import { apiGet } from '../../../../client/lib/api-client';
import { discountCodeListSchema, type DiscountCode } from '../../admin-discounts.schema';

/** Spec §7: loaded when the tab first opens, fresh for 5 minutes. */
export const DISCOUNT_CODES_KEY = ['/api/admin/discount-codes'] as const;

export function getDiscountCodes(): Promise<DiscountCode[]> {
  return apiGet(DISCOUNT_CODES_KEY[0], discountCodeListSchema);
}

export const discountCodesQueryOptions = () =>
  queryOptions({ queryKey: DISCOUNT_CODES_KEY, queryFn: getDiscountCodes, ...adminQueryDefaults(ADMIN_FRESH_MS.discountCodes) });

export function useDiscountCodes() {
  return useQuery(discountCodesQueryOptions());
}
