import { Trash2 } from 'lucide-react';
import { Dialog, smallButtonClasses, openWhile } from '../../../../client/components/ui/dialog';
import type { AdminContactMessage } from '../../admin-messages.schema';
import { formatMessageDate } from '../message-format';
import { MessageStatus } from './message-status';
import { ReplyForm } from './reply-form';

type Props = {
  message: AdminContactMessage | null;
  onClose: () => void;
  onDelete: (message: AdminContactMessage) => void;
};

/**
 * The message viewer: who wrote, when, the subject and the whole message as written,
 * and underneath the form that answers it by e-mail.
 */
export function MessageViewerDialog({ message, onClose, onDelete }: Props) {
  return (
    <Dialog
      {...openWhile(message, onClose)}
      title={message ? `Message from ${message.name}` : 'Message'}
      size="lg"
      footer={
        message ? (
          <>
            <button type="button" className={smallButtonClasses('ghost')} onClick={() => onDelete(message)}>
              <Trash2 aria-hidden="true" className="size-4" />
              Delete
            </button>
            <button type="button" className={smallButtonClasses('secondary')} onClick={onClose}>
              Close
            </button>
          </>
        ) : null
      }
    >
      {message ? (
        <div className="space-y-4">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="font-bold">From</dt>
            <dd className="break-words">{message.name}</dd>
            <dt className="font-bold">Email</dt>
            <dd className="break-all">
              <a href={`mailto:${message.email}`} className="font-semibold underline decoration-2 underline-offset-2">
                {message.email}
              </a>
            </dd>
            <dt className="font-bold">Date</dt>
            <dd>
              <time dateTime={message.createdAt}>{formatMessageDate(message.createdAt)}</time>
            </dd>
            <dt className="font-bold">Subject</dt>
            <dd className="break-words">{message.subject}</dd>
            <dt className="font-bold">Status</dt>
            <dd>
              <MessageStatus message={message} showReplyDate />
            </dd>
          </dl>
          <section
            aria-label="Message text"
            className="rounded-brutal border-2 border-ink bg-white p-4 text-base leading-relaxed whitespace-pre-wrap break-words"
          >
            {message.message}
          </section>
          <ReplyForm key={message.id} message={message} />
        </div>
      ) : null}
    </Dialog>
  );
}
