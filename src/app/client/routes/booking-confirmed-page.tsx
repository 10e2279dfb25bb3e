import { useSearch } from 'wouter';
import { BOOKING_CONFIRMED_PATH, routeMetaFor } from '../../../common/route-meta';
import { BookingConfirmationScreen, InvalidConfirmationLink, ReservationConfirmScreen } from '../../../features/booking/ui/components/booking-confirmation';
import { confirmationLinkFrom, reservationConfirmLinkFrom } from '../../../features/booking/ui/confirmation-link';
import { useRouteMeta } from '../../../client/lib/use-route-meta';

/**
 * /booking/confirmed?booking={id}&token=…: where a completed booking lands;
 * ?booking={id}&confirm=…: the link e-mailed to a new reservation, which confirms it first.
 */
export default function BookingConfirmedPage() {
  useRouteMeta(routeMetaFor(BOOKING_CONFIRMED_PATH));
  const search = useSearch();
  const confirming = reservationConfirmLinkFrom(search);
  if (confirming) return <ReservationConfirmScreen key={`${confirming.bookingId}:${confirming.confirmToken}`} link={confirming} />;
  const link = confirmationLinkFrom(search);
  if (!link) return <InvalidConfirmationLink />;
  return <BookingConfirmationScreen key={`${link.bookingId}:${link.token}`} link={link} />;
}
