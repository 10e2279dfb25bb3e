import type { Database } from '../../../server/db/client';
import { notifyOrganiserOfBooking, queueBookingEmail, type BookingEmailKind, type WorkshopDateRow } from './booking-emails';
import type { BookingDeps } from './booking-deps';
import type { PlacedOrder } from './orders';

/**
 * The e-mails of an order just placed or paid: each seat's confirmation to the person on it (an
 * unnamed seat's to its buyer, who holds it), so an address on several seats gets one per seat.
 * A reservation is one e-mail to its buyer: its link confirms, and later pays, every seat.
 */
export async function queueOrderEmails(
  tx: Database,
  deps: Pick<BookingDeps, 'publicUrl'> & Partial<Pick<BookingDeps, 'now'>>,
  kind: BookingEmailKind,
  { order, seats }: PlacedOrder,
  date: WorkshopDateRow,
): Promise<void> {
  if (kind === 'reserved') {
    const first = seats[0]!;
    await queueBookingEmail(tx, deps, kind, { ...first, firstName: order.buyerFirstName, lastName: order.buyerLastName, email: order.buyerEmail }, date);
    return;
  }
  for (const seat of seats) await queueBookingEmail(tx, deps, kind, seat, date);
}

/** The organiser hears of an order once, whatever its number of seats. */
export async function notifyOrganiserOfOrder(tx: Database, deps: Pick<BookingDeps, 'publicUrl'>, kind: BookingEmailKind, { order, seats }: PlacedOrder, date: WorkshopDateRow): Promise<void> {
  const first = seats[0]!;
  await notifyOrganiserOfBooking(tx, deps, kind, { ...first, firstName: order.buyerFirstName, lastName: order.buyerLastName, email: order.buyerEmail }, date, seats.length);
}
