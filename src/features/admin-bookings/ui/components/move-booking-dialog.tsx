import { useMemo, useState } from 'react';
import { SelectField } from '../../../../client/components/ui/form';
import { FormButtons } from '../../../../client/components/ui/dialog';
import { useSchemaForm } from '../../../../client/components/ui/use-schema-form';
import { Spinner } from '../../../../client/components/ui/spinner';
import type { AdminWorkshopDate } from '../../../admin-workshops';
import { useAdminWorkshopDates } from '../../../admin-workshops/ui';
import { moveDialogSchema, type AdminBooking } from '../../admin-bookings.schema';
import { workshopWhen } from '../../booking-labels';
import { useMoveBooking } from '../api/move-booking';
import { actionOutcome, BookingActionDialog } from './booking-action-dialog';

/** Where a booking can go: another date on sale, not started, with a seat left. */
function destinations(dates: readonly AdminWorkshopDate[], booking: AdminBooking, now: number) {
  return dates
    .filter((date) => date.id !== booking.workshopDateId && date.isActive && date.seatsTaken < date.seatsTotal && (!date.startsAt || Date.parse(date.startsAt) > now))
    .map((date) => {
      const left = date.seatsTotal - date.seatsTaken;
      return { value: String(date.id), label: `${date.title} — ${workshopWhen(date)} (${left} ${left === 1 ? 'seat' : 'seats'} left)` };
    });
}

function MoveForm({ booking, onDone }: { booking: AdminBooking; onDone: () => void }) {
  const dates = useAdminWorkshopDates();
  const moving = useMoveBooking();
  // The dialog's opening instant: a date that starts while it is open is refused by the server.
  const [openedAt] = useState(() => Date.now());
  const options = useMemo(() => destinations(dates.data ?? [], booking, openedAt), [dates.data, booking, openedAt]);
  const { field, handleSubmit } = useSchemaForm(moveDialogSchema, { workshopDateId: '' });

  const onSubmit = handleSubmit((input) =>
    moving.mutate({ id: booking.id, input }, actionOutcome('Booking Moved', 'Failed to move booking', onDone)),
  );

  if (dates.isPending) return <Spinner label="Loading workshop dates…" />;
  if (dates.isError) {
    return (
      <p role="alert" className="text-sm font-semibold text-danger">
        Failed to load the workshop dates. Close this dialog and try again.
      </p>
    );
  }
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
      <p className="text-sm">
        Now: <strong>{booking.workshopDate ? `${booking.workshopDate.title} — ${workshopWhen(booking.workshopDate)}` : `Workshop #${booking.workshopDateId}`}</strong>. The price stays
        what was paid, and the participant gets the confirmation for the new date.
      </p>
      {options.length === 0 ? (
        <p className="text-sm font-semibold">No other active workshop date has a seat left.</p>
      ) : (
        <SelectField label="New workshop date" placeholder="Choose a date" options={options} {...field('workshopDateId')} />
      )}
      <FormButtons onCancel={onDone} label="Move booking" busy={moving.isPending} busyLabel="Moving…" disabled={options.length === 0} />
    </form>
  );
}

/** Move… from a booking's row: the same booking, on another date, in one step. */
export function MoveBookingDialog({ booking, onClose }: { booking: AdminBooking | null; onClose: () => void }) {
  return (
    <BookingActionDialog booking={booking} title="Move this booking" onClose={onClose}>
      {(shown) => <MoveForm booking={shown} onDone={onClose} />}
    </BookingActionDialog>
  );
}
