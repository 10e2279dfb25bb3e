/**
 * The payment sub-tab: which provider runs, which keys are set (never their values), when Stripe
 * last reached our webhook, and a live check of the secret key.
 */
import { max } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Database } from '../../../server/db/client';
import { processedWebhookEvents } from '../../../server/db/schema';
import type { Env } from '../../../server/env';
import type { PaymentProvider } from '../../../server/payments/payment-provider';
import type { PaymentStatus, PaymentTest } from '../settings.schema';

type PaymentEnv = Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_BASE'>;

/** An id no payment has: asking for it costs nothing and proves the key without touching data. */
const PROBE_INTENT_ID = 'pi_connection_check';

export async function getPaymentStatus(db: Database, env: PaymentEnv, payments: PaymentProvider): Promise<PaymentStatus> {
  const [row] = await db.select({ last: max(processedWebhookEvents.processedAt) }).from(processedWebhookEvents);
  const last = row?.last ? new Date(row.last) : null;
  return {
    provider: payments.name,
    mode: payments.name === 'demo' ? 'demo' : payments.publicConfig().testMode ? 'test' : 'live',
    secretKeySet: Boolean(env.STRIPE_SECRET_KEY),
    publishableKeySet: Boolean(env.STRIPE_PUBLISHABLE_KEY),
    webhookSecretSet: Boolean(env.STRIPE_WEBHOOK_SECRET),
    lastWebhookAt: last ? last.toISOString() : null,
  };
}

function stripeClient(env: PaymentEnv & { STRIPE_SECRET_KEY: string }): Stripe {
  const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null;
  return new Stripe(env.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 0,
    timeout: 10_000,
    ...(base && {
      host: base.hostname,
      port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
      protocol: base.protocol === 'https:' ? ('https' as const) : ('http' as const),
    }),
  });
}

/**
 * Stripe: looks up a payment intent that does not exist. An authenticated key gets "No such
 * payment_intent" (404) — the key works and may read payment intents, the one permission the
 * product needs (a restricted key without balance access still passes, unlike balance.retrieve);
 * a bad key gets 401, an unreachable Stripe a connection error. The demo provider needs nothing.
 */
export async function testPaymentConnection(env: PaymentEnv, payments: PaymentProvider): Promise<PaymentTest> {
  if (payments.name === 'demo' || !env.STRIPE_SECRET_KEY) {
    return { ok: true, message: 'Demo payments are active: no payment provider to connect to. Set STRIPE_SECRET_KEY to take real payments.' };
  }
  const mode = env.STRIPE_SECRET_KEY.includes('_test_') ? 'test' : 'live';
  try {
    await stripeClient({ ...env, STRIPE_SECRET_KEY: env.STRIPE_SECRET_KEY }).paymentIntents.retrieve(PROBE_INTENT_ID);
    return { ok: true, message: `Connected to Stripe (${mode} mode): the secret key was accepted.` };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) {
      if (error.statusCode === 404 || error.code === 'resource_missing') {
        return { ok: true, message: `Connected to Stripe (${mode} mode): the secret key was accepted.` };
      }
      if (error instanceof Stripe.errors.StripeAuthenticationError || error.statusCode === 401) {
        return { ok: false, message: `Stripe refused the secret key: ${error.message}` };
      }
      if (error instanceof Stripe.errors.StripeConnectionError) {
        return { ok: false, message: `Stripe is unreachable (unable to connect): ${error.message}` };
      }
      return { ok: false, message: `Stripe answered with an error: ${error.message}` };
    }
    return { ok: false, message: `Stripe check failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}
