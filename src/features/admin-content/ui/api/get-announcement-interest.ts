import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_FRESH_MS, adminQueryDefaults } from '../../../../client/lib/admin-queries';
import { apiGet } from '../../../../client/lib/api-client';
import { announcementInterestListSchema, type AnnouncementInterestEntry } from '../../admin-content.schema';

export const announcementInterestKey = (id: number) => [`/api/admin/announcements/${id}/interest`] as const;

/** GET /api/admin/announcements/{id}/interest: newest first. */
export function getAnnouncementInterest(id: number): Promise<AnnouncementInterestEntry[]> {
  return apiGet(announcementInterestKey(id)[0], announcementInterestListSchema);
}

export const announcementInterestQueryOptions = (id: number) =>
  queryOptions({ queryKey: announcementInterestKey(id), queryFn: () => getAnnouncementInterest(id), ...adminQueryDefaults(ADMIN_FRESH_MS.default) });

/** Read only while the dialog is open (id null: closed). */
export function useAnnouncementInterest(id: number | null) {
  return useQuery({ ...announcementInterestQueryOptions(id ?? 0), enabled: id !== null });
}
