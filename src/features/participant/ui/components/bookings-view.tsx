import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, LogOut, Mail } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { Button, buttonClasses } from '../../../../client/components/ui/button';
import { ErrorState } from '../../../../client/components/ui/data-table';
import { LoadingRegion, Skeleton } from '../../../../client/components/ui/skeleton';
import { toast } from '../../../../client/components/ui/toast-store';
import { ApiError } from '../../../../client/lib/api-client';
import { NO_BOOKINGS_TEXT, NO_BOOKINGS_TITLE, VERIFY_FAILED, type ParticipantBooking } from '../../participant.schema';
import { participantBookingsKey, useParticipantBookings } from '../api/get-participant-bookings';
import { cancelledBookingsKey, useCancelledBookings } from '../api/get-cancelled-bookings';
import { seatNumbers, splitBookings } from '../seat-groups';
import { BookingCard, type BookingCardSlots } from './booking-card';
import { BoughtSeats } from './bought-seats';
import { CancelledBookings } from './cancelled-bookings';

function BookingSkeleton() {
  return (
    <div aria-hidden="true" className="space-y-4 rounded-brutal border-2 border-ink bg-paper p-4 shadow-brutal sm:p-6">
      <Skeleton className="h-6 w-32" />
      <Skeleton className="h-8 w-3/4" />
      <Skeleton className="h-5 w-1/2" />
      <Skeleton className="h-32 w-full" />
    </div>
  );
}

type Props = {
  /** The address shown (the session's, or the one an admin opened). */
  email: string;
  /** Set for an admin: the list is read for this address; a participant's comes from their session. */
  queryEmail?: string;
  onChangeEmail: () => void;
  /** Ends the participant's session; not offered to an admin looking at someone's bookings. */
  onSignOut?: () => void;
  /** Signing out (or changing the address) is under way. */
  changing: boolean;
  /** The session ended (401): back to the entry screen. */
  onSignedOut: () => void;
  /** What the calendar and refunds features add to each card (see BookingCardSlots). */
  slots: BookingCardSlots;
};

/** The seats the address attends, each a card; then the orders it bought for others, seat by seat. */
function SeatsAndOrders({ list, queryEmail, onChanged, onCancelled, slots }: { list: ParticipantBooking[]; queryEmail?: string; onChanged: () => void; onCancelled: (id: number) => void; slots: BookingCardSlots }) {
  const { cards, orders } = splitBookings(list);
  const numbers = seatNumbers(list);
  return (
    <>
      {cards.map((booking) => (
        <BookingCard key={booking.id} booking={booking} seatNumber={numbers.get(booking.id)} onChanged={onChanged} onCancelled={() => onCancelled(booking.id)} slots={slots} />
      ))}
      {orders.length > 0 ? <BoughtSeats orders={orders} queryEmail={queryEmail} onChanged={onChanged} onCancelled={onCancelled} slots={slots} /> : null}
    </>
  );
}

/**
 * The list of an address's bookings, with 'Change Email', 'Back to Home' and 'Sign out';
 * below it, the cancelled ones.
 */
export function BookingsView({ email, queryEmail, onChangeEmail, onSignOut, changing, onSignedOut, slots }: Props) {
  const queryClient = useQueryClient();
  const bookings = useParticipantBookings(queryEmail);
  const cancelled = useCancelledBookings(queryEmail);
  // A booking cancelled on this page, before the cancelled list has been read again.
  const [cancelledHere, setCancelledHere] = useState(false);
  const status = bookings.error instanceof ApiError ? bookings.error.status : undefined;

  // 'No Bookings Found' only when the address has no booking at all: none listed and none
  // cancelled. Someone whose only bookings were cancelled still has them, below.
  const noneListed = bookings.data?.length === 0;
  const noneCancelled = cancelled.data?.length === 0 && !cancelledHere;
  const noBookingsAtAll = noneListed && noneCancelled;
  // Nothing listed: whether there are cancelled ones decides what the page says, so it waits for them.
  const waitingForCancelled = noneListed && cancelled.isPending && !cancelledHere;
  const toastedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!noBookingsAtAll || toastedFor.current === email) return;
    toastedFor.current = email;
    toast({ title: NO_BOOKINGS_TITLE, description: NO_BOOKINGS_TEXT, variant: 'destructive' });
  }, [noBookingsAtAll, email]);

  // The error toast goes as soon as a retry succeeds: it must not stay over the bookings it said
  // could not be read.
  useEffect(() => {
    if (status === 401) return onSignedOut();
    if (!bookings.isError) return;
    const shown = toast({ title: 'Error', description: VERIFY_FAILED, variant: 'destructive' });
    return shown.dismiss;
  }, [bookings.isError, status, onSignedOut]);

  const key = participantBookingsKey(queryEmail);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: key });
  // A cancelled booking leaves the list at once; the refetch confirms it, and it joins the
  // cancelled ones below with what was refunded.
  const removeBooking = (id: number) => {
    // The list may now be empty, but the address has a booking (a cancelled one): not 'No Bookings Found'.
    setCancelledHere(true);
    queryClient.setQueryData<ParticipantBooking[]>(key, (list) => list?.filter((booking) => booking.id !== id));
    refresh();
    void queryClient.invalidateQueries({ queryKey: cancelledBookingsKey(queryEmail) });
  };

  return (
    <div className="mx-auto max-w-3xl">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-4xl font-black tracking-tight sm:text-5xl">My Bookings</h1>
          <p className="mt-2 flex items-center gap-2 break-all text-ink-soft">
            <Mail aria-hidden="true" className="size-4 shrink-0" />
            {email}
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onClick={onChangeEmail} disabled={changing}>
            Change Email
          </Button>
          <Link href="/" className={buttonClasses('secondary')}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to Home
          </Link>
          {onSignOut ? (
            <Button variant="secondary" onClick={onSignOut} disabled={changing}>
              <LogOut aria-hidden="true" className="size-4" />
              Sign out
            </Button>
          ) : null}
        </div>
      </div>

      <div className="mt-8 space-y-6">
        {bookings.isPending || waitingForCancelled ? (
          <LoadingRegion label="Loading your bookings…">
            <BookingSkeleton />
          </LoadingRegion>
        ) : bookings.isError ? (
          status === 401 ? null : <ErrorState message={VERIFY_FAILED} onRetry={() => void bookings.refetch()} />
        ) : bookings.data.length > 0 ? (
          <SeatsAndOrders list={bookings.data} queryEmail={queryEmail} onChanged={refresh} onCancelled={removeBooking} slots={slots} />
        ) : noBookingsAtAll ? (
          <div className="rounded-brutal border-2 border-dashed border-ink bg-white px-5 py-8 text-center">
            <h2 className="text-xl font-black">{NO_BOOKINGS_TITLE}</h2>
            <p className="mt-2 text-ink-soft">{NO_BOOKINGS_TEXT}</p>
          </div>
        ) : cancelled.isError && !cancelledHere ? (
          // Nothing listed, and the cancelled ones could not be read: whether there are any is not known.
          <ErrorState message={VERIFY_FAILED} onRetry={() => void cancelled.refetch()} />
        ) : null}
      </div>
      {status === 401 ? null : <CancelledBookings list={cancelled.data} />}
    </div>
  );
}
