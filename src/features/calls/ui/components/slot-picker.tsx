import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ErrorState } from '../../../../client/components/ui/data-table';
import { smallButtonClasses } from '../../../../client/components/ui/dialog';
import { LoadingRegion, Skeleton } from '../../../../client/components/ui/skeleton';
import type { CallSlot } from '../../calls.schema';
import { addDays, daysBetween } from '../../free-slots';
import { useCallSlots } from '../api/get-call-slots';
import { clockIn, longDayLabel, organiserClock, organiserDaysFor, shortDayLabel, viewerDay, viewerDayRange } from '../call-times';

/** Two weeks of days at a time: enough to choose from, few enough to read on a phone. */
const PAGE_DAYS = 14;

export type SlotPickerProps = {
  bookingId: number;
  /** The organiser's days that can have slots, and their zone. */
  firstDay: string;
  lastDay: string;
  organiserZone: string;
  viewerZone: string;
  callMinutes: number;
  /** Makes the ids unique on a page with several pickers (one per booking, one in a dialog). */
  idPrefix: string;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** What the server said about the last try (a slot just taken, …), shown above the button. */
  said: string | null;
  onPick: (slot: CallSlot) => void;
  /** A way out beside the button (the reschedule dialog's 'Keep current time'). */
  onCancel?: () => void;
  cancelLabel?: string;
};

/**
 * A day or a time as a tile: the native radio is hidden (still focused, checked and announced) and
 * the tile shows its state, inverted when chosen and ringed when focused, so many fit on a phone.
 */
const tileClasses =
  'group flex min-h-11 cursor-pointer flex-col justify-center rounded-brutal border-2 border-ink bg-white px-2.5 py-1.5 text-sm leading-tight hover:bg-paper-deep has-[:checked]:bg-ink has-[:checked]:text-paper has-[:checked]:shadow-brutal-sm has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ink';
const tileSoft = 'text-ink-soft group-has-[:checked]:text-paper';

const weekdayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' });
const monthDayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * Picks a free slot: two weeks of the participant's own days at a time (earlier and later weeks
 * on request), the days that have free times, then that day's times on the participant's clock
 * with the organiser's beside. Native radios, so arrow keys move through days and times.
 */
export function SlotPicker(props: SlotPickerProps) {
  const { bookingId, firstDay, lastDay, organiserZone, viewerZone, idPrefix } = props;
  const range = viewerDayRange(firstDay, lastDay, organiserZone, viewerZone);
  const pageCount = Math.max(1, Math.ceil(daysBetween(range.first, range.last).length / PAGE_DAYS));
  const [page, setPage] = useState(0);
  const current = Math.min(page, pageCount - 1);
  const pageFirst = addDays(range.first, current * PAGE_DAYS);
  const pageLast = [addDays(pageFirst, PAGE_DAYS - 1), range.last].sort()[0]!;
  const slots = useCallSlots(bookingId, organiserDaysFor(pageFirst, pageLast, viewerZone, organiserZone, { firstDay, lastDay }));

  const [chosenDay, setChosenDay] = useState<string | null>(null);
  const [chosenStart, setChosenStart] = useState<string | null>(null);

  // The page's slots by the participant's day, soonest first; slots of neighbouring days the wider
  // request brought back belong to another page.
  const byDay = new Map<string, CallSlot[]>();
  for (const slot of slots.data ?? []) {
    const day = viewerDay(slot.startsAt, viewerZone);
    if (day < pageFirst || day > pageLast) continue;
    byDay.set(day, [...(byDay.get(day) ?? []), slot]);
  }
  const days = [...byDay.keys()].sort();
  const day = chosenDay && byDay.has(chosenDay) ? chosenDay : (days[0] ?? null);
  const times = day ? (byDay.get(day) ?? []) : [];
  const picked = times.find((slot) => slot.startsAt === chosenStart) ?? null;
  const showsBoth = times.some((slot) => organiserClock(slot.startsAt, viewerZone, organiserZone) !== null);

  const turn = (to: number) => {
    setPage(to);
    setChosenDay(null);
    setChosenStart(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (picked) props.onPick(picked);
  };

  const hintId = `${idPrefix}-hint`;
  const rangeText = `${monthDayFormat.format(new Date(`${pageFirst}T00:00:00Z`))} – ${monthDayFormat.format(new Date(`${pageLast}T00:00:00Z`))}`;
  return (
    // Not named, so not a landmark: the card's heading says what it is for.
    <form onSubmit={submit} className="space-y-4">
      {/* On a phone the two buttons are their arrows; their names stay for screen readers. */}
      <div className="grid grid-cols-[auto_1fr_auto] items-center gap-2">
        <button type="button" className={smallButtonClasses('secondary')} onClick={() => turn(current - 1)} disabled={current === 0}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          <span className="sr-only sm:not-sr-only">Earlier</span>
          <span className="sr-only"> days</span>
        </button>
        <p aria-live="polite" className="text-center text-sm font-bold">
          <span className="sr-only">Showing </span>
          {rangeText}
        </p>
        <button type="button" className={smallButtonClasses('secondary')} onClick={() => turn(current + 1)} disabled={current >= pageCount - 1}>
          <span className="sr-only sm:not-sr-only">Later</span>
          <span className="sr-only"> days</span>
          <ChevronRight aria-hidden="true" className="size-4" />
        </button>
      </div>

      {slots.isPending ? (
        <LoadingRegion label="Loading free times…" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-11" />
          ))}
        </LoadingRegion>
      ) : slots.isError ? (
        <ErrorState message="Could not load the free times." onRetry={() => void slots.refetch()} />
      ) : days.length === 0 ? (
        <p className="rounded-brutal border-2 border-dashed border-ink bg-white px-3 py-4 text-sm">
          No free times from {shortDayLabel(pageFirst)} to {shortDayLabel(pageLast)}.{current < pageCount - 1 ? ' Try later days.' : ''}
        </p>
      ) : (
        <>
          <fieldset>
            <legend className="mb-2 text-sm font-bold">Day</legend>
            <div className="grid grid-cols-4 gap-2 sm:grid-cols-7">
              {days.map((candidate) => {
                const count = byDay.get(candidate)!.length;
                const at = new Date(`${candidate}T00:00:00Z`);
                return (
                  <label key={candidate} className={`${tileClasses} items-center text-center`}>
                    <input
                      type="radio"
                      name={`${idPrefix}-day`}
                      value={candidate}
                      checked={candidate === day}
                      onChange={() => {
                        setChosenDay(candidate);
                        setChosenStart(null);
                      }}
                      className="sr-only"
                    />
                    <span className={`text-xs font-bold uppercase tracking-label ${tileSoft}`}>{weekdayFormat.format(at)}</span>
                    <span className="font-bold whitespace-nowrap">{monthDayFormat.format(at)}</span>
                    <span className="sr-only">
                      , {count} free {count === 1 ? 'time' : 'times'}
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>
          {day ? (
            <fieldset>
              <legend className="mb-1 text-sm font-bold">Time on {longDayLabel(day)}</legend>
              <p className="mb-2 text-sm text-ink-soft">
                {props.callMinutes} minutes each, in your time zone{showsBoth ? ', with the organiser’s below' : ''}.
              </p>
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                {times.map((slot) => {
                  const theirs = organiserClock(slot.startsAt, viewerZone, organiserZone);
                  return (
                    <label key={slot.startsAt} className={tileClasses}>
                      <input
                        type="radio"
                        name={`${idPrefix}-time`}
                        value={slot.startsAt}
                        checked={slot.startsAt === picked?.startsAt}
                        onChange={() => setChosenStart(slot.startsAt)}
                        className="sr-only"
                      />
                      <span className="font-bold whitespace-nowrap">{clockIn(slot.startsAt, viewerZone)}</span>
                      {theirs ? (
                        <span className={`text-xs ${tileSoft}`}>
                          Organiser: <span className="whitespace-nowrap">{theirs}</span>
                        </span>
                      ) : null}
                    </label>
                  );
                })}
              </div>
            </fieldset>
          ) : null}
        </>
      )}

      <p role="status" className="text-sm font-semibold text-danger empty:hidden">
        {props.said}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {props.onCancel ? (
          <button type="button" className={smallButtonClasses('secondary')} onClick={props.onCancel}>
            {props.cancelLabel ?? 'Cancel'}
          </button>
        ) : null}
        <button type="submit" className={smallButtonClasses('primary')} disabled={!picked || props.busy} aria-describedby={picked ? undefined : hintId}>
          {props.busy ? props.busyLabel : props.submitLabel}
        </button>
        {picked ? null : (
          <span id={hintId} className="text-sm text-ink-soft">
            Pick a day and a time first.
          </span>
        )}
      </div>
    </form>
  );
}
