import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { adminWorkshopAssetListSchema, type AdminWorkshopAsset } from '../../admin-blog.schema';
import { workshopAssetsResource } from './blog-resources';

const ASSETS_KEY = [workshopAssetsResource.path] as const;

/** POST /api/admin/workshop-assets/reorder: the listed assets get sortOrder 0, 1, 2… in this order. */
export async function reorderWorkshopAssets(ids: number[]): Promise<AdminWorkshopAsset[]> {
  return readJson(await apiRequest('POST', `${workshopAssetsResource.path}/reorder`, { ids }), adminWorkshopAssetListSchema);
}

export function useReorderWorkshopAssets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderWorkshopAssets,
    onSuccess: async (updated) => {
      const byId = new Map(updated.map((asset) => [asset.id, asset]));
      queryClient.setQueryData<AdminWorkshopAsset[]>(ASSETS_KEY, (list) => list?.map((asset) => byId.get(asset.id) ?? asset));
      await queryClient.invalidateQueries({ queryKey: ASSETS_KEY });
    },
  });
}
