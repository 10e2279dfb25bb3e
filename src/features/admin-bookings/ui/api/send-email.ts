import { useMutation } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { sendEmailResponseSchema, type SendEmailInput, type SendEmailResponse } from '../../admin-bookings.schema';

/** POST /api/admin/send-email: queued in the outbox, delivered by the worker. */
export async function sendEmail(input: SendEmailInput): Promise<SendEmailResponse> {
  const response = await apiRequest('POST', '/api/admin/send-email', input);
  return readJson(response, sendEmailResponseSchema);
}

export function useSendEmail() {
  return useMutation({ mutationFn: sendEmail });
}
