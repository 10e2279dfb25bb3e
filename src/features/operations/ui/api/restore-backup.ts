import { useMutation, useQueryClient } from '@tanstack/react-query';
import { readJson } from '../../../../client/lib/api-client';
import { restoreResponseSchema } from '../../operations.schema';
import { sendBackupFile } from './send-backup-file';

/** POST /api/admin/restore: the backup file as chosen; the server replaces everything or nothing. */
export async function restoreBackup(file: Blob) {
  return readJson(await sendBackupFile('/api/admin/restore', file), restoreResponseSchema);
}

export function useRestoreBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreBackup,
    // Every list in the dashboard may have changed.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
