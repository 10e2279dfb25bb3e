import { Download, PenLine, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { formatShortDate } from '../../../common/dates';
import { Badge, type BadgeTone } from '../../../client/components/ui/badge';
import { cx } from '../../../client/components/ui/cx';
import { smallButtonClasses } from '../../../client/components/ui/dialog';
import { controlClasses } from '../../../client/components/ui/form';
import { DeleteAction, DeleteConfirmation, ResourceTable, type Column } from '../../../client/components/ui/resource-view';
import { useAdminResource, useResourceEditor, type AdminResource, namedTexts } from '../../../client/lib/admin-resource';
import { subscriberSchema, type Subscriber, type SubscriberSource } from '../newsletter.schema';
import { WriteNewsletterDialog } from './components/write-newsletter-dialog';

/** Loaded when the Newsletter tab first opens; fresh on entry and after changes. */
const subscribersResource: AdminResource<Subscriber> = {
  path: '/api/admin/newsletter-subscribers',
  names: { one: 'Subscriber', many: 'Subscribers' },
  rowSchema: subscriberSchema,
};

/** The CSV download is a plain link: the browser keeps the session cookie and saves the file. */
const SUBSCRIBERS_CSV_URL = '/api/admin/newsletter-subscribers.csv';

const sourceLabels: Record<SubscriberSource, { label: string; tone: BadgeTone }> = {
  booking: { label: 'Booking', tone: 'accent' },
  contact: { label: 'Contact', tone: 'secondary' },
  admin: { label: 'Admin', tone: 'paper' },
  import: { label: 'Import', tone: 'paper' },
};

// Subscribers join from the public forms; the admin only removes them.
const TEXTS = namedTexts<Subscriber>(subscribersResource.names, {
  created: (subscriber) => subscriber.email,
  updated: (subscriber) => subscriber.email,
  deleted: (subscriber) => `${subscriber.email} was removed from the list.`,
});

const columns: Column<Subscriber>[] = [
  { header: 'Email', className: 'break-all', cell: (subscriber) => subscriber.email },
  {
    header: 'Source',
    cell: (subscriber) => <Badge tone={sourceLabels[subscriber.source].tone}>{sourceLabels[subscriber.source].label}</Badge>,
  },
  {
    header: 'Subscribed',
    className: 'whitespace-nowrap',
    cell: (subscriber) => <time dateTime={subscriber.createdAt}>{formatShortDate(subscriber.createdAt)}</time>,
  },
  {
    header: 'Status',
    className: 'whitespace-nowrap',
    cell: (subscriber) =>
      subscriber.unsubscribedAt ? (
        <>
          <Badge tone="ink">Unsubscribed</Badge>
          <time dateTime={subscriber.unsubscribedAt} className="ml-2 text-sm text-ink-soft">
            {formatShortDate(subscriber.unsubscribedAt)}
          </time>
        </>
      ) : (
        <Badge tone="success">Active</Badge>
      ),
  },
];

/**
 * The Newsletter tab: who is on the list (from the booking form's checkbox and the
 * contact form), who left it, a CSV of it, and writing a newsletter that the outbox sends at a
 * pace the mail server accepts.
 */
export default function NewsletterTab() {
  const resource = useAdminResource<Subscriber, never>(subscribersResource);
  const editor = useResourceEditor(resource, TEXTS);
  const subscribersQuery = resource.list;
  const [search, setSearch] = useState('');
  const [writing, setWriting] = useState(false);

  const subscribers = useMemo(() => subscribersQuery.data ?? [], [subscribersQuery.data]);
  const activeCount = subscribers.filter((subscriber) => !subscriber.unsubscribedAt).length;
  const unsubscribedCount = subscribers.length - activeCount;
  const filtered = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return needle ? subscribers.filter((subscriber) => subscriber.email.toLowerCase().includes(needle) || subscriber.source.includes(needle)) : subscribers;
  }, [subscribers, search]);

  const content = (
    <ResourceTable
      resource={resource}
      rows={filtered}
      label="Newsletter subscribers"
      loadFailed="Failed to load newsletter subscribers."
      empty={{ children: 'Visitors join when they tick the newsletter box while booking or sending a contact message.' }}
      noMatch="No subscribers match your search"
      columns={columns}
      rowActions={(subscriber) => <DeleteAction label={`Delete ${subscriber.email}`} onDelete={() => editor.deletion.ask(subscriber)} />}
    />
  );

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <button type="button" className={smallButtonClasses('primary')} onClick={() => setWriting(true)} disabled={!subscribersQuery.isSuccess}>
          <PenLine aria-hidden="true" className="size-4" />
          Write Newsletter
        </button>
        <a href={SUBSCRIBERS_CSV_URL} download className={smallButtonClasses('secondary')} aria-label="Download CSV of newsletter subscribers">
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

      <DeleteConfirmation
        deletion={editor.deletion}
        title={(subscriber) => `Delete ${subscriber.email}?`}
        description="The address is removed from the list. To keep it from being added again by a later booking, let the person unsubscribe instead."
      />
    </div>
  );
}
