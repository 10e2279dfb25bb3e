import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_FRESH_MS, adminQueryDefaults } from '../../../../client/lib/admin-queries';
import { apiGet } from '../../../../client/lib/api-client';
import { adminWorkshopAssetListSchema, type AdminWorkshopAsset } from '../../admin-blog.schema';

export const ADMIN_WORKSHOP_ASSETS_KEY = ['/api/admin/workshop-assets'] as const;

export function getAdminWorkshopAssets(): Promise<AdminWorkshopAsset[]> {
  return apiGet(ADMIN_WORKSHOP_ASSETS_KEY[0], adminWorkshopAssetListSchema);
}

export const adminWorkshopAssetsQueryOptions = () =>
  queryOptions({ queryKey: ADMIN_WORKSHOP_ASSETS_KEY, queryFn: getAdminWorkshopAssets, ...adminQueryDefaults(ADMIN_FRESH_MS.default) });

export function useAdminWorkshopAssets() {
  return useQuery(adminWorkshopAssetsQueryOptions());
}
