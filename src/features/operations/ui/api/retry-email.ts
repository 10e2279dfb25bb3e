import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { retryEmailResponseSchema } from '../../operations.schema';
import { OUTBOX_KEY } from './get-outbox';

/** POST /api/admin/outbox/{id}/retry: only a failed e-mail; the worker sends it again. */
export async function retryEmail(id: number) {
  return readJson(await apiRequest('POST', `${OUTBOX_KEY[0]}/${id}/retry`), retryEmailResponseSchema);
}

export function useRetryEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OUTBOX_KEY }),
  });
}
