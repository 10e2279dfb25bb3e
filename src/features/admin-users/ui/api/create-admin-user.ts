import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { adminUserSchema, type AdminUser, type CreateAdminUserInput } from '../../admin-users.schema';
import { ADMIN_USERS_KEY } from './get-admin-users';

/** POST /api/admin/admin-users {email, password}. */
export async function createAdminUser(input: CreateAdminUserInput): Promise<AdminUser> {
  return readJson(await apiRequest('POST', ADMIN_USERS_KEY[0], input), adminUserSchema);
}

export function useCreateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdminUser,
    onSuccess: async (created) => {
      queryClient.setQueryData<AdminUser[]>(ADMIN_USERS_KEY, (list) => (list ? [...list, created] : list));
      await queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY });
    },
  });
}
