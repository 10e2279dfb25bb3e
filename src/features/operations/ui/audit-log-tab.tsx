import { RefreshCw } from 'lucide-react';
import { EmptyState, ErrorState } from '../../../client/components/ui/data-table';
import { smallButtonClasses } from '../../../client/components/ui/dialog';
import { LoadingRegion, Skeleton } from '../../../client/components/ui/skeleton';
import { resolveTimeZone, runtimeTimeZone, wallTime } from '../../../common/time-zones';
import type { AuditChangeDto, AuditEntryDto } from '../operations.schema';
import { useAuditLog } from './api/get-audit-log';

/**
 * The audit log as its own admin section: who did what, newest first, one sentence per entry as
 * the server words it (things named, not numbered), the fields an update changed beneath it, its
 * day and time on the admin's own clock, and older pages on request. The section's heading comes
 * from the admin layout.
 */
export default function AuditLogTab() {
  const audit = useAuditLog();
  const entries = audit.data?.pages.flat() ?? [];
  const zone = resolveTimeZone(runtimeTimeZone()) ?? 'UTC';

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
            <AuditEntryItem key={entry.id} entry={entry} zone={zone} />
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

function AuditEntryItem({ entry, zone }: { entry: AuditEntryDto; zone: string }) {
  const at = new Date(entry.createdAt);
  const when = Number.isNaN(at.getTime()) ? null : wallTime(at, zone);
  return (
    <li className="flex flex-col gap-1.5 px-4 py-3 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
      <div className="min-w-0">
        <p className="text-sm break-words">{entry.summary}</p>
        {entry.changes.length > 0 ? (
          <ul aria-label="What changed" className="mt-1.5 space-y-0.5 border-l-2 border-ink/20 pl-3 text-xs text-ink-soft">
            {entry.changes.map((change, index) => (
              <li key={index} className="break-words">
                <ChangeText change={change} />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <time dateTime={entry.createdAt} className="shrink-0 text-xs text-ink-soft sm:text-right">
        {when ? (
          <>
            {when.day}
            <span className="sm:hidden">, </span>
            <br className="hidden sm:inline" />
            {when.clock} {when.abbreviation}
          </>
        ) : (
          entry.createdAt
        )}
      </time>
    </li>
  );
}

/** 'Price: $499.00 → $549.00'; 'Code: now SPRING' when only the new value was kept; 'Privacy policy changed' when neither. */
function ChangeText({ change }: { change: AuditChangeDto }) {
  const label = <span className="font-bold text-ink">{change.label}</span>;
  if (change.from !== null && change.to !== null) {
    return (
      <>
        {label}: {change.from}
        <span aria-hidden="true"> → </span>
        <span className="sr-only"> to </span>
        {change.to}
      </>
    );
  }
  if (change.to !== null) {
    return (
      <>
        {label}: now {change.to}
      </>
    );
  }
  return <>{label} changed</>;
}
