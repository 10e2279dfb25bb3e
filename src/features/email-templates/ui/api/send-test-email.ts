import { useMutation } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { sendTestEmailResponseSchema, type SendTestEmailInput, type SendTestEmailResponse } from '../../email-templates.schema';

/** POST /api/debug/send-test-email: sent at once; a failure carries the mail server's message. */
export async function sendTestEmail(input: SendTestEmailInput): Promise<SendTestEmailResponse> {
  return readJson(await apiRequest('POST', '/api/debug/send-test-email', input), sendTestEmailResponseSchema);
}

export function useSendTestEmail() {
  return useMutation({ mutationFn: sendTestEmail });
}
