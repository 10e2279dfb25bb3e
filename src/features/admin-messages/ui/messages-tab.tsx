import { Eye, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../client/components/ui/badge';
import { DataTable, EmptyState, ErrorState, Pagination, TableSkeleton, Td, Th, usePagination } from '../../../client/components/ui/data-table';
import { ConfirmDialog, smallButtonClasses } from '../../../client/components/ui/dialog';
import { toast } from '../../../client/components/ui/toast-store';
import { cx } from '../../../client/components/ui/cx';
import { CsvActions } from '../../admin-csv/ui/csv-actions';
import type { AdminContactMessage } from '../admin-messages.schema';
import { useDeleteContactMessage } from './api/delete-contact-message';
import { useContactMessages } from './api/get-contact-messages';
import { useMarkMessageRead } from './api/mark-message-read';
import { MessageViewerDialog } from './components/message-viewer-dialog';
import { formatMessageDate } from './message-format';

/**
 * The Messages tab (spec §2, §4): contact messages newest first; opening one shows it in full and
 * marks it read, which also lowers the unread badge on the tab.
 */
export default function MessagesTab() {
  const messagesQuery = useContactMessages();
  const messages = messagesQuery.data;
  const markRead = useMarkMessageRead();
  const removal = useDeleteContactMessage();
  const [viewingId, setViewingId] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<AdminContactMessage | null>(null);
  const pagination = usePagination(messages ?? []);

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
    setToDelete(message);
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    const message = toDelete;
    removal.mutate(message.id, {
      onSuccess: () => {
        toast({ title: 'Message Deleted', description: `The message from ${message.name} was deleted.` });
        setToDelete(null);
      },
      onError: () => toast({ title: 'Error', description: 'Failed to delete message', variant: 'destructive' }),
    });
  };

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <p className="mr-auto text-sm text-ink-soft" aria-live="polite">
          {messages
            ? `${unread.toLocaleString('en-US')} unread of ${messages.length.toLocaleString('en-US')} ${messages.length === 1 ? 'message' : 'messages'}`
            : null}
        </p>
        <CsvActions entity="contactMessages" />
      </div>

      {messagesQuery.isPending ? (
        <TableSkeleton />
      ) : messagesQuery.isError ? (
        <ErrorState message="Failed to load contact messages. Please try again." onRetry={() => void messagesQuery.refetch()} />
      ) : !messages || messages.length === 0 ? (
        <EmptyState title="No messages yet">Messages sent through the contact form appear here.</EmptyState>
      ) : (
        <>
          <DataTable label="Contact Messages">
            <thead>
              <tr>
                <Th>From</Th>
                <Th>Subject</Th>
                <Th>Date</Th>
                <Th>Status</Th>
                <Th>Action</Th>
              </tr>
            </thead>
            <tbody>
              {pagination.pageRows.map((message) => (
                <tr key={message.id} className={cx(!message.isRead && 'bg-accent/10 font-bold')}>
                  <Td>
                    <span className="block">{message.name}</span>
                    <span className={cx('block text-xs text-ink-soft', !message.isRead && 'font-semibold')}>{message.email}</span>
                  </Td>
                  <Td>
                    <span className="block max-w-xs truncate" title={message.subject}>
                      {message.subject}
                    </span>
                  </Td>
                  <Td className="whitespace-nowrap">
                    <time dateTime={message.createdAt}>{formatMessageDate(message.createdAt)}</time>
                  </Td>
                  <Td>
                    <Badge tone={message.isRead ? 'paper' : 'accent'}>{message.isRead ? 'Read' : 'Unread'}</Badge>
                  </Td>
                  <Td>
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
                  </Td>
                </tr>
              ))}
            </tbody>
          </DataTable>
          <Pagination {...pagination} noun="messages" />
        </>
      )}

      <MessageViewerDialog message={viewing} onClose={() => setViewingId(null)} onDelete={askDelete} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(isOpen) => (isOpen ? undefined : setToDelete(null))}
        title="Delete this message?"
        description={toDelete ? `The message from ${toDelete.name} (${toDelete.email}) will be removed for good.` : ''}
        confirmLabel={removal.isPending ? 'Deleting…' : 'Delete message'}
        busy={removal.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
