import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../server/deps';
import { adminResourceRoutes } from '../../../server/lib/admin-resource-routes';
import { requireAdmin } from '../../../server/plugins/auth';
import { DOCUMENT_HEADERS } from '../../../server/plugins/security-headers';
import {
  newsletterInputSchema,
  newsletterPreviewSchema,
  newsletterQueuedSchema,
  newsletterTestSentSchema,
  subscriberApiSchemas,
  unsubscribeQuerySchema,
} from '../newsletter.schema';
import { deleteSubscriber, listSubscribers, previewNewsletter, sendNewsletter, subscribersCsv, unsubscribe } from './newsletter.service';
import { sendTestNewsletter } from './send-test-newsletter';
import { UNSUBSCRIBE_PATH, unsubscribeAddress } from './unsubscribe';
import { brokenLinkPage, unsubscribedPage } from './unsubscribe-page';

/**
 * The newsletter: subscribers and composing under /api/admin (guarded by
 * the auth plugin), and the public unsubscribe link every e-mail carries.
 */
export async function newsletterRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  adminResourceRoutes(app, { context: db })('/api/admin/newsletter-subscribers', subscriberApiSchemas, { list: listSubscribers, remove: deleteSubscriber });

  routes.get('/api/admin/newsletter-subscribers.csv', async (_request, reply) =>
    reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="newsletter-subscribers.csv"')
      .header('Cache-Control', 'no-store')
      .send(await subscribersCsv(db)),
  );

  routes.post(
    '/api/admin/newsletter/preview',
    { schema: { body: newsletterInputSchema, response: { 200: newsletterPreviewSchema } } },
    async (request) => {
      await requireAdmin(request);
      return previewNewsletter(db, request.body, deps.env.PUBLIC_URL);
    },
  );

  routes.post(
    '/api/admin/newsletter/test',
    { schema: { body: newsletterInputSchema, response: { 200: newsletterTestSentSchema } } },
    async (request) => {
      const admin = await requireAdmin(request);
      const sent = await sendTestNewsletter(db, admin, request.body, deps.env.PUBLIC_URL);
      deps.onEmailQueued?.();
      return sent;
    },
  );

  routes.post(
    '/api/admin/newsletter/send',
    { schema: { body: newsletterInputSchema, response: { 201: newsletterQueuedSchema } } },
    async (request, reply) => {
      const admin = await requireAdmin(request);
      const queued = await sendNewsletter(db, admin, request.body);
      deps.onEmailQueued?.();
      return reply.status(201).send(queued);
    },
  );

  const answer = async (token: unknown, reply: FastifyReply) => {
    const email = unsubscribeAddress(deps.secret, token);
    // A page, not an API answer: the site's document headers (its inline styles are allowed there).
    reply.headers(DOCUMENT_HEADERS).type('text/html; charset=utf-8').header('X-Robots-Tag', 'noindex');
    if (!email) return reply.status(400).send(brokenLinkPage());
    await unsubscribe(db, email);
    return reply.status(200).send(unsubscribedPage(email));
  };

  // Public, from e-mails: opening the link unsubscribes (no sign-in, no form to fill in).
  routes.get(UNSUBSCRIBE_PATH, { schema: { querystring: unsubscribeQuerySchema } }, async (request, reply) => answer(request.query.token, reply));

  // RFC 8058 one-click: the mail provider POSTs `List-Unsubscribe=One-Click` (form-encoded or
  // multipart) to the List-Unsubscribe address. The token in the address is all that counts, so
  // any small body is accepted; this scope alone reads bodies of any type, as text. No session
  // cookie comes with it, so the CSRF guard lets it through.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => done(null, body));
    scope
      .withTypeProvider<ZodTypeProvider>()
      // Mail providers send these from a few addresses for all their users: a high limit.
      .post(UNSUBSCRIBE_PATH, { config: { rateLimit: { max: 600, timeWindow: '1 minute' } }, schema: { querystring: unsubscribeQuerySchema } }, async (request, reply) =>
        answer(request.query.token, reply),
      );
  });
}
