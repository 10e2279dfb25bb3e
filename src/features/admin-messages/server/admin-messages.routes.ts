import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../server/deps';
import { requireAdmin } from '../../../server/plugins/auth';
import {
  adminContactMessageListSchema,
  adminContactMessageSchema,
  contactMessageIdParamsSchema,
  deleteContactMessageResponseSchema,
} from '../admin-messages.schema';
import { deleteContactMessage, listContactMessages, markContactMessageRead } from './admin-messages.service';

/** Contact messages (spec §7): list, mark read, delete. Admin paths, guarded by the auth plugin. */
export async function adminMessageRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/admin/contact-messages', { schema: { response: { 200: adminContactMessageListSchema } } }, () => listContactMessages(db));

  routes.delete(
    '/api/admin/contact-messages/:id',
    { schema: { params: contactMessageIdParamsSchema, response: { 200: deleteContactMessageResponseSchema } } },
    async (request) => {
      await deleteContactMessage(db, (await requireAdmin(request)).email, request.params.id);
      return { success: true as const };
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
      async (request) => markContactMessageRead(db, (await requireAdmin(request)).email, request.params.id),
    );
  });
}
