import { ADMIN_FRESH_MS, adminQueryDefaults } from '../../../../client/lib/admin-queries';
import { apiRead } from '../../../../client/lib/api-read';
import { adminWorkshopDateListSchema } from '../../admin-workshops.schema';

/** Spec §4: the workshop list loads on entry and after every change (fresh time 0). */
const read = apiRead('/api/admin/workshop-dates', adminWorkshopDateListSchema, adminQueryDefaults(ADMIN_FRESH_MS.default));

export const ADMIN_WORKSHOP_DATES_KEY = read.key;
export const adminWorkshopDatesQueryOptions = read.options;
export const useAdminWorkshopDates = read.useRead;
