import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { callSchema } from '../../calls.schema';
import { bookingCallsKey, callSlotsPrefix } from './call-keys';

/** PATCH /api/participant/bookings/{id}/calls/{callId} {startsAt}: the same call at its new time; 409 'slot_taken' or 'too_late'. */
export function useRescheduleCall(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ callId, startsAt }: { callId: number; startsAt: string }) =>
      readJson(await apiRequest('PATCH', `/api/participant/bookings/${bookingId}/calls/${callId}`, { startsAt }), callSchema),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: bookingCallsKey(bookingId) });
      void queryClient.invalidateQueries({ queryKey: callSlotsPrefix(bookingId) });
    },
  });
}
