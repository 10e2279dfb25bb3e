import { useSearch } from 'wouter';
import { BOOKING_CONFIRMED_PATH, routeMetaFor } from '../../../common/route-meta';
import { BookingConfirmationScreen, InvalidConfirmationLink } from '../../../features/booking/ui/components/booking-confirmation';
import { confirmationLinkFrom } from '../../../features/booking/ui/confirmation-link';
import { useRouteMeta } from '../../../client/lib/use-route-meta';

/** /booking/confirmed?booking={id}&token=…: where a completed booking lands (CONTRACT §11). */
export default function BookingConfirmedPage() {
  useRouteMeta(routeMetaFor(BOOKING_CONFIRMED_PATH));
  const link = confirmationLinkFrom(useSearch());
  if (!link) return <InvalidConfirmationLink />;
  return <BookingConfirmationScreen key={`${link.bookingId}:${link.token}`} link={link} />;
}
