import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { demoPaymentIntents, demoRefunds } from '../db/schema';
import {
  PaymentProviderError,
  type CreateIntentInput,
  type PaymentIntent,
  type PaymentProvider,
  type PublicPaymentConfig,
} from './payment-provider';

/** Card numbers the demo form understands. */
export const DEMO_CARD_SUCCEEDS = '4242424242424242';
export const DEMO_CARD_DECLINED = '4000000000000002';

type DemoIntentRow = typeof demoPaymentIntents.$inferSelect;

/**
 * An intent's client secret, like Stripe's `<id>_secret_<random>`, derived from the id with
 * APP_SECRET rather than stored: the ledger (and so a backup) holds no client secret, yet every
 * instance answers the same one for an intent.
 */
export function demoClientSecret(secret: string, id: string): string {
  return `${id}_secret_${createHmac('sha256', secret).update(`demo-client-secret.${id}`).digest('hex').slice(0, 24)}`;
}

function toIntent(row: DemoIntentRow, secret: string): PaymentIntent {
  return {
    id: row.id,
    clientSecret: demoClientSecret(secret, row.id),
    status: row.status,
    amountCents: row.amountCents,
    currency: row.currency,
    metadata: row.metadata,
  };
}

/**
 * A payment provider that needs no outside service, so a newcomer can book end to end. It keeps
 * its ledger in the database and takes "card payments" through POST /api/payments/demo/confirm.
 */
export class DemoPaymentProvider implements PaymentProvider {
  readonly name = 'demo' as const;

  constructor(
    private readonly db: Database,
    /** APP_SECRET, from which client secrets are derived. */
    private readonly secret: string,
  ) {}

  publicConfig(): PublicPaymentConfig {
    return { provider: 'demo', publishableKey: 'pk_demo', testMode: true };
  }

  async createIntent(input: CreateIntentInput): Promise<PaymentIntent> {
    const id = `demo_pi_${randomBytes(12).toString('hex')}`;
    await this.db
      .insert(demoPaymentIntents)
      .values({
        id,
        idempotencyKey: input.idempotencyKey,
        amountCents: input.amountCents,
        currency: input.currency,
        metadata: input.metadata,
      })
      .onConflictDoNothing({ target: demoPaymentIntents.idempotencyKey });
    const [row] = await this.db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.idempotencyKey, input.idempotencyKey));
    if (!row) throw new PaymentProviderError('Could not create the demo payment', 'unavailable');
    return toIntent(row, this.secret);
  }

  async retrieveIntent(id: string): Promise<PaymentIntent | null> {
    const [row] = await this.db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, id));
    return row ? toIntent(row, this.secret) : null;
  }

  /** Like Stripe: only an intent not yet paid can be cancelled. */
  async cancelIntent(id: string): Promise<void> {
    const [row] = await this.db
      .update(demoPaymentIntents)
      .set({ status: 'canceled' })
      .where(and(eq(demoPaymentIntents.id, id), inArray(demoPaymentIntents.status, ['requires_payment', 'failed', 'canceled'])))
      .returning({ id: demoPaymentIntents.id });
    if (!row) throw new PaymentProviderError('This payment can no longer be cancelled', 'invalid_state');
  }

  /**
   * Like Stripe's: a refund gives back the amount asked, or all that is left of the payment, never
   * more; asked again with its key, it is the same refund (the same id and amount), counted once.
   */
  async refund(paymentIntentId: string, options: { amountCents?: number; idempotencyKey?: string }): Promise<{ refundId: string; amountCents: number }> {
    const refundId = options.idempotencyKey
      ? `demo_re_${createHash('sha256').update(`${paymentIntentId}|${options.idempotencyKey}`).digest('hex').slice(0, 16)}`
      : `demo_re_${randomBytes(8).toString('hex')}`;
    return this.db.transaction(async (tx) => {
      const [intent] = await tx.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, paymentIntentId)).for('update');
      if (!intent) throw new PaymentProviderError('No such payment', 'not_found');
      const [earlier] = await tx.select().from(demoRefunds).where(eq(demoRefunds.id, refundId));
      if (earlier) return { refundId, amountCents: earlier.amountCents };
      if (intent.status !== 'succeeded') throw new PaymentProviderError('Only a succeeded payment can be refunded', 'invalid_state');
      const left = intent.amountCents - intent.refundedCents;
      const amountCents = options.amountCents ?? left;
      if (left <= 0) throw new PaymentProviderError('This payment has been refunded in full already', 'invalid_state');
      if (!Number.isInteger(amountCents) || amountCents <= 0 || amountCents > left) {
        throw new PaymentProviderError(`A refund can give back at most what is left of the payment (${left} cents)`, 'invalid_state');
      }
      await tx.insert(demoRefunds).values({ id: refundId, paymentIntentId, amountCents });
      await tx
        .update(demoPaymentIntents)
        .set({ refundedCents: sql`${demoPaymentIntents.refundedCents} + ${amountCents}` })
        .where(eq(demoPaymentIntents.id, paymentIntentId));
      return { refundId, amountCents };
    });
  }

  /** The demo card form: 4242… pays, 4000 0000 0000 0002 is declined. */
  async confirmWithCard(paymentIntentId: string, cardNumber: string): Promise<PaymentIntent> {
    const intent = await this.retrieveIntent(paymentIntentId);
    if (!intent) throw new PaymentProviderError('No such payment', 'not_found');
    if (intent.status === 'succeeded') return intent;
    if (intent.status !== 'requires_payment') throw new PaymentProviderError('This payment can no longer be paid', 'invalid_state');
    const digits = cardNumber.replace(/\D/g, '');
    if (digits === DEMO_CARD_DECLINED) {
      throw new PaymentProviderError('Your card was declined.', 'card_declined');
    }
    if (digits !== DEMO_CARD_SUCCEEDS) {
      throw new PaymentProviderError('Use the demo card 4242 4242 4242 4242.', 'card_declined');
    }
    const [row] = await this.db
      .update(demoPaymentIntents)
      .set({ status: 'succeeded' })
      .where(eq(demoPaymentIntents.id, paymentIntentId))
      .returning();
    return toIntent(row!, this.secret);
  }
}
