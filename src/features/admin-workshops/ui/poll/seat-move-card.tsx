import { useState, type FormEvent } from 'react';
import { controlClasses } from '../../../../client/components/ui/form';
import { smallButtonClasses } from '../../../../client/components/ui/dialog';
import { Spinner } from '../../../../client/components/ui/spinner';
import { toast } from '../../../../client/components/ui/toast-store';
import { refusalMessage } from '../../../../client/lib/api-client';
import type { SeatMoveOptions } from '../../admin-workshops.schema';
import { useMoveOwnSeat, useSeatMove } from '../api/date-poll';

/**
 * On a seat whose date a poll set on an option the seat did not mark, or which the organiser called
 * off offering a move: it may move to another date with room, or cancel with a full refund (the
 * cancel action beside it). Nothing for any other seat (docs/decisions/022-dates-that-change.md).
 */
export function SeatMoveCard({ bookingId, seatName, mayAsk, onMoved }: { bookingId: number; seatName?: string; mayAsk: boolean; onMoved: () => void }) {
  const move = useSeatMove(bookingId, mayAsk);
  if (!mayAsk) return null;
  if (move.isPending) return <Spinner label="Checking other dates…" />;
  if (move.isError || !move.data.allowed) return null;
  return <SeatMoveForm options={move.data} seatName={seatName} onMoved={onMoved} />;
}

/** 'Sat, Dec 5, 10:00 AM' in the visitor's own zone. */
function untilText(until: string | null): string {
  if (!until) return 'the start';
  return new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(until));
}

/**
 * The form is a landmark: with `seatName` (the seat's card's name) in its name, two seats on one
 * date do not share a name, as landmarks must not.
 */
function SeatMoveForm({ options, seatName, onMoved }: { options: SeatMoveOptions; seatName?: string; onMoved: () => void }) {
  const [chosen, setChosen] = useState(options.dates[0]?.id ?? 0);
  const [said, setSaid] = useState<string | null>(null);
  const picked = options.dates.find((date) => date.id === chosen);
  const moving = useMoveOwnSeat(options.bookingId);
  const headingId = `seat-move-${options.bookingId}`;
  const selectId = `seat-move-date-${options.bookingId}`;
  const heading = options.reason === 'called-off' ? 'This date was called off' : 'Can’t make the chosen date?';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaid(null);
    moving.mutate(chosen, {
      onSuccess: ({ message }) => {
        toast({ title: 'Seat moved', description: message });
        onMoved();
      },
      onError: (error) => setSaid(refusalMessage(error) ?? 'Could not move your seat; please try again.'),
    });
  };
  return (
    <form
      onSubmit={submit}
      {...(seatName ? { 'aria-label': `${heading} (${seatName})` } : { 'aria-labelledby': headingId })}
      className="w-full basis-full rounded-brutal border-2 border-ink bg-secondary-soft p-4"
    >
      <h3 id={headingId} className="font-extrabold">
        {heading}
      </h3>
      <p className="text-sm">
        {options.reason === 'called-off'
          ? `Move your seat to another date at the price you paid, or cancel it for a full refund, by ${untilText(options.until)}. If you choose neither, we refund you in full then.`
          : 'The date was set by a poll and wasn’t one you marked. Move your seat to another date at the price you paid, or cancel with a full refund.'}
      </p>
      {options.dates.length === 0 ? (
        <p className="mt-2 text-sm font-semibold">No other date has room right now. You can still cancel with a full refund.</p>
      ) : (
        <div className="mt-3 flex flex-wrap items-start gap-3">
          <div className="min-w-0 flex-1 basis-64">
            <label htmlFor={selectId} className="mb-1.5 block text-sm font-bold">
              Move to
            </label>
            <select id={selectId} value={chosen} onChange={(event) => setChosen(Number(event.target.value))} className={controlClasses}>
              {options.dates.map((date) => (
                <option key={date.id} value={date.id}>
                  {date.title} · {date.when} · {date.seatsLeft} {date.seatsLeft === 1 ? 'seat' : 'seats'} left
                </option>
              ))}
            </select>
            {/* The whole choice, which a phone's closed select cuts short. */}
            {picked ? (
              <p className="mt-1.5 text-sm">
                {picked.when} · {picked.seatsLeft} {picked.seatsLeft === 1 ? 'seat' : 'seats'} left
              </p>
            ) : null}
          </div>
          <button type="submit" className={smallButtonClasses('primary', 'min-h-11 sm:mt-7')} disabled={moving.isPending}>
            {moving.isPending ? 'Moving…' : 'Move my seat'}
          </button>
        </div>
      )}
      <p role="status" className="mt-2 text-sm font-semibold empty:hidden">
        {said}
      </p>
    </form>
  );
}
