/**
 * The states of a booking and of a payment (docs/decisions/008-booking-lifecycle.md), shared by
 * the database schema, the API schemas and the browser.
 */

/** reserved and confirmed hold a seat; the others gave it back. */
export const BOOKING_STATUSES = ['reserved', 'confirmed', 'cancelled', 'refunded', 'expired', 'deleted'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** The statuses that hold a seat in workshop_dates.seats_taken (and a discount code's use). */
export const SEAT_HOLDING_STATUSES = ['reserved', 'confirmed'] as const satisfies readonly BookingStatus[];

export function holdsSeat(status: BookingStatus): boolean {
  return (SEAT_HOLDING_STATUSES as readonly BookingStatus[]).includes(status);
}

/** What people outside the admin's audit may see: every status but 'deleted'. */
export const VISIBLE_BOOKING_STATUSES = BOOKING_STATUSES.filter((status) => status !== 'deleted');

/**
 * An order (one payment, one free code or one reservation, and the seats it bought):
 * pending — a pay-now checkout holds its seats while the buyer pays (holdExpiresAt);
 * lapsed — that hold ran out unpaid (its seats went back; a payment arriving late takes them again
 *   if they are still there, else it is refunded);
 * placed — its seats are bookings, each with its own lifecycle;
 * void — it never became seats: its payment was refunded instead, or could not be opened.
 */
export const ORDER_STATUSES = ['pending', 'lapsed', 'placed', 'void'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The most seats one order may buy. */
export const MAX_SEATS_PER_ORDER = 10;

/**
 * requires_payment → succeeded (it pays a booking), or → refunding → refunded (it cannot, or no
 * longer does, pay one), or → canceled / failed (never paid).
 */
export const PAYMENT_STATUSES = ['requires_payment', 'succeeded', 'failed', 'canceled', 'refunding', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * The description of the single-use code a cancellation gives as credit: written when the code is
 * made, and how the participant's page finds it again for a cancelled booking.
 */
export const creditCodeDescription = (bookingId: number): string => `Credit for cancelled booking #${bookingId}`;

/**
 * A waiting-list entry (docs/decisions/019-waiting-list.md):
 * waiting — in line, in order of joining;
 * offered — holds its seats (counted in seats_taken) until offerExpiresAt, for its person to book;
 * booked — its person booked the date (through the offer or any other way);
 * expired — an offer ran out unused (its seats went on to the next in line);
 * left — its person left the list; removed — the organiser took it off.
 */
export const WAITLIST_STATUSES = ['waiting', 'offered', 'booked', 'expired', 'left', 'removed'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/** Entries still in line or holding an offer: while a date has one, its free seats are not for sale to others. */
export const LIVE_WAITLIST_STATUSES = ['waiting', 'offered'] as const satisfies readonly WaitlistStatus[];
