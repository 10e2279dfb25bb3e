import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../server/deps';
import { requireAdmin } from '../../../server/plugins/auth';
import { bookingIdParamsSchema } from '../../participant';
import { requireBookingAccess } from '../../participant/server';
import {
  adminRefundRequestListSchema,
  cancelBookingInputSchema,
  cancelBookingResponseSchema,
  cancellationTermsSchema,
  REFUND_REQUEST_SUBMITTED,
  refundRequestIdParamsSchema,
  refundRequestInputSchema,
  refundRequestResponseSchema,
  reviewRefundInputSchema,
  reviewRefundResponseSchema,
} from '../refunds.schema';
import { cancelBooking, getCancellationTerms } from './cancel-booking.service';
import type { RefundDeps } from './refund-shared';
import { listRefundRequests, requestRefund, reviewRefundRequest } from './refunds.service';

/** A participant cancels or asks for a refund a few times at most; each call writes and may e-mail. */
const PARTICIPANT_ACTION_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };

/**
 * Refund requests and cancellation for participants (spec §2-§5) and the admin's
 * review. Participant calls check ownership first (requireBookingAccess: 401
 * without a session, 403 and an audit entry for someone else's booking); admin paths are guarded
 * by the auth plugin before the body is read.
 */
export async function refundRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const serviceDeps = (request: FastifyRequest): RefundDeps => ({
    db,
    payments: deps.payments,
    publicCache: deps.publicCache,
    onEmailQueued: deps.onEmailQueued,
    publicUrl: deps.env.PUBLIC_URL,
    log: request.log,
  });

  routes.post(
    '/api/participant/refund-request/:bookingId',
    { config: { rateLimit: PARTICIPANT_ACTION_RATE_LIMIT }, schema: { params: bookingIdParamsSchema, body: refundRequestInputSchema, response: { 201: refundRequestResponseSchema } } },
    async (request, reply) => {
      const { booking, viewer } = await requireBookingAccess(db, request, request.params.bookingId);
      const refundRequest = await requestRefund(serviceDeps(request), viewer, booking.id, request.body.reason);
      return reply.status(201).send({ success: true as const, refundRequest, message: REFUND_REQUEST_SUBMITTED });
    },
  );

  routes.get(
    '/api/participant/booking/:bookingId/cancellation-terms',
    { schema: { params: bookingIdParamsSchema, response: { 200: cancellationTermsSchema } } },
    async (request) => {
      const { booking } = await requireBookingAccess(db, request, request.params.bookingId);
      return getCancellationTerms(db, booking);
    },
  );

  routes.post(
    '/api/participant/cancel-booking/:bookingId',
    { config: { rateLimit: PARTICIPANT_ACTION_RATE_LIMIT }, schema: { params: bookingIdParamsSchema, body: cancelBookingInputSchema, response: { 200: cancelBookingResponseSchema } } },
    async (request) => {
      const { booking, viewer } = await requireBookingAccess(db, request, request.params.bookingId);
      const result = await cancelBooking(serviceDeps(request), viewer, booking, request.body);
      return { success: true as const, ...result };
    },
  );

  routes.get('/api/admin/refund-requests', { schema: { response: { 200: adminRefundRequestListSchema } } }, () => listRefundRequests(db));

  routes.put(
    '/api/admin/refund-requests/:id',
    { schema: { params: refundRequestIdParamsSchema, body: reviewRefundInputSchema, response: { 200: reviewRefundResponseSchema } } },
    async (request) => {
      const admin = await requireAdmin(request);
      const result = await reviewRefundRequest(serviceDeps(request), admin, request.params.id, request.body);
      return { success: true as const, ...result };
    },
  );
}
