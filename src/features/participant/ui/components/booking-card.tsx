import { CalendarDays, Undo2, Video } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { runtimeTimeZone } from '../../../../common/time-zones';
import { Badge } from '../../../../client/components/ui/badge';
import { buttonClasses } from '../../../../client/components/ui/button';
import { formatUsd } from '../../../../common/money';
import { expertiseLabels } from '../../../workshops';
import { BOOKING_REFUNDED_NOTE, type ParticipantBooking } from '../../participant.schema';
import { useWorkshopDetails } from '../api/get-workshop-details';
import { bookingCardName, orderLabel, paymentLabel, whenText } from '../booking-labels';
import { ProfileForm } from './profile-form';
import { WorkshopAssetsSection } from './workshop-assets-section';
import { WorkshopDetailsSection } from './workshop-details-section';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-t-2 border-paper-deep pt-4">
      <h3 className="mb-3 text-lg font-black">{title}</h3>
      {children}
    </section>
  );
}

/**
 * What other features show on a booking's card, handed in by the app's /participant route: the
 * calendar and refunds features sit above participant (they use its access checks), so this
 * feature cannot import them.
 */
export type BookingCardSlots = {
  /** 'Add to calendar' links; not shown for a refunded booking. `location` is the meeting link once known. */
  calendarLinks?: (booking: ParticipantBooking, location: string | null) => ReactNode;
  /**
   * The refund request and cancel actions at the foot of the card. `name` is the card's own name
   * (bookingCardName), for a landmark among them: two seats on one date must not share one.
   */
  actions?: (booking: ParticipantBooking, on: { onChanged: () => void; onCancelled: () => void; name: string }) => ReactNode;
};

/**
 * One booking: the workshop, its order's reference, its meeting details and materials, the
 * profile, calendar and actions. A refunded booking keeps its card, saying so, without the
 * meeting, materials and profile. `seatNumber` tells apart two seats of one order on the page.
 */
export function BookingCard({
  booking,
  seatNumber,
  onChanged,
  onCancelled,
  slots,
}: {
  booking: ParticipantBooking;
  seatNumber?: number;
  onChanged: () => void;
  onCancelled: () => void;
  slots: BookingCardSlots;
}) {
  const refunded = booking.status === 'refunded';
  // A refunded booking no longer opens the meeting, its materials or the profile: nothing to fetch.
  const details = useWorkshopDetails(booking.id, !refunded);
  const { workshopDate } = booking;
  const payment = paymentLabel(booking);
  // The participant's own zone (their browser's), beside the organiser's.
  const [viewerZone] = useState(runtimeTimeZone);
  const when = whenText(workshopDate, viewerZone);
  const name = bookingCardName(workshopDate.title, when, booking.orderReference, seatNumber);
  return (
    <article aria-label={name} className="space-y-4 rounded-brutal border-2 border-ink bg-paper p-4 shadow-brutal sm:p-6">
      <header className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="secondary">{expertiseLabels[workshopDate.expertiseLevel]}</Badge>
          <Badge tone={payment.tone}>{payment.label}</Badge>
          {booking.status === 'reserved' ? <Badge tone="paper">Reserved</Badge> : null}
          <Badge tone="ink">{orderLabel(booking.orderReference)}</Badge>
          {seatNumber === undefined ? null : <Badge tone="paper">Seat {seatNumber}</Badge>}
        </div>
        <h2 className="text-2xl font-black break-words">
          {workshopDate.title}
        </h2>
        <p className="flex items-start gap-2 font-semibold">
          <CalendarDays aria-hidden="true" className="mt-1 size-4 shrink-0" />
          {when}
        </p>
        {booking.youBought ? (
          <p className="text-sm text-ink-soft">
            Booked for {booking.firstName} {booking.lastName}
            {booking.finalPrice > 0 ? ` · ${formatUsd(booking.finalPrice)}` : ''}
            {booking.discountAmount > 0 ? ` (saved ${formatUsd(booking.discountAmount)})` : ''}
          </p>
        ) : (
          // A seat someone else bought for them: who did, and no price (it was theirs to pay).
          <p className="text-sm break-words text-ink-soft">
            Booked for {booking.firstName} {booking.lastName} by {booking.buyerEmail}
          </p>
        )}
      </header>

      {refunded ? (
        <p className="flex items-start gap-2 rounded-brutal border-2 border-ink bg-paper-deep px-3 py-2 text-sm font-semibold">
          <Undo2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {BOOKING_REFUNDED_NOTE}
        </p>
      ) : (
        <>
          {booking.joinUrl ? (
            // The seat's own link (docs/decisions/020-roster-and-join-links.md): it opens the meeting
            // link as it is when clicked, and tells the organiser they came.
            <p className="flex flex-wrap items-center gap-3">
              <a href={booking.joinUrl} className={buttonClasses('primary')}>
                <Video aria-hidden="true" className="size-4" />
                Join the workshop
              </a>
              <span className="text-sm text-ink-soft">Your personal link: it always opens the current meeting link.</span>
            </p>
          ) : null}

          <Section title="Workshop details">
            <WorkshopDetailsSection details={details.data} isLoading={details.isPending} isError={details.isError} />
          </Section>

          {slots.calendarLinks?.(booking, details.data?.zoomLink ?? null)}

          <Section title="Workshop materials">
            <WorkshopAssetsSection bookingId={booking.id} />
          </Section>

          <Section title="Your profile">
            {/* Each card's form is a landmark: its name says which booking it belongs to. */}
            <ProfileForm bookingId={booking.id} label={`Your profile for ${name}`} />
          </Section>
        </>
      )}

      <div className="flex flex-wrap gap-3 border-t-2 border-paper-deep pt-4">
        {slots.actions?.(booking, { onChanged, onCancelled, name })}
      </div>
    </article>
  );
}
