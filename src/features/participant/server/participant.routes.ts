import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../server/deps';
import { escapeHtml } from '../../../server/email/templates';
import { HttpError } from '../../../server/plugins/error-handler';
import { DOCUMENT_HEADERS, securityHeadersFor } from '../../../server/plugins/security-headers';
import {
  assetIdParamsSchema,
  bookingAssetListSchema,
  bookingIdParamsSchema,
  EMAIL_REQUIRED_FOR_ADMIN,
  participantBookingListSchema,
  participantBookingsQuerySchema,
  participantProfileInputSchema,
  participantProfileSchema,
  publicWorkshopAssetListSchema,
  publicWorkshopAssetsParamsSchema,
  workshopDateIdParamsSchema,
  workshopDetailsSchema,
  type WorkshopAsset,
} from '../participant.schema';
import { requireAccessToEmail, requireBookingAccess, requireParticipantViewer } from './participant-access';
import {
  getParticipantProfile,
  getViewableAsset,
  getWorkshopDetailsForBooking,
  getWorkshopDetailsForDate,
  listBookingAssets,
  listParticipantBookings,
  listPublicWorkshopAssets,
  saveParticipantProfile,
} from './participant.service';

/** A profile image may be a 2 MB image as base64 (about 2.7 MB of text). */
const PROFILE_BODY_LIMIT = 3 * 1024 * 1024;

/**
 * The framed slides page: no scripts, no forms, no plugins, nothing fetched but images and inline
 * styles, and only this site may frame it. `sandbox` gives the page an opaque origin, so even HTML
 * that slipped past the sanitiser cannot read the participant's session or call the API.
 */
const ASSET_PAGE_CSP = securityHeadersFor({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      sandbox: [],
      defaultSrc: ["'none'"],
      imgSrc: ['https:', 'data:'],
      styleSrc: ["'unsafe-inline'"],
      frameAncestors: ["'self'"],
    },
  },
})['Content-Security-Policy']!;

function assetPage(asset: WorkshopAsset): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(asset.title)}</title>
<style>body{margin:0;padding:1rem;font-family:system-ui,sans-serif;line-height:1.5;color:#121212;background:#fff}img{max-width:100%;height:auto}</style>
</head>
<body>
${asset.content}
</body>
</html>`;
}

/**
 * The participant's bookings, workshop details, assets and profile (spec §2, §7; CONTRACT §5).
 * Each call first proves who is asking (participant-access.ts): no session is 401, another
 * person's booking is 403 and written to the audit log, and an admin sees everything.
 */
export async function participantRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  routes.get(
    '/api/participant/bookings',
    { schema: { querystring: participantBookingsQuerySchema, response: { 200: participantBookingListSchema } } },
    async (request) => {
      const { email } = request.query;
      const viewer = email ? await requireAccessToEmail(db, request, email) : await requireParticipantViewer(request);
      // An admin has no address of their own here: they name the one they look at.
      if (!email && viewer.kind === 'admin') throw new HttpError(400, EMAIL_REQUIRED_FOR_ADMIN);
      return listParticipantBookings(db, email ?? viewer.email);
    },
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
      await requireBookingAccess(db, request, request.params.bookingId);
      return getParticipantProfile(db, request.params.bookingId);
    },
  );

  routes.put(
    '/api/participant/profile/:bookingId',
    {
      bodyLimit: PROFILE_BODY_LIMIT,
      // Ownership is proved before the body (up to 3 MB) is read: a stranger cannot make us parse it.
      onRequest: async (request) => {
        const params = bookingIdParamsSchema.safeParse(request.params);
        if (params.success) await requireBookingAccess(db, request, params.data.bookingId);
        else await requireParticipantViewer(request);
      },
      schema: { params: bookingIdParamsSchema, body: participantProfileInputSchema, response: { 200: participantProfileSchema } },
    },
    (request) => saveParticipantProfile(db, request.params.bookingId, request.body),
  );
}
