import type { PaymentConfig } from '../../booking.schema';

/**
 * Built-in keys for when the server's key is not a publishable key. They are
 * deliberately fake: a misconfigured server then fails visibly at Stripe instead of charging
 * through some other account.
 */
export const FALLBACK_TEST_PUBLISHABLE_KEY = 'pk_test_fallback';
export const FALLBACK_LIVE_PUBLISHABLE_KEY = 'pk_live_fallback';

/** The server's key only when it starts with 'pk_'; otherwise the fallback for the mode. */
export function publishableKeyFor(config: Pick<PaymentConfig, 'publishableKey' | 'testMode'>): string {
  if (config.publishableKey.startsWith('pk_')) return config.publishableKey;
  return config.testMode ? FALLBACK_TEST_PUBLISHABLE_KEY : FALLBACK_LIVE_PUBLISHABLE_KEY;
}
