import type { Database } from '../db/client';
import type { Env } from '../env';
import { DemoPaymentProvider } from './demo-provider';
import type { PaymentProvider } from './payment-provider';
import { StripeProvider } from './stripe-provider';

/**
 * Real Stripe when STRIPE_SECRET_KEY is set, otherwise the demo provider.
 * STRIPE_API_BASE points the SDK at another host — only tests use it, for a local Stripe double.
 * `secret` is APP_SECRET (the demo provider derives its client secrets from it).
 */
export function createPaymentProvider(env: Env, db: Database, secret: string): PaymentProvider {
  if (!env.STRIPE_SECRET_KEY) return new DemoPaymentProvider(db, secret);
  const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null;
  return new StripeProvider({
    secretKey: env.STRIPE_SECRET_KEY,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? '',
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
    apiBase: base
      ? { host: base.hostname, port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)), protocol: base.protocol === 'https:' ? 'https' : 'http' }
      : undefined,
  });
}
