import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_FRESH_MS, adminQueryDefaults } from '../../../../client/lib/admin-queries';
import { apiGet } from '../../../../client/lib/api-client';
import { totpStatusSchema, type TotpStatus } from '../../../admin-auth';

/** The signed-in admin's own two-step sign-in. */
export const TOTP_STATUS_KEY = ['/api/admin/totp'] as const;

export function getTotpStatus(): Promise<TotpStatus> {
  return apiGet(TOTP_STATUS_KEY[0], totpStatusSchema);
}

export const totpStatusQueryOptions = () =>
  queryOptions({ queryKey: TOTP_STATUS_KEY, queryFn: getTotpStatus, ...adminQueryDefaults(ADMIN_FRESH_MS.default) });

export function useTotpStatus() {
  return useQuery(totpStatusQueryOptions());
}
