import { RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge, type BadgeTone } from '../../../client/components/ui/badge';
import { DataTable, ListStates, Pagination, TableHead, Td, usePagination } from '../../../client/components/ui/data-table';
import { smallButtonClasses } from '../../../client/components/ui/dialog';
import { RefreshButton } from '../../../client/components/ui/refresh-button';
import { FilterSelect } from '../../../client/components/ui/form';
import { failureToast, toast } from '../../../client/components/ui/toast-store';
import type { OutboxEntryDto } from '../../admin-bookings';
import { useOutbox } from './api/get-outbox';
import { useRetryEmail } from './api/retry-email';
import { formatDateTime } from './components/ops-format';

/**
 * The outbox panel, with a retry for failed e-mails. It starts with its own
 * toolbar row; the section around it gives the heading. The audit log is audit-log-tab.tsx.
 */

const STATUS_TONE: Record<OutboxEntryDto['status'], BadgeTone> = { pending: 'secondary', sent: 'success', failed: 'ink' };
const STATUS_FILTERS = ['all', 'pending', 'sent', 'failed'] as const;
type StatusFilter = (typeof STATUS_FILTERS)[number];
const FILTER_LABELS: Record<StatusFilter, string> = { all: 'All', pending: 'Pending', sent: 'Sent', failed: 'Failed' };

export function OutboxPanel() {
  const outbox = useOutbox();
  const retry = useRetryEmail();
  const [filter, setFilter] = useState<StatusFilter>('all');
  const filterId = useId();
  const emails = (outbox.data ?? []).filter((email) => filter === 'all' || email.status === filter);
  const pagination = usePagination(emails);
  const failedCount = (outbox.data ?? []).filter((email) => email.status === 'failed').length;

  const retryEmail = (email: OutboxEntryDto) =>
    retry.mutate(email.id, {
      onSuccess: () => toast({ title: 'E-mail Queued Again', description: `The e-mail to ${email.to} will be sent again shortly.` }),
      onError: (error) => failureToast('Failed to retry e-mail', error),
    });

  const content = (
    <ListStates
      query={outbox}
      loadingLabel="Loading the outbox"
      skeletonRows={3}
      loadFailed="Failed to load the outbox."
      empty={
        emails.length === 0 ? { title: filter === 'all' ? 'No e-mails yet' : `No ${FILTER_LABELS[filter].toLowerCase()} e-mails`, children: 'E-mails the site sends are listed here.' } : null
      }
    >
      <DataTable label="Outbox e-mails" actions>
        <TableHead headers={['To', 'Subject', 'Status', 'Attempts', 'Last error', 'Queued', 'Actions']} />
        <tbody>
          {pagination.pageRows.map((email) => (
            <tr key={email.id}>
              <Td className="whitespace-nowrap">{email.to}</Td>
              <Td className="max-w-72 truncate">
                <span title={email.subject}>{email.subject}</span>
                {/* A copy of a message to a date's people: which one, so its delivery can be followed here too. */}
                {email.dateMessage ? (
                  <span className="block truncate text-xs text-ink-soft" title={email.dateMessage.subject}>
                    Message to {email.dateMessage.workshopTitle ?? 'a workshop date'}: {email.dateMessage.subject}
                  </span>
                ) : null}
              </Td>
              <Td>
                <Badge tone={STATUS_TONE[email.status]}>{email.status}</Badge>
              </Td>
              <Td className="tabular-nums">{email.attempts}</Td>
              <Td className="max-w-80 text-ink-soft">
                {email.lastError ? (
                  <span className="line-clamp-2 break-words" title={email.lastError}>
                    {email.lastError}
                  </span>
                ) : (
                  '—'
                )}
              </Td>
              <Td className="whitespace-nowrap">
                <time dateTime={email.createdAt}>{formatDateTime(email.createdAt)}</time>
              </Td>
              <Td>
                {email.status === 'failed' ? (
                  <button
                    type="button"
                    className={smallButtonClasses('secondary')}
                    aria-label={`Retry the e-mail to ${email.to}`}
                    disabled={retry.isPending && retry.variables === email.id}
                    onClick={() => retryEmail(email)}
                  >
                    <RotateCcw aria-hidden="true" className="size-4" />
                    Retry
                  </button>
                ) : null}
              </Td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      <Pagination {...pagination} noun="e-mails" />
    </ListStates>
  );

  return (
    <div>
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <FilterSelect
          id={filterId}
          label="Status"
          className="w-48"
          value={filter}
          options={STATUS_FILTERS.map((status) => ({ value: status, label: status === 'failed' && failedCount > 0 ? `${FILTER_LABELS[status]} (${failedCount})` : FILTER_LABELS[status] }))}
          onChange={(value) => setFilter(value as StatusFilter)}
        />
        <RefreshButton refreshing={outbox.isFetching} onRefresh={() => void outbox.refetch()} />
      </div>
      {content}
    </div>
  );
}
