import { useState, type FormEvent } from 'react';
import { Dialog, FormButtons, openWhile, smallButtonClasses } from '../../../../client/components/ui/dialog';
import { TextField } from '../../../../client/components/ui/form';
import { toast } from '../../../../client/components/ui/toast-store';
import { refusalMessage } from '../../../../client/lib/api-client';
import { MAX_POLL_OPTIONS, MIN_POLL_OPTIONS, type AdminWorkshopDate } from '../../admin-workshops.schema';
import { workshopDateFromIsoDay, workshopTimeFromInputs } from '../../workshop-date-text';
import { useChoosePollOption, useDatePoll, useOpenDatePoll } from '../api/date-poll';

type Draft = { day: string; start: string; end: string };
const EMPTY: Draft = { day: '', start: '10:00', end: '12:00' };

/**
 * "Poll" on a TBC date (docs/decisions/022-dates-that-change.md): the candidates with how many seats
 * marked each and a button to choose one; below, new candidates to propose (which replace the old
 * and e-mail everyone a link to mark theirs).
 */
export function PollDialog({ workshop, onClose }: { workshop: AdminWorkshopDate | null; onClose: () => void }) {
  const id = workshop?.id ?? null;
  const poll = useDatePoll(id);
  const open = useOpenDatePoll(id);
  const choose = useChoosePollOption(id);
  const [drafts, setDrafts] = useState<Draft[]>([EMPTY, EMPTY]);
  const failed = (title: string) => (error: unknown) => toast({ title, description: refusalMessage(error) ?? 'Please try again.', variant: 'destructive' });

  const setDraft = (index: number, change: Partial<Draft>) => setDrafts(drafts.map((draft, at) => (at === index ? { ...draft, ...change } : draft)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const options = drafts.map((draft) => ({ date: workshopDateFromIsoDay(draft.day), time: workshopTimeFromInputs(draft.start, draft.end) }));
    open.mutate({ options }, { onSuccess: () => toast({ title: 'Poll sent', description: 'Everyone on this date was e-mailed a link to mark the dates that suit them.' }), onError: failed('Could not send the poll') });
  };
  const pick = (optionId: number, label: string) =>
    choose.mutate(optionId, {
      onSuccess: () => {
        toast({ title: 'Date set', description: `${label}: everyone was e-mailed the date with a calendar event.` });
        onClose();
      },
      onError: failed('Could not set the date'),
    });

  const options = poll.data?.options ?? [];
  return (
    <Dialog {...openWhile(workshop, onClose)} title="Poll for the date" description={workshop?.title} size="lg">
      {options.length ? (
        <section aria-labelledby="poll-tally" className="mb-4">
          <h3 id="poll-tally" className="font-extrabold">
            Candidates
          </h3>
          <ul className="divide-y-2 divide-ink/10">
            {options.map((option) => {
              const label = `${option.date}, ${option.time}`;
              return (
                <li key={option.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="text-sm">
                    <span className="font-bold">{label}</span> — {option.votes === 1 ? '1 vote' : `${option.votes} votes`}
                  </span>
                  <button type="button" className={smallButtonClasses('secondary')} disabled={choose.isPending} onClick={() => pick(option.id, label)} aria-label={`Choose ${label}`}>
                    Choose
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      <form onSubmit={submit} className="grid gap-3" aria-labelledby="poll-propose">
        <h3 id="poll-propose" className="font-extrabold">
          {options.length ? 'Propose new dates (replaces these and their votes)' : 'Propose dates'}
        </h3>
        {drafts.map((draft, index) => (
          <div key={index} className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            <TextField id={`poll-day-${index}`} label={`Date ${index + 1}`} type="date" className="col-span-2 sm:col-span-1" value={draft.day} onChange={(event) => setDraft(index, { day: event.target.value })} />
            <TextField id={`poll-start-${index}`} label="Start" type="time" value={draft.start} onChange={(event) => setDraft(index, { start: event.target.value })} />
            <TextField id={`poll-end-${index}`} label="End" type="time" value={draft.end} onChange={(event) => setDraft(index, { end: event.target.value })} />
          </div>
        ))}
        <div className="flex flex-wrap gap-2">
          {drafts.length < MAX_POLL_OPTIONS ? (
            <button type="button" className={smallButtonClasses('ghost')} onClick={() => setDrafts([...drafts, EMPTY])}>
              Add a date
            </button>
          ) : null}
          {drafts.length > MIN_POLL_OPTIONS ? (
            <button type="button" className={smallButtonClasses('ghost')} onClick={() => setDrafts(drafts.slice(0, -1))}>
              Remove the last
            </button>
          ) : null}
        </div>
        <p className="text-sm text-ink-soft">Times are in the date’s zone ({workshop?.timezone}).</p>
        <FormButtons onCancel={onClose} label="Send poll" busy={open.isPending} busyLabel="Sending…" />
      </form>
    </Dialog>
  );
}
