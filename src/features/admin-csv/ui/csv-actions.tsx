import { Download, LoaderCircle, Upload } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { smallButtonClasses } from '../../../client/components/ui/dialog';
import { toast } from '../../../client/components/ui/toast-store';
import { ApiError } from '../../../client/lib/api-client';
import { csvEntityLabels, csvExportUrl, csvImportNotes, type CsvEntity } from '../admin-csv.schema';
import { findCsvRowProblems } from '../csv-preview';
import { readCsvRows, useImportCsv } from './api/import-csv';
import { CsvImportPreviewDialog, type CsvImportPreview } from './csv-import-preview-dialog';

/** The server's message, or 'Failed to import {entity}'. A file that is not CSV says so. */
function importFailure(error: unknown, entity: CsvEntity): string {
  if (error instanceof ApiError) return error.field('message') ?? `Failed to import ${entity}`;
  if (error instanceof Error && error.message) return error.message;
  return `Failed to import ${entity}`;
}

const importFailedToast = (error: unknown, entity: CsvEntity) => toast({ title: 'Import Failed', description: importFailure(error, entity), variant: 'destructive' });

/**
 * 'Download CSV' and 'Import CSV' for one admin tab. The download is a plain link (the
 * browser keeps the session cookie and saves the attachment); the import reads the file in the
 * browser, shows what it holds and which rows would be refused, and sends the rows only when the
 * admin says so; the server takes them all or nothing.
 */
export function CsvActions({ entity }: { entity: CsvEntity }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const importCsv = useImportCsv(entity);
  const [reading, setReading] = useState(false);
  const [preview, setPreview] = useState<CsvImportPreview | null>(null);
  const label = csvEntityLabels[entity];
  const busy = reading || importCsv.isPending;
  const note = csvImportNotes[entity];
  const noteId = `csv-import-note-${entity}`;

  const onFileChosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Choosing the same file again (after fixing it) must fire another change.
    event.target.value = '';
    if (!file) return;
    setReading(true);
    try {
      const { header, rows } = await readCsvRows(entity, file);
      setPreview({ fileName: file.name, header, rows, problems: findCsvRowProblems(entity, rows) });
    } catch (error) {
      importFailedToast(error, entity);
    } finally {
      setReading(false);
    }
  };

  const importRows = (rows: Record<string, string>[]) =>
    importCsv.mutate(rows, {
      onSuccess: (result) => toast({ title: 'Import Complete', description: `Imported ${result.imported.toLocaleString('en-US')} rows` }),
      // Refused or not, the file has been dealt with: a fixed one is chosen again.
      onError: (error) => importFailedToast(error, entity),
      onSettled: () => setPreview(null),
    });

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
        {reading ? `Reading the ${label} file…` : importCsv.isPending ? `Importing ${label}…` : ''}
      </span>
      <input
        ref={fileInput}
        type="file"
        accept=".csv,text/csv"
        hidden
        tabIndex={-1}
        aria-label={`CSV file of ${label} to import`}
        onChange={(event) => void onFileChosen(event)}
      />
      <CsvImportPreviewDialog label={label} preview={preview} busy={importCsv.isPending} onImport={importRows} onCancel={() => setPreview(null)} />
    </div>
  );
}
