import { CalendarDays } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { runtimeTimeZone } from '../../../../common/time-zones';
import { Badge } from '../../../../client/components/ui/badge';
import { formatUsd } from '../../../../common/money';
import { CalendarLinks } from '../../../calendar/ui/calendar-links';
import { CancelBookingAction, RefundRequestAction } from '../../../refunds/ui/refund-actions';
import { expertiseLabels } from '../../../workshops/workshops.schema';
import type { ParticipantBooking } from '../../participant.schema';
import { useWorkshopDetails } from '../api/get-workshop-details';
import { paymentLabel, whenText } from '../booking-labels';
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

/** One booking: the workshop, its meeting details and materials, the profile, calendar and actions. */
export function BookingCard({ booking, onChanged, onCancelled }: { booking: ParticipantBooking; onChanged: () => void; onCancelled: () => void }) {
  const details = useWorkshopDetails(booking.id);
  const { workshopDate } = booking;
  const payment = paymentLabel(booking);
  const headingId = `booking-${booking.id}-title`;
  // The participant's own zone (their browser's), beside the organiser's.
  const [viewerZone] = useState(runtimeTimeZone);
  const when = whenText(workshopDate, viewerZone);
  return (
    <article aria-labelledby={headingId} className="space-y-4 rounded-brutal border-2 border-ink bg-paper p-4 shadow-brutal sm:p-6">
      <header className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="secondary">{expertiseLabels[workshopDate.expertiseLevel]}</Badge>
          <Badge tone={payment.tone}>{payment.label}</Badge>
          {booking.status === 'reserved' ? <Badge tone="paper">Reserved</Badge> : null}
        </div>
        <h2 id={headingId} className="text-2xl font-black break-words">
          {workshopDate.title}
        </h2>
        <p className="flex items-start gap-2 font-semibold">
          <CalendarDays aria-hidden="true" className="mt-1 size-4 shrink-0" />
          {when}
        </p>
        <p className="text-sm text-ink-soft">
          Booked for {booking.firstName} {booking.lastName}
          {booking.finalPrice > 0 ? ` · ${formatUsd(booking.finalPrice)}` : ''}
          {booking.discountAmount > 0 ? ` (saved ${formatUsd(booking.discountAmount)})` : ''}
        </p>
      </header>

      <Section title="Workshop details">
        <WorkshopDetailsSection details={details.data} isLoading={details.isPending} isError={details.isError} refunded={booking.status === 'refunded'} />
      </Section>

      {booking.status !== 'refunded' ? (
        <CalendarLinks
          bookingId={booking.id}
          title={workshopDate.title}
          date={workshopDate.date}
          time={workshopDate.time}
          timezone={workshopDate.timezone}
          isTBC={workshopDate.isTBC}
          endsNextDay={workshopDate.endsNextDay}
          location={details.data?.zoomLink ?? null}
        />
      ) : null}

      <Section title="Workshop materials">
        <WorkshopAssetsSection bookingId={booking.id} />
      </Section>

      <Section title="Your profile">
        {/* Each card's form is a landmark: its name says which booking it belongs to. */}
        <ProfileForm bookingId={booking.id} label={`Your profile for ${workshopDate.title}, ${when}`} />
      </Section>

      <div className="flex flex-wrap gap-3 border-t-2 border-paper-deep pt-4">
        <RefundRequestAction bookingId={booking.id} isPaid={booking.isPaid} refundRequest={booking.refundRequest} onChanged={onChanged} />
        {booking.status !== 'refunded' ? <CancelBookingAction bookingId={booking.id} email={booking.email} onCancelled={onCancelled} /> : null}
      </div>
    </article>
  );
}
