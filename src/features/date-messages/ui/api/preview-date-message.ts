import { useMutation } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { dateMessagePreviewSchema, type DateMessageInput, type DateMessagePreview } from '../../date-messages.schema';

/** POST /api/admin/workshop-dates/{id}/messages/preview: the e-mail as the first attendee gets it. */
export async function previewDateMessage(workshopDateId: number, input: DateMessageInput): Promise<DateMessagePreview> {
  return readJson(await apiRequest('POST', `/api/admin/workshop-dates/${workshopDateId}/messages/preview`, input), dateMessagePreviewSchema);
}

export function usePreviewDateMessage(workshopDateId: number) {
  return useMutation({ mutationFn: (input: DateMessageInput) => previewDateMessage(workshopDateId, input) });
}
