import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../server/deps';
import { requireAdmin } from '../../../server/plugins/auth';
import { bookingDepsFrom, type SaleWiring } from '../../booking/server';
import { workshopDateIdParamsSchema } from '../../workshops';
import { adminPollSchema, participantPollSchema, seatMovedSchema, seatMoveInputSchema, seatMoveOptionsSchema, pollChoiceSchema, pollInputSchema, pollVoteSchema, adminWorkshopDateSchema, callOffInputSchema, callOffPreviewSchema, callOffResultSchema, repeatInputSchema, repeatResultSchema, dateChangePreviewSchema, workshopDateInputSchema } from '../admin-workshops.schema';
import { previewDateChange } from './admin-workshops.service';
import { callOffDate, previewCallOff } from './call-off-date';
import { duplicateDate, repeatDateWeekly } from './copy-date';
import { choosePollOption } from './choose-poll-option';
import { openDatePoll, readDatePoll } from './open-date-poll';
import { readSeatPoll, voteSeatPoll } from './seat-poll';
import { moveOwnSeat, readSeatMove } from './move-own-seat';
import { bookingIdParamsSchema } from '../../participant';
import { requireBookingAccess } from '../../participant/server';

/** A participant marks a few options, a few times: each call writes. */
const VOTE_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };
/** A seat moves once; a few tries cover a date that filled meanwhile, and a family's seats share an address. */
const MOVE_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };

/**
 * What happens to a date after it is on sale (docs/decisions/022-dates-that-change.md): the
 * preview of a change before it is saved, calling the date off, copying it, and a TBC date's poll.
 * Admin paths: the auth plugin answers 401/403 before the body is read.
 */
export async function dateChangeRoutes(app: FastifyInstance, deps: AppDeps, sale: SaleWiring): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const params = workshopDateIdParamsSchema;

  routes.post('/api/admin/workshop-dates/:id/change-preview', { schema: { params, body: workshopDateInputSchema, response: { 200: dateChangePreviewSchema } } }, async (request) => {
    await requireAdmin(request);
    return previewDateChange(deps.db, request.params.id, request.body);
  });

  routes.get('/api/admin/workshop-dates/:id/call-off', { schema: { params, response: { 200: callOffPreviewSchema } } }, (request) => previewCallOff(deps.db, request.params.id));

  routes.post('/api/admin/workshop-dates/:id/call-off', { schema: { params, body: callOffInputSchema, response: { 200: callOffResultSchema } } }, async (request) => {
    const admin = await requireAdmin(request);
    return callOffDate(bookingDepsFrom(deps, sale, deps.payments, request.log), admin, request.params.id, request.body);
  });

  routes.post('/api/admin/workshop-dates/:id/duplicate', { schema: { params, response: { 201: adminWorkshopDateSchema } } }, async (request, reply) => {
    const admin = await requireAdmin(request);
    return reply.status(201).send(await duplicateDate(deps, admin, request.params.id));
  });

  routes.post('/api/admin/workshop-dates/:id/repeat', { schema: { params, body: repeatInputSchema, response: { 201: repeatResultSchema } } }, async (request, reply) => {
    const admin = await requireAdmin(request);
    return reply.status(201).send(await repeatDateWeekly(deps, admin, request.params.id, request.body.weeks));
  });

  // A TBC date's poll: the organiser's side…
  routes.put('/api/admin/workshop-dates/:id/poll', { schema: { params, body: pollInputSchema, response: { 200: adminPollSchema } } }, async (request) => {
    const admin = await requireAdmin(request);
    return openDatePoll({ db: deps.db, publicUrl: deps.env.PUBLIC_URL, now: deps.clock ?? (() => new Date()), onEmailQueued: deps.onEmailQueued }, admin, request.params.id, request.body);
  });
  routes.get('/api/admin/workshop-dates/:id/poll', { schema: { params, response: { 200: adminPollSchema } } }, (request) => readDatePoll(deps.db, request.params.id));
  routes.post('/api/admin/workshop-dates/:id/poll/choose', { schema: { params, body: pollChoiceSchema, response: { 200: adminWorkshopDateSchema } } }, async (request) => {
    const admin = await requireAdmin(request);
    return choosePollOption(deps, admin, request.params.id, request.body.optionId);
  });

  // …and a seat's: its participant or its buyer (another person's seat is 403, as every participant call).
  const seatParams = bookingIdParamsSchema;
  routes.get('/api/participant/bookings/:bookingId/poll', { schema: { params: seatParams, response: { 200: participantPollSchema } } }, async (request) => {
    const { booking } = await requireBookingAccess(deps.db, request, request.params.bookingId);
    return readSeatPoll(deps.db, booking);
  });
  routes.post('/api/participant/bookings/:bookingId/poll', { config: { rateLimit: VOTE_RATE_LIMIT }, schema: { params: seatParams, body: pollVoteSchema, response: { 200: participantPollSchema } } }, async (request) => {
    const { booking } = await requireBookingAccess(deps.db, request, request.params.bookingId);
    return voteSeatPoll(deps.db, booking, request.body.optionIds);
  });
  // A seat a poll's choice left out may move itself to another date (move-own-seat.ts).
  routes.get('/api/participant/bookings/:bookingId/move', { schema: { params: seatParams, response: { 200: seatMoveOptionsSchema } } }, async (request, reply) => {
    const { booking } = await requireBookingAccess(deps.db, request, request.params.bookingId);
    reply.header('Cache-Control', 'no-store');
    return readSeatMove(deps.db, booking, deps.clock?.() ?? new Date());
  });
  routes.post('/api/participant/bookings/:bookingId/move', { config: { rateLimit: MOVE_RATE_LIMIT }, schema: { params: seatParams, body: seatMoveInputSchema, response: { 200: seatMovedSchema } } }, async (request) => {
    const { booking, viewer } = await requireBookingAccess(deps.db, request, request.params.bookingId);
    return moveOwnSeat(bookingDepsFrom(deps, sale, deps.payments, request.log), booking, viewer.email, request.body.workshopDateId);
  });
}
