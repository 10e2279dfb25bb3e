import type { Database } from '../../../server/db/client';
import type { BookingRow, OrderRow, PlacedOrder, WorkshopDateRow } from './orders';

/** A seat's e-mail: 'paid' and 'free' confirm it (with its calendar event), 'reserved' holds it to pay later. */
export type BookingEmailKind = 'paid' | 'free' | 'reserved';

/** A payment refunded in full because it could not become a booking (RefundReason in payment-refunds.ts). */
export type RefundedPayment = { email: string; amountCents: number; workshopDateId: number; refundId: string; reason: string; soldOut: boolean };

/**
 * What the sale tells people, in its own terms; the app says how (src/app/server/booking-mail.ts
 * renders the admin's templates, adds the calendar event, the sign-in link and the organiser's
 * notice). The booking feature decides who hears what and when; it does not compose e-mails, so
 * it needs neither the templates nor the calendar, participant or settings features.
 *
 * Each call writes its e-mail to the outbox inside the caller's transaction `tx`, so the e-mail
 * exists exactly when what it tells does; a template the admin switched off means no e-mail (the
 * answer, where there is one, says whether one was queued) and the sale itself is unaffected.
 */
export type BookingMail = {
  /**
   * The e-mail to a seat's person: its confirmation (kind 'paid' or 'free'), or a reservation's,
   * with its pay link, or the link that confirms the address while that is still unconfirmed.
   * `date` saves a read when the caller has it; `boughtBy` is the buyer's name when someone else
   * bought the seat: the e-mail then says so, and names no price.
   */
  seatBooked(tx: Database, kind: BookingEmailKind, seat: BookingRow, date?: WorkshopDateRow, boughtBy?: string): Promise<boolean>;
  /** The buyer's order confirmation: every seat of the order, with the claim link of each unnamed one. */
  orderConfirmed(tx: Database, kind: Exclude<BookingEmailKind, 'reserved'>, placed: PlacedOrder, date: WorkshopDateRow): Promise<void>;
  /**
   * The organiser hears of a new order once, whatever its number of seats; not of a resend or a
   * move. `seatsLeft` is what the date has left once this order holds its seats.
   */
  orderToOrganiser(tx: Database, kind: BookingEmailKind, placed: PlacedOrder, date: WorkshopDateRow, seatsLeft: number): Promise<void>;
  /**
   * A claimed seat still reserved: it is held in the claimant's name until the buyer pays, when the
   * seat's confirmation follows. `boughtBy` as for seatBooked.
   */
  reservedSeatClaimed(tx: Database, seat: BookingRow, date: WorkshopDateRow, boughtBy: string | undefined): Promise<boolean>;
  /** A confirmed seat moved from one date to another, with its calendar event moved too. */
  seatMoved(tx: Database, seat: BookingRow, from: WorkshopDateRow, to: WorkshopDateRow): Promise<boolean>;
  /** A day before an unpaid reservation runs out: the pay link again. */
  reservationReminder(tx: Database, booking: BookingRow, date: WorkshopDateRow): Promise<void>;
  /** An unpaid reservation ran out and its seat went back on sale. */
  reservationExpired(tx: Database, booking: BookingRow, date: WorkshopDateRow | undefined): Promise<void>;
  /** The payer hears their payment was refunded in full. */
  paymentRefunded(tx: Database, refund: RefundedPayment): Promise<void>;
  /**
   * Reads the settings and the templates of an order's e-mails (the seats' and the buyer's
   * confirmations, the organiser's notice) at once, for this transaction: a free order places and
   * e-mails in one, and saves a read per e-mail.
   */
  preloadOrderTemplates(tx: Database): Promise<void>;
};

/** The order's first seat, named as its buyer: the seat a reservation e-mail and the organiser's notice speak of. */
export function seatAsBuyer(order: OrderRow, seat: BookingRow): BookingRow {
  return { ...seat, firstName: order.buyerFirstName, lastName: order.buyerLastName, email: order.buyerEmail };
}
