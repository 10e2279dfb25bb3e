import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo } from 'react';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { CheckboxField, TextField } from '../../../../client/components/ui/form';
import { FormButtons } from '../../../../client/components/ui/dialog';
import { failureToast, toast } from '../../../../client/components/ui/toast-store';
import { formatUsd } from '../../../../common/money';
import { cancelDialogSchema, type AdminBooking, type AdminCancelBookingInput, type CancelDialogForm } from '../../admin-bookings.schema';
import { fullName } from '../../booking-labels';
import { useCancelBooking } from '../api/cancel-booking';
import { BookingActionDialog } from './booking-action-dialog';

/** A radio with its label, 44 px tall for a thumb. */
function Choice({ label, registration, value }: { label: string; value: string; registration: UseFormRegisterReturn }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-brutal border-2 border-ink bg-white px-3 py-2 font-bold has-[:checked]:bg-accent-soft">
      <input type="radio" value={value} className="size-5 accent-ink" {...registration} />
      {label}
    </label>
  );
}

function CancelForm({ booking, onDone }: { booking: AdminBooking; onDone: () => void }) {
  const idPrefix = useId();
  // What the server says can go back by card from here (0 for a seat paid outside the site, or
  // imported or seeded with a payment the site never took): the dialog offers only what will work.
  const paid = booking.refundableAmount;
  const paidAtAll = booking.isPaid && booking.finalPrice > 0;
  const cancelling = useCancelBooking();
  const schema = useMemo(() => cancelDialogSchema(paid), [paid]);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<CancelDialogForm, unknown, AdminCancelBookingInput>({
    resolver: zodResolver(schema),
    defaultValues: { refund: paid > 0 ? 'full' : paidAtAll ? 'outside' : 'none', amount: '', notify: true },
  });
  const [refund, amount] = useWatch({ control, name: ['refund', 'amount'] });
  const typed = Number(amount);
  // The button names the money that will go back, as far as the form knows it yet.
  let confirmLabel = 'Cancel booking';
  if (refund === 'full' && paid > 0) confirmLabel = `Cancel and refund ${formatUsd(paid)}`;
  else if (refund === 'part' && paid > 0) confirmLabel = amount && typed > 0 ? `Cancel and refund ${formatUsd(typed)}` : 'Cancel and refund';
  else if (refund === 'outside') confirmLabel = 'Cancel, refund outside the site';

  const onSubmit = handleSubmit((input) =>
    cancelling.mutate(
      { id: booking.id, input },
      {
        onSuccess: (result) => {
          toast({ title: 'Booking Cancelled', description: result.message, variant: result.refundAmount > 0 && !result.refundSent ? 'destructive' : 'default' });
          onDone();
        },
        onError: (error) => failureToast('Failed to cancel booking', error),
      },
    ),
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
      <p className="text-sm">
        {paid > 0 ? (
          <>
            Can go back by card from here: <strong className="text-base">{formatUsd(paid)}</strong>
          </>
        ) : paidAtAll ? (
          'No card payment the site took is on record for this seat (paid outside the site, or imported), so nothing can go back by card from here.'
        ) : (
          'Nothing was paid for this booking, so there is nothing to refund.'
        )}
      </p>
      <fieldset className="space-y-2">
        <legend className="mb-1.5 text-sm font-bold">Refund</legend>
        {paid > 0 ? <Choice label={`Refund ${formatUsd(paid)} by card`} value="full" registration={register('refund')} /> : null}
        {paid > 0 ? <Choice label="Refund a chosen amount by card" value="part" registration={register('refund')} /> : null}
        {paidAtAll ? <Choice label="Cancel, refund outside the site" value="outside" registration={register('refund')} /> : null}
        <Choice label="No refund" value="none" registration={register('refund')} />
      </fieldset>
      {refund === 'part' && paid > 0 ? (
        <TextField
          id={`${idPrefix}-amount`}
          label="Refund amount (USD)"
          inputMode="decimal"
          autoComplete="off"
          placeholder={paid.toFixed(2)}
          error={errors.amount?.message}
          registration={register('amount')}
        />
      ) : null}
      <CheckboxField id={`${idPrefix}-notify`} label="E-mail the participant about the cancellation" registration={register('notify')} />
      <FormButtons onCancel={onDone} cancelLabel="Keep booking" label={confirmLabel} busy={cancelling.isPending} busyLabel="Cancelling…" tone="danger" />
    </form>
  );
}

/** Cancel… from a booking's row: its seat goes back on sale, and a card payment is refunded in full or in part. */
export function CancelBookingDialog({ booking, onClose }: { booking: AdminBooking | null; onClose: () => void }) {
  return (
    <BookingActionDialog
      booking={booking}
      title="Cancel this booking?"
      description={(shown) => `${fullName(shown)} (${shown.email}) loses the seat, which goes back on sale.`}
      onClose={onClose}
    >
      {(shown) => <CancelForm booking={shown} onDone={onClose} />}
    </BookingActionDialog>
  );
}
