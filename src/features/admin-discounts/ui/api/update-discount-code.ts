import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { discountCodeSchema, type DiscountCode, type DiscountCodeUpdate } from '../../admin-discounts.schema';
import { DISCOUNT_CODES_KEY } from './get-discount-codes';

export type DiscountCodeChange = { id: number; changes: DiscountCodeUpdate };

/** PUT /api/admin/discount-codes/{id}: only isActive for the toggle, every field from the edit form. */
export async function updateDiscountCode({ id, changes }: DiscountCodeChange): Promise<DiscountCode> {
  return readJson(await apiRequest('PUT', `${DISCOUNT_CODES_KEY[0]}/${id}`, changes), discountCodeSchema);
}

export function useUpdateDiscountCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDiscountCode,
    onSuccess: async (updated) => {
      queryClient.setQueryData<DiscountCode[]>(DISCOUNT_CODES_KEY, (list) => list?.map((code) => (code.id === updated.id ? updated : code)));
      await queryClient.invalidateQueries({ queryKey: DISCOUNT_CODES_KEY });
    },
  });
}
