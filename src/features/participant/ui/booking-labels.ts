import type { BadgeTone } from '../../../client/components/ui/badge';
import type { ParticipantBooking } from '../participant.schema';

/** What the participant paid, in the admin table's words (spec §4: FREE, Paid, Unpaid), or that it was refunded. */
export function paymentLabel(booking: Pick<ParticipantBooking, 'status' | 'isPaid' | 'finalPrice'>): { label: string; tone: BadgeTone } {
  if (booking.status === 'refunded') return { label: 'Refunded', tone: 'paper' };
  if (booking.finalPrice === 0) return { label: 'Free', tone: 'success' };
  if (booking.isPaid) return { label: 'Paid', tone: 'success' };
  return { label: 'Unpaid', tone: 'accent' };
}

/** 'July 4, 2031, 10:00 AM - 12:00 PM PST', or TBC when the date is not set. */
export function whenText(date: Pick<ParticipantBooking['workshopDate'], 'date' | 'time' | 'timezone' | 'isTBC'>): string {
  if (date.isTBC || !date.date) return 'Date and time to be confirmed (TBC)';
  return [date.date, date.time && `${date.time} ${date.timezone}`].filter(Boolean).join(', ');
}
