import { Download, Upload } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { DataTable, ListStates, TableHead, Td } from '../../../client/components/ui/data-table';
import { ConfirmDialog, smallButtonClasses } from '../../../client/components/ui/dialog';
import { RefreshButton } from '../../../client/components/ui/refresh-button';
import { toast } from '../../../client/components/ui/toast-store';
import { refusalMessage } from '../../../client/lib/api-client';
import { BACKUP_NOT_JSON } from '../operations.schema';
import { BACKUP_DOWNLOAD_URL, scheduledBackupUrl, useScheduledBackups } from './api/get-scheduled-backups';
import { useRestoreBackup } from './api/restore-backup';
import { formatBytes, formatDateTime } from './components/ops-format';

type PendingRestore = { fileName: string; content: unknown };

/**
 * The Backup tab (issue 6 point 7): download every table as one JSON file, restore from such a
 * file (all or nothing, after a warning), and the daily backups the server keeps (the last 14).
 * Downloads are plain links, so even a large file streams straight to disk.
 */
export default function BackupTab() {
  const scheduled = useScheduledBackups();
  const restore = useRestoreBackup();
  const fileInput = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<PendingRestore | null>(null);

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file can be chosen again after a refusal.
    event.target.value = '';
    if (!file) return;
    let content: unknown;
    try {
      content = JSON.parse(await file.text());
    } catch {
      toast({ title: 'Restore failed', description: BACKUP_NOT_JSON, variant: 'destructive' });
      return;
    }
    setPending({ fileName: file.name, content });
  };

  const confirmRestore = () => {
    if (!pending) return;
    restore.mutate(pending.content, {
      onSuccess: (result) => {
        const rows = Object.values(result.tables).reduce((sum, n) => sum + n, 0);
        toast({ title: 'Backup Restored', description: `${rows.toLocaleString('en-US')} rows restored from ${pending.fileName}.` });
        setPending(null);
      },
      onError: (error) => {
        toast({ title: 'Restore failed', description: refusalMessage(error) ?? 'Please try again. Nothing was changed.', variant: 'destructive' });
        setPending(null);
      },
    });
  };

  const list = (
    <ListStates
      query={scheduled}
      loadingLabel="Loading scheduled backups"
      skeletonRows={3}
      loadFailed="Failed to load scheduled backups."
      empty={scheduled.data?.length === 0 ? { title: 'No scheduled backups yet', children: 'The server writes one each day; the first appears within a day of starting.' } : null}
    >
      <DataTable label="Scheduled backups">
        <TableHead headers={['File', 'Size', 'Written', 'Download']} />
        <tbody>
          {scheduled.data?.map((backup) => (
            <tr key={backup.name}>
              <Td className="font-mono whitespace-nowrap">{backup.name}</Td>
              <Td className="tabular-nums whitespace-nowrap">{formatBytes(backup.sizeBytes)}</Td>
              <Td className="whitespace-nowrap">
                <time dateTime={backup.createdAt}>{formatDateTime(backup.createdAt)}</time>
              </Td>
              <Td>
                <a className={smallButtonClasses('ghost')} href={scheduledBackupUrl(backup.name)} download={backup.name} aria-label={`Download ${backup.name}`}>
                  <Download aria-hidden="true" className="size-4" />
                  Download
                </a>
              </Td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </ListStates>
  );

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <a className={smallButtonClasses('primary')} href={BACKUP_DOWNLOAD_URL} download>
          <Download aria-hidden="true" className="size-4" />
          Download backup
        </a>
        <button type="button" className={smallButtonClasses('secondary')} disabled={restore.isPending} onClick={() => fileInput.current?.click()}>
          <Upload aria-hidden="true" className="size-4" />
          {restore.isPending ? 'Restoring…' : 'Restore from file'}
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          className="sr-only"
          tabIndex={-1}
          aria-label="Backup file to restore"
          onChange={(event) => void chooseFile(event)}
        />
      </div>

      <p className="max-w-prose text-sm text-ink-soft">
        A backup is one JSON file with every table: workshops, bookings, payments, content, settings, admin users and the audit log. Keep it somewhere
        safe: it holds personal data. Restoring replaces everything with the file's contents, all or nothing; you stay signed in.
      </p>

      <section aria-labelledby="scheduled-backups-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h3 id="scheduled-backups-heading" className="text-lg font-extrabold">
              Scheduled backups
            </h3>
            <p className="text-sm text-ink-soft">Written by the server once a day; the last 14 are kept.</p>
          </div>
          <RefreshButton refreshing={scheduled.isFetching} onRefresh={() => void scheduled.refetch()} />
        </div>
        {list}
      </section>

      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open && !restore.isPending) setPending(null);
        }}
        title="Restore this backup?"
        description={`Everything on this site will be replaced by the contents of ${pending?.fileName ?? 'the file'}: workshops, bookings, content, settings and admin users. Changes made since the backup are lost. This cannot be undone.`}
        confirmLabel={restore.isPending ? 'Restoring…' : 'Replace everything'}
        busy={restore.isPending}
        onConfirm={confirmRestore}
      />
    </div>
  );
}
