import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../../client/lib/api-client';
import { workshopDetailsSchema, type WorkshopDetails } from '../../participant.schema';

const url = (bookingId: number) => `/api/participant/booking/${bookingId}/workshop-details`;

/** GET /api/participant/booking/{bookingId}/workshop-details. */
export function getWorkshopDetails(bookingId: number): Promise<WorkshopDetails> {
  return apiGet(url(bookingId), workshopDetailsSchema);
}

export const workshopDetailsQueryOptions = (bookingId: number) =>
  queryOptions({ queryKey: [url(bookingId)], queryFn: () => getWorkshopDetails(bookingId) });

export function useWorkshopDetails(bookingId: number, enabled = true) {
  return useQuery({ ...workshopDetailsQueryOptions(bookingId), enabled });
}
