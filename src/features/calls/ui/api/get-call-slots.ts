import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../../client/lib/api-client';
import { callSlotsSchema, type CallSlot } from '../../calls.schema';
import { callSlotsPrefix } from './call-keys';

/** GET /api/participant/bookings/{id}/call-slots?from&to: the free slots on those organiser-zone days. */
export const callSlotsQueryOptions = (bookingId: number, from: string, to: string) =>
  queryOptions({
    queryKey: [...callSlotsPrefix(bookingId), from, to] as const,
    queryFn: (): Promise<CallSlot[]> => apiGet(`/api/participant/bookings/${bookingId}/call-slots`, callSlotsSchema, { from, to }),
  });

export function useCallSlots(bookingId: number, range: { from: string; to: string } | null) {
  return useQuery({ ...callSlotsQueryOptions(bookingId, range?.from ?? '', range?.to ?? ''), enabled: range !== null });
}
