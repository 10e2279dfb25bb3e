import type { ReactNode } from 'react';
import { Dialog, smallButtonClasses, type SmallButtonTone } from '../../../../client/components/ui/dialog';
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
      open={booking !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={title}
      description={booking ? (description?.(booking) ?? `${fullName(booking)} (${booking.email})`) : undefined}
    >
      {booking ? children(booking) : null}
    </Dialog>
  );
}

type ButtonsProps = { onCancel: () => void; cancelLabel?: string; label: string; busy: boolean; busyLabel: string; tone?: SmallButtonTone; disabled?: boolean };

/** The form's buttons: the way out, then the submit button naming what it does (and what it is doing while busy). */
export function DialogFormButtons({ onCancel, cancelLabel = 'Cancel', label, busy, busyLabel, tone = 'primary', disabled }: ButtonsProps) {
  return (
    <div className="flex flex-wrap justify-end gap-3 pt-2">
      <button type="button" className={smallButtonClasses('secondary')} onClick={onCancel}>
        {cancelLabel}
      </button>
      <button type="submit" className={smallButtonClasses(tone)} disabled={busy || disabled}>
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}
