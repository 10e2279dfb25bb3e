import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { adminWorkshopDateSchema, type AdminWorkshopDate, type WorkshopDateInput } from '../../admin-workshops.schema';
import { refreshAfterWorkshopChange } from './workshop-date-mutations';

/** POST /api/admin/workshop-dates. */
export async function createWorkshopDate(input: WorkshopDateInput): Promise<AdminWorkshopDate> {
  return readJson(await apiRequest('POST', '/api/admin/workshop-dates', input), adminWorkshopDateSchema);
}

export function useCreateWorkshopDate() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createWorkshopDate, onSuccess: () => refreshAfterWorkshopChange(queryClient) });
}
