import { useMutation } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { testEmailResponseSchema, type TestEmailInput, type TestEmailResponse } from '../../settings.schema';

/** POST /api/admin/settings/test-email: one e-mail sent at once through the current transport. */
export async function sendTestEmail(input: TestEmailInput): Promise<TestEmailResponse> {
  return readJson(await apiRequest('POST', '/api/admin/settings/test-email', input), testEmailResponseSchema);
}

export function useSendTestEmail() {
  return useMutation({ mutationFn: sendTestEmail });
}
