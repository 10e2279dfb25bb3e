import * as RadioGroup from '@radix-ui/react-radio-group';
import type { KeyboardEvent } from 'react';
import { formatPrice } from '../../../../common/money';
import { Badge } from '../../../../client/components/ui/badge';
import { cx } from '../../../../client/components/ui/cx';
import { expertiseLabels, type PublicWorkshopDate } from '../../../workshops';
import { useBookedOutAction } from '../booked-out-action';
import { arrowStep, steppedDateId, tabStopDateId } from '../date-radio-keys';
import { displayTime, ORIGINAL_TIME } from '../timezone';

type Props = {
  dates: PublicWorkshopDate[];
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  timeZoneChoice: string;
  /** The zone the browser reports, for the 'Your time zone' choice. */
  browserZone: string | undefined;
  /**
   * False in the server's HTML and the render that hydrates it, which cannot know the visitor's
   * zone: they show the organiser's time and keep the visitor's line empty, so the cards do not
   * change size when it comes.
   */
  zoneKnown: boolean;
  labelledBy: string;
  errorId?: string;
  /** Lets react-hook-form focus the list when the date is missing. */
  focusRef: (target: { focus: () => void } | null) => void;
};

/** The visitor's line when their zone reads the same as the organiser's. */
const SAME_TIME_FOR_YOU = 'Same time for you';

function isTbc(date: PublicWorkshopDate) {
  return date.isTBC || !date.date || !date.time;
}

/** The radio list of workshop dates: arrow keys move, booked-out dates are skipped. */
export function WorkshopDateOptions({ dates, value, onChange, onBlur, timeZoneChoice, browserZone, zoneKnown, labelledBy, errorId, focusRef }: Props) {
  const tabStop = tabStopDateId(dates, value);
  const BookedOutAction = useBookedOutAction();
  // Radix moves focus on a timer and checks the radio only if the arrow key is still held then, so
  // a quick tap moved focus without choosing the date. The arrows are handled here instead:
  // choose the next bookable date and focus it at once (preventDefault keeps Radix's handler out).
  const onArrowKey = (event: KeyboardEvent<HTMLButtonElement>, fromId: string) => {
    const step = arrowStep(event.key);
    if (step === 0 || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const target = steppedDateId(dates, fromId, step);
    if (!target) return;
    onChange(target);
    document.getElementById(`workshop-date-${target}`)?.focus();
  };
  return (
    <RadioGroup.Root
      ref={(element) => {
        focusRef(
          element && {
            focus: () => element.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus(),
          },
        );
      }}
      value={value}
      onValueChange={onChange}
      onBlur={onBlur}
      aria-labelledby={labelledBy}
      aria-describedby={errorId}
      aria-invalid={errorId ? true : undefined}
      // Radix makes the group itself a tab stop until a date is chosen; native radios put the first
      // enabled radio there instead, so the group steps out and each item says whether it is the stop.
      tabIndex={-1}
      className="grid gap-3"
    >
      {dates.map((date) => {
        const id = `workshop-date-${date.id}`;
        const bookedOut = date.seatsRemaining <= 0;
        const shown = displayTime(date, zoneKnown ? timeZoneChoice : ORIGINAL_TIME, browserZone);
        // The visitor's line is there whenever a zone of theirs is shown, even one that reads the
        // same as the organiser's, and kept free until it is known: the card keeps its height.
        const viewerLine = !zoneKnown
          ? '\u00a0'
          : (shown.forYou ?? (shown.converted && timeZoneChoice !== ORIGINAL_TIME ? SAME_TIME_FOR_YOU : null));
        return (
          <div
            key={date.id}
            className={cx(
              'relative flex flex-wrap gap-x-3 gap-y-3 rounded-brutal border-2 border-ink p-4 transition-[translate,box-shadow] duration-100',
              bookedOut
                ? 'bg-paper-deep'
                : 'bg-white shadow-brutal-sm has-data-[state=checked]:-translate-0.5 has-data-[state=checked]:bg-accent-soft has-data-[state=checked]:shadow-brutal',
            )}
          >
            <RadioGroup.Item
              id={id}
              value={String(date.id)}
              disabled={bookedOut}
              tabIndex={String(date.id) === tabStop ? 0 : -1}
              onKeyDown={(event) => onArrowKey(event, String(date.id))}
              className="relative z-10 mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full border-2 border-ink bg-white disabled:bg-paper-deep"
            >
              <RadioGroup.Indicator className="size-3 rounded-full bg-ink" />
            </RadioGroup.Item>
            {/* The label's ::after covers the card so a tap anywhere selects the date; the radio sits above it. */}
            <label htmlFor={id} className={cx('flex min-w-0 flex-1 flex-col gap-1.5 after:absolute after:inset-0', !bookedOut && 'cursor-pointer')}>
              <span className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <span className="text-lg font-extrabold">{isTbc(date) ? 'TBC' : shown.date}</span>
                {isTbc(date) ? (
                  <span className="text-sm font-semibold">Actual Date Will Be Set Via Participant Poll</span>
                ) : (
                  <>
                    <span className="text-sm font-semibold">{shown.time}</span>
                    {/* The visitor's own time beside the organiser's: one zone story (common/workshop-time.ts). */}
                    {viewerLine ? (
                      <span aria-hidden={zoneKnown ? undefined : true} className="basis-full text-sm font-semibold text-ink-soft">
                        {viewerLine}
                      </span>
                    ) : null}
                  </>
                )}
              </span>
              <span className="font-semibold">{date.title}</span>
              <span className="flex flex-wrap items-center gap-2 text-sm">
                <Badge tone="secondary">{expertiseLabels[date.expertiseLevel]}</Badge>
                {bookedOut ? (
                  <>
                    <Badge tone="ink">BOOKED OUT!</Badge>
                    <span className="font-semibold">This workshop is fully booked</span>
                  </>
                ) : (
                  <>
                    <span className="font-semibold">{date.seatsRemaining} seats remaining</span>
                    <span aria-hidden="true">·</span>
                    <span className="font-extrabold">{formatPrice(date.price)}</span>
                  </>
                )}
              </span>
            </label>
            {/* Above the label's cover, under the text (past the radio's column). The same in the
                server's HTML and after hydration: what it opens appears only on a tap. */}
            {bookedOut && date.waitlistOpen && BookedOutAction ? (
              <div className="relative z-10 basis-full sm:pl-9">
                <BookedOutAction date={date} />
              </div>
            ) : null}
          </div>
        );
      })}
    </RadioGroup.Root>
  );
}
