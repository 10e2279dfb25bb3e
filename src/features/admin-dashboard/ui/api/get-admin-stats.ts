import { ADMIN_FRESH_MS, ADMIN_STATS_KEY, adminQueryDefaults } from '../../../../client/lib/admin-queries';
import { apiRead } from '../../../../client/lib/api-read';
import { adminStatsSchema } from '../../admin-dashboard.schema';

export const useAdminStats = apiRead(ADMIN_STATS_KEY[0], adminStatsSchema, adminQueryDefaults(ADMIN_FRESH_MS.default)).useRead;
