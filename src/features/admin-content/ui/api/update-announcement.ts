import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { adminAnnouncementSchema, type AdminAnnouncement, type AnnouncementUpdate } from '../../admin-content.schema';
import { refreshAnnouncements } from './announcement-mutations';
import { ADMIN_ANNOUNCEMENTS_KEY } from './get-admin-announcements';

export type AnnouncementChange = { id: number; changes: AnnouncementUpdate };

/** PUT /api/admin/announcements/{id}: one switch's field, or every field from the form. */
export async function updateAnnouncement({ id, changes }: AnnouncementChange): Promise<AdminAnnouncement> {
  return readJson(await apiRequest('PUT', `${ADMIN_ANNOUNCEMENTS_KEY[0]}/${id}`, changes), adminAnnouncementSchema);
}

export function useUpdateAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAnnouncement,
    onSuccess: async (updated) => {
      queryClient.setQueryData<AdminAnnouncement[]>(ADMIN_ANNOUNCEMENTS_KEY, (list) => list?.map((a) => (a.id === updated.id ? updated : a)));
      await refreshAnnouncements(queryClient);
    },
  });
}
