import { useMutation } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { discountCheckResponseSchema, type DiscountCheckInput } from '../../booking.schema';

/** POST /api/discount-codes/check: the server's price for a date with a code. Holds nothing. */
export async function checkDiscountCode(input: DiscountCheckInput) {
  const response = await apiRequest('POST', '/api/discount-codes/check', input);
  return readJson(response, discountCheckResponseSchema);
}

export function useCheckDiscountCode() {
  return useMutation({ mutationFn: checkDiscountCode, retry: false });
}
