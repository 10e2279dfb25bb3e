/**
 * Everything the product asks of a card payment provider. Stripe in production, the demo
 * provider when no Stripe key is set. Nothing outside src/server/payments names
 * a provider: services talk to this interface only.
 */
export type PaymentStatus = 'requires_payment' | 'processing' | 'succeeded' | 'canceled' | 'failed';

export type PaymentIntent = {
  id: string;
  clientSecret: string;
  status: PaymentStatus;
  amountCents: number;
  currency: string;
  /** What we attached at creation: workshopDateId, email, … (strings, as Stripe keeps them). */
  metadata: Record<string, string>;
};

export type CreateIntentInput = {
  amountCents: number;
  currency: 'usd';
  metadata: Record<string, string>;
  description: string;
  receiptEmail?: string;
  /** The same key within 24 h returns the same intent instead of a second one. */
  idempotencyKey: string;
};

export type PublicPaymentConfig = {
  provider: 'stripe' | 'demo';
  publishableKey: string;
  testMode: boolean;
};

export interface PaymentProvider {
  readonly name: 'stripe' | 'demo';
  publicConfig(): PublicPaymentConfig;
  createIntent(input: CreateIntentInput): Promise<PaymentIntent>;
  /** The provider's current truth about a payment; null when it does not know the id. */
  retrieveIntent(id: string): Promise<PaymentIntent | null>;
  /** Best effort: an intent we no longer want paid (its seat could not be held). */
  cancelIntent(id: string): Promise<void>;
  /** Refunds a succeeded payment in full (or `amountCents` of it); returns the refund's id and what it gave back. */
  refund(paymentIntentId: string, options: { amountCents?: number; reason: string; idempotencyKey: string }): Promise<{ refundId: string; amountCents: number }>;
}

export class PaymentProviderError extends Error {
  constructor(
    message: string,
    /** 'card_declined', 'not_found', 'unavailable', … */
    readonly code: string,
  ) {
    super(message);
  }
}
