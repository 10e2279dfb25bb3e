import Stripe from 'stripe';
import {
  PaymentProviderError,
  type CreateIntentInput,
  type PaymentIntent,
  type PaymentProvider,
  type PaymentStatus,
  type PublicPaymentConfig,
} from './payment-provider';

export type StripeApiBase = { host: string; port: number; protocol: 'http' | 'https' };

export type StripeProviderOptions = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where the Stripe API lives; tests point this at a local double, production leaves it unset. */
  apiBase?: StripeApiBase;
};

function toStatus(status: Stripe.PaymentIntent.Status): PaymentStatus {
  switch (status) {
    // All three wait for the customer (a card, a confirmation, a 3-D Secure step).
    case 'requires_payment_method':
    case 'requires_confirmation':
    case 'requires_action':
      return 'requires_payment';
    case 'processing':
      return 'processing';
    case 'succeeded':
      return 'succeeded';
    case 'canceled':
      return 'canceled';
    default:
      // requires_capture cannot happen with automatic capture; treat the unexpected as not paid.
      return 'failed';
  }
}

function toIntent(intent: Stripe.PaymentIntent): PaymentIntent {
  return {
    id: intent.id,
    // Stripe always returns it to the secret key that created the intent.
    clientSecret: intent.client_secret ?? '',
    status: toStatus(intent.status),
    amountCents: intent.amount,
    currency: intent.currency,
    metadata: { ...intent.metadata },
  };
}

function errorCode(error: Stripe.errors.StripeError): string {
  if (error instanceof Stripe.errors.StripeCardError) return 'card_declined';
  if (error.statusCode === 404 || error.code === 'resource_missing') return 'not_found';
  // Stripe could not be reached or could not answer now: the caller may try again later.
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError
  ) {
    return 'unavailable';
  }
  if (error.code === 'payment_intent_unexpected_state') return 'invalid_state';
  return error.code ?? 'invalid_request';
}

function toProviderError(error: unknown): PaymentProviderError {
  if (error instanceof Stripe.errors.StripeError) return new PaymentProviderError(error.message, errorCode(error));
  return new PaymentProviderError(error instanceof Error ? error.message : 'Stripe request failed', 'unavailable');
}

function isResourceMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeError && (error.statusCode === 404 || error.code === 'resource_missing');
}

/** Card payments through Stripe. The SDK stays inside: callers see PaymentProvider only. */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly #stripe: Stripe;
  readonly #publishableKey: string;
  readonly #webhookSecret: string;
  readonly #testMode: boolean;

  constructor({ secretKey, publishableKey, webhookSecret, apiBase }: StripeProviderOptions) {
    this.#stripe = new Stripe(secretKey, {
      // The SDK retries connection errors and 409/5xx answers with the same idempotency key.
      maxNetworkRetries: 2,
      timeout: 20_000,
      // Picked field by field: the SDK rejects config keys it does not know.
      ...(apiBase && { host: apiBase.host, port: apiBase.port, protocol: apiBase.protocol }),
    });
    this.#publishableKey = publishableKey;
    this.#webhookSecret = webhookSecret;
    this.#testMode = secretKey.startsWith('sk_test_');
  }

  publicConfig(): PublicPaymentConfig {
    return { provider: 'stripe', publishableKey: this.#publishableKey, testMode: this.#testMode };
  }

  async createIntent(input: CreateIntentInput): Promise<PaymentIntent> {
    try {
      const intent = await this.#stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          metadata: input.metadata,
          description: input.description,
          receipt_email: input.receiptEmail,
          automatic_payment_methods: { enabled: true },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return toIntent(intent);
    } catch (error) {
      throw toProviderError(error);
    }
  }

  async retrieveIntent(id: string): Promise<PaymentIntent | null> {
    // Ids come from the browser: anything that is not a PaymentIntent id (e.g. "free-booking")
    // is unknown to Stripe, and an empty one would address the list endpoint instead.
    if (!id.startsWith('pi_')) return null;
    try {
      return toIntent(await this.#stripe.paymentIntents.retrieve(id));
    } catch (error) {
      if (isResourceMissing(error)) return null;
      throw toProviderError(error);
    }
  }

  async cancelIntent(id: string): Promise<void> {
    try {
      await this.#stripe.paymentIntents.cancel(id);
    } catch {
      // Best effort: an intent that already succeeded, was canceled or is unknown needs nothing
      // more from us, and the caller has no better answer to an outage than to move on.
    }
  }

  async refund(
    paymentIntentId: string,
    options: { amountCents?: number; reason: string; idempotencyKey: string },
  ): Promise<{ refundId: string; amountCents: number }> {
    try {
      const refund = await this.#stripe.refunds.create(
        {
          payment_intent: paymentIntentId,
          amount: options.amountCents,
          // Our reason is free text; Stripe's `reason` field only takes its own enum values.
          metadata: { reason: options.reason },
        },
        { idempotencyKey: options.idempotencyKey },
      );
      return { refundId: refund.id, amountCents: refund.amount };
    } catch (error) {
      throw toProviderError(error);
    }
  }

  /** Checks the `Stripe-Signature` header against the raw request body and parses the event. */
  constructWebhookEvent(rawBody: Buffer | string, signatureHeader: string | undefined): Stripe.Event {
    if (!this.#webhookSecret || !signatureHeader) {
      throw new PaymentProviderError('Invalid webhook signature', 'invalid_signature');
    }
    try {
      return this.#stripe.webhooks.constructEvent(rawBody, signatureHeader, this.#webhookSecret);
    } catch {
      throw new PaymentProviderError('Invalid webhook signature', 'invalid_signature');
    }
  }
}
