import { z } from 'zod';
import { apiRead } from '../../../../client/lib/api-read';
import { FIVE_MINUTES } from '../../../../client/lib/query-client';
import { announcementSchema } from '../../content.schema';

/** Announcements change rarely: cached for five minutes. */
export const announcements = apiRead('/api/announcements', z.array(announcementSchema), { staleTime: FIVE_MINUTES, gcTime: FIVE_MINUTES });
export const useAnnouncements = announcements.useRead;
