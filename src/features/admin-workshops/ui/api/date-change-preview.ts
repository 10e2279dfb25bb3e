import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { dateChangePreviewSchema, type DateChangePreview, type WorkshopDateInput } from '../../admin-workshops.schema';

/** POST /api/admin/workshop-dates/{id}/change-preview: what saving the form would tell the date's people. */
export async function previewDateChange(id: number, input: WorkshopDateInput): Promise<DateChangePreview> {
  return readJson(await apiRequest('POST', `/api/admin/workshop-dates/${id}/change-preview`, input), dateChangePreviewSchema);
}

/**
 * The preview for the fields a change is read from (only those key the query, so typing a title
 * asks nothing). Off while `enabled` is false: a new date, or no such field touched.
 */
export function useDateChangePreview(id: number | null, input: WorkshopDateInput, enabled: boolean) {
  const { date, time, timezone, endsNextDay, isTBC, zoomLink, zoomMeetingId, zoomPassword } = input;
  const fields = { date, time, timezone, endsNextDay, isTBC, zoomLink, zoomMeetingId, zoomPassword };
  return useQuery({
    queryKey: ['/api/admin/workshop-dates', id, 'change-preview', fields],
    queryFn: () => previewDateChange(id!, fields),
    enabled: enabled && id !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 0,
  });
}
