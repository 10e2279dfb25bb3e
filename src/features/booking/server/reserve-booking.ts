import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { bookings } from '../../../server/db/schema';
import { HttpError } from '../../../server/plugins/error-handler';
import { getPaymentSettings } from '../../settings/server';
import type { BookingForm } from '../booking.schema';
import type { BookingDeps } from './booking-deps';
import { claimCodeAndSeats, orderRequestFrom, placeFreeOrder } from './free-order';
import { loadOffer, quote, refuseWithoutSeats } from './offer';
import { queueOrderEmails } from './order-emails';
import { insertOrder, insertSeats, type PlacedOrder, type WorkshopDateRow } from './orders';
import { unconfirmedHoldEnd } from './reservation-terms';

/** One address may hold this many unpaid reservations at a time. */
export const MAX_RESERVATIONS_PER_EMAIL = 3;
export const RESERVATION_LIMIT_MESSAGE = `You already hold ${MAX_RESERVATIONS_PER_EMAIL} unpaid reservations. Please pay for or cancel one of them before reserving another seat.`;
export const IMMEDIATE_PAYMENT_MESSAGE = 'This workshop date needs payment when you book, so it cannot be reserved to pay later. Please pay by card.';
export const RESERVATIONS_FULL_MESSAGE =
  'All the seats of this date that can be reserved to pay later are reserved right now. You can still book a seat by paying now.';

/**
 * The most seats the unpaid reservations of a date may hold: `sharePercent` of its seats, rounded
 * down, and never less than one, so a date with few seats can still be reserved.
 */
export function reservationSeatLimit(seatsTotal: number, sharePercent: number): number {
  return Math.max(1, Math.floor((seatsTotal * sharePercent) / 100));
}

/**
 * Reserve now, pay later. Addresses are free to invent, so a reservation starts as a hold no
 * longer than a checkout's (SEAT_HOLD_MINUTES) and e-mails a link to confirm the address; only
 * once that link is opened (confirmReservation) does it hold its seat for the payment settings'
 * hours, is the organiser told and does the pay link go out. An unconfirmed one expires by itself
 * (expireReservations) without an e-mail. However many addresses are invented, the unpaid
 * reservations of a date never hold more than its reservation share, so buyers who pay now
 * always find the rest. A price the code makes free is booked at once, as a free booking.
 */
export async function reserveBooking(deps: BookingDeps, form: BookingForm): Promise<PlacedOrder> {
  const now = deps.now();
  const offer = await loadOffer(deps.db, form.workshopDateId, form.discountCode, now, deps.onSeatsChanged, form.seats);
  const { price, discount } = quote(offer);
  const request = orderRequestFrom(form, { date: offer.date, price, discount });
  if (price.finalCents === 0) return placeFreeOrder(deps, request);
  if (offer.date.requiresImmediatePayment) throw new HttpError(409, IMMEDIATE_PAYMENT_MESSAGE, 'payment_required_now');
  await refuseWithoutSeats(deps, offer, form.seats, now);
  const { reservationSharePercent } = await getPaymentSettings(deps.db);

  const placed = await deps.db.transaction(async (tx) => {
    await refuseOverReservationLimit(tx, form.email);
    await refuseOverReservationShare(tx, offer.date, form.seats, reservationSharePercent);
    const order = (await insertOrder(tx, request, { status: 'placed', paymentMode: 'pay_later' }))!;
    const seats = await insertSeats(tx, order, {
      status: 'reserved',
      isPaid: false,
      reservationExpiresAt: unconfirmedHoldEnd(now, offer.date.startsAt),
      awaitingEmailConfirmation: true,
    });
    // Not yet the pay link: the e-mail asks to confirm the address (BookingMail.seatBooked).
    await queueOrderEmails(tx, deps, 'reserved', { order, seats }, offer.date);
    await claimCodeAndSeats(tx, deps, request);
    return { order, seats };
  });
  deps.onEmailQueued?.();
  deps.onSeatsChanged?.();
  return placed;
}

/**
 * Counts the address's open reservations under a transaction-scoped advisory lock on the address,
 * so two reservations made at once cannot both pass the limit.
 */
async function refuseOverReservationLimit(tx: Database, email: string): Promise<void> {
  const address = email.trim().toLowerCase();
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`reservations:${address}`}))`);
  const [open] = await tx
    .select({ count: sql<number>`count(distinct ${bookings.orderId})::int` })
    .from(bookings)
    .where(and(eq(bookings.status, 'reserved'), sql`lower(${bookings.email}) = ${address}`));
  if ((open?.count ?? 0) >= MAX_RESERVATIONS_PER_EMAIL) throw new HttpError(409, RESERVATION_LIMIT_MESSAGE, 'reservation_limit');
}

/**
 * Refuses a reservation that would take the date's unpaid reservations (confirmed or not) past its
 * share of seats. Counted under an advisory lock on the date's reservations, so reservations made
 * at once queue here and cannot both pass; buyers who pay now never wait on it.
 */
async function refuseOverReservationShare(tx: Database, date: WorkshopDateRow, seats: number, sharePercent: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`reservations-of-date:${date.id}`}))`);
  const [held] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(eq(bookings.workshopDateId, date.id), eq(bookings.status, 'reserved')));
  if ((held?.count ?? 0) + seats > reservationSeatLimit(date.seatsTotal, sharePercent)) {
    throw new HttpError(409, RESERVATIONS_FULL_MESSAGE, 'reservations_full');
  }
}
