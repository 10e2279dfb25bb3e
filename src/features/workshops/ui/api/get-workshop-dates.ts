import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../../client/lib/api-client';
import { publicWorkshopDateListSchema } from '../../workshops.schema';

/** Sorted by date, TBC last (CONTRACT §6). */
export function getWorkshopDates() {
  return apiGet('/api/workshop-dates', publicWorkshopDateListSchema);
}

export function workshopDatesQueryOptions() {
  return queryOptions({ queryKey: ['/api/workshop-dates'], queryFn: getWorkshopDates });
}

export function useWorkshopDates() {
  return useQuery(workshopDatesQueryOptions());
}
