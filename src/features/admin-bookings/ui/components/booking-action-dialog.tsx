import type { ReactNode } from 'react';
import { Dialog, openWhile } from '../../../../client/components/ui/dialog';
import { failureToast, toast } from '../../../../client/components/ui/toast-store';
import type { AdminBooking } from '../../admin-bookings.schema';
import { fullName } from '../../booking-labels';

type Props = {
  booking: AdminBooking | null;
  title: string;
  /** Under the title; by default whose booking it is. */
  description?: (booking: AdminBooking) => string;
  onClose: () => void;
  /** The form, mounted only while open, so it starts afresh for each booking. */
  children: (booking: AdminBooking) => ReactNode;
};

/** The frame of a row action's dialog (cancel, move, mark as paid). */
export function BookingActionDialog({ booking, title, description, onClose, children }: Props) {
  return (
    <Dialog
      {...openWhile(booking, onClose)}
      title={title}
      description={booking ? (description?.(booking) ?? `${fullName(booking)} (${booking.email})`) : undefined}
    >
      {booking ? children(booking) : null}
    </Dialog>
  );
}

/** How a row action ends: the server's sentence under `done` and the dialog closes, or the failure under `failed`. */
export function actionOutcome(done: string, failed: string, onDone: () => void) {
  return {
    onSuccess: (result: { message: string }) => {
      toast({ title: done, description: result.message });
      onDone();
    },
    onError: (error: unknown) => failureToast(failed, error),
  };
}
