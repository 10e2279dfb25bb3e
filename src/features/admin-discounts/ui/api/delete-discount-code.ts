import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../client/lib/api-client';
import type { DiscountCode } from '../../admin-discounts.schema';
import { DISCOUNT_CODES_KEY } from './get-discount-codes';

/** DELETE /api/admin/discount-codes/{id}. */
export async function deleteDiscountCode(id: number): Promise<void> {
  await apiRequest('DELETE', `${DISCOUNT_CODES_KEY[0]}/${id}`);
}

export function useDeleteDiscountCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDiscountCode,
    onSuccess: async (_result, id) => {
      queryClient.setQueryData<DiscountCode[]>(DISCOUNT_CODES_KEY, (list) => list?.filter((code) => code.id !== id));
      await queryClient.invalidateQueries({ queryKey: DISCOUNT_CODES_KEY });
    },
  });
}
