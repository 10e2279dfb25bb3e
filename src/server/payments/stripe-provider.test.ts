import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentIntentSucceededEvent, signWebhook, startStripeDouble, type StripeDouble } from '../../../tests/helpers/stripe-double';
import { PaymentProviderError, type CreateIntentInput } from './payment-provider';
import { StripeProvider } from './stripe-provider';

const WEBHOOK_SECRET = 'whsec_test_secret';

let double: StripeDouble;
let provider: StripeProvider;
let keyCounter = 0;

function input(overrides: Partial<CreateIntentInput> = {}): CreateIntentInput {
  keyCounter += 1;
  return {
    amountCents: 12_500,
    currency: 'usd',
    metadata: { workshopDateId: '42', email: 'ada@example.com' },
    description: 'Watercolour basics, 12 May',
    receiptEmail: 'ada@example.com',
    idempotencyKey: `intent-${keyCounter}`,
    ...overrides,
  };
}

/** A port nothing listens on: where an unreachable Stripe would be. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

beforeAll(async () => {
  double = await startStripeDouble();
  provider = new StripeProvider({
    secretKey: 'sk_test_double',
    publishableKey: 'pk_test_double',
    webhookSecret: WEBHOOK_SECRET,
    apiBase: double,
  });
});

afterAll(async () => {
  await double.close();
});

describe('StripeProvider against the Stripe double', () => {
  it('creates a payment intent with amount, metadata and the idempotency key', async () => {
    const request = input();
    const intent = await provider.createIntent(request);

    expect(intent).toMatchObject({ status: 'requires_payment', amountCents: 12_500, currency: 'usd', metadata: request.metadata });
    expect(intent.id).toMatch(/^pi_/);
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.id}_secret_`));

    const sent = double.requests.findLast((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    expect(sent).toMatchObject({
      idempotencyKey: request.idempotencyKey,
      body: {
        amount: '12500',
        currency: 'usd',
        metadata: request.metadata,
        description: request.description,
        receipt_email: 'ada@example.com',
        automatic_payment_methods: { enabled: 'true' },
      },
    });
  });

  it('returns the same intent for the same idempotency key', async () => {
    const request = input();
    const before = double.intents.size;
    const first = await provider.createIntent(request);
    const second = await provider.createIntent(request);
    expect(second.id).toBe(first.id);
    expect(double.intents.size).toBe(before + 1);
  });

  it('leaves out the receipt e-mail when there is none', async () => {
    await provider.createIntent(input({ receiptEmail: undefined }));
    expect(double.requests.at(-1)?.body).not.toHaveProperty('receipt_email');
  });

  it("maps Stripe's refusal to a PaymentProviderError with Stripe's message and code", async () => {
    const error = await provider.createIntent(input({ amountCents: 20 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(error).toMatchObject({ code: 'amount_too_small', message: 'Amount must be at least $0.50 usd' });
  });

  it('retrieves the current status after the customer paid or was declined', async () => {
    const paid = await provider.createIntent(input());
    expect((await provider.retrieveIntent(paid.id))?.status).toBe('requires_payment');
    double.succeed(paid.id);
    expect(await provider.retrieveIntent(paid.id)).toMatchObject({ id: paid.id, status: 'succeeded', amountCents: 12_500 });

    // A declined card leaves the intent payable again, as on Stripe.
    const declined = await provider.createIntent(input());
    double.fail(declined.id);
    expect((await provider.retrieveIntent(declined.id))?.status).toBe('requires_payment');
  });

  it('answers null for an intent Stripe does not know', async () => {
    expect(await provider.retrieveIntent('pi_doesnotexist')).toBeNull();
    const before = double.requests.length;
    expect(await provider.retrieveIntent('free-booking')).toBeNull();
    expect(await provider.retrieveIntent('')).toBeNull();
    expect(double.requests.length).toBe(before);
  });

  it('refunds a succeeded payment, in full or in part, once per idempotency key', async () => {
    const intent = await provider.createIntent(input());
    double.succeed(intent.id);

    const partial = await provider.refund(intent.id, { amountCents: 2_500, reason: 'seat released', idempotencyKey: `refund-${intent.id}-1` });
    expect(partial.refundId).toMatch(/^re_/);
    expect(double.requests.at(-1)).toMatchObject({
      path: '/v1/refunds',
      idempotencyKey: `refund-${intent.id}-1`,
      body: { payment_intent: intent.id, amount: '2500', metadata: { reason: 'seat released' } },
    });

    const again = await provider.refund(intent.id, { amountCents: 2_500, reason: 'seat released', idempotencyKey: `refund-${intent.id}-1` });
    expect(again.refundId).toBe(partial.refundId);

    const rest = await provider.refund(intent.id, { reason: 'workshop canceled', idempotencyKey: `refund-${intent.id}-2` });
    expect(double.refunds.get(rest.refundId)?.amount).toBe(10_000);
  });

  it('refuses to refund a payment that has not succeeded', async () => {
    const intent = await provider.createIntent(input());
    const error = await provider.refund(intent.id, { reason: 'x', idempotencyKey: `refund-${intent.id}` }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).message).toContain('does not have a successful charge to refund');
  });

  it('cancels an unpaid intent and ignores what cannot be canceled', async () => {
    const unpaid = await provider.createIntent(input());
    await provider.cancelIntent(unpaid.id);
    expect((await provider.retrieveIntent(unpaid.id))?.status).toBe('canceled');

    const paid = await provider.createIntent(input());
    double.succeed(paid.id);
    await expect(provider.cancelIntent(paid.id)).resolves.toBeUndefined();
    await expect(provider.cancelIntent(unpaid.id)).resolves.toBeUndefined();
    await expect(provider.cancelIntent('pi_doesnotexist')).resolves.toBeUndefined();
    expect((await provider.retrieveIntent(paid.id))?.status).toBe('succeeded');
  });

  it('reports an unreachable Stripe as unavailable', async () => {
    const offline = new StripeProvider({
      secretKey: 'sk_test_double',
      publishableKey: 'pk_test_double',
      webhookSecret: WEBHOOK_SECRET,
      apiBase: { host: '127.0.0.1', port: await closedPort(), protocol: 'http' },
    });
    // The SDK retries twice (about 1–2 s of back-off) before giving up.
    const error = await offline.retrieveIntent('pi_any').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(error).toMatchObject({ code: 'unavailable' });
  });
});

describe('StripeProvider.publicConfig', () => {
  it('says test mode for a test key and live mode for a live key', () => {
    expect(provider.publicConfig()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_double', testMode: true });
    const live = new StripeProvider({ secretKey: 'sk_live_x', publishableKey: 'pk_live_x', webhookSecret: WEBHOOK_SECRET });
    expect(live.publicConfig()).toEqual({ provider: 'stripe', publishableKey: 'pk_live_x', testMode: false });
  });
});

describe('StripeProvider.constructWebhookEvent', () => {
  function signedEvent() {
    const intent = [...double.intents.values()][0]!;
    const payload = paymentIntentSucceededEvent(intent, 'evt_test_1');
    return { intent, payload, header: signWebhook(payload, WEBHOOK_SECRET) };
  }

  it('accepts a payload signed with the webhook secret, as a string or a Buffer', () => {
    const { intent, payload, header } = signedEvent();
    const event = provider.constructWebhookEvent(payload, header);
    expect(event).toMatchObject({ id: 'evt_test_1', type: 'payment_intent.succeeded', data: { object: { id: intent.id, status: 'succeeded' } } });
    expect(provider.constructWebhookEvent(Buffer.from(payload), header).id).toBe('evt_test_1');
  });

  it('rejects a tampered payload, another secret and a missing header', () => {
    const { payload, header } = signedEvent();
    const invalid = { code: 'invalid_signature', message: 'Invalid webhook signature' };
    const tampered = payload.replace('"amount":12500', '"amount":1');
    expect(tampered).not.toBe(payload);
    expect(() => provider.constructWebhookEvent(tampered, header)).toThrow(expect.objectContaining(invalid));
    expect(() => provider.constructWebhookEvent(payload, signWebhook(payload, 'whsec_other'))).toThrow(expect.objectContaining(invalid));
    expect(() => provider.constructWebhookEvent(payload, undefined)).toThrow(expect.objectContaining(invalid));
    expect(() => provider.constructWebhookEvent(payload, '')).toThrow(expect.objectContaining(invalid));
  });

  it('rejects every event when no webhook secret is configured', () => {
    const { payload } = signedEvent();
    const unconfigured = new StripeProvider({ secretKey: 'sk_test_double', publishableKey: 'pk_test_double', webhookSecret: '' });
    expect(() => unconfigured.constructWebhookEvent(payload, signWebhook(payload, 'whsec_any'))).toThrow(PaymentProviderError);
  });
});
