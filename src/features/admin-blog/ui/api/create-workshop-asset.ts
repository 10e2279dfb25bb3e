import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { adminWorkshopAssetSchema, type AdminWorkshopAsset, type AssetType } from '../../admin-blog.schema';
import { ADMIN_WORKSHOP_ASSETS_KEY } from './get-workshop-assets';

export type WorkshopAssetPayload = {
  title: string;
  description: string;
  type: AssetType;
  content: string;
  sortOrder: number;
  workshopDateId: number | null;
};

/** POST /api/admin/workshop-assets. */
export async function createWorkshopAsset(payload: WorkshopAssetPayload): Promise<AdminWorkshopAsset> {
  return readJson(await apiRequest('POST', ADMIN_WORKSHOP_ASSETS_KEY[0], payload), adminWorkshopAssetSchema);
}

export function useCreateWorkshopAsset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkshopAsset,
    onSuccess: async (created) => {
      queryClient.setQueryData<AdminWorkshopAsset[]>(ADMIN_WORKSHOP_ASSETS_KEY, (list) => (list ? [...list, created] : list));
      await queryClient.invalidateQueries({ queryKey: ADMIN_WORKSHOP_ASSETS_KEY });
    },
  });
}
