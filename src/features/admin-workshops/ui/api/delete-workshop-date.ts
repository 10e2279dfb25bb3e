import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { deleteWorkshopDateResultSchema, type DeleteWorkshopDateResult } from '../../admin-workshops.schema';
import { refreshAfterWorkshopChange } from './workshop-date-mutations';

/** DELETE /api/admin/workshop-dates/:id: a date with bookings is deactivated instead (`deactivated: true`). */
export async function deleteWorkshopDate(id: number): Promise<DeleteWorkshopDateResult> {
  return readJson(await apiRequest('DELETE', `/api/admin/workshop-dates/${id}`), deleteWorkshopDateResultSchema);
}

export function useDeleteWorkshopDate() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteWorkshopDate, onSuccess: () => refreshAfterWorkshopChange(queryClient) });
}
