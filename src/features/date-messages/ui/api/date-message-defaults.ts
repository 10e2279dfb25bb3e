import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_FRESH_MS, adminQueryDefaults } from '../../../../client/lib/admin-queries';
import { apiGet, apiRequest, readJson } from '../../../../client/lib/api-client';
import { dateMessageDefaultsResponseSchema, type DateMessageDefaults, type DateMessageDefaultsResponse } from '../../date-messages.schema';

/** GET and PUT /api/admin/date-message-defaults: the scheduled messages every new date gets. */
export const DATE_MESSAGE_DEFAULTS_KEY = ['/api/admin/date-message-defaults'] as const;

export function getDateMessageDefaults(): Promise<DateMessageDefaultsResponse> {
  return apiGet(DATE_MESSAGE_DEFAULTS_KEY[0], dateMessageDefaultsResponseSchema);
}

export const dateMessageDefaultsQueryOptions = () =>
  queryOptions({ queryKey: DATE_MESSAGE_DEFAULTS_KEY, queryFn: getDateMessageDefaults, ...adminQueryDefaults(ADMIN_FRESH_MS.default) });

export function useDateMessageDefaults() {
  return useQuery(dateMessageDefaultsQueryOptions());
}

export async function saveDateMessageDefaults(input: DateMessageDefaults): Promise<DateMessageDefaultsResponse> {
  return readJson(await apiRequest('PUT', DATE_MESSAGE_DEFAULTS_KEY[0], input), dateMessageDefaultsResponseSchema);
}

export function useSaveDateMessageDefaults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDateMessageDefaults,
    onSuccess: (saved) => queryClient.setQueryData(DATE_MESSAGE_DEFAULTS_KEY, saved),
  });
}
