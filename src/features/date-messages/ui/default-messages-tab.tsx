import { Plus } from 'lucide-react';
import { useState } from 'react';
import { EmptyState, ErrorState } from '../../../client/components/ui/data-table';
import { smallButtonClasses } from '../../../client/components/ui/dialog';
import { LoadingRegion, Skeleton } from '../../../client/components/ui/skeleton';
import { toast } from '../../../client/components/ui/toast-store';
import { refusalMessage } from '../../../client/lib/api-client';
import { offsetText, type ScheduledMessageInput } from '../date-messages.schema';
import { useDateMessageDefaults, useSaveDateMessageDefaults } from './api/date-message-defaults';
import { MessageCard } from './components/message-card';
import { ScheduledMessageForm } from './components/scheduled-message-form';

const sameMoment = (a: ScheduledMessageInput, b: ScheduledMessageInput) => a.offsetMinutes === b.offsetMinutes && a.subject === b.subject;

/**
 * Setup → Scheduled Messages: the messages every new workshop date gets copies of, relative to its
 * start. Empty until the organiser saves some; the suggested ones are added with one click.
 */
export default function DefaultMessagesTab() {
  const defaults = useDateMessageDefaults();
  const save = useSaveDateMessageDefaults();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [error, setError] = useState<string | undefined>();

  if (defaults.isPending) {
    return (
      <LoadingRegion label="Loading the default messages">
        <div className="grid gap-3">
          <Skeleton className="h-16" />
          <Skeleton className="h-24" />
        </div>
      </LoadingRegion>
    );
  }
  if (defaults.isError) return <ErrorState message="Failed to load the default messages. Please try again." onRetry={() => void defaults.refetch()} />;

  const { messages, presets } = defaults.data;
  const store = (next: ScheduledMessageInput[], done: string) =>
    save.mutate(
      { messages: next },
      {
        onSuccess: () => {
          toast({ title: 'Defaults Saved', description: done });
          setEditing(null);
          setError(undefined);
        },
        onError: (failure) => {
          setError(refusalMessage(failure));
          toast({ title: 'Failed to save the defaults', description: refusalMessage(failure) ?? 'Please try again.', variant: 'destructive' });
        },
      },
    );
  const form = (initial: ScheduledMessageInput, index: number | 'new') => (
    <ScheduledMessageForm
      idPrefix="default-message"
      initial={initial}
      busy={save.isPending}
      error={error}
      saveLabel={index === 'new' ? 'Add default' : 'Save changes'}
      onSave={(input) => store(index === 'new' ? [...messages, input] : messages.map((message, i) => (i === index ? input : message)), 'New workshop dates get this message.')}
      onCancel={() => {
        setEditing(null);
        setError(undefined);
      }}
    />
  );
  const unused = presets.filter((preset) => !messages.some((message) => sameMoment(message, preset)));

  return (
    <div className="grid max-w-3xl gap-4">
      <div className="grid gap-1">
        <h2 className="text-xl font-extrabold">Default scheduled messages</h2>
        <p className="text-sm text-ink-soft">
          Every workshop date you add gets a copy of these, sent at its moment to whoever holds a seat then. Dates added earlier get them with “Apply defaults to this date” in their Message dialog. The built-in reminders still go out 24 hours and 1 hour before.
        </p>
      </div>
      {messages.length === 0 && editing !== 'new' ? <EmptyState title="No default messages">New dates start without scheduled messages. Add a suggested one below, or write your own.</EmptyState> : null}
      <ul aria-label="Default scheduled messages" className="grid gap-2">
        {messages.map((message, index) =>
          editing === index ? (
            <li key={`${message.offsetMinutes}-${message.subject}`}>{form(message, index)}</li>
          ) : (
            <MessageCard
              key={`${message.offsetMinutes}-${message.subject}`}
              badge={{ tone: 'secondary', label: offsetText(message.offsetMinutes) }}
              subject={message.subject}
              onEdit={() => setEditing(index)}
              onDelete={() => store(messages.filter((_, i) => i !== index), 'New workshop dates no longer get this message.')}
              busy={save.isPending}
            />
          ),
        )}
      </ul>
      {editing === 'new' ? form({ offsetMinutes: -1440, subject: '', html: '' }, 'new') : null}
      {editing === null ? (
        <div className="grid gap-2">
          <div className="flex flex-wrap gap-2">
            {unused.map((preset) => (
              <button key={preset.offsetMinutes} type="button" className={smallButtonClasses('secondary')} disabled={save.isPending} onClick={() => store([...messages, preset], `Added “${preset.subject}”, ${offsetText(preset.offsetMinutes)}.`)}>
                <Plus aria-hidden="true" className="size-4" />
                {offsetText(preset.offsetMinutes)}
              </button>
            ))}
            <button type="button" className={smallButtonClasses('ghost')} onClick={() => setEditing('new')}>
              <Plus aria-hidden="true" className="size-4" />
              Write your own
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
