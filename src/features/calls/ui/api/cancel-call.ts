import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { callChangedSchema } from '../../calls.schema';
import { bookingCallsKey, callSlotsPrefix } from './call-keys';

/** DELETE /api/participant/bookings/{id}/calls/{callId}: the call is cancelled; 409 'too_late' within the minimum notice. */
export function useCancelCall(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (callId: number) => readJson(await apiRequest('DELETE', `/api/participant/bookings/${bookingId}/calls/${callId}`), callChangedSchema),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: bookingCallsKey(bookingId) });
      void queryClient.invalidateQueries({ queryKey: callSlotsPrefix(bookingId) });
    },
  });
}

/** GET /api/participant/calls/{id}/calendar.ics: the call's calendar file, opened with the participant's session. */
export const callCalendarPath = (callId: number) => `/api/participant/calls/${callId}/calendar.ics`;
