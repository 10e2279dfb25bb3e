import { apiRead } from '../../../../../client/lib/api-read';
import { paymentConfigSchema } from '../../../booking.schema';

/**
 * GET /api/stripe/config: which provider takes the card (Stripe or the demo) and its public key.
 * The provider does not change while the page is open: read it once per checkout visit.
 */
export const paymentConfig = apiRead('/api/stripe/config', paymentConfigSchema, {
  staleTime: Infinity,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
});
export const usePaymentConfig = paymentConfig.useRead;
