import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_FRESH_MS, adminQueryDefaults } from '../../../../client/lib/admin-queries';
import { apiGet } from '../../../../client/lib/api-client';
import { paymentStatusSchema, type PaymentStatus } from '../../settings.schema';

export const PAYMENT_STATUS_KEY = ['/api/admin/settings/payment-status'] as const;

export function getPaymentStatus(): Promise<PaymentStatus> {
  return apiGet(PAYMENT_STATUS_KEY[0], paymentStatusSchema);
}

export const paymentStatusQueryOptions = () =>
  queryOptions({ queryKey: PAYMENT_STATUS_KEY, queryFn: getPaymentStatus, ...adminQueryDefaults(ADMIN_FRESH_MS.default) });

export function usePaymentStatus() {
  return useQuery(paymentStatusQueryOptions());
}
