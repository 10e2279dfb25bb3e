import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../server/deps';
import { HttpError } from '../../../server/plugins/error-handler';
import { joinLinkFor } from './join-link';
import { DOCUMENT_HEADERS } from '../../../server/plugins/security-headers';
import {
  assetIdParamsSchema,
  bookingAssetListSchema,
  bookingIdParamsSchema,
  cancelledBookingListSchema,
  EMAIL_REQUIRED_FOR_ADMIN,
  participantBookingListSchema,
  participantBookingsQuerySchema,
  participantProfileInputSchema,
  participantProfileSchema,
  publicWorkshopAssetListSchema,
  publicWorkshopAssetsParamsSchema,
  revokedClaimLinkSchema,
  seatClaimLinkInputSchema,
  seatClaimLinkSentSchema,
  workshopDateIdParamsSchema,
  workshopDetailsSchema,
  type ParticipantBookingsQuery,
} from '../participant.schema';
import { ASSET_PAGE_CSP, assetPage } from './asset-page';
import { requireAccessToEmail, requireBookingAccess, requireParticipantViewer, requireSeatBuyer } from './participant-access';
import {
  getParticipantProfile,
  getViewableAsset,
  getWorkshopDetailsForBooking,
  getWorkshopDetailsForDate,
  listBookingAssets,
  listCancelledBookings,
  type RefundStatesOf,
  listParticipantBookings,
  listPublicWorkshopAssets,
  saveParticipantProfile,
  type ClaimLinks,
} from './participant.service';
import { revokeClaimLink, sendClaimLink, type ClaimLinkMaker, type SeatClaimDeps } from './seat-claims';

/** A profile image may be a 2 MB image as base64 (about 2.7 MB of text). */
const PROFILE_BODY_LIMIT = 3 * 1024 * 1024;
/** Saving a profile writes up to 3 MB: a person edits it a few times, not hundreds. */
const PROFILE_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };
/** A buyer shares or replaces a few seats' links; each call writes, and sending one e-mails. */
const SEAT_LINK_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };

export type ParticipantRouteOptions = {
  /** The booking feature's claimLinkFor, handed in by the app (see seat-claims.ts). */
  claimLinkFor: ClaimLinkMaker;
  /** The refunds feature's refund states of seats, handed in by the app (see listCancelledBookings). */
  refundStatesOf: RefundStatesOf;
};

/**
 * The participant's bookings, workshop details, assets and profile.
 * Each call first proves who is asking (participant-access.ts): no session is 401, another
 * person's booking is 403 and written to the audit log, and an admin sees everything.
 */
export async function participantRoutes(app: FastifyInstance, deps: AppDeps, { claimLinkFor, refundStatesOf }: ParticipantRouteOptions): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const now = () => deps.clock?.() ?? new Date();
  const seatDeps: SeatClaimDeps = { db, secret: deps.secret, publicUrl: deps.env.PUBLIC_URL, now, claimLinkFor, onEmailQueued: deps.onEmailQueued };
  /** The claim links of a buyer's unnamed seats, signed as the list is read. */
  const claimLinks = (): ClaimLinks => {
    const at = now();
    return {
      now: at,
      linkFor: (seat) => claimLinkFor(deps.secret, deps.env.PUBLIC_URL, seat, at.getTime()),
      joinLinkFor: (bookingId) => joinLinkFor(deps.secret, deps.env.PUBLIC_URL, bookingId, at.getTime()),
    };
  };

  /** Whose bookings a list call reads: the `email` asked for (when the caller may), else the session's. */
  const bookingsOwner = async (request: FastifyRequest<{ Querystring: ParticipantBookingsQuery }>): Promise<string> => {
    const { email } = request.query;
    const viewer = email ? await requireAccessToEmail(db, request, email) : await requireParticipantViewer(request);
    // An admin has no address of their own here: they name the one they look at.
    if (!email && viewer.kind === 'admin') throw new HttpError(400, EMAIL_REQUIRED_FOR_ADMIN);
    return email ?? viewer.email;
  };

  routes.get(
    '/api/participant/bookings',
    { schema: { querystring: participantBookingsQuerySchema, response: { 200: participantBookingListSchema } } },
    async (request, reply) => {
      const bookings = await listParticipantBookings(db, await bookingsOwner(request), claimLinks());
      // Claim links open seats: no shared cache may keep them.
      reply.header('Cache-Control', 'no-store');
      return bookings;
    },
  );

  routes.get(
    '/api/participant/bookings/cancelled',
    { schema: { querystring: participantBookingsQuerySchema, response: { 200: cancelledBookingListSchema } } },
    async (request) => listCancelledBookings(db, await bookingsOwner(request), refundStatesOf),
  );

  routes.get(
    '/api/participant/booking/:bookingId/workshop-details',
    { schema: { params: bookingIdParamsSchema, response: { 200: workshopDetailsSchema } } },
    async (request) => {
      const { booking, viewer } = await requireBookingAccess(db, request, request.params.bookingId);
      return getWorkshopDetailsForBooking(db, booking, viewer);
    },
  );

  routes.get(
    '/api/participant/workshop-details/:workshopDateId',
    { schema: { params: workshopDateIdParamsSchema, response: { 200: workshopDetailsSchema } } },
    async (request) => getWorkshopDetailsForDate(db, request, await requireParticipantViewer(request), request.params.workshopDateId),
  );

  routes.get(
    '/api/participant/booking/:bookingId/assets',
    { schema: { params: bookingIdParamsSchema, response: { 200: bookingAssetListSchema } } },
    async (request) => {
      const { booking } = await requireBookingAccess(db, request, request.params.bookingId);
      return listBookingAssets(db, booking);
    },
  );

  routes.get(
    '/api/public/workshop-assets/:workshopId',
    { schema: { params: publicWorkshopAssetsParamsSchema, response: { 200: publicWorkshopAssetListSchema } } },
    (request) => listPublicWorkshopAssets(db, request.params.workshopId),
  );

  routes.get(
    '/api/view-asset/:id',
    { schema: { params: assetIdParamsSchema } },
    async (request, reply) => {
      const asset = await getViewableAsset(db, request, await requireParticipantViewer(request), request.params.id);
      return reply
        .headers(DOCUMENT_HEADERS)
        .header('Cache-Control', 'private, no-store')
        .header('Content-Security-Policy', ASSET_PAGE_CSP)
        .header('X-Content-Type-Options', 'nosniff')
        .type('text/html; charset=utf-8')
        .send(assetPage(asset));
    },
  );

  routes.get(
    '/api/participant/profile/:bookingId',
    { schema: { params: bookingIdParamsSchema, response: { 200: participantProfileSchema } } },
    async (request) => {
      // A profile is its person's: the buyer of a colleague's seat does not read it.
      await requireBookingAccess(db, request, request.params.bookingId, { buyer: false });
      return getParticipantProfile(db, request.params.bookingId);
    },
  );

  routes.put(
    '/api/participant/profile/:bookingId',
    {
      bodyLimit: PROFILE_BODY_LIMIT,
      config: { rateLimit: PROFILE_RATE_LIMIT },
      // Ownership is proved before the body (up to 3 MB) is read: a stranger cannot make us parse it.
      onRequest: async (request) => {
        const params = bookingIdParamsSchema.safeParse(request.params);
        if (params.success) await requireBookingAccess(db, request, params.data.bookingId, { buyer: false });
        else await requireParticipantViewer(request);
      },
      schema: { params: bookingIdParamsSchema, body: participantProfileInputSchema, response: { 200: participantProfileSchema } },
    },
    (request) => saveParticipantProfile(db, request.params.bookingId, request.body),
  );

  // A buyer's unnamed seat: e-mail its claim link to a colleague, or replace it with a new one.
  routes.post(
    '/api/participant/seats/:bookingId/claim-link',
    { config: { rateLimit: SEAT_LINK_RATE_LIMIT }, schema: { params: bookingIdParamsSchema, body: seatClaimLinkInputSchema, response: { 200: seatClaimLinkSentSchema } } },
    async (request) => {
      const { viewer } = await requireSeatBuyer(db, request, request.params.bookingId);
      return sendClaimLink(seatDeps, viewer, request.params.bookingId, request.body.email);
    },
  );

  routes.post(
    '/api/participant/seats/:bookingId/revoke-claim',
    { config: { rateLimit: SEAT_LINK_RATE_LIMIT }, schema: { params: bookingIdParamsSchema, response: { 200: revokedClaimLinkSchema } } },
    async (request, reply) => {
      const { viewer } = await requireSeatBuyer(db, request, request.params.bookingId);
      reply.header('Cache-Control', 'no-store');
      return revokeClaimLink(seatDeps, viewer, request.params.bookingId);
    },
  );
}
