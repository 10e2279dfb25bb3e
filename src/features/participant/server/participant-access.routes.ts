import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../server/deps';
import { adminOf, endSession, getSession } from '../../../server/plugins/auth';
import { ACCESS_LINK_SENT, participantAccessResponseSchema, participantAccessSchema, participantSessionSchema } from '../participant.schema';
import { requestParticipantLink } from './participant-access';

/** Per address and instance the outbox caps e-mails; per caller this caps the asking itself. */
const ACCESS_RATE_LIMIT = { max: 10, timeWindow: '15 minutes' };
/** Signing out deletes a session row: generous, but not unlimited. */
const SIGN_OUT_RATE_LIMIT = { max: 60, timeWindow: '1 minute' };

/**
 * How a participant gets in: ask for a link by e-mail, open it (GET /participant?token=…,
 * handled with the pages), see who the session is for, and leave.
 */
export async function participantAccessRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const linkDeps = { secret: deps.secret, publicUrl: deps.env.PUBLIC_URL };

  routes.post(
    '/api/participant/access',
    { config: { rateLimit: ACCESS_RATE_LIMIT }, schema: { body: participantAccessSchema, response: { 200: participantAccessResponseSchema } } },
    async (request) => {
      const { queued } = await requestParticipantLink(deps.db, linkDeps, request.body.email);
      if (queued) deps.onEmailQueued?.();
      return { success: true as const, message: ACCESS_LINK_SENT };
    },
  );

  routes.get('/api/participant/session', { schema: { response: { 200: participantSessionSchema } } }, async (request) => {
    const session = await getSession(request);
    const admin = adminOf(session);
    if (admin?.isAdmin) return { email: null, isAdmin: true };
    return { email: session?.kind === 'participant' ? session.participantEmail : null, isAdmin: false };
  });

  routes.post('/api/participant/logout', { config: { rateLimit: SIGN_OUT_RATE_LIMIT } }, async (request, reply) => {
    // Only a participant session ends here; an admin looking at someone's bookings stays signed in.
    const session = await getSession(request);
    if (session?.kind === 'participant') await endSession(request, reply);
    return { success: true };
  });
}
