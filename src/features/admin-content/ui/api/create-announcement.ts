import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { adminAnnouncementSchema, type AdminAnnouncement, type AnnouncementInput } from '../../admin-content.schema';
import { refreshAnnouncements } from './announcement-mutations';
import { ADMIN_ANNOUNCEMENTS_KEY } from './get-admin-announcements';

/** POST /api/admin/announcements. */
export async function createAnnouncement(input: AnnouncementInput): Promise<AdminAnnouncement> {
  return readJson(await apiRequest('POST', ADMIN_ANNOUNCEMENTS_KEY[0], input), adminAnnouncementSchema);
}

export function useCreateAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createAnnouncement, onSuccess: () => refreshAnnouncements(queryClient) });
}
