import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { callChangedSchema } from '../../calls.schema';
import { adminCallsKey } from './call-keys';

/** DELETE /api/admin/calls/{id} {message?}: the organiser cancels a call; its participant is e-mailed. */
export function useCancelAdminCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, message }: { id: number; message?: string }) =>
      readJson(await apiRequest('DELETE', `/api/admin/calls/${id}`, message ? { message } : {}), callChangedSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminCallsKey }),
  });
}
