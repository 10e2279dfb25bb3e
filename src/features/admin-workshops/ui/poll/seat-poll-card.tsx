import { useState, type FormEvent } from 'react';
import { smallButtonClasses } from '../../../../client/components/ui/dialog';
import { refusalMessage } from '../../../../client/lib/api-client';
import type { ParticipantPoll } from '../../admin-workshops.schema';
import { useSeatPoll, useVoteSeatPoll } from '../api/date-poll';

/**
 * On a participant's seat whose date is still to be set: the organiser's candidate dates, each with
 * a checkbox "suits me", and Save (docs/decisions/022-dates-that-change.md). Nothing while no poll is open.
 */
export function SeatPollCard({ bookingId, isTBC }: { bookingId: number; isTBC: boolean }) {
  const poll = useSeatPoll(bookingId, isTBC);
  if (!isTBC || !poll.data?.open) return null;
  return <SeatPollForm poll={poll.data} />;
}

function SeatPollForm({ poll }: { poll: ParticipantPoll }) {
  const [chosen, setChosen] = useState(() => new Set(poll.options.filter((option) => option.suitsMe).map((option) => option.id)));
  const [saved, setSaved] = useState<string | null>(null);
  const vote = useVoteSeatPoll(poll.bookingId);
  const legendId = `seat-poll-${poll.bookingId}`;
  const toggle = (id: number, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    setChosen(next);
    setSaved(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    vote.mutate([...chosen], { onSuccess: () => setSaved('Saved. The organiser will e-mail you the chosen date.'), onError: (error) => setSaved(refusalMessage(error) ?? 'Could not save; please try again.') });
  };
  return (
    <form onSubmit={submit} className="w-full basis-full rounded-brutal border-2 border-ink bg-paper-deep p-4">
      <fieldset aria-labelledby={legendId}>
        <legend id={legendId} className="font-extrabold">
          Which dates suit you?
        </legend>
        <p className="text-sm text-ink-soft">The date is to be set. Tick every candidate you can make; the organiser picks one.</p>
        {poll.options.map((option) => (
          <div key={option.id} className="flex min-h-11 items-center gap-3">
            <input id={`poll-option-${poll.bookingId}-${option.id}`} type="checkbox" className="size-5 accent-ink" checked={chosen.has(option.id)} onChange={(event) => toggle(option.id, event.target.checked)} />
            <label htmlFor={`poll-option-${poll.bookingId}-${option.id}`} className="text-sm font-bold">
              {option.date}, {option.time}
            </label>
          </div>
        ))}
      </fieldset>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <button type="submit" className={smallButtonClasses('primary')} disabled={vote.isPending}>
          {vote.isPending ? 'Saving…' : 'Save'}
        </button>
        <p role="status" className="text-sm">
          {saved}
        </p>
      </div>
    </form>
  );
}
