import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../server/deps';
import { adminResourceRoutes } from '../../../server/lib/admin-resource-routes';
import { adminUserApiSchemas } from '../admin-users.schema';
import { createAdminUser, deleteAdminUser, listAdminUsers } from './admin-users.service';

/** Admin users; admin paths, guarded by the auth plugin before the body is read. */
export async function adminUserRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  adminResourceRoutes(app, { context: db })('/api/admin/admin-users', adminUserApiSchemas, { list: listAdminUsers, create: createAdminUser, remove: deleteAdminUser });
}
