import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { adminWorkshopDateSchema, type AdminWorkshopDate, type WorkshopDateInput } from '../../admin-workshops.schema';
import { refreshAfterWorkshopChange } from './workshop-date-mutations';

export type UpdateWorkshopDateVariables = { id: number; input: WorkshopDateInput };

/** PUT /api/admin/workshop-dates/:id: the whole form, or only {isActive}, or only {isFeatured}. */
export async function updateWorkshopDate({ id, input }: UpdateWorkshopDateVariables): Promise<AdminWorkshopDate> {
  return readJson(await apiRequest('PUT', `/api/admin/workshop-dates/${id}`, input), adminWorkshopDateSchema);
}

export function useUpdateWorkshopDate() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateWorkshopDate, onSuccess: () => refreshAfterWorkshopChange(queryClient) });
}
