import { CalendarClock, CircleCheck, ListOrdered, Ticket } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { runtimeTimeZone } from '../../../common/time-zones';
import { Badge } from '../../../client/components/ui/badge';
import { Button, buttonClasses } from '../../../client/components/ui/button';
import { cx } from '../../../client/components/ui/cx';
import { LoadingRegion, Skeleton } from '../../../client/components/ui/skeleton';
import { refusalMessage } from '../../../client/lib/api-client';
import { FocusedHeading } from '../../booking/ui';
import type { PublicWaitlistEntry } from '../waitlist.schema';
import { useLeaveWaitlist, useWaitlistEntry } from './api/waitlist-entry';
import { BackToBooking, Frame, Notice, WaitlistProblem } from './waitlist-notice';
import { closedEntryText, offerCheckoutPath, offerDeadlineText, offerPriceText, seatsText, waitingPromise } from './waitlist-text';

/**
 * `/waitlist/{token}`: the link of the waiting list's e-mails. Waiting: the place in line and a
 * way to leave; offered: until when the seats are held, their price, and book or pass them on;
 * closed (booked, expired, left, removed): what happened; and a link that is not genuine.
 */

const cardClasses = 'rounded-brutal border-2 border-ink p-5 shadow-brutal sm:p-6';

/** Leaving (or passing an offer on) asks once more: the place in line cannot be had back. */
function LeaveStep({ token, offered }: { token: string; offered: boolean }) {
  const [asking, setAsking] = useState(false);
  const leave = useLeaveWaitlist(token);
  const label = offered ? 'Pass the seats on' : 'Leave the waiting list';
  if (!asking) {
    return (
      <button type="button" className={buttonClasses('secondary')} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <div role="group" aria-labelledby="leave-question" className="basis-full rounded-brutal border-2 border-ink bg-accent-soft p-4">
      <p id="leave-question" className="font-bold">
        {offered ? 'Pass the held seats on to the next person waiting?' : 'Leave the waiting list?'}
      </p>
      <p className="mt-1 text-sm">{offered ? 'They are offered to the next person at once, and you leave the waiting list.' : 'You lose your place in line. You can join again later, at the end of the line.'}</p>
      {leave.isError ? (
        <p role="alert" className="mt-2 text-sm font-semibold text-danger">
          {refusalMessage(leave.error) ?? 'That did not work just now. Please try again.'}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-3">
        {/* The question just opened: answering it is the next thing to do. */}
        <Button variant="ink" autoFocus onClick={() => leave.mutate()} disabled={leave.isPending}>
          {leave.isPending ? 'Leaving…' : offered ? 'Yes, pass them on' : 'Yes, leave'}
        </Button>
        <Button variant="secondary" onClick={() => setAsking(false)} disabled={leave.isPending}>
          {offered ? 'Keep the seats' : 'Stay on the list'}
        </Button>
      </div>
    </div>
  );
}

function Details({ entry }: { entry: PublicWaitlistEntry }) {
  const rows: Array<[string, string]> = [
    ['Workshop', entry.workshopDateId === null ? `${entry.workshopTitle} (the next date with room)` : entry.workshopTitle],
    ['Seats', seatsText(entry.seats)],
    ['Name', `${entry.firstName} ${entry.lastName}`],
    ['Email', entry.email],
  ];
  return (
    <dl className="mt-5 grid gap-3">
      {rows.map(([term, value]) => (
        <div key={term} className="grid gap-0.5 sm:grid-cols-[8rem_1fr]">
          <dt className="text-sm font-extrabold uppercase tracking-label text-ink-soft">{term}</dt>
          <dd className="font-semibold break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Waiting({ token, entry }: { token: string; entry: PublicWaitlistEntry }) {
  return (
    <Frame>
      <Badge tone="secondary">
        <ListOrdered aria-hidden="true" className="size-3.5" />
        On the waiting list
      </Badge>
      <FocusedHeading className="mt-3">{entry.position === null ? 'You are on the waiting list' : `You are number ${entry.position} in line`}</FocusedHeading>
      <p className="mt-3 text-lg text-ink-soft">
        {waitingPromise(entry.seats, entry.email)}
      </p>
      <section aria-label="Your entry" className={cx(cardClasses, 'mt-8 bg-white')}>
        <Details entry={entry} />
        <div className="mt-6 flex flex-wrap gap-3">
          <LeaveStep token={token} offered={false} />
        </div>
      </section>
    </Frame>
  );
}

function Offered({ token, entry }: { token: string; entry: PublicWaitlistEntry }) {
  const [viewerZone] = useState(runtimeTimeZone);
  return (
    <Frame>
      <Badge tone="success">
        <Ticket aria-hidden="true" className="size-3.5" />
        Seats held for you
      </Badge>
      <FocusedHeading className="mt-3">Good news, {entry.firstName}: seats are free for you</FocusedHeading>
      <section aria-label="Your held seats" className={cx(cardClasses, 'mt-8 bg-accent-soft')}>
        <p className="flex items-start gap-2 text-lg font-bold">
          <CalendarClock aria-hidden="true" className="mt-1 size-5 shrink-0" />
          <span>
            {seatsText(entry.seats)} held for you until {entry.offerExpiresAt ? offerDeadlineText(entry.offerExpiresAt, viewerZone) : 'the deadline in your e-mail'}
          </span>
        </p>
        {entry.offerPrice !== null ? <p className="mt-2 font-semibold">{offerPriceText(entry.offerPrice, entry.seats)}</p> : null}
        <Details entry={entry} />
        <div className="mt-6 flex flex-wrap gap-3">
          <Link href={offerCheckoutPath(token)} className={buttonClasses('primary', 'lg')}>
            Book your seats
          </Link>
          <LeaveStep token={token} offered />
        </div>
      </section>
    </Frame>
  );
}

function WaitlistSkeleton() {
  return (
    <Frame>
      <LoadingRegion label="Loading your place on the waiting list…">
        <Skeleton className="h-6 w-40" />
        <Skeleton className="mt-4 h-10 w-3/4" />
        <Skeleton className="mt-4 h-5 w-2/3" />
        <Skeleton className="mt-8 h-64" />
      </LoadingRegion>
    </Frame>
  );
}

export function WaitlistScreen({ token }: { token: string }) {
  const entry = useWaitlistEntry(token);
  if (entry.isPending) return <WaitlistSkeleton />;
  if (entry.isError) return <WaitlistProblem error={entry.error} retrying={entry.isFetching} onRetry={() => void entry.refetch()} />;
  const found = entry.data;
  if (found.status === 'waiting') return <Waiting token={token} entry={found} />;
  if (found.status === 'offered') return <Offered token={token} entry={found} />;
  const closed = closedEntryText(found.status, found);
  return (
    <Notice tone="calm" icon={<CircleCheck aria-hidden="true" className="size-7 shrink-0" />} title={closed.title} actions={<BackToBooking label={found.status === 'booked' ? 'Back to the workshop dates' : 'See the workshop dates'} />}>
      <p>{closed.text}</p>
    </Notice>
  );
}
