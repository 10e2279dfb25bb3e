import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { htmlPreviewSchema } from '../../admin-content.schema';

export const ANNOUNCEMENT_PREVIEW_URL = '/api/admin/announcements/preview';

/** POST /api/admin/announcements/preview: the server's sanitised version of the HTML, nothing stored. */
export async function previewAnnouncementHtml(content: string): Promise<string> {
  return (await readJson(await apiRequest('POST', ANNOUNCEMENT_PREVIEW_URL, { content }), htmlPreviewSchema)).content;
}

export const announcementPreviewQueryOptions = (content: string) =>
  queryOptions({
    queryKey: [ANNOUNCEMENT_PREVIEW_URL, { content }] as const,
    queryFn: () => previewAnnouncementHtml(content),
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
    refetchOnWindowFocus: false,
  });

/** The sanitised preview of `content` (already debounced by the caller); previous answer kept while the next loads. */
export function useAnnouncementPreview(content: string) {
  return useQuery({ ...announcementPreviewQueryOptions(content), enabled: content.trim() !== '', placeholderData: (previous) => previous });
}
