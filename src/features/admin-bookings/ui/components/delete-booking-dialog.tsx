import { ConfirmDialog, Dialog, smallButtonClasses } from '../../../../client/components/ui/dialog';
import { toast } from '../../../../client/components/ui/toast-store';
import { formatUsd } from '../../../../common/money';
import type { AdminBooking } from '../../admin-bookings.schema';
import { cardPaidAmount, fullName } from '../../booking-labels';
import { useDeleteBooking } from '../api/delete-booking';

type Props = { booking: AdminBooking | null; onClose: () => void; onDeleted: (booking: AdminBooking) => void };

/**
 * Delete from a booking's row. A booking paid by card asks what happens to the money (the server
 * refuses to guess): refund it in full, or keep it; any other booking asks the usual confirmation.
 */
export function DeleteBookingDialog({ booking, onClose, onDeleted }: Props) {
  const removal = useDeleteBooking();
  const paid = booking ? cardPaidAmount(booking) : 0;
  const onOpenChange = (open: boolean) => (open ? undefined : onClose());

  const remove = (refund?: boolean) => {
    if (!booking) return;
    removal.mutate(
      { id: booking.id, refund },
      {
        onSuccess: ({ refunded }) => {
          const money = refunded ? ` ${formatUsd(paid)} is being refunded in full.` : refund === false ? ' The payment was kept.' : '';
          toast({ title: 'Booking Deleted', description: `The booking of ${fullName(booking)} was deleted.${money}` });
          onDeleted(booking);
          onClose();
        },
        onError: () => toast({ title: 'Error', description: 'Failed to delete booking', variant: 'destructive' }),
      },
    );
  };

  if (booking && paid > 0) {
    const busy = removal.isPending;
    return (
      <Dialog
        open
        onOpenChange={onOpenChange}
        title="Delete this paid booking?"
        description={`${fullName(booking)} (${booking.email}) paid ${formatUsd(paid)} by card. Choose what happens to the payment; the seat goes back on sale either way.`}
        footer={
          <>
            <button type="button" className={smallButtonClasses('secondary')} onClick={onClose}>
              Keep booking
            </button>
            <button type="button" className={smallButtonClasses('secondary')} disabled={busy} onClick={() => remove(false)}>
              Delete and keep the payment
            </button>
            <button type="button" className={smallButtonClasses('danger')} disabled={busy} onClick={() => remove(true)}>
              {busy && removal.variables?.refund ? 'Refunding…' : `Refund ${formatUsd(paid)} and delete`}
            </button>
          </>
        }
      >
        <p className="text-sm">A refund goes back to the card in full and the participant is e-mailed. Keeping the payment is recorded in the audit log.</p>
      </Dialog>
    );
  }
  return (
    <ConfirmDialog
      open={booking !== null}
      onOpenChange={onOpenChange}
      title="Delete this booking?"
      description={booking ? `The booking of ${fullName(booking)} (${booking.email}) will be removed for good. A confirmed or reserved seat goes back on sale.` : ''}
      confirmLabel={removal.isPending ? 'Deleting…' : 'Delete booking'}
      busy={removal.isPending}
      onConfirm={() => remove()}
    />
  );
}
