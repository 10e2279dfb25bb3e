import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../client/lib/api-client';
import type { AdminWorkshopAsset } from '../../admin-blog.schema';
import { ADMIN_WORKSHOP_ASSETS_KEY } from './get-workshop-assets';

/** DELETE /api/admin/workshop-assets/{id}. */
export async function deleteWorkshopAsset(id: number): Promise<void> {
  await apiRequest('DELETE', `${ADMIN_WORKSHOP_ASSETS_KEY[0]}/${id}`);
}

export function useDeleteWorkshopAsset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWorkshopAsset,
    onSuccess: async (_result, id) => {
      queryClient.setQueryData<AdminWorkshopAsset[]>(ADMIN_WORKSHOP_ASSETS_KEY, (list) => list?.filter((asset) => asset.id !== id));
      await queryClient.invalidateQueries({ queryKey: ADMIN_WORKSHOP_ASSETS_KEY });
    },
  });
}
