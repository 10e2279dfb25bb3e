import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { callSettingsSchema, type CallSettingsInput } from '../../calls.schema';
import { callSettingsKey } from './call-keys';

/** PUT /api/admin/call-settings: the fields given; 400 naming the first broken rule. */
export function useSaveCallSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CallSettingsInput) => readJson(await apiRequest('PUT', '/api/admin/call-settings', input), callSettingsSchema),
    onSuccess: (saved) => queryClient.setQueryData(callSettingsKey, saved),
  });
}
