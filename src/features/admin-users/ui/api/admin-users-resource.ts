import type { AdminResource } from '../../../../client/lib/admin-resource';
import { adminUserSchema, type AdminUser } from '../../admin-users.schema';

/** The admins; DELETE never removes the last one (the server refuses with 409). */
export const adminUsersResource: AdminResource<AdminUser> = { path: '/api/admin/admin-users', names: { one: 'Admin', many: 'Admins' }, rowSchema: adminUserSchema };

/** The list's query key, for the two-step changes that show in it. */
export const ADMIN_USERS_KEY = [adminUsersResource.path] as const;
