import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../server/deps';
import { processedWebhookEvents } from '../../../server/db/schema';
import { PaymentProviderError } from '../../../server/payments/payment-provider';
import { StripeProvider } from '../../../server/payments/stripe-provider';
import { HttpError } from '../../../server/plugins/error-handler';
import { bookingDepsFrom, type SaleWiring } from './booking-deps';
import { fulfilPayment } from './fulfil-payment';

/**
 * POST /api/stripe/webhook: Stripe tells us a payment succeeded, so the booking exists even when
 * the buyer's browser never came back. The signature is checked on the raw body; an event id
 * already handled is acknowledged and changes nothing.
 */
export async function stripeWebhookRoutes(app: FastifyInstance, deps: AppDeps, sale: SaleWiring): Promise<void> {
  const provider = deps.payments;
  if (!(provider instanceof StripeProvider)) return;
  const bookingDeps = bookingDepsFrom(deps, sale, provider, app.log);

  // The signature covers the exact bytes Stripe sent, so this route keeps the body raw.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post('/api/stripe/webhook', { bodyLimit: 512 * 1024 }, async (request, reply) => {
    let event;
    try {
      event = provider.constructWebhookEvent(request.body as Buffer, request.headers['stripe-signature'] as string | undefined);
    } catch (error) {
      if (error instanceof PaymentProviderError) throw new HttpError(400, error.message, error.code);
      throw error;
    }

    const [seen] = await deps.db.select().from(processedWebhookEvents).where(eq(processedWebhookEvents.id, event.id)).limit(1);
    if (seen) return reply.send({ received: true, duplicate: true });

    if (event.type === 'payment_intent.succeeded') {
      const intent = event.data.object as { id: string };
      try {
        // The seat counts the public sees are dropped by fulfilPayment when it changed them.
        await fulfilPayment(bookingDeps, intent.id);
      } catch (error) {
        // The provider does not (yet) report it as succeeded when we ask: not recorded as handled,
        // so Stripe's retry of this event can still book it.
        if (error instanceof HttpError && error.code === 'payment_not_confirmed') {
          request.log.warn({ eventId: event.id, paymentIntentId: intent.id }, 'webhook payment not confirmed yet; asking Stripe to retry');
          return reply.status(503).header('retry-after', '60').send({ message: 'Payment not confirmed yet; retry later.' });
        }
        // Not ours (another integration on the same account), or settled as a refund: nothing to retry.
        if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
        request.log.warn({ eventId: event.id, paymentIntentId: intent.id, reason: error.message }, 'webhook payment not booked');
      }
    }
    // Recorded only after the work succeeded: a failure answers 500 and Stripe retries.
    await deps.db.insert(processedWebhookEvents).values({ id: event.id, type: event.type }).onConflictDoNothing();
    return reply.send({ received: true });
  });
}
