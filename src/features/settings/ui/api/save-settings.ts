import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { settingsSchema, type Settings, type SettingsUpdateInput } from '../../settings.schema';
import { SETTINGS_KEY } from './get-settings';

/** POST /api/admin/settings: any subset of the fields; an omitted or empty secret keeps the saved one. */
export async function saveSettings(changes: SettingsUpdateInput): Promise<Settings> {
  return readJson(await apiRequest('POST', SETTINGS_KEY[0], changes), settingsSchema);
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(SETTINGS_KEY, saved);
    },
  });
}
