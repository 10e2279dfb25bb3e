import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { adminWorkshopAssetSchema, type AdminWorkshopAsset } from '../../admin-blog.schema';
import type { WorkshopAssetPayload } from './create-workshop-asset';
import { ADMIN_WORKSHOP_ASSETS_KEY } from './get-workshop-assets';

export type WorkshopAssetChange = { id: number; changes: Partial<WorkshopAssetPayload> };

/** PUT /api/admin/workshop-assets/{id}. */
export async function updateWorkshopAsset({ id, changes }: WorkshopAssetChange): Promise<AdminWorkshopAsset> {
  return readJson(await apiRequest('PUT', `${ADMIN_WORKSHOP_ASSETS_KEY[0]}/${id}`, changes), adminWorkshopAssetSchema);
}

export function useUpdateWorkshopAsset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWorkshopAsset,
    onSuccess: async (updated) => {
      queryClient.setQueryData<AdminWorkshopAsset[]>(ADMIN_WORKSHOP_ASSETS_KEY, (list) => list?.map((asset) => (asset.id === updated.id ? updated : asset)));
      await queryClient.invalidateQueries({ queryKey: ADMIN_WORKSHOP_ASSETS_KEY });
    },
  });
}
