import { ADMIN_FRESH_MS, ADMIN_SUMMARY_KEY, adminQueryDefaults } from '../../../../client/lib/admin-queries';
import { apiRead } from '../../../../client/lib/api-read';
import { adminSummarySchema } from '../../admin-dashboard.schema';

/** Read on entry and after every change a tab reports (invalidateAdminOverview). */
export const useAdminSummary = apiRead(ADMIN_SUMMARY_KEY[0], adminSummarySchema, adminQueryDefaults(ADMIN_FRESH_MS.default)).useRead;
