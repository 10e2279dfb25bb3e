import { CalendarLinks } from '../../../features/calendar/ui/calendar-links';
import { FollowUpCallsCard, mayHaveCalls } from '../../../features/calls/ui/components/follow-up-calls-card';
import type { BookingCardSlots } from '../../../features/participant/ui/components/booking-card';
import ParticipantPage from '../../../features/participant/ui/participant-page';
import { CancelBookingAction, RefundRequestAction } from '../../../features/refunds/ui/refund-actions';
import { SeatMoveCard } from '../../../features/admin-workshops/ui/poll/seat-move-card';
import { SeatPollCard } from '../../../features/admin-workshops/ui/poll/seat-poll-card';

/**
 * /participant: the participant feature's page, with what the calendar and refunds features add to
 * each booking card. Those two use participant's access checks on the server, so they sit above it
 * and participant cannot import them; the root, above all three, puts them together.
 */
const slots: BookingCardSlots = {
  calendarLinks: (booking, location) => {
    const { workshopDate } = booking;
    return (
      <CalendarLinks
        bookingId={booking.id}
        title={workshopDate.title}
        date={workshopDate.date}
        time={workshopDate.time}
        timezone={workshopDate.timezone}
        isTBC={workshopDate.isTBC}
        endsNextDay={workshopDate.endsNextDay}
        location={location}
      />
    );
  },
  actions: (booking, { onChanged, onCancelled, name }) => (
    <>
      {/* A date still to be set: its poll of candidate dates (docs/decisions/022-dates-that-change.md). */}
      {booking.status === 'confirmed' || booking.status === 'reserved' ? <SeatPollCard bookingId={booking.id} isTBC={booking.workshopDate.isTBC} /> : null}
      {/* Set by that poll on a date this seat did not mark, or called off with a move offered: it may move itself. */}
      {booking.status === 'confirmed' ? <SeatMoveCard bookingId={booking.id} seatName={name} mayAsk={booking.workshopDate.setByPoll || booking.workshopDate.moveOffered} onMoved={onChanged} /> : null}
      {/* The follow-up calls the seat includes with the organiser (docs/decisions/023-follow-up-calls.md). */}
      {mayHaveCalls(booking) ? <FollowUpCallsCard bookingId={booking.id} /> : null}
      <RefundRequestAction bookingId={booking.id} isPaid={booking.isPaid} finalPrice={booking.finalPrice} refundRequest={booking.refundRequest} onChanged={onChanged} />
      {booking.status !== 'refunded' ? <CancelBookingAction bookingId={booking.id} email={booking.email} isPaid={booking.isPaid} finalPrice={booking.finalPrice} onCancelled={onCancelled} /> : null}
    </>
  ),
};

export default function ParticipantRoute() {
  return <ParticipantPage slots={slots} />;
}
