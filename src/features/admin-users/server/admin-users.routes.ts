import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../server/deps';
import { requireAdmin } from '../../../server/plugins/auth';
import {
  adminUserIdParamsSchema,
  adminUserListSchema,
  adminUserSchema,
  createAdminUserSchema,
  deleteAdminUserResponseSchema,
} from '../admin-users.schema';
import { createAdminUser, deleteAdminUser, listAdminUsers } from './admin-users.service';

/** Admin users (CONTRACT §6); admin paths, guarded by the auth plugin before the body is read. */
export async function adminUserRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/admin/admin-users', { schema: { response: { 200: adminUserListSchema } } }, () => listAdminUsers(db));

  routes.post(
    '/api/admin/admin-users',
    { schema: { body: createAdminUserSchema, response: { 201: adminUserSchema } } },
    async (request, reply) => reply.status(201).send(await createAdminUser(db, await requireAdmin(request), request.body)),
  );

  routes.delete(
    '/api/admin/admin-users/:id',
    { schema: { params: adminUserIdParamsSchema, response: { 200: deleteAdminUserResponseSchema } } },
    async (request) => {
      await deleteAdminUser(db, await requireAdmin(request), request.params.id);
      return { success: true as const, id: request.params.id };
    },
  );
}
