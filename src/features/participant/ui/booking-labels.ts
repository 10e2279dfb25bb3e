import type { BadgeTone } from '../../../client/components/ui/badge';
import { workshopWhenFor } from '../../../common/workshop-time';
import type { ParticipantBooking } from '../participant.schema';

/** What the participant paid, in the admin table's words (spec §4: FREE, Paid, Unpaid), or that it was refunded. */
export function paymentLabel(booking: Pick<ParticipantBooking, 'status' | 'isPaid' | 'finalPrice'>): { label: string; tone: BadgeTone } {
  if (booking.status === 'refunded') return { label: 'Refunded', tone: 'paper' };
  if (booking.finalPrice === 0) return { label: 'Free', tone: 'success' };
  if (booking.isPaid) return { label: 'Paid', tone: 'success' };
  return { label: 'Unpaid', tone: 'accent' };
}

type WhenSource = Pick<ParticipantBooking['workshopDate'], 'date' | 'time' | 'timezone' | 'isTBC'> &
  Partial<Pick<ParticipantBooking['workshopDate'], 'startsAt' | 'endsAt' | 'endsNextDay'>>;

/**
 * 'Fri, July 4, 2031, 10:00 AM – 12:00 PM PDT · 7:00 PM – 9:00 PM CEST for you' (the participant's
 * own zone beside the organiser's), the typed text when no zone rules apply, or TBC.
 */
export function whenText(date: WhenSource, viewerZone?: string | null): string {
  if (date.isTBC || !date.date) return 'Date and time to be confirmed (TBC)';
  return workshopWhenFor(date, viewerZone) ?? [date.date, date.time && `${date.time} ${date.timezone}`].filter(Boolean).join(', ');
}

/** An order's reference as the confirmation page, the e-mails and the organiser's lists show it: 'Order K7Q-2MX'. */
export function orderLabel(reference: string): string {
  return `Order ${reference}`;
}

/**
 * The name of a booking's card, and of the parts of it that are landmarks (its profile form, say):
 * the workshop, when, the order and, when the page lists several seats of that order, which one.
 * Two seats on one date then never share a name, as landmarks must not.
 */
export function bookingCardName(title: string, when: string, reference: string, seatNumber?: number): string {
  return [title, when, orderLabel(reference), seatNumber === undefined ? null : `seat ${seatNumber}`].filter(Boolean).join(', ');
}
