import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_FRESH_MS, adminQueryDefaults } from '../../../../client/lib/admin-queries';
import { apiGet } from '../../../../client/lib/api-client';
import { outboxListSchema, type OutboxEntryDto } from '../../../admin-bookings';

/** GET /api/admin/outbox (served by admin-bookings): the newest 500 e-mails. */
export const OUTBOX_KEY = ['/api/admin/outbox'] as const;
const OUTBOX_LIMIT = 500;

export function getOutbox(): Promise<OutboxEntryDto[]> {
  return apiGet(OUTBOX_KEY[0], outboxListSchema, { limit: OUTBOX_LIMIT });
}

export const outboxQueryOptions = () => queryOptions({ queryKey: OUTBOX_KEY, queryFn: getOutbox, ...adminQueryDefaults(ADMIN_FRESH_MS.default) });

export function useOutbox() {
  return useQuery(outboxQueryOptions());
}
