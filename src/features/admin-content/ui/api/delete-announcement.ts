import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../client/lib/api-client';
import type { AdminAnnouncement } from '../../admin-content.schema';
import { refreshAnnouncements } from './announcement-mutations';
import { ADMIN_ANNOUNCEMENTS_KEY } from './get-admin-announcements';

/** DELETE /api/admin/announcements/{id} (its interest list goes with it). */
export async function deleteAnnouncement(id: number): Promise<void> {
  await apiRequest('DELETE', `${ADMIN_ANNOUNCEMENTS_KEY[0]}/${id}`);
}

export function useDeleteAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAnnouncement,
    onSuccess: async (_result, id) => {
      queryClient.setQueryData<AdminAnnouncement[]>(ADMIN_ANNOUNCEMENTS_KEY, (list) => list?.filter((a) => a.id !== id));
      await refreshAnnouncements(queryClient);
    },
  });
}
