import { expect } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { DemoPaymentProvider } from '../../src/server/payments/demo-provider';
import { PaymentProviderError } from '../../src/server/payments/payment-provider';
import { clientHeaders, createTestApp, TEST_SECRET, type TestApp } from './test-app';

/**
 * The demo provider, recording the refunds asked of it, whose refunds can be made to fail like a
 * provider that is down (`failRefunds`).
 */
export class FlakyDemoProvider extends DemoPaymentProvider {
  failRefunds = false;
  refunds: { paymentIntentId: string; amountCents?: number; idempotencyKey: string }[] = [];

  override async refund(paymentIntentId: string, options: { amountCents?: number; reason: string; idempotencyKey: string }) {
    if (this.failRefunds) throw new PaymentProviderError('The payment provider is unavailable', 'unavailable');
    this.refunds.push({ paymentIntentId, amountCents: options.amountCents, idempotencyKey: options.idempotencyKey });
    return super.refund(paymentIntentId, options);
  }
}

/** The app on a fresh database with the flaky demo provider; close() drops everything. */
export async function createAppWithFlakyDemoProvider(): Promise<{ app: TestApp; provider: FlakyDemoProvider; db: Database }> {
  let provider: FlakyDemoProvider | undefined;
  const app = await createTestApp({ payments: (database) => (provider = new FlakyDemoProvider(database, TEST_SECRET)) });
  return { app, provider: provider!, db: app.database.db };
}

/**
 * A booking paid with the demo card through the calls the checkout makes: the payment intent
 * (`intent` is its payload: workshopDateId, customerInfo, …), then the demo confirmation.
 */
export async function payWithDemoCard(app: TestApp, intent: object, cardNumber = '4242 4242 4242 4242') {
  const opened = await app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: clientHeaders, payload: intent });
  expect(opened.statusCode, opened.body).toBe(200);
  const { paymentIntentId } = opened.json() as { paymentIntentId: string };
  const paid = await app.inject({ method: 'POST', url: '/api/payments/demo/confirm', headers: clientHeaders, payload: { paymentIntentId, cardNumber } });
  expect(paid.statusCode, paid.body).toBe(200);
  return { bookingId: (paid.json() as { bookingId: number }).bookingId, paymentIntentId };
}
