import { useState, type FormEvent } from 'react';
import { Dialog, FormButtons, openWhile } from '../../../../client/components/ui/dialog';
import { TextAreaField } from '../../../../client/components/ui/form';
import { toast } from '../../../../client/components/ui/toast-store';
import { refusalMessage } from '../../../../client/lib/api-client';
import { formatCents, dollarsToCents } from '../../../../common/money';
import { MOVE_OFFER_DAYS, type AdminWorkshopDate, type CallOffPreview } from '../../admin-workshops.schema';
import { useCallOffDate, useCallOffPreview } from '../api/date-actions';

const seats = (count: number) => (count === 1 ? '1 seat' : `${count} seats`);
const people = (count: number) => (count === 1 ? '1 person' : `${count} people`);

/** What the confirm button will do, line by line. */
function consequences(preview: CallOffPreview, offerMove: boolean): string[] {
  const money = offerMove
    ? `Each confirmed seat chooses another date or a full refund within ${MOVE_OFFER_DAYS} days (never past the start); those who don't choose are refunded in full then`
    : preview.paidSeats > 0
      ? `${seats(preview.paidSeats)} paid by card refunded in full: ${formatCents(dollarsToCents(preview.refund))}`
      : 'No seat paid by card, so nothing to refund';
  return [
    money,
    ...(preview.otherSeats > 0 && !offerMove ? [`${seats(preview.otherSeats)} free, reserved or paid outside the site cancelled`] : []),
    ...(offerMove ? ['Unpaid reservations released'] : []),
    `${people(preview.people)} e-mailed your message, with a calendar cancellation`,
    'The date is taken off sale and its waiting list closed',
  ];
}

/**
 * "Call off this date…" (docs/decisions/022-dates-that-change.md): says what will happen before it
 * does, takes the organiser's message to everyone on the date, and reports what was done.
 */
export function CallOffDialog({ workshop, onClose }: { workshop: AdminWorkshopDate | null; onClose: () => void }) {
  const [message, setMessage] = useState('');
  const [offerMove, setOfferMove] = useState(false);
  const preview = useCallOffPreview(workshop?.id ?? null);
  const callOff = useCallOffDate();
  const already = preview.data?.calledOffAt != null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!workshop) return;
    callOff.mutate(
      { id: workshop.id, message, offerMove },
      {
        onSuccess: (result) => {
          const money = offerMove ? 'each seat may choose another date or a refund' : `${seats(result.refunded)} refunded`;
          toast({ title: 'Date called off', description: `${money}; ${people(result.notified)} e-mailed.` });
          setMessage('');
          setOfferMove(false);
          onClose();
        },
        onError: (error) => toast({ title: 'Could not call off the date', description: refusalMessage(error) ?? 'Please try again.', variant: 'destructive' }),
      },
    );
  };

  return (
    <Dialog {...openWhile(workshop, onClose)} title="Call off this date?" description={workshop ? `${workshop.title} (${workshop.isTBC ? 'TBC' : workshop.date})` : undefined}>
      {already ? (
        <p className="text-sm">This date was called off already; nothing more will happen.</p>
      ) : preview.data ? (
        <ul className="mb-4 list-disc pl-5 text-sm" aria-label="What will happen">
          {consequences(preview.data, offerMove).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-ink-soft">Counting the seats…</p>
      )}
      <form onSubmit={submit} className="grid gap-3">
        <fieldset className="grid gap-1.5">
          <legend className="mb-1 text-sm font-bold">The participants’ money</legend>
          <label className="flex min-h-11 items-center gap-3 text-sm">
            <input type="radio" name="call-off-money" className="size-5 accent-ink" checked={!offerMove} onChange={() => setOfferMove(false)} />
            Refund everyone now
          </label>
          <label className="flex min-h-11 items-center gap-3 text-sm">
            <input type="radio" name="call-off-money" className="size-5 accent-ink" checked={offerMove} onChange={() => setOfferMove(true)} />
            Offer each a move to another date, or a refund if they prefer
          </label>
        </fieldset>
        <TextAreaField id="call-off-message" label="Message to participants" optional value={message} onChange={(event) => setMessage(event.target.value)} maxLength={5000} />
        <FormButtons onCancel={onClose} label="Call off date" busy={callOff.isPending} busyLabel="Calling off…" tone="danger" disabled={!preview.data || already} />
      </form>
    </Dialog>
  );
}
