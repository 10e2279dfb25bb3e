import type { AdminBooking } from './admin-bookings.schema';

export type PaymentLabel = 'FREE' | 'Paid' | 'Unpaid';

/** Spec §4: FREE when the final price is 0 (or missing on a paid booking), Paid, else Unpaid. */
export function paymentLabel(booking: { isPaid: boolean; finalPrice: number | null }): PaymentLabel {
  if (booking.finalPrice === 0 || (booking.finalPrice === null && booking.isPaid)) return 'FREE';
  return booking.isPaid ? 'Paid' : 'Unpaid';
}

/** 'Cancelled', 'Refunded' or 'Reserved' beside the payment; nothing for an ordinary booking. */
export function statusLabel(status: AdminBooking['status']): string | null {
  switch (status) {
    case 'cancelled':
      return 'Cancelled';
    case 'refunded':
      return 'Refunded';
    case 'reserved':
      return 'Reserved';
    default:
      return null;
  }
}

export function fullName(booking: { firstName: string; lastName: string }): string {
  return `${booking.firstName} ${booking.lastName}`.trim();
}

/** 'July 4, 2031 · 10:00 AM - 12:00 PM PST', or 'Date TBC' when the date is not set yet. */
export function workshopWhen(date: AdminBooking['workshopDate']): string {
  if (!date) return '';
  if (!date.date) return 'Date TBC';
  return [date.date, [date.time, date.timezone].filter(Boolean).join(' ')].filter(Boolean).join(' · ');
}

/** Lower-cased text a booking is searched by: name, e-mail and workshop. Built once per list. */
export function bookingSearchText(booking: AdminBooking): string {
  const date = booking.workshopDate;
  return [fullName(booking), booking.email, date?.title ?? '', date?.date ?? ''].join('\n').toLowerCase();
}

/** Bookings whose name, e-mail or workshop contains every word of the query (case-insensitive). */
export function filterBookings<T>(rows: readonly { booking: T; text: string }[], query: string): T[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return rows.map((row) => row.booking);
  const matches: T[] = [];
  for (const row of rows) if (words.every((word) => row.text.includes(word))) matches.push(row.booking);
  return matches;
}
