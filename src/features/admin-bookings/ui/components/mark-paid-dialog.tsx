import { TextField } from '../../../../client/components/ui/form';
import { FormButtons } from '../../../../client/components/ui/dialog';
import { useSchemaForm } from '../../../../client/components/ui/use-schema-form';
import { formatUsd } from '../../../../common/money';
import { markPaidFormSchema, type AdminBooking } from '../../admin-bookings.schema';
import { useMarkPaid } from '../api/mark-paid';
import { actionOutcome, BookingActionDialog } from './booking-action-dialog';

function MarkPaidForm({ booking, onDone }: { booking: AdminBooking; onDone: () => void }) {
  const marking = useMarkPaid();
  const { field, handleSubmit } = useSchemaForm(markPaidFormSchema, { note: '' });

  const onSubmit = handleSubmit((input) =>
    marking.mutate({ id: booking.id, input }, actionOutcome('Marked as Paid', 'Failed to mark as paid', onDone)),
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
      <p className="text-sm">
        Only when <strong>{formatUsd(booking.finalPrice)}</strong> has reached you another way (bank transfer, cash). The reservation becomes a confirmed, paid
        booking, its pay link stops working and the participant gets the confirmation e-mail.
      </p>
      <TextField label="How was it paid?" optional placeholder="Bank transfer, reference…" autoComplete="off" {...field('note')} />
      <FormButtons onCancel={onDone} label={`Mark ${formatUsd(booking.finalPrice)} as paid`} busy={marking.isPending} busyLabel="Saving…" />
    </form>
  );
}

/** Mark as paid… from a reservation's row, with a confirmation. */
export function MarkPaidDialog({ booking, onClose }: { booking: AdminBooking | null; onClose: () => void }) {
  return (
    <BookingActionDialog booking={booking} title="Mark this reservation as paid?" onClose={onClose}>
      {(shown) => <MarkPaidForm booking={shown} onDone={onClose} />}
    </BookingActionDialog>
  );
}
