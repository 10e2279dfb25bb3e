import { Ban, CalendarPlus, Copy, Vote } from 'lucide-react';
import { smallButtonClasses } from '../../../../client/components/ui/dialog';
import type { AdminWorkshopDate } from '../../admin-workshops.schema';

export type DateChangeHandlers = {
  onCallOff: () => void;
  onDuplicate: () => void;
  onRepeat: () => void;
  /** A TBC date's poll of candidate dates; absent until the poll is offered. */
  onPoll?: () => void;
};

/** A date's row items for what happens to it after it is on sale: duplicate, repeat weekly, a TBC date's poll, call off. */
export function DateChangeActions({ workshop, busy, onCallOff, onDuplicate, onRepeat, onPoll }: DateChangeHandlers & { workshop: AdminWorkshopDate; busy: boolean }) {
  const named = (action: string) => `${action} ${workshop.title}`;
  const tbc = workshop.isTBC || !workshop.date;
  return (
    <>
      <button type="button" className={smallButtonClasses('ghost')} onClick={onDuplicate} disabled={busy} aria-label={named('Duplicate')}>
        <Copy aria-hidden="true" className="size-4" />
        Duplicate
      </button>
      {tbc ? (
        onPoll ? (
          <button type="button" className={smallButtonClasses('ghost')} onClick={onPoll} disabled={busy} aria-label={named('Poll for the date of')}>
            <Vote aria-hidden="true" className="size-4" />
            Poll
          </button>
        ) : null
      ) : (
        <button type="button" className={smallButtonClasses('ghost')} onClick={onRepeat} disabled={busy} aria-label={named('Repeat weekly')}>
          <CalendarPlus aria-hidden="true" className="size-4" />
          Repeat…
        </button>
      )}
      {workshop.calledOffAt ? null : (
        <button type="button" className={smallButtonClasses('ghost', 'col-span-2 text-danger')} onClick={onCallOff} disabled={busy} aria-label={named('Call off')}>
          <Ban aria-hidden="true" className="size-4" />
          Call off this date…
        </button>
      )}
    </>
  );
}
