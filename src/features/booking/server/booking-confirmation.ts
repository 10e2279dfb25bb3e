import { eq } from 'drizzle-orm';
import { centsToDollars } from '../../../common/money';
import type { Database } from '../../../server/db/client';
import { bookings, workshopDates } from '../../../server/db/schema';
import { signToken, verifyToken } from '../../../server/lib/signed-token';
import { HttpError } from '../../../server/plugins/error-handler';
import { bookingCalendarFile } from '../../calendar/server';
import type { BookingConfirmation } from '../booking.schema';
import { loadOrder, type PlacedOrder } from './orders';

/**
 * The confirmation page after a booking. Its address carries the
 * booking id and a token signed for this purpose only, so a reload needs no session, and the token
 * can neither pay a reservation (PAY_LINK_PURPOSE) nor sign anyone in (participant access).
 */
export const CONFIRMATION_PURPOSE = 'booking-confirmation';
/** Long enough to come back to the page from the browser's history; the e-mail is the lasting record. */
export const CONFIRMATION_TOKEN_TTL_MS = 30 * 86_400_000;
export const CONFIRMATION_LINK_INVALID = 'This confirmation link is invalid or has expired.';
export const BOOKING_NOT_FOUND = 'Booking not found';

type ConfirmationDeps = { db: Database; secret: string; now: () => Date };

export function confirmationTokenFor(secret: string, bookingId: number, now = Date.now()): string {
  return signToken(secret, CONFIRMATION_PURPOSE, String(bookingId), CONFIRMATION_TOKEN_TTL_MS, now);
}

/**
 * The booking and its date, for the holder of its token. The token is checked before the database
 * is read, so a guessed id tells nothing (403 either way); a deleted booking is gone (404).
 */
async function bookingForToken(deps: ConfirmationDeps, bookingId: number, token: string | undefined) {
  if (verifyToken(deps.secret, CONFIRMATION_PURPOSE, token, deps.now().getTime()) !== String(bookingId)) {
    throw new HttpError(403, CONFIRMATION_LINK_INVALID, 'confirmation_link_invalid');
  }
  const [row] = await deps.db
    .select({ booking: bookings, date: workshopDates })
    .from(bookings)
    .innerJoin(workshopDates, eq(workshopDates.id, bookings.workshopDateId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  if (!row || row.booking.deletedAt || row.booking.status === 'deleted') throw new HttpError(404, BOOKING_NOT_FOUND);
  return row;
}

/** What the page shows: the booker's own booking, with the meeting link only once the seat is confirmed. */
export async function getBookingConfirmation(deps: ConfirmationDeps, bookingId: number, token: string | undefined): Promise<BookingConfirmation> {
  const { booking, date } = await bookingForToken(deps, bookingId, token);
  return confirmationOf(booking, date, await loadOrder(deps.db, booking.orderId));
}

/**
 * The order a seat belongs to, as its confirmation page shows it to the buyer who was sent there:
 * the reference, where its confirmation went, and who is on each seat (no addresses).
 */
function orderView(placed: PlacedOrder | undefined): BookingConfirmation['order'] {
  if (!placed) return null;
  const { order, seats } = placed;
  const live = seats.filter((seat) => seat.status !== 'deleted');
  return {
    reference: order.reference,
    buyerFirstName: order.buyerFirstName,
    buyerEmail: order.buyerEmail,
    total: centsToDollars(live.reduce((sum, seat) => sum + seat.finalPriceCents, 0)),
    seats: live.map((seat) => ({ firstName: seat.named ? seat.firstName : '', lastName: seat.named ? seat.lastName : '', named: seat.named, status: seat.status })),
  };
}

/** The workshop as the pages after a sale show it (confirmationWorkshopSchema). */
export function workshopView(date: typeof workshopDates.$inferSelect): BookingConfirmation['workshop'] {
  return {
    title: date.title,
    date: date.date,
    time: date.time,
    timezone: date.timezone,
    isTBC: date.isTBC,
    endsNextDay: date.endsNextDay,
    startsAt: date.startsAt?.toISOString() ?? null,
    endsAt: date.isTBC ? null : (date.endsAt?.toISOString() ?? null),
  };
}

/** The confirmation page's view of a booking and its date (and of its order, when given). */
export function confirmationOf(booking: typeof bookings.$inferSelect, date: typeof workshopDates.$inferSelect, placed?: PlacedOrder): BookingConfirmation {
  return {
    order: orderView(placed),
    bookingId: booking.id,
    status: booking.status,
    isPaid: booking.isPaid,
    firstName: booking.firstName,
    email: booking.email,
    originalPrice: centsToDollars(booking.originalPriceCents),
    discountAmount: centsToDollars(booking.discountAmountCents),
    finalPrice: centsToDollars(booking.finalPriceCents),
    discountCode: booking.discountCode,
    reservationExpiresAt: booking.status === 'reserved' ? (booking.reservationExpiresAt?.toISOString() ?? null) : null,
    awaitingEmailConfirmation: booking.status === 'reserved' && booking.awaitingEmailConfirmation,
    timeZone: booking.timeZone,
    workshop: workshopView(date),
    // As on the participant page and in the .ics file: the link is for a confirmed seat only.
    meetingLink: booking.status === 'confirmed' ? (date.zoomLink ?? null) : null,
  };
}

/**
 * The page's 'Download calendar file': the same event as the participant's calendar.ics, reached
 * with the confirmation token (the visitor has no participant session yet).
 */
export async function getConfirmationCalendarFile(deps: ConfirmationDeps, bookingId: number, token: string | undefined, publicUrl: string) {
  const { booking } = await bookingForToken(deps, bookingId, token);
  return bookingCalendarFile(deps.db, booking, publicUrl);
}
