import { CalendarClock, CopyPlus, Plus } from 'lucide-react';
import { useState } from 'react';
import type { BadgeTone } from '../../../../client/components/ui/badge';
import { EmptyState } from '../../../../client/components/ui/data-table';
import { smallButtonClasses } from '../../../../client/components/ui/dialog';
import { toast } from '../../../../client/components/ui/toast-store';
import { refusalMessage } from '../../../../client/lib/api-client';
import { resolveTimeZone, wallTime } from '../../../../common/time-zones';
import { offsetText, type ScheduledMessage, type ScheduledMessageInput } from '../../date-messages.schema';
import { useChangeSchedule } from '../api/scheduled-messages';
import { MessageCard } from './message-card';
import { ScheduledMessageForm } from './scheduled-message-form';

const STATUS: Record<ScheduledMessage['status'], { tone: BadgeTone; label: string }> = {
  pending: { tone: 'secondary', label: 'Scheduled' },
  sent: { tone: 'success', label: 'Sent' },
  skipped: { tone: 'paper', label: 'Skipped (too late)' },
};

/** 'Fri, July 3, 2031, 10:00 AM PDT' in the date's own zone; 'when the date is set' while TBC. */
function dueText(dueAt: string | null, timezone: string): string {
  if (!dueAt) return 'when the date is set';
  const wall = wallTime(new Date(dueAt), resolveTimeZone(timezone) ?? 'UTC');
  return `${wall.day}, ${wall.clock} ${wall.abbreviation}`;
}

const NEW_MESSAGE: ScheduledMessageInput = { offsetMinutes: -1440, subject: '', html: '' };

/**
 * The date's scheduled messages: when each goes out (its moment follows the date when it moves),
 * what became of it, add, edit and delete while still to be sent, and the organiser's defaults.
 */
export function SchedulePanel({ workshopDateId, timezone, scheduled }: { workshopDateId: number; timezone: string; scheduled: readonly ScheduledMessage[] }) {
  const change = useChangeSchedule(workshopDateId);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [error, setError] = useState<string | undefined>();
  const failed = (title: string) => (failure: unknown) => {
    setError(refusalMessage(failure));
    toast({ title, description: refusalMessage(failure) ?? 'Please try again.', variant: 'destructive' });
  };
  const save = (input: ScheduledMessageInput) =>
    change.mutate(editing === 'new' || editing === null ? { action: 'add', input } : { action: 'edit', id: editing, input }, {
      onSuccess: () => {
        toast({ title: 'Schedule Saved', description: `The message goes out ${offsetText(input.offsetMinutes)}.` });
        setEditing(null);
        setError(undefined);
      },
      onError: failed('Failed to save the message'),
    });
  const remove = (message: ScheduledMessage) =>
    change.mutate({ action: 'delete', id: message.id }, { onSuccess: () => toast({ title: 'Message Removed', description: `“${message.subject}” is off the schedule.` }), onError: failed('Failed to remove the message') });
  const applyDefaults = () =>
    change.mutate({ action: 'apply-defaults' }, { onSuccess: () => toast({ title: 'Defaults Applied', description: 'The default messages this date did not have yet were added.' }), onError: failed('Failed to apply the defaults') });
  const form = (initial: ScheduledMessageInput, saveLabel: string) => (
    <ScheduledMessageForm
      idPrefix={`date-${workshopDateId}-scheduled`}
      initial={initial}
      busy={change.isPending}
      error={error}
      saveLabel={saveLabel}
      onSave={save}
      onCancel={() => {
        setEditing(null);
        setError(undefined);
      }}
    />
  );

  return (
    <div className="grid gap-3">
      <p className="text-sm text-ink-soft">Each goes to whoever holds a seat at its moment, counted from the date’s start, so moving the date moves it. A moment more than an hour past is skipped, never sent late.</p>
      {scheduled.length === 0 && editing !== 'new' ? <EmptyState title="No scheduled messages">Add one, or apply the defaults you set under Setup → Scheduled Messages.</EmptyState> : null}
      <ul aria-label="Scheduled messages" className="grid gap-2">
        {scheduled.map((message) =>
          editing === message.id ? (
            <li key={message.id}>{form(message, 'Save changes')}</li>
          ) : (
            <MessageCard
              key={message.id}
              badge={message.status === 'sent' && message.recipients !== null ? { tone: 'success', label: `Sent to ${message.recipients}` } : STATUS[message.status]}
              subject={message.subject}
              onEdit={message.status === 'pending' ? () => setEditing(message.id) : undefined}
              onDelete={() => remove(message)}
              busy={change.isPending}
            >
              <p className="flex items-center gap-1.5 text-sm text-ink-soft">
                <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
                {offsetText(message.offsetMinutes)} · {dueText(message.dueAt, timezone)}
              </p>
            </MessageCard>
          ),
        )}
      </ul>
      {editing === 'new' ? form(NEW_MESSAGE, 'Add to schedule') : null}
      {editing === null ? (
        <div className="flex flex-wrap gap-2">
          <button type="button" className={smallButtonClasses('secondary')} onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="size-4" />
            Add a scheduled message
          </button>
          <button type="button" className={smallButtonClasses('ghost')} onClick={applyDefaults} disabled={change.isPending}>
            <CopyPlus aria-hidden="true" className="size-4" />
            Apply defaults to this date
          </button>
        </div>
      ) : null}
    </div>
  );
}
