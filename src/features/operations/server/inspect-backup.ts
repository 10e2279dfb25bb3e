import type { BackupInspection, BackupTableRows } from '../operations.schema';
import { prepareRestore, restoredRowCounts, SCHEMA_VERSION } from './backup.service';

/**
 * The tables as the admin area names them, in the order its sections come (sales, audience,
 * content, messages, setup), so a summary reads like the dashboard. A table not listed here
 * (bookkeeping the admin never sees: leases, rate limits, the demo provider's records) keeps its
 * database name and comes after these, alphabetically.
 */
const TABLE_LABELS: readonly (readonly [table: string, label: string])[] = [
  ['workshop_templates', 'Workshop templates'],
  ['workshop_dates', 'Workshop dates'],
  ['orders', 'Orders'],
  ['bookings', 'Bookings'],
  ['participant_profiles', 'Participant profiles'],
  ['waitlist_entries', 'Waiting list'],
  ['follow_up_calls', 'Booked calls'],
  ['discount_codes', 'Discount codes'],
  ['payments', 'Payments'],
  ['refund_requests', 'Refund requests'],
  ['refunds', 'Refunds'],
  ['contact_messages', 'Messages'],
  ['newsletter_subscribers', 'Newsletter subscribers'],
  ['announcement_interest', 'Announcement interest'],
  ['date_poll_options', 'Date poll options'],
  ['date_poll_votes', 'Date poll votes'],
  ['testimonials', 'Testimonials'],
  ['announcements', 'Announcements'],
  ['blog_posts', 'Blog posts'],
  ['workshop_assets', 'Workshop assets'],
  ['uploaded_files', 'Uploaded images'],
  ['strategy_notes', 'Strategy notes'],
  ['date_messages', 'Messages sent to participants'],
  ['scheduled_messages', 'Scheduled messages'],
  ['booking_reminders', 'Reminders sent'],
  ['email_templates', 'Email templates'],
  ['email_outbox', 'Email outbox'],
  ['settings', 'Settings'],
  ['admin_users', 'Admin users'],
  ['audit_log', 'Audit log'],
];

const LABELS = new Map(TABLE_LABELS);
const POSITION = new Map(TABLE_LABELS.map(([table], index) => [table, index]));

function byAdminOrder(a: BackupTableRows, b: BackupTableRows): number {
  const left = POSITION.get(a.name) ?? TABLE_LABELS.length;
  const right = POSITION.get(b.name) ?? TABLE_LABELS.length;
  return left - right || a.name.localeCompare(b.name);
}

/**
 * POST /api/admin/backup/inspect: what a backup file holds, checked by the restore's own checks
 * (prepareRestore) so a file this accepts is one the restore accepts, and a file it refuses is
 * refused with the restore's words. Reads the file only: the database is not touched, so only what
 * the database itself would judge inside a restore (a broken reference, a constraint) is left for
 * the restore to find.
 */
export function inspectBackup(input: unknown): BackupInspection {
  const prepared = prepareRestore(input);
  const tables = restoredRowCounts(prepared)
    .filter(({ rows }) => rows > 0)
    .map(({ name, rows }): BackupTableRows => ({ name, label: LABELS.get(name) ?? name, rows }))
    .sort(byAdminOrder);
  return {
    createdAt: prepared.createdAt,
    schemaVersion: prepared.schemaVersion,
    serverSchemaVersion: SCHEMA_VERSION,
    tables,
    totals: { tables: tables.length, rows: tables.reduce((sum, table) => sum + table.rows, 0) },
  };
}
