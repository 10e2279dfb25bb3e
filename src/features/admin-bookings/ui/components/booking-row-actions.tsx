import { ArrowRightLeft, Ban, Banknote, MailCheck, Trash2, type LucideIcon } from 'lucide-react';
import { smallButtonClasses } from '../../../../client/components/ui/dialog';
import type { AdminBooking } from '../../admin-bookings.schema';
import { bookingActions, fullName, type BookingAction } from '../../booking-labels';

/** Each action's icon and accessible name (also its tooltip); the name starts with what it does, then whose booking. */
const ACTIONS: Record<BookingAction, { icon: LucideIcon; label: string }> = {
  cancel: { icon: Ban, label: 'Cancel booking' },
  resend: { icon: MailCheck, label: 'Resend confirmation' },
  move: { icon: ArrowRightLeft, label: 'Move booking' },
  markPaid: { icon: Banknote, label: 'Mark as paid' },
  delete: { icon: Trash2, label: 'Delete booking' },
};

type Props = { booking: AdminBooking; busy: boolean; onAction: (action: BookingAction, booking: AdminBooking) => void };

/**
 * The row's actions that apply to its status, as 44 px icon buttons in one line, so the column
 * stays narrow enough to be seen beside the booking on a laptop. Each is a plain button: Tab
 * reaches it, Enter or Space runs it, and its name says which booking it acts on.
 */
export function BookingRowActions({ booking, busy, onAction }: Props) {
  const name = fullName(booking);
  return (
    <div className="flex items-center gap-1">
      {bookingActions(booking).map((action) => {
        const { icon: Icon, label } = ACTIONS[action];
        return (
          <button
            key={action}
            type="button"
            className={smallButtonClasses('ghost', 'w-11 px-0')}
            aria-label={`${label}: ${name}`}
            title={label}
            disabled={busy}
            onClick={() => onAction(action, booking)}
          >
            <Icon aria-hidden="true" className="size-5" />
          </button>
        );
      })}
    </div>
  );
}
