import { useMutation } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { joinWaitlistResponseSchema, type JoinWaitlist } from '../../waitlist.schema';

/** POST /api/waitlist: 201 a new place in line, 200 the place the address already had. */
export function useJoinWaitlist() {
  return useMutation({
    mutationFn: async (input: JoinWaitlist) => readJson(await apiRequest('POST', '/api/waitlist', input), joinWaitlistResponseSchema),
  });
}
