import { CalendarPlus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { buttonClasses } from '../../../../client/components/ui/button';
import { Badge } from '../../../../client/components/ui/badge';
import { formatUsd } from '../../../../common/money';
import { runtimeTimeZone } from '../../../../common/time-zones';
import type { CancelledBooking } from '../../participant.schema';
import { orderLabel, whenText } from '../booking-labels';
import { CopyValue } from './copy-value';

const cancelledOn = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(iso));

/** What the cancellation gave back, in the words of the cancellation e-mail. */
function Outcome({ booking }: { booking: CancelledBooking }) {
  if (booking.refund) {
    const amount = formatUsd(booking.refund.amount);
    return <p className="font-semibold">{booking.refund.state === 'sent' ? `Refund of ${amount} sent to your card.` : `Refund of ${amount} on its way to your card.`}</p>;
  }
  if (booking.creditCode) {
    return (
      <div className="space-y-2">
        <p className="font-semibold">Credit for one booking, with this code:</p>
        <dl>
          <CopyValue label="Credit code" value={booking.creditCode} />
        </dl>
      </div>
    );
  }
  // A seat free with a code, or a reservation never paid: the policy had nothing to decide.
  if (booking.refundState.kind === 'nothing-to-refund') return <p className="text-ink-soft">Nothing was paid for this booking.</p>;
  return <p className="text-ink-soft">No refund was due under the cancellation policy.</p>;
}

/**
 * The address's cancelled bookings, below the list they left: each says its order, what
 * came back (a refund, a credit code, or nothing) and offers to book another date. `list` is read
 * by the bookings view, which also needs it to know whether the address has any booking at all.
 */
export function CancelledBookings({ list }: { list: CancelledBooking[] | undefined }) {
  const [viewerZone] = useState(runtimeTimeZone);
  // Secondary to the bookings: while it loads or if it fails, the page simply goes without it.
  if (!list?.length) return null;
  return (
    <section aria-labelledby="cancelled-bookings-heading" className="mt-12">
      <h2 id="cancelled-bookings-heading" className="text-2xl font-black">
        Cancelled bookings
      </h2>
      <ul className="mt-4 space-y-4">
        {list.map((booking) => (
          <li key={booking.id} className="space-y-3 rounded-brutal border-2 border-dashed border-ink bg-white p-4 sm:p-5">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone="paper">Cancelled</Badge>
              <Badge tone="ink">{orderLabel(booking.orderReference)}</Badge>
              {/* Where its money stands, in the words the organiser reads too. */}
              <Badge tone="secondary">{booking.refundState.label}</Badge>
              {booking.cancelledAt ? <span className="text-sm text-ink-soft">on {cancelledOn(booking.cancelledAt)}</span> : null}
            </div>
            <h3 className="text-xl font-black break-words">{booking.workshopDate.title}</h3>
            <p className="text-sm text-ink-soft">{whenText(booking.workshopDate, viewerZone)}</p>
            <Outcome booking={booking} />
            <Link href="/#booking" className={buttonClasses('secondary')}>
              <CalendarPlus aria-hidden="true" className="size-4" />
              Book another date
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
