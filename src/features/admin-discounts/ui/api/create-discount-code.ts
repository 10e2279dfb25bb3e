import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { discountCodeSchema, type DiscountCode, type DiscountCodeInput } from '../../admin-discounts.schema';
import { DISCOUNT_CODES_KEY } from './get-discount-codes';

/** POST /api/admin/discount-codes. */
export async function createDiscountCode(input: DiscountCodeInput): Promise<DiscountCode> {
  return readJson(await apiRequest('POST', DISCOUNT_CODES_KEY[0], input), discountCodeSchema);
}

export function useCreateDiscountCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDiscountCode,
    onSuccess: async (created) => {
      queryClient.setQueryData<DiscountCode[]>(DISCOUNT_CODES_KEY, (list) => (list ? [created, ...list] : list));
      await queryClient.invalidateQueries({ queryKey: DISCOUNT_CODES_KEY });
    },
  });
}
