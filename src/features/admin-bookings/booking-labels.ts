import type { AdminBooking } from './admin-bookings.schema';
import { withWeekday } from '../../common/dates';

export type PaymentLabel = 'FREE' | 'Paid' | 'Unpaid';

/** FREE when the final price is 0 (or missing on a paid booking), Paid, else Unpaid. */
export function paymentLabel(booking: { isPaid: boolean; finalPrice: number | null }): PaymentLabel {
  if (booking.finalPrice === 0 || (booking.finalPrice === null && booking.isPaid)) return 'FREE';
  return booking.isPaid ? 'Paid' : 'Unpaid';
}

export type BookingStateLabel = PaymentLabel | 'Reserved' | 'Cancelled' | 'Refunded' | 'Expired' | 'Deleted';

/**
 * One word for where a booking stands, the same everywhere in the admin: a seat held and settled
 * is Paid or FREE (spec §4's words), a seat held awaiting payment is Reserved, and a booking that
 * gave its seat back is Cancelled, Refunded, Expired or Deleted. Unpaid is left only for a
 * confirmed booking that was never paid (an old import).
 */
export function bookingStateLabel(booking: Pick<AdminBooking, 'status' | 'isPaid' | 'finalPrice'>): BookingStateLabel {
  switch (booking.status) {
    case 'reserved':
      return 'Reserved';
    case 'cancelled':
      return 'Cancelled';
    case 'refunded':
      return 'Refunded';
    case 'expired':
      return 'Expired';
    case 'deleted':
      return 'Deleted';
    default:
      return paymentLabel(booking);
  }
}

export function fullName(booking: { firstName: string; lastName: string }): string {
  return `${booking.firstName} ${booking.lastName}`.trim();
}

/** 'July 4, 2031 · 10:00 AM - 12:00 PM PST', or 'Date TBC' when the date is not set yet. */
export function workshopWhen(date: AdminBooking['workshopDate']): string {
  if (!date) return '';
  if (!date.date) return 'Date TBC';
  return [withWeekday(date.date), [date.time, date.timezone].filter(Boolean).join(' ')].filter(Boolean).join(' · ');
}

/**
 * Lower-cased text a booking is searched by: name, e-mail, workshop, and its order (reference and
 * buyer, so a colleague's seat is found by who paid for it). Built once per list.
 */
export function bookingSearchText(booking: AdminBooking): string {
  const date = booking.workshopDate;
  return [fullName(booking), booking.email, date?.title ?? '', date?.date ?? '', booking.orderReference, booking.buyerName, booking.buyerEmail].join('\n').toLowerCase();
}

/** Bookings whose name, e-mail, workshop or order contains every word of the query (case-insensitive). */
export function filterBookings<T>(rows: readonly { booking: T; text: string }[], query: string): T[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return rows.map((row) => row.booking);
  const matches: T[] = [];
  for (const row of rows) if (words.every((word) => row.text.includes(word))) matches.push(row.booking);
  return matches;
}

/**
 * Dollars paid by card that an admin's cancel or delete can send back: a confirmed booking paid
 * through the provider. A reservation, a free booking and one paid outside the site have none.
 */
export function cardPaidAmount(booking: Pick<AdminBooking, 'status' | 'isPaid' | 'stripePaymentId' | 'finalPrice'>): number {
  return booking.status === 'confirmed' && booking.isPaid && booking.stripePaymentId !== null ? booking.finalPrice : 0;
}

/**
 * The e-mail that confirms a booking (server: BookingMail.seatBooked's kind): the pay link for a
 * reservation, else paid or free; null for a confirmed booking neither paid nor free (an old
 * import), which has nothing to confirm. Only a zero price is asked of finalPrice, in any unit.
 */
export function confirmationKind(booking: Pick<AdminBooking, 'status' | 'isPaid' | 'finalPrice'>): 'reserved' | 'free' | 'paid' | null {
  if (booking.status === 'reserved') return 'reserved';
  if (booking.finalPrice === 0) return 'free';
  return booking.isPaid ? 'paid' : null;
}

export type BookingAction = 'cancel' | 'resend' | 'move' | 'markPaid' | 'delete';

/** The actions a booking's row offers: a booking that no longer holds a seat can only be deleted. */
export function bookingActions(booking: Pick<AdminBooking, 'status' | 'isPaid' | 'finalPrice'>): BookingAction[] {
  if (booking.status !== 'reserved' && booking.status !== 'confirmed') return ['delete'];
  const reserved = booking.status === 'reserved';
  return [
    'cancel',
    ...(confirmationKind(booking) ? (['resend'] as const) : []),
    'move',
    ...(reserved ? (['markPaid'] as const) : []),
    'delete',
  ];
}
