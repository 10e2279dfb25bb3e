import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../../client/lib/api-client';
import { publicWorkshopDateSchema } from '../../workshops.schema';

export function getWorkshopDate(id: number) {
  return apiGet(`/api/workshop-dates/${id}`, publicWorkshopDateSchema);
}

export function workshopDateQueryOptions(id: number) {
  return queryOptions({ queryKey: ['/api/workshop-dates', id], queryFn: () => getWorkshopDate(id) });
}

export function useWorkshopDate(id: number) {
  return useQuery(workshopDateQueryOptions(id));
}
