import type { Database } from '../../../server/db/client';
import type { BookingDeps } from './booking-deps';
import { seatAsBuyer, type BookingEmailKind } from './booking-mail';
import type { OrderRow, PlacedOrder, WorkshopDateRow } from './orders';

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const buyerName = (order: OrderRow) => `${order.buyerFirstName} ${order.buyerLastName}`.trim();

/**
 * The name a seat's e-mail gives as who bought it for them: the buyer's, unless the seat is the
 * buyer's own (then the e-mail says what they paid instead).
 */
export function boughtByFor(seat: { email: string }, order: OrderRow): string | undefined {
  return sameAddress(seat.email, order.buyerEmail) ? undefined : buyerName(order);
}

/**
 * The e-mails of an order just placed or paid. Each named seat's person gets their own
 * confirmation with their own sign-in link and calendar event, so an address on several seats gets
 * one per seat; the buyer gets one order confirmation listing every seat, with the claim link of
 * each unnamed one, unless the order is simply their own single seat (its confirmation says it
 * all). A reservation is one e-mail to its buyer: its link confirms, and later pays, every seat.
 */
export async function queueOrderEmails(tx: Database, { mail }: Pick<BookingDeps, 'mail'>, kind: BookingEmailKind, placed: PlacedOrder, date: WorkshopDateRow): Promise<void> {
  const { order, seats } = placed;
  if (kind === 'reserved') {
    await mail.seatBooked(tx, kind, seatAsBuyer(order, seats[0]!), date);
    return;
  }
  for (const seat of seats) {
    if (seat.named) await mail.seatBooked(tx, kind, seat, date, boughtByFor(seat, order));
  }
  const onlyTheBuyersSeat = seats.length === 1 && seats[0]!.named && sameAddress(seats[0]!.email, order.buyerEmail);
  if (!onlyTheBuyersSeat) await mail.orderConfirmed(tx, kind, placed, date);
}
