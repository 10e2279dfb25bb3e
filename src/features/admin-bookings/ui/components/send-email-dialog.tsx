import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Dialog, smallButtonClasses } from '../../../../client/components/ui/dialog';
import { TextAreaField, TextField } from '../../../../client/components/ui/form';
import { toast } from '../../../../client/components/ui/toast-store';
import { ApiError } from '../../../../client/lib/api-client';
import { emailMessageSchema, type EmailMessage, type EmailMessageInput } from '../../admin-bookings.schema';
import { useSendEmail } from '../api/send-email';

export type EmailRecipient = { email: string; name: string };

const SEND_FAILED = 'Failed to send email. Please try again.';

function SendEmailForm({ recipient, onDone }: { recipient: EmailRecipient; onDone: () => void }) {
  const idPrefix = useId();
  const sending = useSendEmail();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<EmailMessageInput, unknown, EmailMessage>({
    resolver: zodResolver(emailMessageSchema),
    defaultValues: { subject: '', content: '' },
  });
  const [subject, content] = useWatch({ control, name: ['subject', 'content'] });
  // Spec §5: Send stays disabled until both a subject and a message are typed.
  const ready = Boolean(subject?.trim()) && Boolean(content?.trim());

  const onSubmit = handleSubmit((message) =>
    sending.mutate(
      { email: recipient.email, ...message },
      {
        onSuccess: () => {
          toast({ title: 'Email Sent', description: 'Your email has been sent successfully.' });
          onDone();
        },
        onError: (error) =>
          toast({
            title: 'Email Failed',
            description: (error instanceof ApiError ? error.field('message') : undefined) ?? SEND_FAILED,
            variant: 'destructive',
          }),
      },
    ),
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
      <TextField id={`${idPrefix}-subject`} label="Subject" error={errors.subject?.message} registration={register('subject')} autoComplete="off" />
      <TextAreaField id={`${idPrefix}-content`} label="Message" error={errors.content?.message} registration={register('content')} rows={8} />
      <div className="flex flex-wrap justify-end gap-3 pt-2">
        <button type="button" className={smallButtonClasses('secondary')} onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className={smallButtonClasses('primary')} disabled={!ready || sending.isPending}>
          <Send aria-hidden="true" className="size-4" />
          {sending.isPending ? 'Sending…' : 'Send'}
        </button>
      </div>
    </form>
  );
}

/** 'Send Email' from the Users tab (spec §2, §8). The form lives inside the dialog, so it starts empty each time. */
export function SendEmailDialog({ recipient, onClose }: { recipient: EmailRecipient | null; onClose: () => void }) {
  return (
    <Dialog
      open={recipient !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Send Email"
      description={recipient ? `To ${recipient.name ? `${recipient.name} <${recipient.email}>` : recipient.email}` : undefined}
    >
      {recipient ? <SendEmailForm recipient={recipient} onDone={onClose} /> : null}
    </Dialog>
  );
}
