import type { QueryClient } from '@tanstack/react-query';
import { ADMIN_ANNOUNCEMENTS_KEY, PUBLIC_ANNOUNCEMENTS_KEY } from './get-admin-announcements';

/** After any announcement write: the admin list and the public list are both re-read. */
export async function refreshAnnouncements(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ADMIN_ANNOUNCEMENTS_KEY }),
    queryClient.invalidateQueries({ queryKey: PUBLIC_ANNOUNCEMENTS_KEY }),
  ]);
}
