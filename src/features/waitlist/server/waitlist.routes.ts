import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../common/schema-kit';
import type { AppDeps } from '../../../server/deps';
import { PUBLIC_READS } from '../../../server/lib/read-cache';
import { requireAdmin } from '../../../server/plugins/auth';
import { lastOfferMade } from '../../booking/server';
import {
  adminWaitlistActionResponseSchema,
  adminWaitlistQuerySchema,
  adminWaitlistResponseSchema,
  joinWaitlistResponseSchema,
  joinWaitlistSchema,
  leaveWaitlistResponseSchema,
  offerByHandSchema,
  publicWaitlistEntrySchema,
  WAITLIST_ENTRY_NOT_FOUND,
  waitlistTokenParamsSchema,
} from '../waitlist.schema';
import { listWaitlist, offerByHand, removeWaitlistEntry } from './admin-waitlist';
import { joinWaitlist } from './join-waitlist';
import { describeWaitlistEntry, leaveWaitlist } from './leave-waitlist';
import { offerEmailNotifier } from './offer-email-notifier';
import { waitlistDepsFrom } from './waitlist-deps';

/** Joining writes an entry and an e-mail: limited per address like a booking, far above what a person needs. */
const JOIN_RATE_LIMIT = { max: 20, timeWindow: '1 minute' };
const LINK_RATE_LIMIT = { max: 60, timeWindow: '1 minute' };
/** How long after an offer was made in this process a change of seats wakes the offers' e-mail sender. */
const RECENT_OFFER_MS = 60_000;

/** The waiting list (docs/decisions/019-waiting-list.md): join, the e-mail link's page and leave, and the admin's list. */
export async function waitlistRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const waitlist = waitlistDepsFrom(deps);
  const notifier = offerEmailNotifier(waitlist, app.log);
  // After a commit that changed seats, and only while offers were being made lately (the sale's
  // own commits, thousands a minute under load, then cost nothing); the sweep covers the rest.
  // Offers made before this app started were another app's (a process may run several, as the
  // tests do): they do not count.
  const startedAt = Date.now();
  const offeredLately = () => {
    const offeredAt = lastOfferMade();
    return offeredAt >= startedAt && Date.now() - offeredAt < RECENT_OFFER_MS;
  };
  deps.publicCache.onInvalidate((reads) => {
    if (reads.includes(PUBLIC_READS.workshopDates) && offeredLately()) notifier.nudge();
  });
  app.addHook('onClose', async () => notifier.close());

  routes.post(
    '/api/waitlist',
    { config: { rateLimit: JOIN_RATE_LIMIT }, schema: { body: joinWaitlistSchema, response: { 200: joinWaitlistResponseSchema, 201: joinWaitlistResponseSchema } } },
    async (request, reply) => {
      const joined = await joinWaitlist(waitlist, request.body);
      reply.header('Cache-Control', 'no-store');
      return reply.status(joined.alreadyWaiting ? 200 : 201).send(joined);
    },
  );

  routes.get(
    '/api/waitlist/:token',
    { config: { rateLimit: LINK_RATE_LIMIT }, schema: { params: waitlistTokenParamsSchema, response: { 200: publicWaitlistEntrySchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return describeWaitlistEntry(waitlist, request.params.token);
    },
  );

  routes.delete(
    '/api/waitlist/:token',
    { config: { rateLimit: LINK_RATE_LIMIT }, schema: { params: waitlistTokenParamsSchema, response: { 200: leaveWaitlistResponseSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return leaveWaitlist(waitlist, request.params.token);
    },
  );

  routes.get('/api/admin/waitlist', { schema: { querystring: adminWaitlistQuerySchema, response: { 200: adminWaitlistResponseSchema } } }, async (request) =>
    listWaitlist(waitlist, request.query.workshopDateId),
  );

  routes.delete(
    '/api/admin/waitlist/:id',
    { schema: { params: idParamsSchema(WAITLIST_ENTRY_NOT_FOUND), response: { 200: adminWaitlistActionResponseSchema } } },
    async (request) => removeWaitlistEntry(waitlist, await requireAdmin(request), request.params.id),
  );

  routes.post(
    '/api/admin/waitlist/:id/offer',
    { schema: { params: idParamsSchema(WAITLIST_ENTRY_NOT_FOUND), body: offerByHandSchema, response: { 200: adminWaitlistActionResponseSchema } } },
    async (request) => offerByHand(waitlist, await requireAdmin(request), request.params.id, request.body.workshopDateId),
  );
}
