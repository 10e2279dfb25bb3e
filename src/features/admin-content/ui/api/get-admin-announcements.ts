import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_FRESH_MS, adminQueryDefaults } from '../../../../client/lib/admin-queries';
import { apiGet } from '../../../../client/lib/api-client';
import { adminAnnouncementListSchema, type AdminAnnouncement } from '../../admin-content.schema';

export const ADMIN_ANNOUNCEMENTS_KEY = ['/api/admin/announcements'] as const;
/** The landing page's list: refreshed after each change so this browser shows it at once too. */
export const PUBLIC_ANNOUNCEMENTS_KEY = ['/api/announcements'] as const;

export function getAdminAnnouncements(): Promise<AdminAnnouncement[]> {
  return apiGet(ADMIN_ANNOUNCEMENTS_KEY[0], adminAnnouncementListSchema);
}

export const adminAnnouncementsQueryOptions = () =>
  queryOptions({ queryKey: ADMIN_ANNOUNCEMENTS_KEY, queryFn: getAdminAnnouncements, ...adminQueryDefaults(ADMIN_FRESH_MS.default) });

export function useAdminAnnouncements() {
  return useQuery(adminAnnouncementsQueryOptions());
}
