import { Badge } from '../../../../client/components/ui/badge';
import type { AdminContactMessage } from '../../admin-messages.schema';
import { formatMessageDate } from '../message-format';

/**
 * Read or unread, and 'Replied' once the organiser answered. In the list the reply's date is the
 * badge's tooltip and, for screen readers, text beside it; the viewer (`showReplyDate`) shows it.
 */
export function MessageStatus({ message, showReplyDate = false }: { message: Pick<AdminContactMessage, 'isRead' | 'repliedAt'>; showReplyDate?: boolean }) {
  const repliedOn = message.repliedAt ? formatMessageDate(message.repliedAt) : null;
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      <Badge tone={message.isRead ? 'paper' : 'accent'}>{message.isRead ? 'Read' : 'Unread'}</Badge>
      {message.repliedAt && repliedOn ? (
        <>
          <span title={`Replied ${repliedOn}`}>
            <Badge tone="success">Replied</Badge>
          </span>
          <time dateTime={message.repliedAt} className={showReplyDate ? 'text-xs text-ink-soft' : 'sr-only'}>
            {repliedOn}
          </time>
        </>
      ) : null}
    </span>
  );
}
