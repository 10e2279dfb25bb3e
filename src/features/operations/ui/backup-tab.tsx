import { Download, LoaderCircle, RotateCcw, Upload } from 'lucide-react';
import { useEffect, useRef, useState, type ChangeEvent, type RefObject } from 'react';
import { DataTable, ListStates, TableHead, Td } from '../../../client/components/ui/data-table';
import { ConfirmDialog, smallButtonClasses } from '../../../client/components/ui/dialog';
import { RefreshButton } from '../../../client/components/ui/refresh-button';
import { toast } from '../../../client/components/ui/toast-store';
import { refusalMessage } from '../../../client/lib/api-client';
import { formatInstant, runtimeTimeZone } from '../../../common/time-zones';
import type { BackupInspection } from '../operations.schema';
import { BACKUP_DOWNLOAD_URL, scheduledBackupUrl, useScheduledBackups } from './api/get-scheduled-backups';
import { inspectBackup } from './api/inspect-backup';
import { useRestoreBackup } from './api/restore-backup';
import { formatBytes, formatDateTime } from './components/ops-format';

/** Where a restore stands: nothing chosen, the server checking the file, the file refused, or what it holds. */
type FileCheck =
  | { step: 'none' }
  | { step: 'checking'; file: File }
  | { step: 'refused'; file: File; message: string }
  | { step: 'checked'; file: File; summary: BackupInspection };

/** What gets the focus once the screen has changed (after a dialog has handed it back, see below). */
type FocusTarget = 'summary' | 'chooser' | 'refusal' | null;

const CHECK_FAILED = 'The file could not be checked. Please try again; nothing was changed.';

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** 'Backup from Sat, November 28, 2026, 1:17 AM CET', on the admin's own clock ('a backup from …' with `noun`). */
function backupDateWords(createdAt: string | null, noun = 'Backup'): string {
  const date = createdAt === null ? null : new Date(createdAt);
  return date && !Number.isNaN(date.getTime()) ? `${noun} from ${formatInstant(date, runtimeTimeZone())}` : `${noun} with no date`;
}

function versionWords({ schemaVersion, serverSchemaVersion }: BackupInspection): string {
  return schemaVersion === serverSchemaVersion
    ? `Made by this version of the site (schema ${schemaVersion}).`
    : `Made by an earlier version of the site (schema ${schemaVersion}; this site is at ${serverSchemaVersion}).`;
}

/**
 * The Backup tab: download every table as one JSON file, restore from such a file (all or nothing),
 * and the daily backups the server keeps (the last 14). A chosen file is checked by the server
 * before anything is asked: a file that is no backup is refused on the spot, with the reason; a
 * backup shows what it holds, and only then comes the question whether to replace everything.
 * Downloads are plain links, so even a large file streams straight to disk.
 */
export default function BackupTab() {
  const scheduled = useScheduledBackups();
  const restore = useRestoreBackup();
  const fileInput = useRef<HTMLInputElement>(null);
  const chooser = useRef<HTMLButtonElement>(null);
  const summaryHeading = useRef<HTMLHeadingElement>(null);
  const refusal = useRef<HTMLDivElement>(null);
  const checking = useRef<AbortController | null>(null);
  const [check, setCheck] = useState<FileCheck>({ step: 'none' });
  const [asking, setAsking] = useState(false);
  const [focusTarget, setFocusTarget] = useState<FocusTarget>(null);

  // A check still on its way when the tab closes is not wanted any more.
  useEffect(() => () => checking.current?.abort(), []);

  // After the screen changed: on the next task, so that a closing dialog (which hands the focus
  // back to the button that opened it, once it is gone) does not take it away again.
  useEffect(() => {
    if (focusTarget === null) return;
    const timer = setTimeout(() => {
      const target = { summary: summaryHeading, chooser, refusal }[focusTarget].current;
      target?.focus();
      setFocusTarget(null);
    }, 0);
    return () => clearTimeout(timer);
  }, [focusTarget]);

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file can be chosen again after a refusal.
    event.target.value = '';
    if (!file) return;
    // A file chosen while another is checked replaces it: only the newest answer counts.
    checking.current?.abort();
    const controller = new AbortController();
    checking.current = controller;
    setAsking(false);
    setCheck({ step: 'checking', file });
    try {
      const summary = await inspectBackup(file, controller.signal);
      if (controller.signal.aborted) return;
      setCheck({ step: 'checked', file, summary });
      setFocusTarget('summary');
    } catch (error) {
      if (controller.signal.aborted) return;
      // The alert is read out where it appears; the focus stays on the button, ready for another file.
      setCheck({ step: 'refused', file, message: refusalMessage(error) ?? CHECK_FAILED });
    }
  };

  const dismiss = () => {
    checking.current?.abort();
    setCheck({ step: 'none' });
    setFocusTarget('chooser');
  };

  const confirmRestore = () => {
    if (check.step !== 'checked') return;
    const { file } = check;
    restore.mutate(file, {
      onSuccess: (result) => {
        const rows = Object.values(result.tables).reduce((sum, n) => sum + n, 0);
        toast({ title: 'Backup Restored', description: `${count(rows, 'row')} restored from ${file.name}.` });
        setAsking(false);
        setCheck({ step: 'none' });
        setFocusTarget('chooser');
      },
      onError: (error) => {
        // What the database itself refused (a broken reference) shows where the summary was.
        setAsking(false);
        setCheck({ step: 'refused', file, message: refusalMessage(error) ?? 'The restore failed. Please try again; nothing was changed.' });
        setFocusTarget('refusal');
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
      {/* Not named like the section around it: two regions of one name would be one too many. */}
      <DataTable label="Scheduled backup files">
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

  const checked = check.step === 'checked' ? check : null;

  // Spaced by margins of their own rather than the parent's: the status line is always there
  // (see below) and empty most of the time, and must not leave a gap then.
  return (
    <div>
      <div className="flex flex-wrap items-center gap-3">
        <a className={smallButtonClasses('primary')} href={BACKUP_DOWNLOAD_URL} download>
          <Download aria-hidden="true" className="size-4" />
          Download backup
        </a>
        <button ref={chooser} type="button" className={smallButtonClasses('secondary')} disabled={restore.isPending} onClick={() => fileInput.current?.click()}>
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

      <p className="mt-6 max-w-prose text-sm text-ink-soft">
        A backup is one JSON file with every table: workshops, bookings, payments, content, settings, admin users and the audit log. Keep it somewhere
        safe: it holds personal data. A file chosen to restore is checked first, and nothing changes until you confirm; restoring then replaces
        everything with the file's contents, all or nothing, and you stay signed in.
      </p>

      {/* Always there, so that screen readers hear the check start. */}
      <div role="status">
        {check.step === 'checking' ? (
          <p className="mt-6 flex items-center gap-2 text-sm font-bold">
            <LoaderCircle aria-hidden="true" className="size-5 shrink-0 motion-safe:animate-spin" />
            <span className="min-w-0 break-words">
              Checking the file… <span className="font-normal text-ink-soft">({check.file.name})</span>
            </span>
          </p>
        ) : null}
      </div>

      {/* Where the answer comes: busy while the server checks (not the status line, whose news a busy region would hold back). */}
      <div aria-busy={check.step === 'checking'}>
        {check.step === 'refused' ? (
          <div ref={refusal} role="alert" tabIndex={-1} className="mt-6 max-w-prose rounded-brutal border-2 border-danger bg-danger-soft px-4 py-3 text-sm outline-none">
            <p className="font-extrabold break-words">{check.file.name} cannot be restored</p>
            <p className="mt-1 break-words">{check.message}</p>
          </div>
        ) : null}

        {checked ? <BackupSummary checked={checked} headingRef={summaryHeading} busy={restore.isPending} onRestore={() => setAsking(true)} onCancel={dismiss} /> : null}
      </div>

      <section aria-labelledby="scheduled-backups-heading" className="mt-6 space-y-3">
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
        open={asking && checked !== null}
        onOpenChange={(open) => {
          if (!open && !restore.isPending) setAsking(false);
        }}
        title="Replace everything?"
        description={
          checked
            ? `Everything on this site will be replaced by ${checked.file.name} (${backupDateWords(checked.summary.createdAt, 'a backup')}, ${count(checked.summary.totals.rows, 'row')}): workshops, bookings, content, settings and admin users. Changes made since the backup are lost. This cannot be undone.`
            : ''
        }
        confirmLabel={restore.isPending ? 'Restoring…' : 'Replace everything'}
        busy={restore.isPending}
        onConfirm={confirmRestore}
      />
    </div>
  );
}

type SummaryProps = {
  checked: Extract<FileCheck, { step: 'checked' }>;
  headingRef: RefObject<HTMLHeadingElement | null>;
  busy: boolean;
  onRestore: () => void;
  onCancel: () => void;
};

/** What a checked backup holds: its date, its size in tables and rows, and the rows of each table that has any. */
function BackupSummary({ checked: { file, summary }, headingRef, busy, onRestore, onCancel }: SummaryProps) {
  return (
    <section aria-labelledby="backup-check-heading" className="mt-6 max-w-3xl space-y-4 rounded-brutal border-2 border-ink bg-white p-4 shadow-brutal-sm">
      <div className="space-y-1">
        <h3 id="backup-check-heading" ref={headingRef} tabIndex={-1} className="text-lg font-extrabold break-words outline-none">
          {backupDateWords(summary.createdAt)}
        </h3>
        <p className="text-sm font-bold">
          {count(summary.totals.tables, 'table')}, {count(summary.totals.rows, 'row')}
        </p>
        <p className="text-sm break-words text-ink-soft">
          {file.name} · {versionWords(summary)}
        </p>
      </div>

      {summary.tables.length > 0 ? (
        <div>
          <h4 className="text-sm font-extrabold">
            Rows per table
          </h4>
          <dl className="mt-2 grid gap-x-6 text-sm sm:grid-cols-2 lg:grid-cols-3">
            {summary.tables.map((table) => (
              <div key={table.name} className="flex items-baseline justify-between gap-3 border-b border-paper-deep py-1">
                <dt className="min-w-0 break-words">{table.label}</dt>
                <dd className="font-bold tabular-nums">{table.rows.toLocaleString('en-US')}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}

      <div className="flex flex-wrap gap-3">
        <button type="button" className={smallButtonClasses('danger')} disabled={busy} onClick={onRestore}>
          <RotateCcw aria-hidden="true" className="size-4" />
          Restore this backup
        </button>
        <button type="button" className={smallButtonClasses('secondary')} disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </section>
  );
}
