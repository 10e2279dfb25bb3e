import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../../client/lib/api-client';
import { useAsDrawn } from '../../../../client/lib/page-state';
import { publicWorkshopDateListSchema } from '../../workshops.schema';

/** Sorted by date, TBC last. */
export function getWorkshopDates() {
  return apiGet('/api/workshop-dates', publicWorkshopDateListSchema);
}

export function workshopDatesQueryOptions() {
  return queryOptions({ queryKey: ['/api/workshop-dates'], queryFn: getWorkshopDates });
}

/** The dates; a part hydrating the server's HTML sees them as the server drew them (useAsDrawn). */
export function useWorkshopDates() {
  const options = workshopDatesQueryOptions();
  return useAsDrawn(options.queryKey, useQuery(options));
}

/** The date the public pages put forward: the one the admin marked Featured, else the first listed. */
export function featuredDate<T extends { isFeatured: boolean }>(dates: readonly T[] | undefined): T | undefined {
  return dates?.find((date) => date.isFeatured) ?? dates?.[0];
}
