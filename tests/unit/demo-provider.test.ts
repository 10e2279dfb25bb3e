import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPaymentIntents } from '../../src/server/db/schema';
import type { DatabaseHandle } from '../../src/server/db/client';
import { DemoPaymentProvider } from '../../src/server/payments/demo-provider';
import { PaymentProviderError } from '../../src/server/payments/payment-provider';
import { createTestDatabase } from '../helpers/test-database';

/**
 * CONTRACT §3, the demo provider (no STRIPE_SECRET_KEY): the config answers provider "demo";
 * confirming with card '4242 4242 4242 4242' marks the demo payment succeeded; card
 * '4000 0000 0000 0002' declines it with a message. A refund returns a succeeded payment in full,
 * or the amount asked for.
 */
let database: DatabaseHandle;
let provider: DemoPaymentProvider;
let seq = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  provider = new DemoPaymentProvider(database.db, 'demo-test-secret-demo-test-secret!');
});

afterAll(async () => {
  await database?.close();
});

const newIntent = (amountCents = 49_900, metadata: Record<string, string> = { workshopDateId: '7', email: 'ada@example.com' }) =>
  provider.createIntent({ amountCents, currency: 'usd', metadata, description: 'Workshop seat', idempotencyKey: `key-${++seq}` });

async function providerError(promise: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  // Every refusal explains itself (CONTRACT §2: errors carry a message).
  expect((error as PaymentProviderError).message).not.toBe('');
  return error as PaymentProviderError;
}

const refundedCents = async (id: string) =>
  (await database.db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, id)))[0]?.refundedCents;

describe('the demo provider', () => {
  it('tells the browser it is the demo provider, in test mode', () => {
    expect(provider.name).toBe('demo');
    expect(provider.publicConfig()).toMatchObject({ provider: 'demo', testMode: true });
    expect(provider.publicConfig().publishableKey).not.toBe('');
  });

  it('creates an unpaid payment for the amount and metadata asked, with its own id and client secret', async () => {
    const intent = await newIntent(44_910, { workshopDateId: '3', email: 'grace@example.com' });
    expect(intent).toMatchObject({ status: 'requires_payment', amountCents: 44_910, currency: 'usd', metadata: { workshopDateId: '3', email: 'grace@example.com' } });
    expect(intent.id).not.toBe('');
    expect(intent.clientSecret).not.toBe('');
    expect(intent.clientSecret).not.toBe(intent.id);
    expect(await provider.retrieveIntent(intent.id)).toEqual(intent);
    const other = await newIntent();
    expect(other.id).not.toBe(intent.id);
    expect(other.clientSecret).not.toBe(intent.clientSecret);
  });

  it('answers the same payment for the same idempotency key', async () => {
    const input = { amountCents: 100, currency: 'usd' as const, metadata: {}, description: 'x', idempotencyKey: 'same-key' };
    const first = await provider.createIntent(input);
    const second = await provider.createIntent(input);
    expect(second).toEqual(first);
  });

  it('knows nothing of an id it never issued', async () => {
    expect(await provider.retrieveIntent('pi_unknown')).toBeNull();
  });
});

describe('paying with the demo card form', () => {
  it.each(['4242 4242 4242 4242', '4242424242424242'])('card %s pays', async (card) => {
    const intent = await newIntent();
    const paid = await provider.confirmWithCard(intent.id, card);
    expect(paid).toMatchObject({ id: intent.id, status: 'succeeded', amountCents: 49_900 });
    expect((await provider.retrieveIntent(intent.id))?.status).toBe('succeeded');
  });

  it('card 4000 0000 0000 0002 is declined with a message, and the payment stays unpaid', async () => {
    const intent = await newIntent();
    const error = await providerError(provider.confirmWithCard(intent.id, '4000 0000 0000 0002'));
    expect(error.code).toBe('card_declined');
    expect(error.message).toMatch(/declined/i);
    expect((await provider.retrieveIntent(intent.id))?.status).toBe('requires_payment');
  });

  it('any other card number is refused, and the payment stays unpaid', async () => {
    const intent = await newIntent();
    const error = await providerError(provider.confirmWithCard(intent.id, '5555 5555 5555 4444'));
    expect(error.code).toBe('card_declined');
    expect(error.message).toContain('4242 4242 4242 4242');
    expect((await provider.retrieveIntent(intent.id))?.status).toBe('requires_payment');
  });

  it('paying an already paid payment again changes nothing', async () => {
    const intent = await newIntent();
    await provider.confirmWithCard(intent.id, '4242 4242 4242 4242');
    const again = await provider.confirmWithCard(intent.id, '4000 0000 0000 0002');
    expect(again.status).toBe('succeeded');
  });

  it('a cancelled payment can no longer be paid', async () => {
    const intent = await newIntent();
    await provider.cancelIntent(intent.id);
    const error = await providerError(provider.confirmWithCard(intent.id, '4242 4242 4242 4242'));
    expect(error.code).toBe('invalid_state');
    expect((await provider.retrieveIntent(intent.id))?.status).toBe('canceled');
  });

  it('an unknown payment cannot be paid', async () => {
    const error = await providerError(provider.confirmWithCard('pi_unknown', '4242 4242 4242 4242'));
    expect(error.code).toBe('not_found');
  });
});

describe('cancelling and refunding', () => {
  it('cancels an unpaid payment, and cancelling it again is fine', async () => {
    const intent = await newIntent();
    await provider.cancelIntent(intent.id);
    expect((await provider.retrieveIntent(intent.id))?.status).toBe('canceled');
    await provider.cancelIntent(intent.id);
    expect((await provider.retrieveIntent(intent.id))?.status).toBe('canceled');
  });

  it('never cancels a paid payment', async () => {
    const intent = await newIntent();
    await provider.confirmWithCard(intent.id, '4242 4242 4242 4242');
    const error = await providerError(provider.cancelIntent(intent.id));
    expect(error.code).toBe('invalid_state');
    expect((await provider.retrieveIntent(intent.id))?.status).toBe('succeeded');
  });

  it('refunds a paid payment in full, or the amount asked for, with a refund id each time', async () => {
    const full = await newIntent(49_900);
    await provider.confirmWithCard(full.id, '4242 4242 4242 4242');
    const first = await provider.refund(full.id, { amountCents: undefined });
    expect(await refundedCents(full.id)).toBe(49_900);

    const half = await newIntent(49_900);
    await provider.confirmWithCard(half.id, '4242 4242 4242 4242');
    const second = await provider.refund(half.id, { amountCents: 24_950 });
    expect(await refundedCents(half.id)).toBe(24_950);
    expect(await refundedCents(full.id)).toBe(49_900);

    expect(first.refundId).not.toBe('');
    expect(second.refundId).not.toBe(first.refundId);
  });

  it('gives back what is left when no amount is asked, and never more than was paid', async () => {
    const intent = await newIntent(30_000);
    await provider.confirmWithCard(intent.id, '4242 4242 4242 4242');
    expect((await provider.refund(intent.id, { amountCents: 10_000 })).amountCents).toBe(10_000);
    expect((await providerError(provider.refund(intent.id, { amountCents: 20_001 }))).code).toBe('invalid_state');
    expect(await refundedCents(intent.id)).toBe(10_000);
    expect((await provider.refund(intent.id, {})).amountCents).toBe(20_000);
    expect(await refundedCents(intent.id)).toBe(30_000);
    expect((await providerError(provider.refund(intent.id, {}))).code).toBe('invalid_state');
    expect(await refundedCents(intent.id)).toBe(30_000);
  });

  it('treats a refund asked again with its key as the same refund, counted once, even at once', async () => {
    const intent = await newIntent(40_000);
    await provider.confirmWithCard(intent.id, '4242 4242 4242 4242');
    const first = await provider.refund(intent.id, { amountCents: 15_000, idempotencyKey: 'seat-1' });
    const [again, atOnce] = await Promise.all([
      provider.refund(intent.id, { amountCents: 15_000, idempotencyKey: 'seat-1' }),
      provider.refund(intent.id, { amountCents: 15_000, idempotencyKey: 'seat-1' }),
    ]);
    expect(again).toEqual(first);
    expect(atOnce).toEqual(first);
    expect(await refundedCents(intent.id)).toBe(15_000);
    // Another key is another refund.
    const other = await provider.refund(intent.id, { amountCents: 15_000, idempotencyKey: 'seat-2' });
    expect(other.refundId).not.toBe(first.refundId);
    expect(await refundedCents(intent.id)).toBe(30_000);
  });

  it('refuses to refund an unpaid or unknown payment', async () => {
    const unpaid = await newIntent();
    expect((await providerError(provider.refund(unpaid.id, {}))).code).toBe('invalid_state');
    expect(await refundedCents(unpaid.id)).toBe(0);
    expect((await providerError(provider.refund('pi_unknown', {}))).code).toBe('not_found');
  });
});
