import { z } from 'zod';

/**
 * Operations in the admin area: social cards, the outbox retry,
 * backup and restore, and the audit log. The one source of their messages and shapes.
 */

// ---------------------------------------------------------------- backup and restore

export const BACKUP_FORMAT = 'workshop-seats-backup';

export const BACKUP_NOT_JSON = 'The backup file is not valid JSON.';
export const BACKUP_WRONG_FORMAT = 'This file is not a Workshop Seats backup.';
export const BACKUP_NO_VERSION = 'The backup file has no valid schemaVersion.';
export const BACKUP_NO_TABLES = 'The backup file has no tables.';
export const BACKUP_NO_ADMIN = 'The backup has no admin users; restoring it would lock everyone out.';
export const BACKUP_NOT_FOUND = 'Backup not found';

export function backupFromNewerVersion(fileVersion: string, serverVersion: string): string {
  return `This backup comes from a newer version of the app (schema ${fileVersion}); this server is at schema ${serverVersion}. Update the app before restoring it.`;
}
export function backupMissingTable(table: string): string {
  return `The backup is incomplete: the table "${table}" is missing.`;
}
export function backupUnknownTable(table: string): string {
  return `The backup has a table this version does not know: "${table}".`;
}
export function backupBadRow(table: string, index: number, problem: string): string {
  return `The backup is corrupt: row ${index + 1} of "${table}" ${problem}.`;
}
export function backupRejectedByDatabase(table: string, reason: string): string {
  return `The backup could not be restored (table "${table}"): ${reason}. Nothing was changed.`;
}
/** An uploaded file of the backup that is not an image /uploads may serve (`file` is its stored name as given). */
export function backupBadUpload(table: string, file: string, problem: string): string {
  return `The backup was refused (table "${table}"): the file ${file} ${problem}. Nothing was changed.`;
}

/** The file `GET /api/admin/backup` answers and `POST /api/admin/restore` takes. */
export const backupFileSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  /** The tag of the newest migration the server had applied, e.g. '0001_demo_payments'. */
  schemaVersion: z.string(),
  createdAt: z.string(),
  tables: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});
export type BackupFile = z.infer<typeof backupFileSchema>;

export const restoreResponseSchema = z.object({
  success: z.literal(true),
  schemaVersion: z.string(),
  /** Rows restored per table. */
  tables: z.record(z.string(), z.number()),
});
export type RestoreResponse = z.infer<typeof restoreResponseSchema>;

/** One table of a checked backup file: the rows a restore would put in it. */
export const backupTableRowsSchema = z.object({
  /** The table's name in the database, e.g. 'workshop_dates'. */
  name: z.string(),
  /** What the admin area calls it ('Workshop dates'); the table's name where it has no other. */
  label: z.string(),
  rows: z.number().int().nonnegative(),
});
export type BackupTableRows = z.infer<typeof backupTableRowsSchema>;

/** What `POST /api/admin/backup/inspect` answers about a file a restore would accept. */
export const backupInspectionSchema = z.object({
  /** When the file says it was made (its own createdAt, ISO); null when it says nothing readable. */
  createdAt: z.string().nullable(),
  /** The schema the file was made at, e.g. '0017_contact_replied'. */
  schemaVersion: z.string(),
  /** This server's schema, to compare with. */
  serverSchemaVersion: z.string(),
  /** Only the tables that have rows, in the order the admin area lists its sections. */
  tables: z.array(backupTableRowsSchema),
  totals: z.object({ tables: z.number().int().nonnegative(), rows: z.number().int().nonnegative() }),
});
export type BackupInspection = z.infer<typeof backupInspectionSchema>;

/** One file of the scheduled daily backup in DATA_DIR/backups. */
export const scheduledBackupSchema = z.object({
  name: z.string(),
  sizeBytes: z.number(),
  createdAt: z.string(),
});
export type ScheduledBackup = z.infer<typeof scheduledBackupSchema>;
export const scheduledBackupListSchema = z.array(scheduledBackupSchema);

/** Only names the daily job writes: no path can be smuggled through it. */
export const SCHEDULED_BACKUP_NAME = /^backup-\d{4}-\d{2}-\d{2}\.json$/;
export const scheduledBackupParamsSchema = z.object({
  name: z.string().regex(SCHEDULED_BACKUP_NAME, BACKUP_NOT_FOUND),
});

// ---------------------------------------------------------------- outbox

export const EMAIL_NOT_FOUND = 'E-mail not found';
export const ONLY_FAILED_RETRY = 'Only a failed e-mail can be retried.';

export const outboxIdParamsSchema = z.object({ id: z.coerce.number().int().positive(EMAIL_NOT_FOUND) });
export const retryEmailResponseSchema = z.object({ success: z.literal(true), id: z.number() });

// ---------------------------------------------------------------- audit log

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_MAX_PAGE_SIZE = 200;

export const AUDIT_LIMIT_INVALID = `limit must be a whole number from 1 to ${AUDIT_MAX_PAGE_SIZE}.`;
export const AUDIT_BEFORE_INVALID = 'before must be the id of an audit entry (a whole number above 0).';

export const auditLogQuerySchema = z.object({
  limit: z.coerce.number(AUDIT_LIMIT_INVALID).int(AUDIT_LIMIT_INVALID).min(1, AUDIT_LIMIT_INVALID).max(AUDIT_MAX_PAGE_SIZE, AUDIT_LIMIT_INVALID).optional(),
  /** An entry id: the page holds the entries older than it (the last id of the previous page). */
  before: z.coerce.number(AUDIT_BEFORE_INVALID).int(AUDIT_BEFORE_INVALID).positive(AUDIT_BEFORE_INVALID).optional(),
});

/** One field an update changed: 'Price: $499.00 → $549.00'; `from`/`to` are null where the log keeps no value (a secret, a long text). */
export const auditChangeSchema = z.object({
  label: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type AuditChangeDto = z.infer<typeof auditChangeSchema>;

export const auditEntrySchema = z.object({
  id: z.number(),
  actor: z.string(),
  action: z.string(),
  entity: z.string().nullable(),
  entityId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
  /** The entry as a sentence, with what it concerns named rather than numbered: 'ana@example.com moved the booking of Ann Lee (order K7Q-2MX) from … to …'. */
  summary: z.string(),
  /** For an update, only the fields it changed. */
  changes: z.array(auditChangeSchema),
});
export type AuditEntryDto = z.infer<typeof auditEntrySchema>;
export const auditLogSchema = z.array(auditEntrySchema);

// ---------------------------------------------------------------- social cards

export const SOCIAL_CARD_WIDTH = 1200;
export const SOCIAL_CARD_HEIGHT = 630;
export const CARD_NOT_FOUND = 'Card not found';

export const socialCardSchema = z.object({
  key: z.string(),
  /** Where the card is used: '/', '/blog/my-post'. */
  path: z.string(),
  title: z.string(),
  description: z.string(),
  /** Absolute, as link previews fetch it. */
  imageUrl: z.string(),
  kind: z.enum(['route', 'post']),
});
export type SocialCard = z.infer<typeof socialCardSchema>;
export const socialCardListSchema = z.array(socialCardSchema);
