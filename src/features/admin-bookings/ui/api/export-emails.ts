import { useMutation } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { exportEmailsResponseSchema, type ExportEmailsResponse } from '../../admin-bookings.schema';

/** POST /api/admin/bookings/export-emails: the unique addresses of the given bookings. */
export async function exportEmails(bookingIds: number[]): Promise<ExportEmailsResponse> {
  const response = await apiRequest('POST', '/api/admin/bookings/export-emails', { bookingIds });
  return readJson(response, exportEmailsResponseSchema);
}

export function useExportEmails() {
  return useMutation({ mutationFn: exportEmails });
}
