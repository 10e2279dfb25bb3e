import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, processedWebhookEvents, workshopDates } from '../../src/server/db/schema';
import { buyer, createWorkshopDate } from '../helpers/factories';
import { paymentIntentSucceededEvent, signWebhook, startStripeDouble, stripeDoubleEnv, type StripeDouble } from '../helpers/stripe-double';
import { clientHeaders, createTestApp, type TestApp } from '../helpers/test-app';

const WEBHOOK_SECRET = 'whsec_test_secret';
let stripe: StripeDouble;
let app: TestApp;

beforeAll(async () => {
  stripe = await startStripeDouble();
  app = await createTestApp({ env: stripeDoubleEnv(stripe, '123', WEBHOOK_SECRET) });
});
afterAll(async () => {
  await app.close();
  await stripe.close();
});

const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload, headers: clientHeaders });
const bookingsFor = (id: number) => app.database.db.select().from(bookings).where(eq(bookings.workshopDateId, id));

function deliverWebhook(payload: string, signature = signWebhook(payload, WEBHOOK_SECRET)) {
  return app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
}

async function openPayment(workshopDateId: number, who = buyer()) {
  const response = await post('/api/create-payment-intent', { workshopDateId, customerInfo: who, amount: 5 });
  expect(response.statusCode).toBe(200);
  return response.json() as { paymentIntentId: string; clientSecret: string };
}

describe('Stripe payments through the real SDK against a local Stripe', () => {
  it('publishes the Stripe key and test mode', async () => {
    expect((await app.inject('/api/stripe/config')).json()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_123', testMode: true });
  });

  it('opens a PaymentIntent for the server\'s price with an idempotency key', async () => {
    const date = await createWorkshopDate(app.database.db);
    const { paymentIntentId, clientSecret } = await openPayment(date.id);
    expect(paymentIntentId).toMatch(/^pi_/);
    expect(clientSecret).toContain(`${paymentIntentId}_secret_`);
    const intent = stripe.intents.get(paymentIntentId)!;
    expect(intent.amount).toBe(49900);
    expect(intent.metadata.workshopDateId).toBe(String(date.id));
    const create = stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    expect(create?.idempotencyKey).toBeTruthy();
  });

  it('books from the webhook even if the browser never returns, once per event', async () => {
    const date = await createWorkshopDate(app.database.db);
    const who = buyer('webhook');
    const { paymentIntentId } = await openPayment(date.id, who);

    const early = await post('/api/bookings', { workshopDateId: date.id, ...who, stripePaymentId: paymentIntentId, isPaid: true });
    expect(early.statusCode).toBe(402);

    stripe.succeed(paymentIntentId);
    const event = paymentIntentSucceededEvent(stripe.intents.get(paymentIntentId)!, 'evt_once');
    expect((await deliverWebhook(event)).statusCode).toBe(200);
    expect((await deliverWebhook(event)).json()).toMatchObject({ duplicate: true });
    expect(await bookingsFor(date.id)).toHaveLength(1);
    expect(await app.database.db.select().from(processedWebhookEvents).where(eq(processedWebhookEvents.id, 'evt_once'))).toHaveLength(1);

    // The browser arriving late gets the same booking.
    const late = await post('/api/bookings', { workshopDateId: date.id, ...who, stripePaymentId: paymentIntentId, isPaid: true });
    expect(late.statusCode).toBe(201);
    expect(late.json()).toMatchObject({ isPaid: true, finalPrice: 499 });
    expect(await bookingsFor(date.id)).toHaveLength(1);
    const [row] = await app.database.db.select().from(workshopDates).where(eq(workshopDates.id, date.id));
    expect(row!.seatsTaken).toBe(1);
  });

  it('refuses a webhook with a bad signature and books nothing', async () => {
    const date = await createWorkshopDate(app.database.db);
    const { paymentIntentId } = await openPayment(date.id, buyer('forged-hook'));
    stripe.succeed(paymentIntentId);
    const event = paymentIntentSucceededEvent(stripe.intents.get(paymentIntentId)!, 'evt_forged');
    const response = await deliverWebhook(event, signWebhook(event, 'whsec_wrong'));
    expect(response.statusCode).toBe(400);
    expect((await deliverWebhook(event, '')).statusCode).toBe(400);
    expect(await bookingsFor(date.id)).toHaveLength(0);
  });

  it('refuses a payment whose amount differs from the server\'s price', async () => {
    const date = await createWorkshopDate(app.database.db);
    const who = buyer('tampered');
    const { paymentIntentId } = await openPayment(date.id, who);
    const intent = stripe.intents.get(paymentIntentId)!;
    intent.amount = 100;
    stripe.succeed(paymentIntentId);
    const response = await post('/api/bookings', { workshopDateId: date.id, ...who, stripePaymentId: paymentIntentId, isPaid: true });
    expect(response.statusCode).toBe(402);
    expect(await bookingsFor(date.id)).toHaveLength(0);
  });

  it('has no demo card endpoint with real Stripe', async () => {
    const response = await post('/api/payments/demo/confirm', { paymentIntentId: 'pi_x', cardNumber: '4242424242424242' });
    expect(response.statusCode).toBe(404);
  });
});
