import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../server/deps';
import { bookingResponseSchema } from '../booking.schema';
import { claimSeatSchema, claimTokenParamsSchema, seatClaimSchema } from '../claim.schema';
import { bookingDepsFrom, type SaleWiring } from './booking-deps';
import { claimSeat, describeSeatClaim } from './claim-seat';

/**
 * Anyone holding a link may call these, so both are limited per address: reading a link says
 * whether it is genuine, and claiming writes a seat and an e-mail. A team sharing an office
 * address claims a handful of seats, far below either limit.
 */
const CLAIM_READ_RATE_LIMIT = { max: 60, timeWindow: '1 minute' };
const CLAIM_RATE_LIMIT = { max: 20, timeWindow: '1 minute' };

/** The claim link of an unnamed seat (`/claim/{token}`, see claim-seat.ts): what it is for, and claiming it. */
export async function claimRoutes(app: FastifyInstance, deps: AppDeps, sale: SaleWiring): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const bookingDeps = bookingDepsFrom(deps, sale, deps.payments, app.log);

  routes.get(
    '/api/claims/:token',
    { config: { rateLimit: CLAIM_READ_RATE_LIMIT }, schema: { params: claimTokenParamsSchema, response: { 200: seatClaimSchema } } },
    async (request, reply) => {
      const claim = await describeSeatClaim(bookingDeps, request.params.token);
      // A link is one seat's key: no shared cache may keep what it answers.
      reply.header('Cache-Control', 'no-store');
      return claim;
    },
  );

  routes.post(
    '/api/claims/:token',
    { config: { rateLimit: CLAIM_RATE_LIMIT }, schema: { params: claimTokenParamsSchema, body: claimSeatSchema, response: { 200: bookingResponseSchema } } },
    async (request, reply) => {
      const booking = await claimSeat(bookingDeps, request.params.token, request.body);
      reply.header('Cache-Control', 'no-store');
      return booking;
    },
  );
}
