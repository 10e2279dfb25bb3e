import { RefreshCw } from 'lucide-react';
import { EmptyState, ErrorState } from '../../../client/components/ui/data-table';
import { smallButtonClasses } from '../../../client/components/ui/dialog';
import { LoadingRegion, Skeleton } from '../../../client/components/ui/skeleton';
import { auditEntryText, auditTimeText } from '../audit-entry-text';
import { useAuditLog } from './api/get-audit-log';
import { formatDateTime } from './components/ops-format';

/**
 * The audit log as its own admin section (issue 17): who did what, newest first, one readable
 * sentence per entry with its time, and older pages on request. The section's heading comes from
 * the admin layout.
 */
export default function AuditLogTab() {
  const audit = useAuditLog();
  const entries = audit.data?.pages.flat() ?? [];
  const now = new Date();

  let content;
  if (audit.isPending) {
    content = (
      <LoadingRegion label="Loading the audit log" className="space-y-2">
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} className="h-12" />
        ))}
      </LoadingRegion>
    );
  } else if (audit.isError && entries.length === 0) {
    content = <ErrorState message="Failed to load the audit log." onRetry={() => void audit.refetch()} />;
  } else if (entries.length === 0) {
    content = <EmptyState title="Nothing recorded yet">Sign-ins and changes made in the admin area are listed here as they happen.</EmptyState>;
  } else {
    content = (
      <>
        <ol aria-label="Audit log entries" className="divide-y-2 divide-ink/10 rounded-brutal border-2 border-ink bg-white">
          {entries.map((entry) => (
            <li key={entry.id} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
              <span className="text-sm break-words">{auditEntryText(entry)}</span>
              <time dateTime={entry.createdAt} title={formatDateTime(entry.createdAt)} className="shrink-0 text-xs text-ink-soft">
                {auditTimeText(entry.createdAt, now)}
              </time>
            </li>
          ))}
        </ol>
        {audit.hasNextPage ? (
          <div className="mt-3 flex justify-center">
            <button type="button" className={smallButtonClasses('secondary')} disabled={audit.isFetchingNextPage} onClick={() => void audit.fetchNextPage()}>
              {audit.isFetchingNextPage ? 'Loading…' : 'Load older'}
            </button>
          </div>
        ) : (
          <p className="mt-3 text-center text-xs text-ink-soft">That is the oldest entry.</p>
        )}
        {audit.isError ? (
          // Entries already shown stay; only the page that failed is asked for again.
          <div className="mt-3">
            <ErrorState
              message={audit.isFetchNextPageError ? 'Failed to load older entries.' : 'Failed to refresh the audit log.'}
              onRetry={() => void (audit.isFetchNextPageError ? audit.fetchNextPage() : audit.refetch())}
            />
          </div>
        ) : null}
      </>
    );
  }

  return (
    <div>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-ink-soft">Who did what in the admin area, newest first.</p>
        <button type="button" className={smallButtonClasses('secondary')} disabled={audit.isFetching} onClick={() => void audit.refetch()}>
          <RefreshCw aria-hidden="true" className={audit.isFetching && !audit.isFetchingNextPage ? 'size-4 motion-safe:animate-spin' : 'size-4'} />
          Refresh
        </button>
      </div>
      {content}
    </div>
  );
}
