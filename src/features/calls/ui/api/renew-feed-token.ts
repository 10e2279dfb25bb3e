import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { callSettingsSchema } from '../../calls.schema';
import { callSettingsKey } from './call-keys';

/** POST /api/admin/call-settings/feed-token: a new feed address; the old one stops working at once. */
export function useRenewFeedToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => readJson(await apiRequest('POST', '/api/admin/call-settings/feed-token'), callSettingsSchema),
    onSuccess: (saved) => queryClient.setQueryData(callSettingsKey, saved),
  });
}
