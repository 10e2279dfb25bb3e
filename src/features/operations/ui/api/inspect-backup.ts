import { readJson } from '../../../../client/lib/api-client';
import { backupInspectionSchema, type BackupInspection } from '../../operations.schema';
import { sendBackupFile } from './send-backup-file';

/** POST /api/admin/backup/inspect: what the file holds, or a 400 saying why it is no backup to restore; changes nothing. */
export async function inspectBackup(file: Blob, signal?: AbortSignal): Promise<BackupInspection> {
  return readJson(await sendBackupFile('/api/admin/backup/inspect', file, signal), backupInspectionSchema);
}
