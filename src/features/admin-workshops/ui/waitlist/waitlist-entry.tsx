import { Send, UserMinus } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Badge } from '../../../../client/components/ui/badge';
import { cx } from '../../../../client/components/ui/cx';
import { smallButtonClasses } from '../../../../client/components/ui/dialog';
import { toast } from '../../../../client/components/ui/toast-store';
import { refusalMessage } from '../../../../client/lib/api-client';
import { useStepInPlace } from '../../../../client/lib/use-step-in-place';
import type { AdminWaitlistEntry } from '../../../waitlist';
import { useOfferWaitlistSeats, useRemoveWaitlistEntry } from '../api/waitlist';
import { entryActions, entryName, joinedDate, offerDeadline, offerQuestion, removeQuestion, seatsText, WAITLIST_STATUS_LABELS } from './waitlist-texts';

type Action = 'offer' | 'remove';

type EntryProps = {
  entry: AdminWaitlistEntry;
  /** The date whose list this is: its seats are the ones offered, also to an entry waiting for any date. */
  workshopDateId: number;
  /** The workshop's time zone, the clock the admin reads the offer's deadline on. */
  timeZone: string;
};

/** Why an action failed, in the server's words when it refused (409: how many seats are free, the entry no longer waits). */
const failure = (error: unknown) => refusalMessage(error) ?? 'Something went wrong. Please try again.';

/**
 * The confirmation an action takes before it runs, in place under the entry: what will happen,
 * named, and the server's refusal when it refuses. Its question gets the focus so a keyboard or
 * screen reader lands on it.
 */
function ConfirmStep({ question, label, busyLabel, tone, busy, error, onConfirm, onCancel }: {
  question: string;
  label: string;
  busyLabel: string;
  tone: 'primary' | 'danger';
  busy: boolean;
  error: unknown;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const text = useRef<HTMLParagraphElement>(null);
  useEffect(() => text.current?.focus(), []);
  return (
    <div className="mt-3 space-y-3 rounded-brutal border-2 border-ink bg-paper p-3">
      <p ref={text} tabIndex={-1} className="font-bold outline-none">
        {question}
      </p>
      {error ? (
        <p role="alert" className="rounded-brutal border-2 border-danger bg-danger-soft px-3 py-2 text-sm font-bold">
          {failure(error)}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className={smallButtonClasses('secondary')} onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className={smallButtonClasses(tone)} onClick={onConfirm} disabled={busy}>
          {busy ? busyLabel : label}
        </button>
      </div>
    </div>
  );
}

/** The facts of an entry under its name: seats, where it waits, when it joined, until when an offer holds. */
function EntryFacts({ entry, timeZone }: { entry: AdminWaitlistEntry; timeZone: string }) {
  return (
    <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
      <div className="flex gap-1">
        <dt className="text-ink-soft">Seats</dt>
        <dd className="font-bold tabular-nums">{entry.seats}</dd>
      </div>
      <div className="flex gap-1">
        <dt className="text-ink-soft">Joined</dt>
        <dd>
          <time dateTime={entry.createdAt}>{joinedDate(entry.createdAt)}</time>
        </dd>
      </div>
      {entry.offerExpiresAt ? (
        <div className="flex gap-1">
          <dt className="text-ink-soft">{entry.status === 'offered' ? 'Offer until' : 'Offer ran until'}</dt>
          <dd className="font-bold">
            <time dateTime={entry.offerExpiresAt}>{offerDeadline(entry.offerExpiresAt, timeZone)}</time>
          </dd>
        </div>
      ) : null}
      {entry.anyDate ? (
        <div className="flex gap-1">
          <dt className="sr-only">Waits for</dt>
          <dd className="text-ink-soft">any date of this workshop</dd>
        </div>
      ) : null}
    </dl>
  );
}

/**
 * One person on a date's waiting list: their place, name, e-mail, seats, status and dates, and
 * what the organiser can do about it (offer free seats now, remove), each confirmed first.
 * Leaving a step gives the focus back to its button, or to the entry once that button has gone
 * (a removed entry offers no action).
 */
export function WaitlistEntry({ entry, workshopDateId, timeZone }: EntryProps) {
  const { action, open: openStep, close, area, buttonRef } = useStepInPlace<Action, HTMLLIElement>();
  const removing = useRemoveWaitlistEntry();
  const offering = useOfferWaitlistSeats();
  const allowed = entryActions(entry);
  const status = WAITLIST_STATUS_LABELS[entry.status];

  // Each step starts without the refusal of the last one.
  const open = (next: Action) => {
    removing.reset();
    offering.reset();
    openStep(next);
  };
  const done = (title: string) => (result: { message: string }) => {
    toast({ title, description: result.message });
    close();
  };
  const confirm = () => {
    if (action === 'remove') removing.mutate({ entryId: entry.id }, { onSuccess: done('Entry Removed') });
    // The date is named only for an entry waiting for any date: the server refuses it otherwise.
    if (action === 'offer') offering.mutate({ entryId: entry.id, workshopDateId: entry.anyDate ? workshopDateId : undefined }, { onSuccess: done('Offer Sent') });
  };

  const actionButton = (name: Action) => (
    <button
      type="button"
      ref={buttonRef(name)}
      className={smallButtonClasses(name === 'offer' ? 'secondary' : 'ghost', name === 'remove' ? 'text-danger' : undefined)}
      onClick={() => open(name)}
      disabled={action !== null}
    >
      {name === 'offer' ? <Send aria-hidden="true" className="size-4" /> : <UserMinus aria-hidden="true" className="size-4" />}
      {name === 'offer' ? 'Send offer' : 'Remove'}
      <span className="sr-only"> {entryName(entry)}</span>
    </button>
  );

  return (
    // A closed entry (booked, expired, left, removed) stays for the record, framed quieter than those still in line.
    <li ref={area} tabIndex={-1} className={cx('rounded-brutal border-2 border-ink p-3 outline-none focus-visible:ring-2 focus-visible:ring-ink', entry.position === null ? 'border-dashed bg-paper' : 'bg-white')}>
      <div className="flex flex-wrap items-start gap-x-3 gap-y-2">
        <span
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-brutal border-2 border-ink bg-paper-deep text-base font-extrabold tabular-nums"
          title={entry.position === null ? 'No longer in line' : `Place ${entry.position} in line`}
        >
          {entry.position === null ? <span aria-hidden="true">—</span> : entry.position}
          <span className="sr-only">{entry.position === null ? 'No longer in line' : `Place ${entry.position}`}</span>
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-extrabold">{entryName(entry)}</span>
            <Badge tone={status.tone}>{status.label}</Badge>
          </div>
          <a href={`mailto:${entry.email}`} className="block text-sm [overflow-wrap:anywhere] underline decoration-ink/30 underline-offset-2 hover:decoration-ink">
            {entry.email}
          </a>
          <EntryFacts entry={entry} timeZone={timeZone} />
        </div>
        {allowed.offer || allowed.remove ? (
          <div className="flex w-full flex-wrap gap-2 sm:w-auto">
            {allowed.offer ? actionButton('offer') : null}
            {allowed.remove ? actionButton('remove') : null}
          </div>
        ) : null}
      </div>
      {action === 'remove' ? (
        <ConfirmStep question={removeQuestion(entry)} label={`Remove ${entry.firstName}`} busyLabel="Removing…" tone="danger" busy={removing.isPending} error={removing.error} onConfirm={confirm} onCancel={close} />
      ) : null}
      {action === 'offer' ? (
        <ConfirmStep question={offerQuestion(entry)} label={`Offer ${seatsText(entry.seats)}`} busyLabel="Sending…" tone="primary" busy={offering.isPending} error={offering.error} onConfirm={confirm} onCancel={close} />
      ) : null}
    </li>
  );
}
