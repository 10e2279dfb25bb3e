import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet } from '../../../../client/lib/api-client';
import { FIVE_MINUTES } from '../../../../client/lib/query-client';
import { announcementSchema } from '../../content.schema';

const announcementListSchema = z.array(announcementSchema);

export function getAnnouncements() {
  return apiGet('/api/announcements', announcementListSchema);
}

/** Announcements change rarely: cached for five minutes (spec §9). */
export function announcementsQueryOptions() {
  return queryOptions({
    queryKey: ['/api/announcements'],
    queryFn: getAnnouncements,
    staleTime: FIVE_MINUTES,
    gcTime: FIVE_MINUTES,
  });
}

export function useAnnouncements() {
  return useQuery(announcementsQueryOptions());
}
