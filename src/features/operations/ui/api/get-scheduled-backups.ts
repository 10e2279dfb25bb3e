import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_FRESH_MS, adminQueryDefaults } from '../../../../client/lib/admin-queries';
import { apiGet } from '../../../../client/lib/api-client';
import { scheduledBackupListSchema, type ScheduledBackup } from '../../operations.schema';

/** GET /api/admin/backups: the daily backups in DATA_DIR, newest first. */
export const SCHEDULED_BACKUPS_KEY = ['/api/admin/backups'] as const;

/** Where the browser downloads a backup: plain links, so a large file streams to disk. */
export const BACKUP_DOWNLOAD_URL = '/api/admin/backup';
export const scheduledBackupUrl = (name: string) => `${SCHEDULED_BACKUPS_KEY[0]}/${encodeURIComponent(name)}`;

export function getScheduledBackups(): Promise<ScheduledBackup[]> {
  return apiGet(SCHEDULED_BACKUPS_KEY[0], scheduledBackupListSchema);
}

export const scheduledBackupsQueryOptions = () =>
  queryOptions({ queryKey: SCHEDULED_BACKUPS_KEY, queryFn: getScheduledBackups, ...adminQueryDefaults(ADMIN_FRESH_MS.default) });

export function useScheduledBackups() {
  return useQuery(scheduledBackupsQueryOptions());
}
