import { useMutation } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { paymentTestSchema, type PaymentTest } from '../../settings.schema';

/** POST /api/admin/settings/payment-test: an authenticated call to the payment provider. */
export async function testPaymentConnection(): Promise<PaymentTest> {
  return readJson(await apiRequest('POST', '/api/admin/settings/payment-test'), paymentTestSchema);
}

export function useTestPaymentConnection() {
  return useMutation({ mutationFn: testPaymentConnection });
}
