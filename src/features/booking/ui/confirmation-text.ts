import { formatUsd } from '../../../common/money';
import { formatInstant } from '../../../common/time-zones';
import { viewerText, workshopEventTimes, zoneStory } from '../../../common/workshop-time';
import type { BookingConfirmation } from '../booking.schema';

/**
 * The confirmation page's words, pure so they are tested without a browser.
 * `viewerZone` is the zone the visitor booked in (bookings.timeZone) or, failing that, the browser's.
 */

/** The spec's words for a date still to be set. */
export const TBC_TEXT = 'TBC — Actual Date Will Be Set Via Participant Poll';

/**
 * When, in two lines: the organiser's ('Fri, July 4, 2031, 10:00 AM – 12:00 PM PDT') and the
 * visitor's beside it ('7:00 PM – 9:00 PM CEST for you'), which is null when it reads the same.
 */
export function whenLines(workshop: BookingConfirmation['workshop'], viewerZone: string | null | undefined): { organiser: string; viewer: string | null } {
  const times = workshopEventTimes(workshop);
  if (!times) return { organiser: TBC_TEXT, viewer: null };
  const story = zoneStory(times, workshop.timezone, viewerZone);
  return {
    organiser: `${story.organiser.day}, ${story.organiser.time}`,
    viewer: viewerText(story),
  };
}

/** An instant on the visitor's clock: 'Sun, July 6, 2031, 10:00 AM CEST' (UTC when the zone is unknown). */
export function instantText(iso: string, viewerZone: string | null | undefined): string {
  return formatInstant(new Date(iso), viewerZone);
}

/**
 * The order the page speaks of, when it is more than the visitor's own single seat: several seats,
 * or a seat bought for someone else. Null for a booking of one's own seat.
 */
export function orderShown(booking: Pick<BookingConfirmation, 'order' | 'email'>): NonNullable<BookingConfirmation['order']> | null {
  const { order } = booking;
  if (!order) return null;
  return order.seats.length > 1 || order.buyerEmail.toLowerCase() !== booking.email.toLowerCase() ? order : null;
}

/** 'your seat' or 'your 3 seats'. */
function yourSeats(booking: BookingConfirmation): string {
  const order = orderShown(booking);
  return order && order.seats.length > 1 ? `your ${order.seats.length} seats` : 'your seat';
}

/** What was paid: 'Paid $499.00', 'Free with code FREE100', '$499.00 due by …', or what became of it. */
export function paymentText(booking: BookingConfirmation, viewerZone: string | null | undefined): string {
  const order = orderShown(booking);
  const price = formatUsd(order ? order.total : booking.finalPrice);
  if (booking.status === 'refunded') return `Refunded (${price})`;
  if (booking.status === 'reserved') {
    // The pay link comes once the address is confirmed; the short hold is told in the lead.
    if (booking.awaitingEmailConfirmation) return `${price}, to pay once your e-mail is confirmed`;
    return booking.reservationExpiresAt ? `${price} due by ${instantText(booking.reservationExpiresAt, viewerZone)}` : `${price} due`;
  }
  if (booking.status === 'expired') return 'Not paid';
  if (booking.finalPrice === 0) return booking.discountCode ? `Free with code ${booking.discountCode}` : 'Free';
  const seats = order ? order.seats.length : 1;
  const saved = booking.discountAmount > 0 ? ` (${formatUsd(booking.discountAmount * seats)} off with code ${booking.discountCode})` : '';
  return booking.isPaid ? `Paid ${price}${saved}` : `${price} due`;
}

type Status = BookingConfirmation['status'];

/** The page's heading for each state of the booking. */
export const confirmationHeadings: Record<Status, string> = {
  confirmed: "You're booked!",
  reserved: 'Your seat is reserved',
  cancelled: 'This booking was cancelled',
  refunded: 'This booking was refunded',
  expired: 'This reservation has expired',
  deleted: 'Booking not found',
};

/** The page's heading: by status, and for a reservation still to confirm, what to do. */
export function confirmationHeading(booking: Pick<BookingConfirmation, 'status' | 'awaitingEmailConfirmation'>): string {
  return booking.status === 'reserved' && booking.awaitingEmailConfirmation ? 'Confirm your e-mail to keep your seat' : confirmationHeadings[booking.status];
}

/** The sentence under the heading. */
export function confirmationLead(booking: BookingConfirmation, viewerZone: string | null | undefined): string {
  switch (booking.status) {
    case 'confirmed': {
      const order = orderShown(booking);
      if (order) return `Thanks, ${order.buyerFirstName}. ${order.seats.length === 1 ? 'The seat is' : `All ${order.seats.length} seats are`} confirmed.`;
      return `Thanks, ${booking.firstName}. Your seat is confirmed.`;
    }
    case 'reserved':
      if (booking.awaitingEmailConfirmation) {
        return booking.reservationExpiresAt
          ? `Thanks, ${booking.firstName}. Open the link we e-mailed you before ${instantText(booking.reservationExpiresAt, viewerZone)} to keep your seat; until then it is held only briefly.`
          : `Thanks, ${booking.firstName}. Open the link we e-mailed you to keep your seat.`;
      }
      return booking.reservationExpiresAt
        ? `Thanks, ${booking.firstName}. ${capitalise(yourSeats(booking))} ${yourSeats(booking) === 'your seat' ? 'is' : 'are'} held until ${instantText(booking.reservationExpiresAt, viewerZone)}: pay with the link in your e-mail to confirm ${yourSeats(booking) === 'your seat' ? 'it' : 'them'}.`
        : `Thanks, ${booking.firstName}. Your seat is held: pay with the link in your e-mail to confirm it.`;
    case 'expired':
      return 'It was not paid in time, so its seat went back on sale. You are welcome to book another date.';
    case 'refunded':
      return 'The payment was refunded and the seat went back on sale. You are welcome to book another date.';
    default:
      return 'Its seat went back on sale. You are welcome to book another date.';
  }
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
