import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { restoreResponseSchema } from '../../operations.schema';

/** POST /api/admin/restore: the parsed backup file; the server replaces everything or nothing. */
export async function restoreBackup(file: unknown) {
  return readJson(await apiRequest('POST', '/api/admin/restore', file), restoreResponseSchema);
}

export function useRestoreBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreBackup,
    // Every list in the dashboard may have changed.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
