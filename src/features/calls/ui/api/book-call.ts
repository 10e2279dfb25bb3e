import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { callSchema } from '../../calls.schema';
import { bookingCallsKey, callSlotsPrefix } from './call-keys';

/** POST /api/participant/bookings/{id}/calls {startsAt}: 201 the call; 409 'slot_taken' or 'no_calls_left'. */
export function useBookCall(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (startsAt: string) => readJson(await apiRequest('POST', `/api/participant/bookings/${bookingId}/calls`, { startsAt }), callSchema),
    // A refusal changes what is free too (someone else took the slot): both are read again either way.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: bookingCallsKey(bookingId) });
      void queryClient.invalidateQueries({ queryKey: callSlotsPrefix(bookingId) });
    },
  });
}
