import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../client/lib/api-client';
import type { AdminUser } from '../../admin-users.schema';
import { ADMIN_USERS_KEY } from './get-admin-users';

/** DELETE /api/admin/admin-users/{id}: never the last admin (the server refuses with 409). */
export async function deleteAdminUser(id: number): Promise<void> {
  await apiRequest('DELETE', `${ADMIN_USERS_KEY[0]}/${id}`);
}

export function useDeleteAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminUser,
    onSuccess: (_result, id) => {
      queryClient.setQueryData<AdminUser[]>(ADMIN_USERS_KEY, (list) => list?.filter((admin) => admin.id !== id));
    },
    // A refusal may mean the list was stale (another admin was removed meanwhile): read it again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY }),
  });
}
