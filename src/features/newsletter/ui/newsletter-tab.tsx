import { Download, PenLine, Search, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { formatShortDate } from '../../../common/dates';
import { Badge, type BadgeTone } from '../../../client/components/ui/badge';
import { cx } from '../../../client/components/ui/cx';
import { DataTable, EmptyState, ErrorState, Pagination, TableSkeleton, Td, Th, usePagination } from '../../../client/components/ui/data-table';
import { ConfirmDialog, smallButtonClasses } from '../../../client/components/ui/dialog';
import { controlClasses } from '../../../client/components/ui/form';
import { failureToast, toast } from '../../../client/components/ui/toast-store';
import type { Subscriber, SubscriberSource } from '../newsletter.schema';
import { useDeleteNewsletterSubscriber } from './api/delete-newsletter-subscriber';
import { NEWSLETTER_SUBSCRIBERS_CSV_URL, useNewsletterSubscribers } from './api/get-newsletter-subscribers';
import { WriteNewsletterDialog } from './components/write-newsletter-dialog';

const sourceLabels: Record<SubscriberSource, { label: string; tone: BadgeTone }> = {
  booking: { label: 'Booking', tone: 'accent' },
  contact: { label: 'Contact', tone: 'secondary' },
  admin: { label: 'Admin', tone: 'paper' },
  import: { label: 'Import', tone: 'paper' },
};

function SubscriberRow({ subscriber, onDelete }: { subscriber: Subscriber; onDelete: (subscriber: Subscriber) => void }) {
  const source = sourceLabels[subscriber.source];
  return (
    <tr>
      <Td className="break-all">{subscriber.email}</Td>
      <Td>
        <Badge tone={source.tone}>{source.label}</Badge>
      </Td>
      <Td className="whitespace-nowrap">
        <time dateTime={subscriber.createdAt}>{formatShortDate(subscriber.createdAt)}</time>
      </Td>
      <Td className="whitespace-nowrap">
        {subscriber.unsubscribedAt ? (
          <>
            <Badge tone="ink">Unsubscribed</Badge>
            <time dateTime={subscriber.unsubscribedAt} className="ml-2 text-sm text-ink-soft">
              {formatShortDate(subscriber.unsubscribedAt)}
            </time>
          </>
        ) : (
          <Badge tone="success">Active</Badge>
        )}
      </Td>
      <Td>
        <button type="button" className={smallButtonClasses('ghost')} aria-label={`Delete ${subscriber.email}`} onClick={() => onDelete(subscriber)}>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete
        </button>
      </Td>
    </tr>
  );
}

/**
 * The Newsletter tab (issue 6): who is on the list (from the booking form's checkbox and the
 * contact form), who left it, a CSV of it, and writing a newsletter that the outbox sends at a
 * pace the mail server accepts.
 */
export default function NewsletterTab() {
  const subscribersQuery = useNewsletterSubscribers();
  const removal = useDeleteNewsletterSubscriber();
  const [search, setSearch] = useState('');
  const [toDelete, setToDelete] = useState<Subscriber | null>(null);
  const [writing, setWriting] = useState(false);

  const subscribers = useMemo(() => subscribersQuery.data ?? [], [subscribersQuery.data]);
  const activeCount = subscribers.filter((subscriber) => !subscriber.unsubscribedAt).length;
  const unsubscribedCount = subscribers.length - activeCount;
  const filtered = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return needle ? subscribers.filter((subscriber) => subscriber.email.toLowerCase().includes(needle) || subscriber.source.includes(needle)) : subscribers;
  }, [subscribers, search]);
  const pagination = usePagination(filtered);

  const confirmDelete = () => {
    if (!toDelete) return;
    const subscriber = toDelete;
    removal.mutate(subscriber.id, {
      onSuccess: () => {
        toast({ title: 'Subscriber Deleted', description: `${subscriber.email} was removed from the list.` });
        setToDelete(null);
      },
      onError: (error) => {
        failureToast('Failed to delete subscriber', error);
        setToDelete(null);
      },
    });
  };

  let content;
  if (subscribersQuery.isPending) {
    content = (
      <div aria-busy="true" aria-label="Loading subscribers">
        <TableSkeleton />
      </div>
    );
  } else if (subscribersQuery.isError) {
    content = <ErrorState message="Failed to load newsletter subscribers." onRetry={() => void subscribersQuery.refetch()} />;
  } else if (subscribers.length === 0) {
    content = (
      <EmptyState title="No subscribers yet">
        Visitors join when they tick the newsletter box while booking or sending a contact message.
      </EmptyState>
    );
  } else if (filtered.length === 0) {
    content = <EmptyState title="No subscribers match your search" />;
  } else {
    content = (
      <>
        <DataTable label="Newsletter subscribers" actions>
          <thead>
            <tr>
              <Th>Email</Th>
              <Th>Source</Th>
              <Th>Subscribed</Th>
              <Th>Status</Th>
              <Th>Actions</Th>
            </tr>
          </thead>
          <tbody>
            {pagination.pageRows.map((subscriber) => (
              <SubscriberRow key={subscriber.id} subscriber={subscriber} onDelete={setToDelete} />
            ))}
          </tbody>
        </DataTable>
        <Pagination {...pagination} noun="subscribers" />
      </>
    );
  }

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <button type="button" className={smallButtonClasses('primary')} onClick={() => setWriting(true)} disabled={!subscribersQuery.isSuccess}>
          <PenLine aria-hidden="true" className="size-4" />
          Write Newsletter
        </button>
        <a href={NEWSLETTER_SUBSCRIBERS_CSV_URL} download className={smallButtonClasses('secondary')} aria-label="Download CSV of newsletter subscribers">
          <Download aria-hidden="true" className="size-4" />
          Download CSV
        </a>
        <div className="relative min-w-0 flex-1 basis-64">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-soft" />
          <input
            type="search"
            aria-label="Search subscribers"
            placeholder="Search by e-mail"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className={cx(controlClasses, 'pl-9')}
          />
        </div>
      </div>

      {subscribersQuery.isSuccess ? (
        <p className="mb-4 text-sm" aria-live="polite">
          <strong>{activeCount.toLocaleString('en-US')}</strong> active · <strong>{unsubscribedCount.toLocaleString('en-US')}</strong> unsubscribed
        </p>
      ) : null}

      {content}

      <WriteNewsletterDialog open={writing} onOpenChange={setWriting} activeCount={activeCount} />

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title={toDelete ? `Delete ${toDelete.email}?` : 'Delete subscriber?'}
        description="The address is removed from the list. To keep it from being added again by a later booking, let the person unsubscribe instead."
        confirmLabel={removal.isPending ? 'Deleting…' : 'Delete'}
        busy={removal.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
