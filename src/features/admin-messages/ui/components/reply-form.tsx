import { Send } from 'lucide-react';
import { useId } from 'react';
import { smallButtonClasses } from '../../../../client/components/ui/dialog';
import { TextAreaField, TextField } from '../../../../client/components/ui/form';
import { toast } from '../../../../client/components/ui/toast-store';
import { useSchemaForm } from '../../../../client/components/ui/use-schema-form';
import { refusalMessage } from '../../../../client/lib/api-client';
import { contactReplySchema, REPLY_MESSAGE_MAX, REPLY_SUBJECT_MAX, type AdminContactMessage } from '../../admin-messages.schema';
import { useReplyToMessage } from '../api/reply-to-message';
import { replySubject } from '../message-format';

const SEND_FAILED = 'The reply could not be sent. Please try again.';

/**
 * The organiser's answer to a contact message, e-mailed to its sender through the outbox. The
 * subject starts as 'Re: ' their subject; after a reply is sent the message field empties, so a
 * second click cannot send the same words twice, and the subject stays for a follow-up.
 * The parent keys it by the message, so another message starts a fresh form.
 */
export function ReplyForm({ message }: { message: AdminContactMessage }) {
  const headingId = useId();
  const replying = useReplyToMessage();
  const { field, handleSubmit, resetField } = useSchemaForm(contactReplySchema, { subject: replySubject(message.subject), message: '' });
  // A failure stays beside the form, where a toast would vanish: the server's own words for a 4xx, else a general one.
  const failure = replying.error ? (refusalMessage(replying.error) ?? SEND_FAILED) : null;

  const onSubmit = handleSubmit((reply) =>
    replying.mutate(
      { id: message.id, reply },
      {
        onSuccess: () => {
          resetField('message');
          toast({ title: 'Reply sent', description: `Your reply to ${message.email} is on its way.` });
        },
      },
    ),
  );

  return (
    <div className="border-t-2 border-ink pt-4">
      <h3 id={headingId} className="mb-3 text-base font-extrabold">
        Reply to {message.name}
      </h3>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby={headingId} className="space-y-4">
        <TextField label="Subject" autoComplete="off" maxLength={REPLY_SUBJECT_MAX} {...field('subject')} />
        <TextAreaField label="Message" rows={6} maxLength={REPLY_MESSAGE_MAX} {...field('message')} />
        {failure ? (
          <p role="alert" className="rounded-brutal border-2 border-danger bg-danger/10 px-3 py-2 text-sm font-bold text-danger">
            {failure}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center justify-end gap-3">
          <p className="mr-auto min-w-0 text-xs text-ink-soft">
            Sent by e-mail to <span className="break-all">{message.email}</span>; their answer comes to your inbox.
          </p>
          <button type="submit" className={smallButtonClasses('primary')} disabled={replying.isPending}>
            <Send aria-hidden="true" className="size-4" />
            {replying.isPending ? 'Sending…' : 'Send reply'}
          </button>
        </div>
      </form>
    </div>
  );
}
