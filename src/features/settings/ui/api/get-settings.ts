import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_FRESH_MS, adminQueryDefaults } from '../../../../client/lib/admin-queries';
import { apiGet } from '../../../../client/lib/api-client';
import { settingsSchema, type Settings } from '../../settings.schema';

/** GET /api/admin/settings: never carries passwords or secrets, only whether they are saved. */
export const SETTINGS_KEY = ['/api/admin/settings'] as const;

export function getSettings(): Promise<Settings> {
  return apiGet(SETTINGS_KEY[0], settingsSchema);
}

export const settingsQueryOptions = () =>
  queryOptions({ queryKey: SETTINGS_KEY, queryFn: getSettings, ...adminQueryDefaults(ADMIN_FRESH_MS.default) });

export function useSettings() {
  return useQuery(settingsQueryOptions());
}
