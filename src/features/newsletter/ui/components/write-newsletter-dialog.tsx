import { zodResolver } from '@hookform/resolvers/zod';
import { Eye, FlaskConical, Send } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { RichTextField } from '../../../../client/components/rich-text/rich-text-field';
import { Dialog, smallButtonClasses } from '../../../../client/components/ui/dialog';
import { TextField } from '../../../../client/components/ui/form';
import { toast } from '../../../../client/components/ui/toast-store';
import { refusalMessage } from '../../../../client/lib/api-client';
import { newsletterInputSchema, queuedDescription, type NewsletterInput } from '../../newsletter.schema';
import { usePreviewNewsletter } from '../api/preview-newsletter';
import { useSendNewsletter } from '../api/send-newsletter';
import { useSendTestNewsletter } from '../api/send-test-newsletter';

const FORM_ID = 'write-newsletter-form';

const recipientsLabel = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'subscriber' : 'subscribers'}`;

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Active subscribers, as the tab's list shows them (the server counts again when it sends). */
  activeCount: number;
};

/**
 * 'Write Newsletter': subject and content (rich text or HTML), a preview of the e-mail exactly as
 * the server renders it (in a sandboxed frame: no scripts, no navigation of this page), a test
 * copy to the admin, and sending after a confirmation, since it cannot be undone.
 */
export function WriteNewsletterDialog({ open, onOpenChange, activeCount }: Props) {
  const preview = usePreviewNewsletter();
  const sending = useSendNewsletter();
  const testing = useSendTestNewsletter();
  const [confirming, setConfirming] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<NewsletterInput>({ resolver: zodResolver(newsletterInputSchema), defaultValues: { subject: '', content: '' } });

  const close = (next: boolean) => {
    if (!next && sending.isPending) return;
    onOpenChange(next);
    if (!next) setConfirming(false);
  };

  const showPreview = handleSubmit((values) => {
    preview.mutate(values, {
      onError: (error) => toast({ title: 'Preview failed', description: refusalMessage(error) ?? 'Please try again.', variant: 'destructive' }),
    });
  });

  const sendTest = handleSubmit((values) => {
    testing.mutate(values, {
      onSuccess: ({ to }) => toast({ title: `Test sent to ${to}` }),
      onError: (error) => toast({ title: 'Failed to send the test', description: refusalMessage(error) ?? 'Please try again.', variant: 'destructive' }),
    });
  });

  const send = handleSubmit((values) => {
    sending.mutate(values, {
      onSuccess: (result) => {
        toast({ title: 'Newsletter Queued', description: queuedDescription(result) });
        reset();
        preview.reset();
        setConfirming(false);
        onOpenChange(false);
      },
      onError: (error) => {
        toast({ title: 'Failed to send newsletter', description: refusalMessage(error) ?? 'Please try again.', variant: 'destructive' });
        setConfirming(false);
      },
    });
  });

  const footer = confirming ? (
    <>
      <p className="mr-auto self-center text-sm font-bold" role="status">
        Send this newsletter to {recipientsLabel(activeCount)} now? This cannot be undone.
      </p>
      <button type="button" className={smallButtonClasses('secondary')} onClick={() => setConfirming(false)} disabled={sending.isPending}>
        Back
      </button>
      <button type="button" className={smallButtonClasses('primary')} onClick={() => void send()} disabled={sending.isPending}>
        <Send aria-hidden="true" className="size-4" />
        {sending.isPending ? 'Sending…' : 'Yes, send it'}
      </button>
    </>
  ) : (
    <>
      <button type="button" className={smallButtonClasses('secondary')} onClick={() => close(false)}>
        Cancel
      </button>
      <button type="button" className={smallButtonClasses('secondary')} onClick={() => void showPreview()} disabled={preview.isPending}>
        <Eye aria-hidden="true" className="size-4" />
        {preview.isPending ? 'Loading preview…' : 'Preview'}
      </button>
      <button type="button" className={smallButtonClasses('secondary')} onClick={() => void sendTest()} disabled={testing.isPending}>
        <FlaskConical aria-hidden="true" className="size-4" />
        {testing.isPending ? 'Sending test…' : 'Send a test to me'}
      </button>
      <button type="submit" form={FORM_ID} className={smallButtonClasses('primary')} disabled={activeCount === 0}>
        <Send aria-hidden="true" className="size-4" />
        Send to {recipientsLabel(activeCount)}
      </button>
    </>
  );

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Write Newsletter"
      description="Goes to every active subscriber through the outbox, paced to respect the mail server's limits. Each e-mail carries an unsubscribe link."
      size="lg"
      footer={footer}
    >
      <form
        id={FORM_ID}
        noValidate
        className="grid gap-4"
        onSubmit={handleSubmit(() => setConfirming(true))}
      >
        <TextField id="newsletter-subject" label="Subject" error={errors.subject?.message} registration={register('subject')} readOnly={confirming} />
        <RichTextField
          control={control}
          name="content"
          id="newsletter-content"
          label="Content"
          headings="email"
          readOnly={confirming}
          minHeight="min-h-64"
          htmlPlaceholder="<p>Hello! Here is what is new…</p>"
        />
        <p className="text-sm text-ink-soft">Scripts, event handlers and unsafe links are removed before sending; use Preview to see the result, or send a test to yourself.</p>
      </form>
      {preview.data ? (
        <section aria-label="Newsletter preview" className="mt-4">
          <h3 className="mb-2 text-sm font-extrabold">Preview</h3>
          <iframe
            title="Newsletter preview"
            sandbox=""
            srcDoc={preview.data.html}
            className="h-[28rem] w-full rounded-brutal border-2 border-ink bg-white"
          />
        </section>
      ) : null}
    </Dialog>
  );
}
