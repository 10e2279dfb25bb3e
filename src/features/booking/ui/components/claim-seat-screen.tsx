import { CalendarDays, CircleCheck, Link2Off, Mail, TicketCheck, UserRound } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { runtimeTimeZone } from '../../../../common/time-zones';
import { Badge } from '../../../../client/components/ui/badge';
import { Button, buttonClasses } from '../../../../client/components/ui/button';
import { TextField } from '../../../../client/components/ui/form';
import { LoadingRegion, Skeleton } from '../../../../client/components/ui/skeleton';
import { useSchemaForm } from '../../../../client/components/ui/use-schema-form';
import { ApiError, refusalMessage } from '../../../../client/lib/api-client';
import type { BookingResponse } from '../../booking.schema';
import {
  CLAIM_ERROR_CODES,
  CLAIM_LINK_REVOKED,
  CLAIM_WORKSHOP_STARTED,
  claimSeatSchema,
  SEAT_NO_LONGER_CLAIMABLE,
  type ClaimSeatInput,
  type ClaimState,
  type SeatClaim,
} from '../../claim.schema';
import { useClaimSeat } from '../api/claim-seat';
import { useSeatClaim } from '../api/get-seat-claim';
import { confirmationPath } from '../confirmation-link';
import { whenLines } from '../confirmation-text';
import { FocusedHeading, PageProblem, TryAgainButton } from './page-problem';

/**
 * `/claim/{token}`: a colleague opens the link the buyer shared, sees what the seat is for and who
 * bought it, and puts their own name and address on it, once. Every state of the link has its own
 * screen: loading, open (the form), claimed (just now, by them, or before), replaced or expired,
 * no longer held, workshop started, not a link at all, and a failure to load with a retry.
 */

const cardClasses = 'rounded-brutal border-2 border-ink p-5 shadow-brutal sm:p-6';

function Frame({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6 md:py-16">{children}</div>;
}

/** A link that cannot be claimed (any more): what happened, and where to go from here. */
function Problem(props: Parameters<typeof PageProblem>[0]) {
  return (
    <Frame>
      <PageProblem {...props} />
    </Frame>
  );
}

function ClaimSkeleton() {
  return (
    <Frame>
      <LoadingRegion label="Loading your seat invitation…">
        <Skeleton className="h-6 w-40" />
        <Skeleton className="mt-4 h-10 w-3/4" />
        <Skeleton className="mt-4 h-5 w-2/3" />
        <Skeleton className="mt-8 h-28" />
        <Skeleton className="mt-6 h-72" />
      </LoadingRegion>
    </Frame>
  );
}

/** The workshop the seat is for: its title and when, on the organiser's clock and the visitor's. */
function WorkshopCard({ workshop }: { workshop: SeatClaim['workshop'] }) {
  const [viewerZone] = useState(runtimeTimeZone);
  const when = whenLines(workshop, viewerZone);
  return (
    <section aria-labelledby="claim-workshop-heading" className={`${cardClasses} bg-secondary-soft`}>
      <p className="text-xs font-extrabold uppercase tracking-label text-ink-soft">Workshop</p>
      <h2 id="claim-workshop-heading" className="mt-1 text-2xl font-black break-words">
        {workshop.title}
      </h2>
      <p className="mt-3 flex items-start gap-2 font-semibold">
        <CalendarDays aria-hidden="true" className="mt-1 size-4 shrink-0" />
        <span>
          {when.organiser}
          {when.viewer ? <span className="block font-normal text-ink-soft">{when.viewer}</span> : null}
        </span>
      </p>
    </section>
  );
}

/** Why a genuine link cannot be claimed, in the visitor's words. */
const closedScreens: Record<Exclude<ClaimState, 'open'>, { title: string; text: (claim: SeatClaim | null) => string }> = {
  claimed: {
    title: 'This seat has already been claimed',
    text: () => 'Someone has put their name on it with this link, and a link works once. If it was you, your confirmation e-mail has your booking and your sign-in link.',
  },
  revoked: {
    title: 'This link no longer works',
    text: (claim) => (claim ? `${claim.buyerFirstName} replaced this link, or it has expired. Ask them for the new link.` : CLAIM_LINK_REVOKED),
  },
  closed: { title: 'This seat is no longer available', text: () => `${SEAT_NO_LONGER_CLAIMABLE} Ask the person who booked it.` },
  started: { title: 'This workshop has already started', text: () => CLAIM_WORKSHOP_STARTED },
};

function ClosedLink({ state, claim }: { state: Exclude<ClaimState, 'open'>; claim: SeatClaim | null }) {
  const screen = closedScreens[state];
  return (
    <Problem title={screen.title} icon={<Link2Off aria-hidden="true" className="size-7 shrink-0" />}>
      <p>{screen.text(claim)}</p>
      {claim ? (
        <p className="text-sm text-ink-soft">
          The link was for a seat in <strong className="text-ink">{claim.workshop.title}</strong>.
        </p>
      ) : null}
    </Problem>
  );
}

function InvalidLink() {
  return (
    <Problem title="This link is not valid">
      <p>Check that you opened the whole link from the e-mail or message you received; a link cut short does not work.</p>
    </Problem>
  );
}

/** After the claim: the seat is theirs, and their confirmation is on its way. */
function Claimed({ booking, claim }: { booking: BookingResponse; claim: SeatClaim }) {
  return (
    <Frame>
      <Badge tone="success">
        <TicketCheck aria-hidden="true" className="size-3.5" />
        Seat claimed
      </Badge>
      <div className="mt-3">
        <FocusedHeading className="flex items-center gap-3">
          <CircleCheck aria-hidden="true" className="size-9 shrink-0" />
          The seat is yours, {booking.firstName}!
        </FocusedHeading>
        <p className="mt-3 text-lg text-ink-soft">It is now your booking, in your name.</p>
      </div>
      <div className="mt-8 grid items-start gap-6 md:grid-cols-2">
        <WorkshopCard workshop={claim.workshop} />
        <section aria-labelledby="claim-inbox-heading" className={`${cardClasses} bg-paper`}>
          <h2 id="claim-inbox-heading" className="flex items-center gap-2 text-xl font-black">
            <Mail aria-hidden="true" className="size-5" />
            Check your inbox
          </h2>
          <p className="mt-3">
            Your confirmation e-mail is on its way to <strong className="wrap-anywhere">{booking.email}</strong>
            {booking.status === 'confirmed' ? ', with the calendar event and your own link to your booking.' : '. Your seat is held for you and confirmed once it is paid for.'}
          </p>
          <p className="mt-2 text-sm text-ink-soft">Nothing after a few minutes? Look in your spam folder.</p>
        </section>
      </div>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link href={confirmationPath({ bookingId: booking.id, token: booking.confirmationToken })} className={buttonClasses('primary')}>
          See your booking
        </Link>
        <Link href="/participant" className={buttonClasses('secondary')}>
          My bookings
        </Link>
      </div>
    </Frame>
  );
}

/** The open link: the workshop, and the short form that puts the visitor on the seat. */
function ClaimForm({ token, claim, onClaimed, onRefused }: { token: string; claim: SeatClaim; onClaimed: (booking: BookingResponse) => void; onRefused: (state: Exclude<ClaimState, 'open'>) => void }) {
  const claiming = useClaimSeat();
  const { field, handleSubmit, formId } = useSchemaForm(claimSeatSchema, { firstName: '', lastName: '', email: '' });
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = handleSubmit((person) => {
    setProblem(null);
    const body: ClaimSeatInput = { ...person, timeZone: runtimeTimeZone() };
    claiming.mutate(
      { token, person: body },
      {
        onSuccess: onClaimed,
        onError: (error) => {
          const status = error instanceof ApiError ? error.status : 0;
          const code = error instanceof ApiError ? error.field('code') : undefined;
          if (status === 409 && code === CLAIM_ERROR_CODES.alreadyClaimed) return onRefused('claimed');
          if (status === 410) {
            const message = refusalMessage(error);
            return onRefused(message === CLAIM_WORKSHOP_STARTED ? 'started' : message === SEAT_NO_LONGER_CLAIMABLE ? 'closed' : 'revoked');
          }
          if (status === 429) return setProblem('Too many tries from your connection. Please wait a minute and try again.');
          setProblem(refusalMessage(error) ?? 'We could not claim the seat just now. Check your connection and try again.');
        },
      },
    );
  });

  return (
    <Frame>
      <Badge tone="accent">Seat invitation</Badge>
      <FocusedHeading className="mt-3">{claim.buyerFirstName} booked a seat for you</FocusedHeading>
      <p className="mt-3 max-w-2xl text-lg text-ink-soft">
        Put your own name and e-mail address on it and it becomes your booking: you get your own confirmation, the calendar event and a link to your booking.
      </p>
      {/* The workshop first, so a phone shows what the seat is for before the form; beside it on a wide screen. */}
      <div className="mt-8 grid items-start gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="lg:col-start-2 lg:row-start-1">
          <WorkshopCard workshop={claim.workshop} />
        </div>
        <section aria-labelledby="claim-form-heading" className={`${cardClasses} bg-paper lg:col-start-1 lg:row-start-1`}>
          <h2 id="claim-form-heading" className="flex items-center gap-2 text-xl font-black">
            <UserRound aria-hidden="true" className="size-5" />
            Who takes this seat?
          </h2>
          <form id={formId} onSubmit={(event) => void onSubmit(event)} noValidate className="mt-4 space-y-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label="First name" autoComplete="given-name" {...field('firstName')} />
              <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
            </div>
            <TextField label="Email" type="email" inputMode="email" autoComplete="email" {...field('email')} />
            {problem ? (
              <p role="alert" className="rounded-brutal border-2 border-ink bg-danger-soft px-3 py-2 text-sm font-semibold">
                {problem}
              </p>
            ) : null}
            <p className="text-sm text-ink-soft">The link works once: whoever claims the seat first gets it.</p>
            <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={claiming.isPending}>
              {claiming.isPending ? 'Claiming…' : 'Claim my seat'}
            </Button>
          </form>
        </section>
      </div>
    </Frame>
  );
}

/** The claim page's content for one link's token. */
export function ClaimSeatScreen({ token }: { token: string }) {
  const claim = useSeatClaim(token);
  const [claimed, setClaimed] = useState<BookingResponse | null>(null);
  const [refused, setRefused] = useState<Exclude<ClaimState, 'open'> | null>(null);

  if (claimed && claim.data) return <Claimed booking={claimed} claim={claim.data} />;
  if (refused) return <ClosedLink state={refused} claim={claim.data ?? null} />;
  if (claim.isPending) return <ClaimSkeleton />;
  if (claim.isError) {
    const status = claim.error instanceof ApiError ? claim.error.status : 0;
    if (status === 410) return <ClosedLink state="revoked" claim={null} />;
    if (status === 400 || status === 403 || status === 404) return <InvalidLink />;
    return (
      <Problem
        title="We couldn't load this invitation"
        action={
          <TryAgainButton onClick={() => void claim.refetch()} trying={claim.isFetching} />
        }
      >
        <p>The seat is safe; only this page did not load. Check your connection and try again.</p>
      </Problem>
    );
  }
  if (claim.data.state !== 'open') return <ClosedLink state={claim.data.state} claim={claim.data} />;
  return <ClaimForm token={token} claim={claim.data} onClaimed={setClaimed} onRefused={setRefused} />;
}
