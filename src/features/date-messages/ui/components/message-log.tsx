import { Badge } from '../../../../client/components/ui/badge';
import { EmptyState } from '../../../../client/components/ui/data-table';
import type { SentMessage } from '../../date-messages.schema';

const KIND_LABELS: Record<string, string> = {
  message: 'Message',
  scheduled: 'Scheduled',
  'date-changed': 'Date changed',
  'called-off': 'Called off',
  'poll-opened': 'Poll opened',
  'poll-chosen': 'Date chosen',
};

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** What the date sent, newest first: to how many, by whom, and how the copies fared (sent, waiting, failed). */
export function MessageLog({ messages }: { messages: readonly SentMessage[] }) {
  if (messages.length === 0) return <EmptyState title="Nothing sent yet">Messages sent to this date’s people, by you or by its schedule, are listed here.</EmptyState>;
  return (
    <ol aria-label="Messages sent" className="grid gap-2">
      {messages.map((message) => (
        <li key={message.id} className="grid gap-1 rounded-brutal border-2 border-ink bg-white p-3">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone="paper">{KIND_LABELS[message.kind] ?? message.kind}</Badge>
            <span className="min-w-0 font-bold break-words">{message.subject}</span>
          </div>
          <p className="text-sm text-ink-soft">
            <time dateTime={message.createdAt}>{when(message.createdAt)}</time> · by {message.sentBy} · to {message.recipients.toLocaleString('en-US')}{' '}
            {message.recipients === 1 ? 'address' : 'addresses'}
          </p>
          <p className="flex flex-wrap gap-2 text-sm">
            <Badge tone="success">{message.delivery.sent} delivered</Badge>
            <Badge tone="secondary">{message.delivery.pending} waiting</Badge>
            {message.delivery.failed > 0 ? <Badge tone="ink">{message.delivery.failed} failed</Badge> : null}
          </p>
        </li>
      ))}
    </ol>
  );
}
