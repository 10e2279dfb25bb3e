import { Download, LoaderCircle, Upload } from 'lucide-react';
import { useRef, type ChangeEvent } from 'react';
import { smallButtonClasses } from '../../../client/components/ui/dialog';
import { toast } from '../../../client/components/ui/toast-store';
import { ApiError } from '../../../client/lib/api-client';
import { csvEntityLabels, csvExportUrl, csvImportNotes, type CsvEntity } from '../admin-csv.schema';
import { useImportCsv } from './api/import-csv';

/** Spec §8: the server's message, or 'Failed to import {entity}'. A file that is not CSV says so. */
function importFailure(error: unknown, entity: CsvEntity): string {
  if (error instanceof ApiError) return error.field('message') ?? `Failed to import ${entity}`;
  if (error instanceof Error && error.message) return error.message;
  return `Failed to import ${entity}`;
}

/**
 * 'Download CSV' and 'Import CSV' for one admin tab (spec §7). The download is a plain link (the
 * browser keeps the session cookie and saves the attachment); the import reads the file in the
 * browser and sends its rows, which the server takes all or nothing.
 */
export function CsvActions({ entity }: { entity: CsvEntity }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const importCsv = useImportCsv(entity);
  const label = csvEntityLabels[entity];
  const busy = importCsv.isPending;
  const note = csvImportNotes[entity];
  const noteId = `csv-import-note-${entity}`;

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Choosing the same file again (after fixing it) must fire another change.
    event.target.value = '';
    if (!file) return;
    importCsv.mutate(file, {
      onSuccess: (result) => toast({ title: 'Import Complete', description: `Imported ${result.imported.toLocaleString('en-US')} rows` }),
      onError: (error) => toast({ title: 'Import Failed', description: importFailure(error, entity), variant: 'destructive' }),
    });
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <a href={csvExportUrl(entity)} download className={smallButtonClasses('secondary')} aria-label={`Download CSV of ${label}`}>
        <Download aria-hidden="true" className="size-4" />
        Download CSV
      </a>
      <button
        type="button"
        className={smallButtonClasses('secondary')}
        onClick={() => fileInput.current?.click()}
        disabled={busy}
        aria-busy={busy}
        aria-label={`Import CSV for ${label}`}
        aria-describedby={note ? noteId : undefined}
      >
        {busy ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : <Upload aria-hidden="true" className="size-4" />}
        Import CSV
      </button>
      {note ? (
        <p id={noteId} className="basis-full text-xs text-ink-soft">
          {note}
        </p>
      ) : null}
      <span role="status" className="sr-only">
        {busy ? `Importing ${label}…` : ''}
      </span>
      <input
        ref={fileInput}
        type="file"
        accept=".csv,text/csv"
        hidden
        tabIndex={-1}
        aria-label={`CSV file of ${label} to import`}
        onChange={onFileChosen}
      />
    </div>
  );
}
