import { CalendarDays, CircleCheck, Clock, Mail, UserRound, UsersRound } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { runtimeTimeZone } from '../../../../common/time-zones';
import { Badge } from '../../../../client/components/ui/badge';
import { buttonClasses } from '../../../../client/components/ui/button';
import { Skeleton } from '../../../../client/components/ui/skeleton';
import { toast } from '../../../../client/components/ui/toast-store';
import { ApiError } from '../../../../client/lib/api-client';
import { CalendarLinks } from '../../../calendar/ui';
import { workshopEventTimes } from '../../../../common/workshop-time';
import type { BookingConfirmation } from '../../booking.schema';
import { useConfirmReservation } from '../api/confirm-reservation';
import { useBookingConfirmation } from '../api/get-booking-confirmation';
import { PageProblem, TryAgainButton } from './page-problem';
import { confirmationCalendarPath, confirmationPath, type ConfirmationLink, type ReservationConfirmLink } from '../confirmation-link';
import { confirmationHeading, confirmationLead, instantText, orderShown, paymentText, whenLines } from '../confirmation-text';

// No background here: each card sets its own, as two bg- utilities in one class list are a toss-up.
const cardClasses = 'rounded-brutal border-2 border-ink p-5 shadow-brutal sm:p-6';

function Frame({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 md:py-16">{children}</div>;
}

function Card({ title, icon, children, background = 'bg-paper' }: { title: string; icon: ReactNode; children: ReactNode; background?: string }) {
  const headingId = `${title.replace(/\W+/g, '-').toLowerCase()}-heading`;
  return (
    <section aria-labelledby={headingId} className={`${cardClasses} ${background}`}>
      <h2 id={headingId} className="flex items-center gap-2 text-xl font-black">
        {icon}
        {title}
      </h2>
      <div className="mt-3 space-y-3">{children}</div>
    </section>
  );
}

/** A problem instead of the booking: what happened, and where to go from here. */
function Problem(props: Parameters<typeof PageProblem>[0]) {
  return (
    <Frame>
      <PageProblem className="max-w-2xl" {...props} />
    </Frame>
  );
}

/** Shaped like the page it stands for, so nothing jumps when the booking arrives. */
function ConfirmationSkeleton({ label = 'Loading your booking…' }: { label?: string }) {
  return (
    <Frame>
      <p role="status" className="sr-only">
        {label}
      </p>
      <Skeleton className="h-5 w-32" />
      <Skeleton className="mt-3 h-12 w-3/4 max-w-md" />
      <Skeleton className="mt-4 h-6 w-2/3 max-w-lg" />
      <div className="mt-10 grid gap-6 lg:grid-cols-[1fr_20rem]">
        <Skeleton className="h-56" />
        <Skeleton className="h-56" />
      </div>
      <Skeleton className="mt-6 h-32" />
    </Frame>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-t-2 border-paper-deep pt-3 first:border-t-0 first:pt-0 sm:grid-cols-[8rem_1fr] sm:gap-4">
      <dt className="text-sm font-extrabold uppercase tracking-label text-ink-soft">{label}</dt>
      <dd className="font-semibold break-words">{children}</dd>
    </div>
  );
}

/** The booking itself: reference, workshop, when (both zones), what was paid. */
function BookingDetails({ booking, viewerZone }: { booking: BookingConfirmation; viewerZone: string | null | undefined }) {
  const when = whenLines(booking.workshop, viewerZone);
  return (
    <Card title="Your booking" icon={<CalendarDays aria-hidden="true" className="size-5" />}>
      <dl className="space-y-3">
        {/* The order's random reference: a booking number would tell anyone how much sells. */}
        <Row label="Reference">{booking.order ? booking.order.reference : `#${booking.bookingId}`}</Row>
        <Row label="Workshop">{booking.workshop.title}</Row>
        <Row label="When">
          {when.organiser}
          {when.viewer ? <span className="block text-ink-soft">{when.viewer}</span> : null}
        </Row>
        <Row label="Payment">{paymentText(booking, viewerZone)}</Row>
      </dl>
    </Card>
  );
}

/** The order behind the page: its reference, who is on each seat, and its total. */
function OrderCard({ order }: { order: NonNullable<BookingConfirmation['order']> }) {
  return (
    <Card title="Who is coming" icon={<UsersRound aria-hidden="true" className="size-5" />}>
      <ol className="grid gap-2">
        {order.seats.map((seat, index) => (
          <li key={index} className="flex flex-wrap items-baseline gap-x-3 border-t-2 border-paper-deep pt-2 first:border-t-0 first:pt-0">
            <span className="text-sm font-extrabold uppercase tracking-label text-ink-soft">Seat {index + 1}</span>
            <span className="font-semibold">{seat.named ? `${seat.firstName} ${seat.lastName}` : 'Unnamed: its link to claim it is in your e-mail'}</span>
          </li>
        ))}
      </ol>
      <p className="text-sm text-ink-soft">Everyone named gets their own confirmation e-mail with the calendar file.</p>
    </Card>
  );
}

function Inbox({ booking }: { booking: BookingConfirmation }) {
  const reserved = booking.status === 'reserved';
  const order = orderShown(booking);
  let lead = 'We sent your confirmation to ';
  if (reserved) lead = booking.awaitingEmailConfirmation ? 'We sent a link to confirm your reservation to ' : 'We sent the link to pay to ';
  return (
    <Card title="Check your inbox" icon={<Mail aria-hidden="true" className="size-5" />} background="bg-secondary-soft">
      <p>
        {lead}
        <strong className="wrap-anywhere">{order ? order.buyerEmail : booking.email}</strong>
        {reserved ? '.' : order ? ', listing every seat, with a sign-in link to your order.' : ', with the calendar file and a sign-in link to your bookings.'}
      </p>
      <p className="text-sm text-ink-soft">Nothing after a few minutes? Look in your spam folder.</p>
    </Card>
  );
}

/** Add-to-calendar for a confirmed seat with a date; otherwise why there is nothing to add yet. */
function CalendarCard({ booking, link, viewerZone }: { booking: BookingConfirmation; link: ConfirmationLink; viewerZone: string | null | undefined }) {
  const { workshop } = booking;
  let body: ReactNode;
  if (booking.status === 'reserved') {
    body = (
      <p>
        Your seat is held
        {booking.reservationExpiresAt ? ` until ${instantText(booking.reservationExpiresAt, viewerZone)}` : ''} but not yet paid, so
        there is nothing to add yet. Once you pay, your confirmation e-mail brings the calendar file.
      </p>
    );
  } else if (!workshopEventTimes(workshop)) {
    body = <p>The date is set by a participant poll; the calendar file comes with it.</p>;
  } else {
    body = (
      <CalendarLinks
        bookingId={booking.bookingId}
        title={workshop.title}
        date={workshop.date}
        time={workshop.time}
        timezone={workshop.timezone}
        isTBC={workshop.isTBC}
        endsNextDay={workshop.endsNextDay}
        location={booking.meetingLink}
        filePath={confirmationCalendarPath(link)}
      />
    );
  }
  return (
    <Card title="Add it to your calendar" icon={<CalendarDays aria-hidden="true" className="size-5" />}>
      {body}
    </Card>
  );
}

function NextSteps({ booking, viewerZone }: { booking: BookingConfirmation; viewerZone: string | null | undefined }) {
  const steps = [
    'Before the workshop, we send you the meeting link. It is also on your bookings page.',
    'Reminders arrive 24 hours and 1 hour before the workshop starts.',
    'Afterwards, your two one-on-one follow-up calls help you take your prototype further.',
  ];
  if (booking.status === 'reserved') {
    const until = booking.reservationExpiresAt ? ` before ${instantText(booking.reservationExpiresAt, viewerZone)}` : '';
    steps.unshift(
      booking.awaitingEmailConfirmation
        ? `Open the link in your e-mail${until} to keep the seat; then we send you the link to pay.`
        : `Pay with the link in your e-mail${until}, or the seat goes back on sale.`,
    );
  }
  return (
    <Card title="What happens next" icon={<Clock aria-hidden="true" className="size-5" />}>
      <ol className="list-decimal space-y-2 pl-5">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </Card>
  );
}

function ParticipantCard() {
  return (
    <Card title="Your bookings page" icon={<UserRound aria-hidden="true" className="size-5" />}>
      <p>Sign in with your e-mail address to see this booking, its meeting details and materials, or to cancel it.</p>
      <Link href="/participant" className={buttonClasses('primary')}>
        Go to my bookings
      </Link>
    </Card>
  );
}

function Confirmed({ booking, link }: { booking: BookingConfirmation; link: ConfirmationLink }) {
  // The zone they booked in; the browser's for a booking that kept none.
  const [browserZone] = useState(runtimeTimeZone);
  const viewerZone = booking.timeZone ?? browserZone;
  const active = booking.status === 'confirmed' || booking.status === 'reserved';
  const heading = useRef<HTMLHeadingElement>(null);
  // Keyboard and screen-reader users start at the news, not at the top of the header.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Frame>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={booking.status === 'confirmed' ? 'success' : active ? 'accent' : 'paper'}>
          {booking.order ? `Order ${booking.order.reference}` : `Booking #${booking.bookingId}`}
        </Badge>
      </div>
      <h1 ref={heading} tabIndex={-1} className="mt-3 flex items-center gap-3 text-4xl font-black tracking-tight outline-none sm:text-5xl">
        {booking.status === 'confirmed' ? <CircleCheck aria-hidden="true" className="size-9 shrink-0" /> : null}
        {confirmationHeading(booking)}
      </h1>
      <p className="mt-3 max-w-2xl text-lg text-ink-soft">{confirmationLead(booking, viewerZone)}</p>

      <div className="mt-10 grid items-start gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="grid gap-6">
          <BookingDetails booking={booking} viewerZone={viewerZone} />
          {orderShown(booking) ? <OrderCard order={orderShown(booking)!} /> : null}
        </div>
        {active ? <Inbox booking={booking} /> : null}
      </div>
      {active ? (
        <div className="mt-6 grid items-start gap-6 md:grid-cols-2 lg:grid-cols-3">
          <CalendarCard booking={booking} link={link} viewerZone={viewerZone} />
          <NextSteps booking={booking} viewerZone={viewerZone} />
          <ParticipantCard />
        </div>
      ) : (
        <Link href="/#booking" className={buttonClasses('primary', 'md', 'mt-8')}>
          Book another date
        </Link>
      )}
    </Frame>
  );
}

/**
 * The confirmation page's content: read with the link's signed token, so a reload
 * shows it again. Loading, a link that does not open (403), a booking that is gone (404), and a
 * failure to load with a retry.
 */
export function BookingConfirmationScreen({ link }: { link: ConfirmationLink }) {
  const confirmation = useBookingConfirmation(link);
  if (confirmation.isPending) return <ConfirmationSkeleton />;
  if (confirmation.isError) {
    const status = confirmation.error instanceof ApiError ? confirmation.error.status : 0;
    if (status === 404) {
      return (
        <Problem title="We couldn't find this booking">
          <p>It may have been removed. Your confirmation e-mail and your bookings page have every booking you hold.</p>
        </Problem>
      );
    }
    if (status === 403) return <InvalidConfirmationLink />;
    return (
      <Problem
        title="We couldn't load your booking"
        action={
          <TryAgainButton onClick={() => void confirmation.refetch()} trying={confirmation.isFetching} />
        }
      >
        <p>Your booking is safe; only this page did not load. Check your connection and try again.</p>
      </Problem>
    );
  }
  if (confirmation.data.status === 'deleted') return <InvalidConfirmationLink />;
  return <Confirmed booking={confirmation.data} link={link} />;
}

/**
 * The link e-mailed to a new reservation (`?booking={id}&confirm={token}`): it confirms the address
 * once the page has loaded (not on the server's GET, which mail scanners fetch too), then shows the
 * reservation's confirmation page in its place, as a reload would.
 */
export function ReservationConfirmScreen({ link }: { link: ReservationConfirmLink }) {
  const [, navigate] = useLocation();
  const { mutate, isError, error, isPending } = useConfirmReservation();
  const confirm = () =>
    mutate(link, {
      onSuccess: ({ confirmationToken, confirmation }) => {
        const until = confirmation.reservationExpiresAt ? ` until ${instantText(confirmation.reservationExpiresAt, confirmation.timeZone ?? runtimeTimeZone())}` : '';
        toast({ title: 'Reservation confirmed', description: `Your seat is held${until}. We e-mailed you the link to pay.` });
        navigate(confirmationPath({ bookingId: confirmation.bookingId, token: confirmationToken }), { replace: true });
      },
    });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    confirm();
    // Once per link: a re-render must not send it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!isError) return <ConfirmationSkeleton label="Confirming your reservation…" />;
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 410) {
    return (
      <Problem
        title="This reservation has lapsed"
        action={
          <Link href="/#booking" className={buttonClasses('primary')}>
            Book again
          </Link>
        }
      >
        <p>It was not confirmed within 15 minutes, so its seat went back on sale. Seats may still be left: you are welcome to book again.</p>
      </Problem>
    );
  }
  if (status === 403 || status === 404) return <InvalidConfirmationLink />;
  return (
    <Problem
      title="We couldn't confirm your reservation"
      action={
        <TryAgainButton onClick={confirm} trying={isPending} />
      }
    >
      <p>Your reservation is still held for now; only this page did not get through. Check your connection and try again.</p>
    </Problem>
  );
}

/** A link without a genuine token (or none at all): the e-mail and the bookings page still work. */
export function InvalidConfirmationLink() {
  return (
    <Problem title="This confirmation link is invalid or has expired.">
      <p>Your confirmation e-mail has your booking, and your bookings page lists every booking you hold.</p>
    </Problem>
  );
}
