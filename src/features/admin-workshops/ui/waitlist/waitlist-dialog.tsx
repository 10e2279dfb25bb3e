import { CalendarPlus } from 'lucide-react';
import { EmptyState, ErrorState } from '../../../../client/components/ui/data-table';
import { Dialog, openWhile, smallButtonClasses } from '../../../../client/components/ui/dialog';
import { LoadingRegion, Skeleton } from '../../../../client/components/ui/skeleton';
import { ApiError } from '../../../../client/lib/api-client';
import type { AdminWorkshopDate } from '../../admin-workshops.schema';
import { useAdminWaitlist } from '../api/waitlist';
import { WaitlistEntry } from './waitlist-entry';
import { demandLine, freeSeatsText } from './waitlist-texts';

/** The date a row opened, and the button that opened it (the focus goes back there). */
export type OpenedWaitlist = { workshop: AdminWorkshopDate; from?: HTMLElement | null };

const dateText = (workshop: AdminWorkshopDate) => (workshop.isTBC || !workshop.date ? 'TBC' : workshop.date);
const freeSeats = (workshop: AdminWorkshopDate) => Math.max(0, workshop.seatsTotal - workshop.seatsTaken);

function WaitlistSkeleton() {
  return (
    <div className="space-y-3">
      <Skeleton className="h-12" />
      <Skeleton className="h-24" />
      <Skeleton className="h-24" />
    </div>
  );
}

/** '3 people, 4 seats, $1,996.00 waiting — add a date?', with the way to add one, while anyone is still in line. */
function DemandLine({ line, onAddDate }: { line: string; onAddDate: () => void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-brutal border-2 border-ink bg-accent-soft px-3 py-2">
      <p className="font-extrabold">{line}</p>
      <button type="button" className={smallButtonClasses('secondary')} onClick={onAddDate}>
        <CalendarPlus aria-hidden="true" className="size-4" />
        Add a date
      </button>
    </div>
  );
}

/** The list's body: a skeleton while it loads, what went wrong with a retry, nobody waiting, or the entries in order. */
function WaitlistBody({ workshop, onAddDate }: { workshop: AdminWorkshopDate; onAddDate: () => void }) {
  const list = useAdminWaitlist(workshop.id);
  if (list.isPending) {
    return (
      <LoadingRegion label="Loading the waiting list">
        <WaitlistSkeleton />
      </LoadingRegion>
    );
  }
  if (list.isError) {
    const gone = list.error instanceof ApiError && list.error.status === 404;
    return gone ? (
      <ErrorState message="This workshop date is not on record any more." />
    ) : (
      <ErrorState message="Failed to load the waiting list. Please try again." onRetry={() => void list.refetch()} />
    );
  }
  const { entries, demand } = list.data;
  const line = demandLine(demand);
  const free = freeSeats(workshop);
  return (
    <div className="space-y-3">
      {line ? <DemandLine line={line} onAddDate={onAddDate} /> : null}
      <p className="text-sm text-ink-soft">
        {/* What Send offer can hand out: only free seats are ever offered. */}
        {freeSeatsText(free)} free on this date ({workshop.seatsTaken} of {workshop.seatsTotal} taken, live offers included).
      </p>
      {entries.length === 0 ? (
        <EmptyState title="Nobody is waiting for this date.">When the date is booked out, visitors can join its waiting list; they show up here in order.</EmptyState>
      ) : (
        <ol aria-label={`Waiting list of ${workshop.title}, ${dateText(workshop)}`} className="space-y-2">
          {entries.map((entry) => (
            <WaitlistEntry key={entry.id} entry={entry} workshopDateId={workshop.id} timeZone={workshop.timezone} />
          ))}
        </ol>
      )}
    </div>
  );
}

/**
 * A date's waiting list, opened from its row: the people in order of joining with their places,
 * what those still in line would pay (so the organiser can decide to add a date), and per entry
 * Send offer and Remove. Read afresh each time it opens; Escape, Close and Done give the focus
 * back to the row's button.
 */
export function WaitlistDialog({ opened, onClose, onAddDate }: { opened: OpenedWaitlist | null; onClose: () => void; onAddDate: () => void }) {
  const close = () => {
    const from = opened?.from;
    onClose();
    if (from) window.setTimeout(() => from.isConnected && from.focus(), 0);
  };
  const workshop = opened?.workshop;
  return (
    <Dialog
      {...openWhile(opened, close)}
      size="lg"
      title={workshop ? `Waiting list: ${dateText(workshop)}` : 'Waiting list'}
      description={workshop ? workshop.title : undefined}
      footer={
        <button type="button" className={smallButtonClasses('secondary')} onClick={close}>
          Done
        </button>
      }
    >
      {workshop ? (
        <WaitlistBody
          workshop={workshop}
          onAddDate={() => {
            onClose();
            onAddDate();
          }}
        />
      ) : null}
    </Dialog>
  );
}
