import { ADMIN_FRESH_MS, adminQueryDefaults } from '../../../../client/lib/admin-queries';
import { apiRead } from '../../../../client/lib/api-read';
import { scheduledBackupListSchema } from '../../operations.schema';

const SCHEDULED_BACKUPS_PATH = '/api/admin/backups';

/** GET /api/admin/backups: the daily backups in DATA_DIR, newest first. */
export const useScheduledBackups = apiRead(SCHEDULED_BACKUPS_PATH, scheduledBackupListSchema, adminQueryDefaults(ADMIN_FRESH_MS.default)).useRead;

/** Where the browser downloads a backup: plain links, so a large file streams to disk. */
export const BACKUP_DOWNLOAD_URL = '/api/admin/backup';
export const scheduledBackupUrl = (name: string) => `${SCHEDULED_BACKUPS_PATH}/${encodeURIComponent(name)}`;
