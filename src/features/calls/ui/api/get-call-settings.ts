import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../../client/lib/api-client';
import { callSettingsSchema, type CallSettings } from '../../calls.schema';
import { callSettingsKey } from './call-keys';

/** GET /api/admin/call-settings: the organiser's availability and calendar feed address. */
export const callSettingsQueryOptions = () =>
  queryOptions({
    queryKey: callSettingsKey,
    queryFn: (): Promise<CallSettings> => apiGet('/api/admin/call-settings', callSettingsSchema),
  });

export function useCallSettings() {
  return useQuery(callSettingsQueryOptions());
}
