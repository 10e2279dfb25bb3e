import { useState, type ReactNode } from 'react';
import { cx } from './cx';
import { smallButtonClasses } from './dialog';
import { LoadingRegion, Skeleton } from './skeleton';

/**
 * Admin tables (DESIGN: dense, readable, sticky headers). The frame scrolls sideways on a phone
 * rather than squeezing columns; long lists are paged so a table of 5,000 bookings renders only
 * one page of rows.
 */

export const PAGE_SIZE = 50;

// From tablet width up the last column (the row's actions) stays pinned to the frame's right edge
// while the rest scrolls under it, so Edit and Delete are in view without scrolling sideways. On a
// phone a row's buttons would cover the whole frame, so there the table scrolls in its frame.
const PINNED_ACTIONS =
  'sm:[&_tr>:last-child]:sticky sm:[&_tr>:last-child]:right-0 sm:[&_td:last-child]:bg-white sm:[&_tr>:last-child]:shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.35)] sm:[&_th:last-child]:z-20';

export function DataTable({ label, children, className, actions = false }: { label: string; children: ReactNode; className?: string; actions?: boolean }) {
  return (
    // tabIndex lets keyboard users scroll the frame sideways; the label names the region.
    // `relative` makes the frame the containing block of visually hidden (absolute) labels in its
    // cells, so they are clipped with the table instead of widening the page on a phone.
    <div role="region" aria-label={label} tabIndex={0} className={cx('relative max-h-[70vh] max-w-full overflow-auto rounded-brutal border-2 border-ink bg-white', className)}>
      <table className={cx('w-full min-w-max border-collapse text-left text-sm', actions && PINNED_ACTIONS)}>{children}</table>
    </div>
  );
}

export function Th({ children, className }: { children?: ReactNode; className?: string }) {
  return (
    <th scope="col" className={cx('sticky top-0 z-10 border-b-2 border-ink bg-paper-deep px-3 py-2.5 font-extrabold whitespace-nowrap', className)}>
      {children}
    </th>
  );
}

export function Td({ children, className }: { children?: ReactNode; className?: string }) {
  return <td className={cx('border-b border-paper-deep px-3 py-2 align-middle', className)}>{children}</td>;
}

/** A paged view of `rows`; the page resets when the list shrinks below it. */
export function usePagination<T>(rows: readonly T[], pageSize = PAGE_SIZE) {
  const [page, setPage] = useState(0);
  const pageCount = Math.max(1, Math.ceil(rows.length / pageSize));
  const current = Math.min(page, pageCount - 1);
  return {
    page: current,
    pageCount,
    setPage,
    pageRows: rows.slice(current * pageSize, current * pageSize + pageSize),
    firstIndex: current * pageSize,
    total: rows.length,
    pageSize,
  };
}

type PaginationProps = { page: number; pageCount: number; setPage: (page: number) => void; total: number; pageSize: number; noun: string };

/** 'Showing 51–100 of 5,000 bookings' with Previous / Next; hidden when one page holds everything. */
export function Pagination({ page, pageCount, setPage, total, pageSize, noun }: PaginationProps) {
  if (pageCount <= 1) return null;
  const from = page * pageSize + 1;
  const to = Math.min(total, from + pageSize - 1);
  const button = smallButtonClasses('secondary');
  return (
    <nav aria-label={`${noun} pages`} className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p aria-live="polite">
        Showing {from.toLocaleString('en-US')}–{to.toLocaleString('en-US')} of {total.toLocaleString('en-US')} {noun}
      </p>
      <div className="flex gap-2">
        <button type="button" className={button} disabled={page === 0} onClick={() => setPage(page - 1)}>
          Previous
        </button>
        <span className="inline-flex min-h-11 items-center px-2">
          Page {page + 1} of {pageCount}
        </span>
        <button type="button" className={button} disabled={page >= pageCount - 1} onClick={() => setPage(page + 1)}>
          Next
        </button>
      </div>
    </nav>
  );
}

/** A header cell: its text, or `{ hidden }` for a header only screen readers need ('Actions' over icons). */
export type HeaderCell = string | { hidden: string };

/** A table's header row from its headers, in order. */
export function TableHead({ headers }: { headers: readonly HeaderCell[] }) {
  return (
    <thead>
      <tr>
        {headers.map((header) =>
          typeof header === 'string' ? (
            <Th key={header}>{header}</Th>
          ) : (
            <Th key={header.hidden}>
              <span className="sr-only">{header.hidden}</span>
            </Th>
          ),
        )}
      </tr>
    </thead>
  );
}

type ListStatesProps = {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  /** What the skeleton says while the list loads ('Loading the outbox'); without it the skeleton is only seen. */
  loadingLabel?: string;
  skeletonRows?: number;
  /** What shows while the list loads when it is not a table (cards): replaces the table's skeleton. */
  skeleton?: ReactNode;
  loadFailed: string;
  /** What to say instead of the list (it is empty, or nothing matches a search); null: show the list. */
  empty: { title: string; children?: ReactNode } | null;
  /** The list itself, once it has rows. */
  children: ReactNode;
};

/** A list read from the server: a skeleton while it loads, the failure with Try again, an empty state, or the list. */
export function ListStates({ query, loadingLabel, skeletonRows, skeleton: shape, loadFailed, empty, children }: ListStatesProps) {
  if (query.isPending) {
    const skeleton = shape ?? <TableSkeleton rows={skeletonRows} />;
    return loadingLabel ? <LoadingRegion label={loadingLabel}>{skeleton}</LoadingRegion> : skeleton;
  }
  if (query.isError) return <ErrorState message={loadFailed} onRetry={() => void query.refetch()} />;
  if (empty) return <EmptyState title={empty.title}>{empty.children}</EmptyState>;
  return <>{children}</>;
}

/** Loading state shaped like a table. */
export function TableSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div className="space-y-2" aria-hidden="true">
      <Skeleton className="h-10 w-full" />
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-9 w-full" />
      ))}
    </div>
  );
}

/** What an empty list means and what to do next. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-brutal border-2 border-dashed border-ink bg-white px-5 py-8 text-center">
      <p className="font-extrabold">{title}</p>
      {children ? <div className="mt-2 text-sm text-ink-soft">{children}</div> : null}
    </div>
  );
}

/** A failed read: what happened and a way to try again. */
export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="rounded-brutal border-2 border-danger bg-danger-soft px-5 py-4">
      <p className="font-bold">{message}</p>
      {onRetry ? (
        <button type="button" onClick={onRetry} className={smallButtonClasses('secondary', 'mt-3')}>
          Try again
        </button>
      ) : null}
    </div>
  );
}
