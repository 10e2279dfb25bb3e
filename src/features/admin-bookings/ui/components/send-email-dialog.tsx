import { Send } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { Dialog, FormButtons, openWhile } from '../../../../client/components/ui/dialog';
import { TextAreaField, TextField } from '../../../../client/components/ui/form';
import { useSchemaForm } from '../../../../client/components/ui/use-schema-form';
import { toast } from '../../../../client/components/ui/toast-store';
import { ApiError } from '../../../../client/lib/api-client';
import { emailMessageSchema } from '../../admin-bookings.schema';
import { useSendEmail } from '../api/send-email';

export type EmailRecipient = { email: string; name: string };

const SEND_FAILED = 'Failed to send email. Please try again.';

function SendEmailForm({ recipient, onDone }: { recipient: EmailRecipient; onDone: () => void }) {
  const sending = useSendEmail();
  const { field, handleSubmit, control } = useSchemaForm(emailMessageSchema, { subject: '', content: '' });
  const [subject, content] = useWatch({ control, name: ['subject', 'content'] });
  // Send stays disabled until both a subject and a message are typed.
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
      <TextField label="Subject" autoComplete="off" {...field('subject')} />
      <TextAreaField label="Message" rows={8} {...field('content')} />
      <FormButtons onCancel={onDone} label="Send" busy={sending.isPending} busyLabel="Sending…" icon={<Send aria-hidden="true" className="size-4" />} disabled={!ready} />
    </form>
  );
}

/** 'Send Email' from the Users tab. The form lives inside the dialog, so it starts empty each time. */
export function SendEmailDialog({ recipient, onClose }: { recipient: EmailRecipient | null; onClose: () => void }) {
  return (
    <Dialog
      {...openWhile(recipient, onClose)}
      title="Send Email"
      description={recipient ? `To ${recipient.name ? `${recipient.name} <${recipient.email}>` : recipient.email}` : undefined}
    >
      {recipient ? <SendEmailForm recipient={recipient} onDone={onClose} /> : null}
    </Dialog>
  );
}
