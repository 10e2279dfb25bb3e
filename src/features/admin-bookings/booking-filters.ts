import { VISIBLE_BOOKING_STATUSES, type BookingStatus } from '../../common/booking-status';
import { formatUsd } from '../../common/money';
import type { AdminBooking } from './admin-bookings.schema';
import { workshopWhen } from './booking-labels';

/*
 * The Bookings tab's filters and its order and payment words. The list is read whole and
 * searched in the browser (a list of 5,000 stays quick), so the filters narrow it there too:
 * pure functions, the same for the tab and the tests.
 */

/** How a booking's seat was settled, for the Payment filter and the row's payment line. */
export const PAYMENT_KINDS = ['card', 'outside', 'free', 'unpaid', 'refunded'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

type PaymentFacts = Pick<AdminBooking, 'status' | 'isPaid' | 'finalPrice' | 'stripePaymentId' | 'refundedAmount'>;

/**
 * Refunded when any of its price went back (or it is marked refunded); otherwise free (nothing to
 * pay), paid by card (a provider's payment is on the seat), paid outside the site (marked paid, or
 * imported paid without a payment), or unpaid (a reservation, or one that ran out).
 */
export function paymentKind(booking: PaymentFacts): PaymentKind {
  if (booking.refundedAmount > 0 || booking.status === 'refunded') return 'refunded';
  if (booking.finalPrice === 0) return 'free';
  if (!booking.isPaid) return 'unpaid';
  return booking.stripePaymentId === null ? 'outside' : 'card';
}

const PAYMENT_KIND_LABELS: Record<PaymentKind, string> = {
  card: 'Paid by card',
  outside: 'Paid outside the site',
  free: 'Free',
  unpaid: 'Unpaid',
  refunded: 'Refunded',
};

/**
 * The row's line about the money under its state word: what was paid and how, what went back,
 * or that nothing was paid yet. Never the state word itself ('Paid', 'Reserved'), which the badge says.
 */
export function paymentLine(booking: PaymentFacts): string {
  const kind = paymentKind(booking);
  if (kind === 'refunded') return booking.refundedAmount > 0 ? `Refunded ${formatUsd(booking.refundedAmount)}` : 'Marked refunded';
  if (kind === 'free') return 'Nothing to pay';
  if (kind === 'unpaid') return booking.status === 'reserved' ? 'Not paid yet' : 'Not paid';
  return kind === 'card' ? 'By card' : 'Outside the site';
}

export type BookingFilters = {
  /** A workshop date's id, or 'all'. */
  date: string;
  status: 'all' | BookingStatus;
  payment: 'all' | PaymentKind;
};

export const NO_FILTERS: BookingFilters = { date: 'all', status: 'all', payment: 'all' };

export function hasFilters(filters: BookingFilters): boolean {
  return filters.date !== 'all' || filters.status !== 'all' || filters.payment !== 'all';
}

/** Whether a booking passes every chosen filter. */
export function matchesFilters(booking: Pick<AdminBooking, 'workshopDateId'> & PaymentFacts, filters: BookingFilters): boolean {
  return (
    (filters.date === 'all' || String(booking.workshopDateId) === filters.date) &&
    (filters.status === 'all' || booking.status === filters.status) &&
    (filters.payment === 'all' || paymentKind(booking) === filters.payment)
  );
}

export type FilterOption = { value: string; label: string };

const STATUS_LABELS: Record<BookingStatus, string> = {
  reserved: 'Reserved',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  expired: 'Expired',
  deleted: 'Deleted',
};

export const STATUS_OPTIONS: readonly FilterOption[] = [
  { value: 'all', label: 'All statuses' },
  ...VISIBLE_BOOKING_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
];

export const PAYMENT_OPTIONS: readonly FilterOption[] = [{ value: 'all', label: 'All payments' }, ...PAYMENT_KINDS.map((kind) => ({ value: kind, label: PAYMENT_KIND_LABELS[kind] }))];

export function isStatusFilter(value: string): value is BookingFilters['status'] {
  return STATUS_OPTIONS.some((option) => option.value === value);
}

export function isPaymentFilter(value: string): value is BookingFilters['payment'] {
  return PAYMENT_OPTIONS.some((option) => option.value === value);
}

/** The workshop dates the bookings are on, once each, by title then id: the Date filter's choices. */
export function dateOptions(bookings: readonly Pick<AdminBooking, 'workshopDateId' | 'workshopDate'>[]): FilterOption[] {
  const dates = new Map<number, string>();
  for (const booking of bookings) {
    if (dates.has(booking.workshopDateId)) continue;
    const date = booking.workshopDate;
    dates.set(booking.workshopDateId, date ? [date.title, workshopWhen(date)].filter(Boolean).join(' — ') : `Workshop #${booking.workshopDateId}`);
  }
  const sorted = [...dates].sort(([idA, a], [idB, b]) => a.localeCompare(b, 'en-US') || idA - idB);
  return [{ value: 'all', label: 'All dates' }, ...sorted.map(([id, label]) => ({ value: String(id), label }))];
}

/**
 * Each booking's place among its order's seats in the list (1 for the first seat booked), by
 * booking id: the row says 'Seat 2 of 3'. One pass over the list, however long.
 */
export function seatPositions(bookings: readonly Pick<AdminBooking, 'id' | 'orderId'>[]): Map<number, number> {
  const byOrder = new Map<number, number[]>();
  for (const booking of bookings) {
    const seats = byOrder.get(booking.orderId);
    if (seats) seats.push(booking.id);
    else byOrder.set(booking.orderId, [booking.id]);
  }
  const positions = new Map<number, number>();
  for (const seats of byOrder.values()) {
    seats.sort((a, b) => a - b);
    seats.forEach((id, index) => positions.set(id, index + 1));
  }
  return positions;
}

/** 'Seat 2 of 3', or '1 seat' for an order of one. */
export function seatOfOrder(position: number | undefined, orderSeats: number): string {
  if (orderSeats <= 1) return '1 seat';
  return position === undefined ? `${orderSeats} seats` : `Seat ${position} of ${orderSeats}`;
}

/** Who bought the seat, when it is not the person on it: the buyer holds an unnamed seat, or bought for a colleague. */
export function buyerNote(booking: Pick<AdminBooking, 'named' | 'email' | 'buyerEmail' | 'buyerName'>): string | null {
  if (!booking.named) return `Unnamed, held by ${booking.buyerName || booking.buyerEmail}`;
  if (booking.email.trim().toLowerCase() === booking.buyerEmail.trim().toLowerCase()) return null;
  return `Bought by ${booking.buyerName || booking.buyerEmail}`;
}
