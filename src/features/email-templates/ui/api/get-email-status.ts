import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_FRESH_MS, adminQueryDefaults } from '../../../../client/lib/admin-queries';
import { apiGet } from '../../../../client/lib/api-client';
import { emailStatusSchema, type EmailStatus } from '../../email-templates.schema';

/** GET /api/debug/email-templates-status: the configuration card and the templates table. */
export const EMAIL_STATUS_KEY = ['/api/debug/email-templates-status'] as const;

export function getEmailStatus(): Promise<EmailStatus> {
  return apiGet(EMAIL_STATUS_KEY[0], emailStatusSchema);
}

export const emailStatusQueryOptions = () =>
  queryOptions({ queryKey: EMAIL_STATUS_KEY, queryFn: getEmailStatus, ...adminQueryDefaults(ADMIN_FRESH_MS.default) });

export function useEmailStatus() {
  return useQuery(emailStatusQueryOptions());
}
