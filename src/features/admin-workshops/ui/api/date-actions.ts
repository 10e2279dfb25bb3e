import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest, readJson } from '../../../../client/lib/api-client';
import {
  adminWorkshopDateSchema,
  callOffPreviewSchema,
  callOffResultSchema,
  repeatResultSchema,
  type AdminWorkshopDate,
  type CallOffResult,
  type RepeatResult,
} from '../../admin-workshops.schema';
import { workshopDatesResource } from './workshop-dates-resource';

/** A date's actions beyond editing it (docs/decisions/022-dates-that-change.md): call off, duplicate, repeat weekly. */

const dateUrl = (id: number, action: string) => `/api/admin/workshop-dates/${id}/${action}`;

/** The dates list, and what it feeds (public list, dashboard), are read again. */
function datesChanged(queryClient: QueryClient) {
  for (const key of [[workshopDatesResource.path], ...(workshopDatesResource.alsoRefresh ?? [])]) void queryClient.invalidateQueries({ queryKey: key });
}

/** GET …/call-off: what calling the date off would do. */
export const useCallOffPreview = (id: number | null) =>
  useQuery({ queryKey: [workshopDatesResource.path, id, 'call-off'], queryFn: () => apiGet(dateUrl(id!, 'call-off'), callOffPreviewSchema), enabled: id !== null, staleTime: 0 });

export function useCallOffDate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, message, offerMove }: { id: number; message: string; offerMove: boolean }): Promise<CallOffResult> =>
      readJson(await apiRequest('POST', dateUrl(id, 'call-off'), { message, offerMove }), callOffResultSchema),
    onSuccess: () => datesChanged(queryClient),
  });
}

export function useDuplicateDate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number): Promise<AdminWorkshopDate> => readJson(await apiRequest('POST', dateUrl(id, 'duplicate'), {}), adminWorkshopDateSchema),
    onSuccess: () => datesChanged(queryClient),
  });
}

export function useRepeatDate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, weeks }: { id: number; weeks: number }): Promise<RepeatResult> => readJson(await apiRequest('POST', dateUrl(id, 'repeat'), { weeks }), repeatResultSchema),
    onSuccess: () => datesChanged(queryClient),
  });
}
