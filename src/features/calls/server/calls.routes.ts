import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../server/deps';
import { requireAdmin } from '../../../server/plugins/auth';
import { bookingIdParamsSchema } from '../../participant';
import { requireBookingAccess } from '../../participant/server';
import { ICS_CONTENT_TYPE } from '../../calendar/server';
import {
  adminCallsSchema,
  adminCancelCallBodySchema,
  bookCallSchema,
  bookingCallsSchema,
  callChangedSchema,
  callIdParamsSchema,
  callParamsSchema,
  callSchema,
  callSettingsInputSchema,
  callSettingsSchema,
  callSlotsSchema,
  dayRangeQuerySchema,
  feedTokenQuerySchema,
} from '../calls.schema';
import { bookCall } from './book-call';
import { cancelCall } from './cancel-call';
import { cancelCallByOrganiser } from './cancel-call-by-organiser';
import { callFile } from './call-file';
import { getCallSettings, renewFeedToken, saveCallSettings } from './call-settings';
import { callsDepsFrom } from './calls-deps';
import { listAdminCalls } from './list-admin-calls';
import { listSeatCalls, listSeatSlots } from './list-seat-calls';
import { organiserFeed } from './organiser-feed';
import { rescheduleCall } from './reschedule-call';

/** A person books a couple of calls and may move them; a few dozen tries a minute is far above that. */
const CALL_WRITE_LIMIT = { max: 30, timeWindow: '1 minute' };
/** A calendar app polls the feed every few minutes; a guesser gets few tries. */
const FEED_LIMIT = { max: 60, timeWindow: '1 minute' };

/** The follow-up calls (docs/decisions/023-follow-up-calls.md): the organiser's availability, the participant's calls, the organiser's list and feed. */
export async function callRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const calls = callsDepsFrom(deps);
  const { db } = deps;
  const publicUrl = deps.env.PUBLIC_URL;

  routes.get('/api/admin/call-settings', { schema: { response: { 200: callSettingsSchema } } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return getCallSettings(db, publicUrl);
  });
  routes.put('/api/admin/call-settings', { schema: { body: callSettingsInputSchema, response: { 200: callSettingsSchema } } }, async (request) =>
    saveCallSettings(db, await requireAdmin(request), request.body, publicUrl),
  );
  routes.post('/api/admin/call-settings/feed-token', { schema: { response: { 200: callSettingsSchema } } }, async (request) => renewFeedToken(db, await requireAdmin(request), publicUrl));

  routes.get('/api/admin/calls', { schema: { querystring: dayRangeQuerySchema, response: { 200: adminCallsSchema } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return listAdminCalls(calls, request.query.from, request.query.to);
  });
  routes.delete('/api/admin/calls/:id', { schema: { params: callIdParamsSchema, body: adminCancelCallBodySchema, response: { 200: callChangedSchema } } }, async (request) =>
    cancelCallByOrganiser(calls, await requireAdmin(request), request.params.id, request.body?.message),
  );

  routes.get('/api/participant/bookings/:bookingId/calls', { schema: { params: bookingIdParamsSchema, response: { 200: bookingCallsSchema } } }, async (request, reply) => {
    const { booking } = await requireBookingAccess(db, request, request.params.bookingId);
    reply.header('Cache-Control', 'no-store');
    return listSeatCalls(calls, booking);
  });
  routes.get(
    '/api/participant/bookings/:bookingId/call-slots',
    { schema: { params: bookingIdParamsSchema, querystring: dayRangeQuerySchema, response: { 200: callSlotsSchema } } },
    async (request, reply) => {
      const { booking } = await requireBookingAccess(db, request, request.params.bookingId);
      reply.header('Cache-Control', 'no-store');
      return listSeatSlots(calls, booking, request.query.from, request.query.to);
    },
  );
  routes.post(
    '/api/participant/bookings/:bookingId/calls',
    { config: { rateLimit: CALL_WRITE_LIMIT }, schema: { params: bookingIdParamsSchema, body: bookCallSchema, response: { 201: callSchema } } },
    async (request, reply) => {
      const { booking, viewer } = await requireBookingAccess(db, request, request.params.bookingId);
      return reply.status(201).send(await bookCall(calls, booking, viewer.email, request.body.startsAt));
    },
  );
  routes.patch(
    '/api/participant/bookings/:bookingId/calls/:callId',
    { config: { rateLimit: CALL_WRITE_LIMIT }, schema: { params: callParamsSchema, body: bookCallSchema, response: { 200: callSchema } } },
    async (request) => {
      const { booking, viewer } = await requireBookingAccess(db, request, request.params.bookingId);
      return rescheduleCall(calls, booking, viewer.email, request.params.callId, request.body.startsAt);
    },
  );
  routes.delete(
    '/api/participant/bookings/:bookingId/calls/:callId',
    { config: { rateLimit: CALL_WRITE_LIMIT }, schema: { params: callParamsSchema, response: { 200: callChangedSchema } } },
    async (request) => {
      const { booking, viewer } = await requireBookingAccess(db, request, request.params.bookingId);
      return cancelCall(calls, booking, viewer.email, request.params.callId);
    },
  );
  routes.get('/api/participant/calls/:id/calendar.ics', { schema: { params: callIdParamsSchema } }, async (request, reply) => {
    const file = await callFile(calls, request, request.params.id);
    return reply.type(ICS_CONTENT_TYPE).header('Content-Disposition', `attachment; filename="follow-up-call-${request.params.id}.ics"`).header('Cache-Control', 'no-store').send(file);
  });

  routes.get('/api/calendar/organiser.ics', { config: { rateLimit: FEED_LIMIT }, schema: { querystring: feedTokenQuerySchema } }, async (request, reply) => {
    const feed = await organiserFeed(calls, request.query.token);
    return reply.type(ICS_CONTENT_TYPE).header('Cache-Control', 'private, no-store').header('Content-Disposition', 'inline; filename="workshops-and-calls.ics"').send(feed);
  });
}
