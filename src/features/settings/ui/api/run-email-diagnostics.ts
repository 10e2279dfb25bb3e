import { useMutation } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { emailDiagnosticsSchema, type EmailDiagnostics } from '../../settings.schema';

/** POST /api/admin/settings/email-diagnostics: DNS, TCP and login (or token) checks; nothing is sent. */
export async function runEmailDiagnostics(): Promise<EmailDiagnostics> {
  return readJson(await apiRequest('POST', '/api/admin/settings/email-diagnostics'), emailDiagnosticsSchema);
}

export function useRunEmailDiagnostics() {
  return useMutation({ mutationFn: runEmailDiagnostics });
}
