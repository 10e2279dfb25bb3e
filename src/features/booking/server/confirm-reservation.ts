import { and, eq } from 'drizzle-orm';
import { bookings, orders, workshopDates } from '../../../server/db/schema';
import { recordAudit } from '../../../server/lib/audit';
import { verifyToken } from '../../../server/lib/signed-token';
import { HttpError } from '../../../server/plugins/error-handler';
import { getPaymentSettings } from '../../settings/server';
import { RESERVATION_CONFIRM_PURPOSE } from './booking-links';
import type { BookingDeps } from './booking-deps';
import { queueOrderEmails } from './order-emails';
import { subscribeBooker } from './newsletter-signup';
import { reservationTerms } from './reservation-terms';
import { seatsLeftOn } from './seats';

type BookingRow = typeof bookings.$inferSelect;
type DateRow = typeof workshopDates.$inferSelect;

export const CONFIRM_LINK_INVALID = 'This confirmation link is invalid or has expired.';
export const RESERVATION_LAPSED = 'This reservation was not confirmed in time, so its seat went back on sale. You are welcome to book again.';
export const RESERVATION_NOT_FOUND = 'Booking not found';

/**
 * The reservation's address is confirmed by the link it was sent (reserveBooking): from now on it
 * holds its seat for the payment settings' hours, the person gets the pay link and the organiser
 * hears of it. Only a reservation still waiting for it, within its short hold, is confirmed;
 * opening the link again changes nothing and answers the reservation as it is (or the booking,
 * once paid). A reservation that lapsed meanwhile answers 410 and stays lapsed.
 */
export async function confirmReservation(deps: BookingDeps, bookingId: number, token: string): Promise<{ booking: BookingRow; date: DateRow }> {
  const now = deps.now();
  if (verifyToken(deps.secret, RESERVATION_CONFIRM_PURPOSE, token, now.getTime()) !== String(bookingId)) {
    throw new HttpError(403, CONFIRM_LINK_INVALID, 'confirm_link_invalid');
  }
  const { reservationHours } = await getPaymentSettings(deps.db);
  const outcome = await deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ booking: bookings, date: workshopDates })
      .from(bookings)
      .innerJoin(workshopDates, eq(workshopDates.id, bookings.workshopDateId))
      .where(eq(bookings.id, bookingId))
      .for('update', { of: bookings });
    if (!found || found.booking.status === 'deleted') throw new HttpError(404, RESERVATION_NOT_FOUND);
    const { booking, date } = found;
    if (booking.status === 'confirmed' || (booking.status === 'reserved' && !booking.awaitingEmailConfirmation)) return { booking, date, queued: false };
    if (booking.status !== 'reserved' || (booking.reservationExpiresAt && booking.reservationExpiresAt <= now)) {
      throw new HttpError(410, RESERVATION_LAPSED, 'reservation_lapsed');
    }
    const terms = reservationTerms(now, reservationHours, date.startsAt);
    // The link confirms every seat of the order still waiting for it: they were reserved together.
    const seats = await tx
      .update(bookings)
      .set({ awaitingEmailConfirmation: false, reservationExpiresAt: terms.expiresAt, reservationRemindedAt: terms.remindedAt })
      .where(and(eq(bookings.orderId, booking.orderId), eq(bookings.status, 'reserved'), eq(bookings.awaitingEmailConfirmation, true)))
      .returning();
    seats.sort((a, b) => a.id - b.id);
    const confirmed = seats.find((seat) => seat.id === booking.id);
    const [order] = await tx.select().from(orders).where(eq(orders.id, booking.orderId));
    // Only a confirmed address joins the newsletter: an invented one must not.
    await subscribeBooker(tx, order!.buyerEmail, order!.subscribedToNewsletter);
    await queueOrderEmails(tx, deps, 'reserved', { order: order!, seats }, date);
    await deps.mail.orderToOrganiser(tx, 'reserved', { order: order!, seats }, date, seatsLeftOn(date));
    await recordAudit(tx, {
      actor: confirmed!.email,
      action: 'reservation_confirmed',
      entity: 'booking',
      entityId: confirmed!.id,
      details: { workshopDateId: confirmed!.workshopDateId, expiresAt: terms.expiresAt.toISOString() },
    });
    return { booking: confirmed!, date, queued: true };
  });
  if (outcome.queued) deps.onEmailQueued?.();
  return { booking: outcome.booking, date: outcome.date };
}
