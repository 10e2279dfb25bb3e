import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_FRESH_MS, adminQueryDefaults } from '../../../../client/lib/admin-queries';
import { apiGet } from '../../../../client/lib/api-client';
import { adminUserListSchema, type AdminUser } from '../../admin-users.schema';

export const ADMIN_USERS_KEY = ['/api/admin/admin-users'] as const;

export function getAdminUsers(): Promise<AdminUser[]> {
  return apiGet(ADMIN_USERS_KEY[0], adminUserListSchema);
}

export const adminUsersQueryOptions = () =>
  queryOptions({ queryKey: ADMIN_USERS_KEY, queryFn: getAdminUsers, ...adminQueryDefaults(ADMIN_FRESH_MS.default) });

export function useAdminUsers() {
  return useQuery(adminUsersQueryOptions());
}
