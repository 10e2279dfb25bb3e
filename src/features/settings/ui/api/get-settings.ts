import { ADMIN_FRESH_MS, adminQueryDefaults } from '../../../../client/lib/admin-queries';
import { apiRead } from '../../../../client/lib/api-read';
import { settingsSchema } from '../../settings.schema';

/** GET /api/admin/settings: never carries passwords or secrets, only whether they are saved. */
const read = apiRead('/api/admin/settings', settingsSchema, adminQueryDefaults(ADMIN_FRESH_MS.default));

export const SETTINGS_KEY = read.key;
export const useSettings = read.useRead;
