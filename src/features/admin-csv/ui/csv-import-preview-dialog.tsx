import { AlertTriangle } from 'lucide-react';
import { useId } from 'react';
import { DataTable, Td, Th } from '../../../client/components/ui/data-table';
import { Dialog, smallButtonClasses } from '../../../client/components/ui/dialog';
import { PREVIEW_ROW_COUNT, type CsvRowProblem } from '../csv-preview';

/** How many refused rows the dialog lists before it only counts the rest. */
const LISTED_PROBLEMS = 20;

export type CsvImportPreview = {
  fileName: string;
  header: string[];
  rows: Record<string, string>[];
  problems: CsvRowProblem[];
};

type Props = {
  /** 'discount codes' */
  label: string;
  preview: CsvImportPreview | null;
  busy: boolean;
  onImport: (rows: Record<string, string>[]) => void;
  onCancel: () => void;
};

const count = (n: number) => n.toLocaleString('en-US');
const rowsWord = (n: number) => `${count(n)} ${n === 1 ? 'row' : 'rows'}`;

/**
 * The step between choosing a file and writing it: how many rows the file holds, the
 * first few as a table that scrolls in its own frame, and the rows the import would refuse. Only
 * 'Import N rows' sends anything; the server takes the file all or nothing, so a file with refused
 * rows cannot be sent until it is fixed.
 */
export function CsvImportPreviewDialog({ label, preview, busy, onImport, onCancel }: Props) {
  const problemsId = useId();
  const total = preview?.rows.length ?? 0;
  const problems = preview?.problems ?? [];
  const blocked = problems.length > 0;

  return (
    <Dialog
      open={preview !== null}
      onOpenChange={(open) => {
        if (!open && !busy) onCancel();
      }}
      size="lg"
      title={`Import ${label}`}
      description={preview ? `${preview.fileName} holds ${rowsWord(total)}. Check them before they are written.` : undefined}
      footer={
        <>
          <button type="button" className={smallButtonClasses('secondary')} onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button
            type="button"
            className={smallButtonClasses('primary')}
            disabled={busy || blocked || total === 0}
            aria-describedby={blocked ? problemsId : undefined}
            onClick={() => preview && onImport(preview.rows)}
          >
            {busy ? 'Importing…' : `Import ${rowsWord(total)}`}
          </button>
        </>
      }
    >
      {preview ? (
        <div className="space-y-4">
          <section aria-label="First rows of the file">
            <p className="mb-2 text-sm font-bold">
              {total > PREVIEW_ROW_COUNT ? `The first ${PREVIEW_ROW_COUNT} of ${rowsWord(total)}` : `All ${rowsWord(total)}`}
            </p>
            <DataTable label={`Preview of ${preview.fileName}`}>
              <thead>
                <tr>
                  <Th>Row</Th>
                  {preview.header.map((name) => (
                    <Th key={name}>{name}</Th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {preview.rows.slice(0, PREVIEW_ROW_COUNT).map((row, index) => (
                  <tr key={index}>
                    <Td className="text-ink-soft">{index + 1}</Td>
                    {preview.header.map((name) => (
                      <Td key={name} className="max-w-64 truncate">
                        {row[name]}
                      </Td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </DataTable>
          </section>
          {blocked ? (
            <section id={problemsId} role="alert" aria-label="Rows that cannot be imported" className="rounded-brutal border-2 border-danger bg-danger-soft px-4 py-3">
              <p className="flex items-center gap-2 font-bold">
                <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
                {rowsWord(problems.length)} cannot be imported. Fix {problems.length === 1 ? 'it' : 'them'} in the file and choose it again: nothing is imported until every row is right.
              </p>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
                {problems.slice(0, LISTED_PROBLEMS).map((problem) => (
                  <li key={problem.row}>{problem.message}</li>
                ))}
              </ul>
              {problems.length > LISTED_PROBLEMS ? <p className="mt-1 text-sm">…and {rowsWord(problems.length - LISTED_PROBLEMS)} more.</p> : null}
            </section>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}
