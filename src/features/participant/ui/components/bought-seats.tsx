import { useQueryClient } from '@tanstack/react-query';
import { CalendarDays, Copy, Send, Unlink, UserRoundCheck } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { runtimeTimeZone } from '../../../../common/time-zones';
import { Badge } from '../../../../client/components/ui/badge';
import { ConfirmDialog, FormButtons, smallButtonClasses } from '../../../../client/components/ui/dialog';
import { controlClasses, TextField } from '../../../../client/components/ui/form';
import { toast } from '../../../../client/components/ui/toast-store';
import { useSchemaForm } from '../../../../client/components/ui/use-schema-form';
import { ApiError, refusalMessage } from '../../../../client/lib/api-client';
import { seatClaimLinkInputSchema, type ParticipantBooking } from '../../participant.schema';
import { participantBookingsKey } from '../api/get-participant-bookings';
import { useRevokeClaimLink } from '../api/revoke-claim-link';
import { useSendClaimLink } from '../api/send-claim-link';
import { bookingCardName, orderLabel, whenText } from '../booking-labels';
import { unclaimedSeats, type BoughtOrder } from '../seat-groups';
import type { BookingCardSlots } from './booking-card';
import { copyToClipboard } from './copy-value';

type SeatActions = {
  /** The list's key, to put a new link in at once. */
  queryEmail?: string;
  /** Read the list again (a seat changed). */
  onChanged: () => void;
  /** A seat was cancelled: it leaves the list. */
  onCancelled: (bookingId: number) => void;
  slots: BookingCardSlots;
};

/** E-mails the seat's link to the address the buyer types; the field takes the focus when the form opens. */
function SendLinkForm({ seat, seatLabel, onDone, onChanged }: { seat: ParticipantBooking; seatLabel: string; onDone: () => void; onChanged: () => void }) {
  const sending = useSendClaimLink();
  const { field, handleSubmit, setFocus, setError } = useSchemaForm(seatClaimLinkInputSchema, { email: '' });
  useEffect(() => setFocus('email'), [setFocus]);

  const onSubmit = handleSubmit(({ email }) =>
    sending.mutate(
      { bookingId: seat.id, email },
      {
        onSuccess: ({ sent, message }) => {
          toast(sent ? { title: 'Link sent', description: message } : { title: 'Not sent', description: message, variant: 'destructive' });
          if (sent) onDone();
        },
        onError: (error) => {
          const status = error instanceof ApiError ? error.status : 0;
          if (status === 400) return setError('email', { message: refusalMessage(error) });
          toast({ title: 'The link was not sent', description: refusalMessage(error) ?? 'Please try again in a moment.', variant: 'destructive' });
          // The seat may have been claimed or cancelled meanwhile: show it as it is now.
          if (status === 409) onChanged();
        },
      },
    ),
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={`Send the link of ${seatLabel}`} className="rounded-brutal border-2 border-dashed border-ink bg-paper p-3">
      <TextField label="Colleague's e-mail" type="email" inputMode="email" autoComplete="off" {...field('email')} />
      <p className="mt-2 text-xs text-ink-soft">We e-mail them the link with who booked the seat and when the workshop is. They put their own name on it.</p>
      <FormButtons onCancel={onDone} label="Send" busy={sending.isPending} busyLabel="Sending…" icon={<Send aria-hidden="true" className="size-4" />} />
    </form>
  );
}

/** An unnamed seat's link: shown to copy, sent by e-mail, or revoked for a new one. */
function ClaimLinkTools({ seat, link, seatLabel, queryEmail, onChanged }: { seat: ParticipantBooking; link: string; seatLabel: string } & Pick<SeatActions, 'queryEmail' | 'onChanged'>) {
  const id = useId();
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);
  const [revoking, setRevoking] = useState(false);
  const revoke = useRevokeClaimLink();

  const confirmRevoke = () =>
    revoke.mutate(seat.id, {
      onSuccess: ({ claimLink }) => {
        queryClient.setQueryData<ParticipantBooking[]>(participantBookingsKey(queryEmail), (list) =>
          list?.map((booking) => (booking.id === seat.id ? { ...booking, claim: { claimed: false, link: claimLink } } : booking)),
        );
        setRevoking(false);
        toast({ title: 'Link revoked', description: 'The old link no longer works. Share the new link shown on the seat.' });
        onChanged();
      },
      onError: (error) => {
        setRevoking(false);
        toast({ title: 'The link was not revoked', description: refusalMessage(error) ?? 'Please try again in a moment.', variant: 'destructive' });
        onChanged();
      },
    });

  return (
    <div className="mt-3 space-y-3">
      <div>
        <label htmlFor={`${id}-link`} className="text-sm font-bold">
          Claim link
        </label>
        <div className="mt-1 flex items-stretch gap-2">
          <input
            id={`${id}-link`}
            readOnly
            value={link}
            onFocus={(event) => event.currentTarget.select()}
            className={`${controlClasses} min-w-0 flex-1 font-mono text-sm`}
          />
          <button type="button" className={smallButtonClasses('secondary', 'shrink-0')} onClick={() => void copyToClipboard('Claim link', link)} aria-label={`Copy the link of ${seatLabel}`}>
            <Copy aria-hidden="true" className="size-4" />
            <span className="hidden sm:inline">Copy</span>
          </button>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={smallButtonClasses('secondary')} aria-expanded={sending} onClick={() => setSending((open) => !open)}>
          <Send aria-hidden="true" className="size-4" />
          Send link
        </button>
        <button type="button" className={smallButtonClasses('ghost')} onClick={() => setRevoking(true)}>
          <Unlink aria-hidden="true" className="size-4" />
          Revoke link
        </button>
      </div>
      {sending ? <SendLinkForm seat={seat} seatLabel={seatLabel} onDone={() => setSending(false)} onChanged={onChanged} /> : null}
      <ConfirmDialog
        open={revoking}
        onOpenChange={setRevoking}
        title="Revoke this link?"
        description="The link stops working at once, for everyone you sent it to. You get a new link to share instead."
        confirmLabel={revoke.isPending ? 'Revoking…' : 'Revoke link'}
        busy={revoke.isPending}
        onConfirm={confirmRevoke}
      />
    </div>
  );
}

/**
 * One seat of an order: who is on it, or the unnamed seat's link; and the seat's own actions.
 * `when` is the order's date as its card says it; the seat's names carry its order, as two orders
 * may be for one date.
 */
function SeatRow({ seat, number, when, queryEmail, onChanged, onCancelled, slots }: { seat: ParticipantBooking; number: number; when: string } & SeatActions) {
  const seatLabel = `seat ${number} of order ${seat.orderReference}`;
  const claimed = seat.claim?.claimed ?? false;
  return (
    <div className="rounded-brutal border-2 border-ink bg-white p-3 sm:p-4">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
        <div className="min-w-0">
          <p className="text-xs font-extrabold uppercase tracking-label text-ink-soft">Seat {number}</p>
          {seat.named ? (
            <>
              <p className="font-bold break-words">
                {seat.firstName} {seat.lastName}
                {seat.yourSeat ? <span className="font-normal text-ink-soft"> (you)</span> : null}
              </p>
              <p className="text-sm break-all text-ink-soft">{seat.email}</p>
            </>
          ) : (
            <>
              <p className="font-bold">Unnamed seat</p>
              <p className="text-sm text-ink-soft">Waiting for a colleague to put their name on it</p>
            </>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          {claimed ? (
            <Badge tone="success">
              <UserRoundCheck aria-hidden="true" className="size-3.5" />
              Claimed
            </Badge>
          ) : null}
          {!seat.named ? <Badge tone="accent">Not claimed yet</Badge> : null}
          {seat.status === 'reserved' ? <Badge tone="paper">Reserved</Badge> : null}
          {seat.status === 'refunded' ? <Badge tone="paper">Refunded</Badge> : null}
        </div>
      </div>
      {!seat.named ? (
        seat.claim?.link ? (
          <ClaimLinkTools seat={seat} link={seat.claim.link} seatLabel={seatLabel} queryEmail={queryEmail} onChanged={onChanged} />
        ) : (
          <p className="mt-3 text-sm font-semibold">This seat can no longer be claimed.</p>
        )
      ) : null}
      {/* The buyer's own seat has its card above, with these actions on it. */}
      {!seat.yourSeat && slots.actions ? (
        <div className="mt-3 flex flex-wrap gap-2 border-t-2 border-paper-deep pt-3">{slots.actions(seat, { onChanged, onCancelled: () => onCancelled(seat.id), name: bookingCardName(seat.workshopDate.title, when, seat.orderReference, number) })}</div>
      ) : null}
    </div>
  );
}

/** One order the buyer bought for others too: the workshop, and each seat. */
function OrderSeats({ order, ...actions }: { order: BoughtOrder } & SeatActions) {
  const [viewerZone] = useState(runtimeTimeZone);
  const open = unclaimedSeats(order);
  const when = whenText(order.workshopDate, viewerZone);
  return (
    <article aria-label={bookingCardName(order.workshopDate.title, when, order.reference)} className="space-y-4 rounded-brutal border-2 border-ink bg-paper p-4 shadow-brutal sm:p-6">
      <header className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="ink">{orderLabel(order.reference)}</Badge>
          <Badge tone="secondary">{order.seats.length === 1 ? '1 seat' : `${order.seats.length} seats`}</Badge>
          {open > 0 ? <Badge tone="accent">{open === 1 ? '1 unnamed' : `${open} unnamed`}</Badge> : <Badge tone="success">Everyone named</Badge>}
        </div>
        <h3 className="text-2xl font-black break-words">{order.workshopDate.title}</h3>
        <p className="flex items-start gap-2 font-semibold">
          <CalendarDays aria-hidden="true" className="mt-1 size-4 shrink-0" />
          {when}
        </p>
      </header>
      <ul className="space-y-3">
        {order.seats.map((seat, index) => (
          <li key={seat.id}>
            <SeatRow seat={seat} number={index + 1} when={when} {...actions} />
          </li>
        ))}
      </ul>
    </article>
  );
}

/**
 * 'Seats you bought': the orders the participant bought for colleagues, seat by seat. An unnamed
 * seat shows its claim link to copy, send by e-mail, or revoke; a claimed one shows who took it.
 */
export function BoughtSeats({ orders, ...actions }: { orders: BoughtOrder[] } & SeatActions) {
  return (
    <section aria-labelledby="bought-seats-heading" className="space-y-4">
      <div>
        <h2 id="bought-seats-heading" className="text-2xl font-black sm:text-3xl">
          Seats you bought
        </h2>
        <p className="mt-1 text-ink-soft">
          Each unnamed seat has its own link. Send it to the colleague who takes the seat: they put their own name on it, once, and get their own confirmation.
        </p>
      </div>
      {orders.map((order) => (
        <OrderSeats key={order.orderId} order={order} {...actions} />
      ))}
    </section>
  );
}
