import { Eye, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { cx } from '../../../client/components/ui/cx';
import { smallButtonClasses } from '../../../client/components/ui/dialog';
import { toast } from '../../../client/components/ui/toast-store';
import { DeleteConfirmation, ResourceTable, type Column } from '../../../client/components/ui/resource-view';
import { useAdminResource, useResourceEditor, namedTexts } from '../../../client/lib/admin-resource';
import type { AdminContactMessage } from '../admin-messages.schema';
import { contactMessagesResource } from './api/contact-messages-resource';
import { useMarkMessageRead } from './api/mark-message-read';
import { MessageStatus } from './components/message-status';
import { MessageViewerDialog } from './components/message-viewer-dialog';
import { formatMessageDate } from './message-format';

// Messages are read, answered (the viewer's reply form) and deleted here; a failure says 'Error' above what failed.
const TEXTS = namedTexts<AdminContactMessage>(
  contactMessagesResource.names,
  { created: (message) => message.subject, updated: (message) => message.subject, deleted: (message) => `The message from ${message.name} was deleted.` },
  { failure: (text) => ({ title: 'Error', description: text, variant: 'destructive' }) },
);

const columns: Column<AdminContactMessage>[] = [
  {
    header: 'From',
    cell: (message) => (
      <>
        <span className="block">{message.name}</span>
        <span className={cx('block text-xs text-ink-soft', !message.isRead && 'font-semibold')}>{message.email}</span>
      </>
    ),
  },
  {
    header: 'Subject',
    cell: (message) => (
      <span className="block max-w-xs truncate" title={message.subject}>
        {message.subject}
      </span>
    ),
  },
  { header: 'Date', className: 'whitespace-nowrap', cell: (message) => <time dateTime={message.createdAt}>{formatMessageDate(message.createdAt)}</time> },
  { header: 'Status', cell: (message) => <MessageStatus message={message} /> },
];

/**
 * The Messages tab: contact messages newest first; opening one shows it in full and
 * marks it read, which also lowers the unread badge on the tab; its reply form answers it by
 * e-mail, and the list then says 'Replied'.
 */
/** `csvActions`: the CSV download and import buttons, handed in by the admin area (admin-csv sits above this feature). */
export default function MessagesTab({ csvActions }: { csvActions?: ReactNode }) {
  const resource = useAdminResource<AdminContactMessage, never>(contactMessagesResource);
  const editor = useResourceEditor(resource, TEXTS);
  const messages = resource.list.data;
  const markRead = useMarkMessageRead();
  const [viewingId, setViewingId] = useState<number | null>(null);
  // The viewer reads the message from the list, so it shows 'Read' as soon as the list says so.
  const viewing = viewingId === null ? null : (messages?.find((message) => message.id === viewingId) ?? null);
  const unread = messages?.filter((message) => !message.isRead).length ?? 0;

  const open = (message: AdminContactMessage) => {
    setViewingId(message.id);
    if (message.isRead) return;
    markRead.mutate(message.id, {
      onError: () => toast({ title: 'Error', description: 'Failed to mark the message as read', variant: 'destructive' }),
    });
  };

  const askDelete = (message: AdminContactMessage) => {
    setViewingId(null);
    editor.deletion.ask(message);
  };

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <p className="mr-auto text-sm text-ink-soft" aria-live="polite">
          {messages
            ? `${unread.toLocaleString('en-US')} unread of ${messages.length.toLocaleString('en-US')} ${messages.length === 1 ? 'message' : 'messages'}`
            : null}
        </p>
        {csvActions}
      </div>

      <ResourceTable
        resource={resource}
        label="Contact Messages"
        loadFailed="Failed to load contact messages. Please try again."
        empty={{ children: 'Messages sent through the contact form appear here.' }}
        columns={columns}
        actionsHeader="Action"
        rowClassName={(message) => (message.isRead ? undefined : 'bg-accent/10 font-bold')}
        rowActions={(message) => (
          <span className="flex gap-1">
            <button
              type="button"
              className={smallButtonClasses('secondary')}
              aria-label={`View message from ${message.name}: ${message.subject}`}
              onClick={() => open(message)}
            >
              <Eye aria-hidden="true" className="size-4" />
              View
            </button>
            <button
              type="button"
              className={smallButtonClasses('ghost', 'min-w-11')}
              aria-label={`Delete message from ${message.name}: ${message.subject}`}
              onClick={() => askDelete(message)}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </button>
          </span>
        )}
      />

      <MessageViewerDialog message={viewing} onClose={() => setViewingId(null)} onDelete={askDelete} />

      <DeleteConfirmation
        deletion={editor.deletion}
        verb={{ label: 'Delete message', busy: 'Deleting…' }}
        title={() => 'Delete this message?'}
        description={(message) => `The message from ${message.name} (${message.email}) will be removed for good.`}
      />
    </div>
  );
}
