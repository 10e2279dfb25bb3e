import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ADMIN_FRESH_MS, adminQueryDefaults } from '../../../../client/lib/admin-queries';
import { apiGet } from '../../../../client/lib/api-client';
import { AUDIT_PAGE_SIZE, auditLogSchema, type AuditEntryDto } from '../../operations.schema';

/** GET /api/admin/audit-log?limit=&before=: newest first; each page continues below the last id. */
export const AUDIT_LOG_KEY = ['/api/admin/audit-log'] as const;

export function getAuditLog(before?: number): Promise<AuditEntryDto[]> {
  return apiGet(AUDIT_LOG_KEY[0], auditLogSchema, { limit: AUDIT_PAGE_SIZE, before });
}

export const auditLogQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: AUDIT_LOG_KEY,
    queryFn: ({ pageParam }) => getAuditLog(pageParam),
    initialPageParam: undefined as number | undefined,
    // A short page is the last one.
    getNextPageParam: (lastPage) => (lastPage.length < AUDIT_PAGE_SIZE ? undefined : lastPage[lastPage.length - 1]?.id),
    ...adminQueryDefaults(ADMIN_FRESH_MS.default),
  });

export function useAuditLog() {
  return useInfiniteQuery(auditLogQueryOptions());
}
