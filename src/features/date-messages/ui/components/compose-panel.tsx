import { Eye, FlaskConical, Send } from 'lucide-react';
import { useState } from 'react';
import { smallButtonClasses } from '../../../../client/components/ui/dialog';
import { toast } from '../../../../client/components/ui/toast-store';
import { refusalMessage } from '../../../../client/lib/api-client';
import { usePreviewDateMessage } from '../api/preview-date-message';
import { useSendDateMessage } from '../api/send-date-message';
import { useSendTestMessage } from '../api/send-test-message';
import { EMPTY_DRAFT, MessageComposer, type Draft } from './message-composer';

export const peopleText = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'person' : 'people'}`;

/**
 * Write a message to everyone on the date: preview it filled with the first attendee's values
 * (in a sandboxed frame: the e-mail's HTML never runs in the admin page), send a test to
 * yourself, then send to everyone after a confirmation, since it cannot be undone.
 */
export function ComposePanel({ workshopDateId, recipients, onSent }: { workshopDateId: number; recipients: number; onSent: () => void }) {
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const preview = usePreviewDateMessage(workshopDateId);
  const test = useSendTestMessage(workshopDateId);
  const sending = useSendDateMessage(workshopDateId);
  const refused = (title: string) => (failure: unknown) => {
    const reason = refusalMessage(failure);
    setError(reason);
    setConfirming(false);
    toast({ title, description: reason ?? 'Please try again.', variant: 'destructive' });
  };
  const edit = (next: Draft) => {
    setDraft(next);
    setError(undefined);
    setConfirming(false);
  };

  const showPreview = () => preview.mutate(draft, { onError: refused('Preview failed') });
  const sendTest = () =>
    test.mutate(draft, {
      onSuccess: (sent) => toast({ title: 'Test Sent', description: `A test copy is on its way to ${sent.to}.` }),
      onError: refused('Failed to send the test'),
    });
  const send = () =>
    sending.mutate(draft, {
      onSuccess: ({ queued }) => {
        toast({ title: 'Message Queued', description: `Your message is on its way to ${peopleText(queued)}.` });
        setDraft(EMPTY_DRAFT);
        setConfirming(false);
        preview.reset();
        onSent();
      },
      onError: refused('Failed to send the message'),
    });

  const filledFor = preview.data?.filledFor;
  return (
    <div className="grid gap-4">
      <MessageComposer idPrefix={`date-${workshopDateId}-message`} draft={draft} onChange={edit} error={error} readOnly={sending.isPending} />
      <div className="flex flex-wrap gap-2">
        <button type="button" className={smallButtonClasses('secondary')} onClick={showPreview} disabled={preview.isPending}>
          <Eye aria-hidden="true" className="size-4" />
          {preview.isPending ? 'Loading preview…' : 'Preview'}
        </button>
        <button type="button" className={smallButtonClasses('secondary')} onClick={sendTest} disabled={test.isPending}>
          <FlaskConical aria-hidden="true" className="size-4" />
          {test.isPending ? 'Sending test…' : 'Send a test to me'}
        </button>
        {confirming ? null : (
          <button
            type="button"
            className={smallButtonClasses('primary')}
            onClick={() => setConfirming(true)}
            disabled={recipients === 0 || !draft.subject.trim() || !draft.html.trim()}
          >
            <Send aria-hidden="true" className="size-4" />
            Send to {peopleText(recipients)}
          </button>
        )}
      </div>
      {recipients === 0 ? <p className="text-sm text-ink-soft">Nobody holds a seat on this date yet, so there is no one to send to.</p> : null}
      {confirming ? (
        <div role="alertdialog" aria-labelledby={`date-${workshopDateId}-confirm`} className="flex flex-wrap items-center gap-2 rounded-brutal border-2 border-ink bg-accent-soft p-3">
          <p id={`date-${workshopDateId}-confirm`} className="mr-auto font-bold">
            Send this message to {peopleText(recipients)} now? This cannot be undone.
          </p>
          <button type="button" className={smallButtonClasses('secondary')} onClick={() => setConfirming(false)} disabled={sending.isPending}>
            Back
          </button>
          <button type="button" className={smallButtonClasses('primary')} onClick={send} disabled={sending.isPending} autoFocus>
            <Send aria-hidden="true" className="size-4" />
            {sending.isPending ? 'Sending…' : 'Yes, send it'}
          </button>
        </div>
      ) : null}
      {preview.data ? (
        <section aria-label="Message preview" className="grid gap-2">
          <h3 className="text-sm font-extrabold">Preview</h3>
          <p className="text-sm text-ink-soft">
            {filledFor
              ? `As ${filledFor.firstName} ${filledFor.lastName} (${filledFor.email}) will get it; each person gets their own values.`
              : 'Nobody holds a seat yet: filled with sample values.'}
          </p>
          <p className="text-sm">
            <span className="font-bold">Subject:</span> {preview.data.subject}
          </p>
          <iframe title="Message preview" sandbox="" srcDoc={preview.data.html} className="h-96 w-full rounded-brutal border-2 border-ink bg-white" />
        </section>
      ) : null}
    </div>
  );
}
