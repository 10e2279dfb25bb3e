import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../server/deps';
import { DemoPaymentProvider } from '../../../server/payments/demo-provider';
import { PaymentProviderError } from '../../../server/payments/payment-provider';
import { HttpError } from '../../../server/plugins/error-handler';
import {
  reserveBookingSchema,
  bookingConfirmationParamsSchema,
  confirmReservationResponseSchema,
  confirmReservationSchema,
  bookingConfirmationQuerySchema,
  bookingConfirmationSchema,
  orderBookingResponseSchema,
  completeOrderSchema,
  createBookingSchema,
  createPaymentIntentSchema,
  demoConfirmSchema,
  discountCheckResponseSchema,
  discountCheckSchema,
  paymentConfigSchema,
  paymentIntentResponseSchema,
  reservationDetailsSchema,
} from '../booking.schema';
import { bookingDepsFrom, type SaleWiring } from './booking-deps';
import { toOrderResponse } from './booking-response';
import { createFreeBooking } from './free-order';
import { openOfferCheckout } from './offer-checkout';
import { createPaymentIntent } from './open-checkout';
import { getReservationForPayment } from './pay-reservation-link';
import { confirmReservation } from './confirm-reservation';
import { reserveBooking } from './reserve-booking';
import { fulfilPayment } from './fulfil-payment';
import { checkDiscountCode } from './discount-check';
import { confirmationOf, confirmationTokenFor, getBookingConfirmation, getConfirmationCalendarFile } from './booking-confirmation';
import { loadOrder } from './orders';
import { ICS_CONTENT_TYPE } from '../../calendar/server';

export const FREE_BOOKING_ID = 'free-booking';
/**
 * Every call here that changes state is limited per address. Opening payments and reserving tie
 * up seats; completing a booking and confirming a reservation need a payment, a code or a signed
 * link, yet unlimited they let one address hammer the database (a replayed payment id answers
 * the same booking each time). Generous enough for a team booking from one office.
 */
const SEAT_HOLD_RATE_LIMIT = { max: 120, timeWindow: '1 minute' };
/** Checking a code holds nothing, but unlimited tries would let one address guess codes. */
const DISCOUNT_CHECK_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };

export async function bookingRoutes(app: FastifyInstance, deps: AppDeps, sale: SaleWiring): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // The services tell the public cache when a call changed seat counts (BookingDeps.onSeatsChanged).
  const bookingDeps = bookingDepsFrom(deps, sale, deps.payments, app.log);

  routes.get('/api/stripe/config', { schema: { response: { 200: paymentConfigSchema } } }, async () => deps.payments.publicConfig());

  routes.post(
    '/api/create-payment-intent',
    { config: { rateLimit: SEAT_HOLD_RATE_LIMIT }, schema: { body: createPaymentIntentSchema, response: { 200: paymentIntentResponseSchema } } },
    async (request) => {
      const { workshopDateId, customerInfo, discountCode, subscribedToNewsletter, bookingId, payToken, timeZone, seats, attendees, checkoutKey, waitlistOffer } = request.body;
      if (waitlistOffer !== undefined) {
        return openOfferCheckout(bookingDeps, { workshopDateId, customerInfo, discountCode, subscribedToNewsletter, timeZone, seats, attendees }, waitlistOffer);
      }
      // Without an offer the schema requires the date and the buyer.
      return createPaymentIntent(bookingDeps, {
        workshopDateId: workshopDateId!,
        customer: { ...customerInfo!, discountCode, subscribedToNewsletter, timeZone },
        seats: seats ?? 1,
        attendees,
        checkoutKey,
        bookingId,
        payToken,
      });
    },
  );

  // The booking form's Apply button: the price with a code, holding nothing.
  routes.post(
    '/api/discount-codes/check',
    { config: { rateLimit: DISCOUNT_CHECK_RATE_LIMIT }, schema: { body: discountCheckSchema, response: { 200: discountCheckResponseSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return checkDiscountCode(deps.db, request.body.workshopDateId, request.body.code, bookingDeps.now(), bookingDeps.onSeatsChanged);
    },
  );

  routes.post(
    '/api/bookings',
    { config: { rateLimit: SEAT_HOLD_RATE_LIMIT }, schema: { body: createBookingSchema, response: { 201: orderBookingResponseSchema } } },
    async (request, reply) => {
      const { stripePaymentId, ...form } = request.body;
      const placed =
        stripePaymentId === FREE_BOOKING_ID ? await createFreeBooking(bookingDeps, form) : await fulfilPayment(bookingDeps, stripePaymentId);
      return reply.status(201).send(toOrderResponse(placed, deps.secret, bookingDeps.now().getTime()));
    },
  );

  // The product's own checkout completes by naming the payment alone (the order holds the rest).
  routes.post(
    '/api/orders/complete',
    { config: { rateLimit: SEAT_HOLD_RATE_LIMIT }, schema: { body: completeOrderSchema, response: { 200: orderBookingResponseSchema } } },
    async (request) => toOrderResponse(await fulfilPayment(bookingDeps, request.body.paymentIntentId), deps.secret, bookingDeps.now().getTime()),
  );

  routes.post(
    '/api/bookings/reserve',
    { config: { rateLimit: SEAT_HOLD_RATE_LIMIT }, schema: { body: reserveBookingSchema, response: { 201: orderBookingResponseSchema } } },
    async (request, reply) => {
      const placed = await reserveBooking(bookingDeps, request.body);
      return reply.status(201).send(toOrderResponse(placed, deps.secret, bookingDeps.now().getTime()));
    },
  );

  // The link e-mailed to a new reservation: its address is real, so its seat is kept.
  routes.post(
    '/api/bookings/:id/confirm-reservation',
    {
      config: { rateLimit: SEAT_HOLD_RATE_LIMIT },
      schema: { params: bookingConfirmationParamsSchema, body: confirmReservationSchema, response: { 200: confirmReservationResponseSchema } },
    },
    async (request, reply) => {
      const { booking, date } = await confirmReservation(bookingDeps, request.params.id, request.body.token);
      // The answer names a person: no shared cache may keep it.
      reply.header('Cache-Control', 'no-store');
      return {
        confirmationToken: confirmationTokenFor(deps.secret, booking.id, bookingDeps.now().getTime()),
        confirmation: confirmationOf(booking, date, await loadOrder(deps.db, booking.orderId)),
      };
    },
  );

  routes.get(
    '/api/bookings/:id/payment-details',
    {
      schema: {
        params: z.object({ id: z.coerce.number().int().positive() }),
        querystring: z.object({ token: z.string().max(500).optional() }),
        response: { 200: reservationDetailsSchema },
      },
    },
    async (request, reply) => {
      // The answer names a person: no shared cache may keep it.
      reply.header('Cache-Control', 'no-store');
      return getReservationForPayment(bookingDeps, request.params.id, request.query.token);
    },
  );

  // The confirmation page after a booking: the signed token stands in for a session.
  routes.get(
    '/api/bookings/:id/confirmation',
    { schema: { params: bookingConfirmationParamsSchema, querystring: bookingConfirmationQuerySchema, response: { 200: bookingConfirmationSchema } } },
    async (request, reply) => {
      const confirmation = await getBookingConfirmation(bookingDeps, request.params.id, request.query.token);
      // The answer names a person: no shared cache may keep it.
      reply.header('Cache-Control', 'no-store');
      return confirmation;
    },
  );

  routes.get(
    '/api/bookings/:id/confirmation/calendar.ics',
    { schema: { params: bookingConfirmationParamsSchema, querystring: bookingConfirmationQuerySchema } },
    async (request, reply) => {
      const file = await getConfirmationCalendarFile(bookingDeps, request.params.id, request.query.token, deps.env.PUBLIC_URL);
      return reply
        .type(ICS_CONTENT_TYPE)
        .header('Cache-Control', 'no-store')
        .header('Content-Disposition', `attachment; filename="${file.filename}"`)
        .send(file.body);
    },
  );

  routes.post(
    '/api/payments/demo/confirm',
    {
      config: { rateLimit: SEAT_HOLD_RATE_LIMIT },
      schema: { body: demoConfirmSchema, response: { 200: z.object({ status: z.literal('succeeded'), paymentIntentId: z.string(), bookingId: z.number() }) } },
    },
    async (request) => {
      const provider = deps.payments;
      if (!(provider instanceof DemoPaymentProvider)) throw new HttpError(404, 'Not found');
      try {
        await provider.confirmWithCard(request.body.paymentIntentId, request.body.cardNumber);
      } catch (error) {
        if (error instanceof PaymentProviderError) throw new HttpError(error.code === 'not_found' ? 404 : 402, error.message, error.code);
        throw error;
      }
      // Like Stripe's webhook: the booking exists even if the browser never comes back.
      const { seats } = await fulfilPayment(bookingDeps, request.body.paymentIntentId);
      return { status: 'succeeded' as const, paymentIntentId: request.body.paymentIntentId, bookingId: seats[0]!.id };
    },
  );
}
