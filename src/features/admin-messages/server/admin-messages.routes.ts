import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../server/deps';
import { adminResourceRoutes } from '../../../server/lib/admin-resource-routes';
import { requireAdmin } from '../../../server/plugins/auth';
import { adminContactMessageSchema, contactMessageApiSchemas, contactMessageIdParamsSchema, contactReplySchema } from '../admin-messages.schema';
import { deleteContactMessage, listContactMessages, markContactMessageRead } from './admin-messages.service';
import { replyToContactMessage } from './reply-to-message';

/** Contact messages: list, mark read, reply, delete. Admin paths, guarded by the auth plugin. */
export async function adminMessageRoutes(app: FastifyInstance, { db, onEmailQueued }: AppDeps): Promise<void> {
  adminResourceRoutes(app, { context: db })('/api/admin/contact-messages', contactMessageApiSchemas, {
    list: listContactMessages,
    remove: async (db, admin, id) => {
      await deleteContactMessage(db, admin, id);
      return { success: true as const };
    },
  });

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/admin/contact-messages/:id/reply',
    { schema: { params: contactMessageIdParamsSchema, body: contactReplySchema, response: { 200: adminContactMessageSchema } } },
    async (request) => {
      const replied = await replyToContactMessage(db, await requireAdmin(request), request.params.id, request.body);
      // Only now is the queued e-mail committed, so visible to the worker.
      onEmailQueued?.();
      return replied;
    },
  );

  // Its own scope for the parser below, so it changes nothing for the other routes.
  await app.register(async (scope) => {
    // The spec's read call has an empty body. A client may still label it application/json
    // (Fastify's default parser refuses an empty JSON body with 400): read any body as nothing.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, undefined));

    scope.withTypeProvider<ZodTypeProvider>().put(
      '/api/admin/contact-messages/:id/read',
      { schema: { params: contactMessageIdParamsSchema, response: { 200: adminContactMessageSchema } } },
      async (request) => markContactMessageRead(db, await requireAdmin(request), request.params.id),
    );
  });
}
