import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../../client/lib/api-client';
import { paymentConfigSchema } from '../../../booking';

/** GET /api/stripe/config: which provider takes the card (Stripe or the demo) and its public key. */
export function getPaymentConfig() {
  return apiGet('/api/stripe/config', paymentConfigSchema);
}

export function paymentConfigQueryOptions() {
  // The provider does not change while the page is open: read it once per checkout visit.
  return queryOptions({
    queryKey: ['/api/stripe/config'],
    queryFn: getPaymentConfig,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function usePaymentConfig() {
  return useQuery(paymentConfigQueryOptions());
}
