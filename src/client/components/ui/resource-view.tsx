import type { UseQueryResult } from '@tanstack/react-query';
import { ImageIcon, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { DataTable, ListStates, Pagination, TableHead, Td, usePagination } from './data-table';
import type { ResourceNames } from '../../lib/admin-resource';
import { cx } from './cx';
import { ConfirmDialog, smallButtonClasses, type SmallButtonTone } from './dialog';

/**
 * The admin's one way of showing a resource: its loading, error and empty states, then a paged
 * table whose last column holds the row's actions. A tab gives its columns and what is special.
 */

export type Column<Row> = {
  /** The header's text (also the React key); `hidden` keeps it for screen readers only. */
  header: string;
  hidden?: boolean;
  /** `index`: the row's place in the whole list shown (not in its page). */
  cell: (row: Row, index: number) => ReactNode;
  className?: string;
};

type ResourceTableProps<Row extends { id: number }> = {
  /**
   * The list and the resource's names: the table is called '{Many}', the pager counts '{many}',
   * a failed read says 'Failed to load {many}.' and an empty list 'No {many} yet', unless said
   * otherwise below.
   */
  resource: { list: Pick<UseQueryResult<Row[]>, 'data' | 'isPending' | 'isError' | 'refetch'>; names: ResourceNames };
  /** The rows shown when the tab filters or orders the list (default: the query's data). */
  rows?: readonly Row[];
  /**
   * How the list starts: the add button above the table, and what an empty list says about it
   * ('{lead} **{add}**; {hint}': 'Add one with **Add Testimonial**; published … landing page.').
   */
  start?: { add: string; onAdd: () => void; lead: string; hint: ReactNode };
  /** What else the row above the table offers (a filter, CSV buttons). */
  tools?: ReactNode;
  label?: string;
  noun?: string;
  loadFailed?: string;
  empty?: { title?: string; children?: ReactNode };
  /** What to say when a search or filter leaves no row of a non-empty list. */
  noMatch?: string;
  columns: readonly Column<Row>[];
  rowActions?: (row: Row, index: number) => ReactNode;
  /** The last column's header (the specification calls the messages' one 'Action'). */
  actionsHeader?: string;
  /** A row's own look (an unread message stands out). */
  rowClassName?: (row: Row) => string | undefined;
};

export function ResourceTable<Row extends { id: number }>({ resource, rows = resource.list.data, loadFailed, empty = {}, noMatch, start, tools, ...given }: ResourceTableProps<Row>) {
  const { list: query, names } = resource;
  const many = names.many.toLowerCase();
  const table = { ...given, label: given.label ?? names.many, noun: given.noun ?? many };
  let shownInstead: { title: string; children?: ReactNode } | null = null;
  if (rows?.length === 0) {
    shownInstead =
      noMatch && query.data && query.data.length > 0
        ? { title: noMatch }
        : { title: empty.title ?? `No ${many} yet`, children: empty.children ?? (start ? <StartHint {...start} /> : undefined) };
  }
  return (
    <>
      {start || tools ? <ResourceToolbar add={start ? { label: start.add, onClick: start.onAdd } : undefined}>{tools}</ResourceToolbar> : null}
      <ListStates
        query={{ isPending: query.isPending, isError: query.isError || !rows, refetch: query.refetch }}
        loadingLabel={`Loading ${table.noun}`}
        loadFailed={loadFailed ?? `Failed to load ${many}.`}
        empty={shownInstead}
      >
        {rows ? <ResourceRows rows={rows} {...table} /> : null}
      </ListStates>
    </>
  );
}

function ResourceRows<Row extends { id: number }>({
  rows,
  label,
  noun,
  columns,
  rowActions,
  actionsHeader = 'Actions',
  rowClassName,
}: Pick<ResourceTableProps<Row>, 'columns' | 'rowActions' | 'actionsHeader' | 'rowClassName'> & { rows: readonly Row[]; label: string; noun: string }) {
  const pagination = usePagination(rows);
  return (
    <>
      <DataTable label={label} actions={rowActions !== undefined}>
        <TableHead headers={[...columns.map((column) => (column.hidden ? { hidden: column.header } : column.header)), ...(rowActions ? [actionsHeader] : [])]} />
        <tbody>
          {pagination.pageRows.map((row, onPage) => (
            <tr key={row.id} className={rowClassName?.(row)}>
              {columns.map((column) => (
                <Td key={column.header} className={column.className}>
                  {column.cell(row, pagination.firstIndex + onPage)}
                </Td>
              ))}
              {rowActions ? <Td>{rowActions(row, pagination.firstIndex + onPage)}</Td> : null}
            </tr>
          ))}
        </tbody>
      </DataTable>
      <Pagination {...pagination} noun={noun} />
    </>
  );
}

/** The row above a table: the add button (the one primary action), then what else the tab offers. */
export function ResourceToolbar({ add, icon = <Plus aria-hidden="true" className="size-4" />, children }: { add?: { label: string; onClick: () => void }; icon?: ReactNode; children?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
      {add ? (
        <button type="button" className={smallButtonClasses('primary')} onClick={add.onClick}>
          {icon}
          {add.label}
        </button>
      ) : null}
      {children}
    </div>
  );
}

/** A row's button: its icon and word, and a name that says which row ('Archive Q3 plan'); ghost unless said. */
export function RowButton({
  label,
  icon,
  word,
  onClick,
  tone = 'ghost',
  disabled,
}: {
  label: string;
  icon: ReactNode;
  word: string;
  onClick: () => void;
  tone?: SmallButtonTone;
  disabled?: boolean;
}) {
  return (
    <button type="button" className={smallButtonClasses(tone)} aria-label={label} disabled={disabled} onClick={onClick}>
      {icon}
      {word}
    </button>
  );
}

/** Edit for one row; the name says which row ('Edit booking_confirmation'). */
export function EditAction({ label, onEdit }: { label: string; onEdit: () => void }) {
  return <RowButton label={label} icon={<Pencil aria-hidden="true" className="size-4" />} word="Edit" onClick={onEdit} />;
}

/** Delete for one row; the name says which row ('Delete ana@example.com'). */
export function DeleteAction({ label, onDelete }: { label: string; onDelete: () => void }) {
  return <RowButton label={label} icon={<Trash2 aria-hidden="true" className="size-4" />} word="Delete" onClick={onDelete} />;
}

/** What row actions ask of a tab's editor (useResourceEditor): open the form on a row, ask to delete it. */
export type RowEditor<Row> = { openEdit: (row: Row) => void; deletion: { ask: (row: Row) => void } };

/**
 * Edit and Delete for one row, after what else the tab offers there; `name` says which row
 * ('Edit Spring Sale', 'Delete testimonial from Grace Hopper').
 */
export function EditDeleteActions<Row>({ row, name, editor, children }: { row: Row; name: string; editor: RowEditor<Row>; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-1.5">
      {children}
      <EditAction label={`Edit ${name}`} onEdit={() => editor.openEdit(row)} />
      <DeleteAction label={`Delete ${name}`} onDelete={() => editor.deletion.ask(row)} />
    </div>
  );
}

/** What an empty list says about starting it: 'Add one with **Add Testimonial**; published … appear on the landing page.' */
export function StartHint({ lead, add, hint }: { lead: string; add: string; hint: ReactNode }) {
  return (
    <>
      {lead} <strong>{add}</strong>; {hint}
    </>
  );
}

type Deletion<Row> = { row: Row | null; cancel: () => void; confirm: () => void; busy: boolean };

/** "Delete …?" for the row a Delete button asked about; the texts name the row and what follows. */
export function DeleteConfirmation<Row>({
  deletion,
  title,
  description,
  verb = { label: 'Delete', busy: 'Deleting…' },
}: {
  deletion: Deletion<Row>;
  title: (row: Row) => string;
  description: string | ((row: Row) => string);
  /** The confirm button's word and its busy form, when Delete is not the word ('Remove'), also per row. */
  verb?: { label: string; busy: string } | ((row: Row) => { label: string; busy: string });
}) {
  const { row } = deletion;
  const words = typeof verb === 'function' ? (row ? verb(row) : { label: 'Delete', busy: 'Deleting…' }) : verb;
  return (
    <ConfirmDialog
      open={row !== null}
      onOpenChange={(open) => {
        if (!open) deletion.cancel();
      }}
      title={row ? title(row) : ''}
      description={row ? (typeof description === 'string' ? description : description(row)) : ''}
      confirmLabel={deletion.busy ? words.busy : words.label}
      busy={deletion.busy}
      onConfirm={deletion.confirm}
    />
  );
}

const imageCellShapes = {
  round: { size: 40, box: 'size-10 rounded-full' },
  wide: { size: 64, box: 'h-10 w-16 rounded-brutal' },
} as const;

/** A row's small picture (a photo, an announcement's image); an empty box when there is none or it does not load. */
export function ImageCell({ src, alt, shape }: { src: string | null | undefined; alt: string; shape: keyof typeof imageCellShapes }) {
  const [broken, setBroken] = useState(false);
  const { size, box } = imageCellShapes[shape];
  if (!src || broken) {
    return (
      <span className={cx('flex items-center justify-center border-2 border-ink bg-paper-deep', box)} aria-hidden="true">
        <ImageIcon className="size-4 text-ink-soft" />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      width={size}
      height={40}
      loading="lazy"
      onError={() => setBroken(true)}
      className={cx('border-2 border-ink object-cover', box)}
    />
  );
}
