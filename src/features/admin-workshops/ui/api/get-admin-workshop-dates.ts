import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../../client/lib/api-client';
import { ADMIN_FRESH_MS, adminQueryDefaults } from '../../../../client/lib/admin-queries';
import { adminWorkshopDateListSchema, type AdminWorkshopDate } from '../../admin-workshops.schema';

export const ADMIN_WORKSHOP_DATES_KEY = ['/api/admin/workshop-dates'] as const;

export function getAdminWorkshopDates(): Promise<AdminWorkshopDate[]> {
  return apiGet(ADMIN_WORKSHOP_DATES_KEY[0], adminWorkshopDateListSchema);
}

/** Spec §4: the workshop list loads on entry and after every change (fresh time 0). */
export const adminWorkshopDatesQueryOptions = () =>
  queryOptions({ queryKey: ADMIN_WORKSHOP_DATES_KEY, queryFn: getAdminWorkshopDates, ...adminQueryDefaults(ADMIN_FRESH_MS.default) });

export function useAdminWorkshopDates() {
  return useQuery(adminWorkshopDatesQueryOptions());
}
