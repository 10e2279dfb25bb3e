import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import { ErrorState } from '../../../client/components/ui/data-table';
import { Dialog, smallButtonClasses } from '../../../client/components/ui/dialog';
import { LoadingRegion, Skeleton } from '../../../client/components/ui/skeleton';
import { ApiError } from '../../../client/lib/api-client';
import { useDateMessages } from './api/get-date-messages';
import { ComposePanel, peopleText } from './components/compose-panel';
import { MessageLog } from './components/message-log';
import { SchedulePanel } from './components/schedule-panel';

/** The date a row's Message action opened: what the dialog shows of it. */
export type MessageDate = { id: number; title: string; date: string; timezone: string; isTBC: boolean };

const triggerClasses =
  'inline-flex min-h-11 items-center rounded-brutal border-2 border-ink bg-paper px-3 text-sm font-bold hover:bg-white data-[state=active]:bg-ink data-[state=active]:text-paper';

function Body({ workshop }: { workshop: MessageDate }) {
  const log = useDateMessages(workshop.id);
  const [tab, setTab] = useState('compose');
  if (log.isPending) {
    return (
      <LoadingRegion label="Loading the date’s messages">
        <div className="grid gap-3">
          <Skeleton className="h-11 w-72" />
          <Skeleton className="h-12" />
          <Skeleton className="h-48" />
        </div>
      </LoadingRegion>
    );
  }
  if (log.isError) {
    return log.error instanceof ApiError && log.error.status === 404 ? (
      <ErrorState message="This workshop date is not on record any more." />
    ) : (
      <ErrorState message="Failed to load the date’s messages. Please try again." onRetry={() => void log.refetch()} />
    );
  }
  const { recipients, messages, scheduled } = log.data;
  return (
    <Tabs.Root value={tab} onValueChange={setTab}>
      <Tabs.List aria-label="Messages to this date" className="flex flex-wrap gap-2">
        <Tabs.Trigger value="compose" className={triggerClasses}>
          Compose
        </Tabs.Trigger>
        <Tabs.Trigger value="log" className={triggerClasses}>
          Log ({messages.length})
        </Tabs.Trigger>
        <Tabs.Trigger value="scheduled" className={triggerClasses}>
          Scheduled ({scheduled.length})
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="compose" className="pt-4 outline-none">
        <ComposePanel workshopDateId={workshop.id} recipients={recipients} onSent={() => setTab('log')} />
      </Tabs.Content>
      <Tabs.Content value="log" className="pt-4 outline-none">
        <MessageLog messages={messages} />
      </Tabs.Content>
      <Tabs.Content value="scheduled" className="pt-4 outline-none">
        <SchedulePanel workshopDateId={workshop.id} timezone={workshop.timezone} scheduled={scheduled} />
      </Tabs.Content>
    </Tabs.Root>
  );
}

/**
 * Messages to everyone on a date, from its row: compose and send (with preview and a test to
 * yourself), the log of what was sent with its delivery, and the date's scheduled messages.
 */
export default function DateMessagesDialog({ workshop, onClose }: { workshop: MessageDate; onClose: () => void }) {
  const log = useDateMessages(workshop.id);
  const reach = log.data ? ` · ${peopleText(log.data.recipients)} on it` : '';
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      size="lg"
      title={`Message: ${workshop.isTBC || !workshop.date ? 'TBC' : workshop.date}`}
      description={`${workshop.title}${reach}`}
      footer={
        <button type="button" className={smallButtonClasses('secondary')} onClick={onClose}>
          Done
        </button>
      }
    >
      <Body workshop={workshop} />
    </Dialog>
  );
}
