import { useQuery } from '@tanstack/react-query';
import { ADMIN_STATS_KEY, ADMIN_SUMMARY_KEY } from '../../../../client/lib/admin-queries';
import { resourceListQuery, type AdminResource } from '../../../../client/lib/admin-resource';
import { adminWorkshopDateSchema, deleteWorkshopDateResultSchema, type AdminWorkshopDate, type DeleteWorkshopDateResult } from '../../admin-workshops.schema';

/**
 * Workshop dates (spec §4: the list loads on entry and after every change, fresh time 0). Each
 * change also re-reads the landing page's list and the dashboard's cards and charts. A date with
 * bookings is deactivated instead of deleted: the DELETE says which (`deleted`).
 */
export const workshopDatesResource: AdminResource<AdminWorkshopDate, DeleteWorkshopDateResult> = {
  path: '/api/admin/workshop-dates',
  names: { one: 'Workshop', many: 'Workshops' },
  rowSchema: adminWorkshopDateSchema,
  alsoRefresh: [['/api/workshop-dates'], ADMIN_SUMMARY_KEY, ADMIN_STATS_KEY],
  removal: { answerSchema: deleteWorkshopDateResultSchema, keptRow: (answer) => !answer.deleted },
};

/** The admin's list of workshop dates, also for other tabs (moving a booking, workshop assets). */
export const ADMIN_WORKSHOP_DATES_KEY = [workshopDatesResource.path] as const;
export const adminWorkshopDatesQueryOptions = () => resourceListQuery(workshopDatesResource);
export const useAdminWorkshopDates = () => useQuery(adminWorkshopDatesQueryOptions());
