import { and, eq, inArray, isNull, like } from 'drizzle-orm';
import { creditCodeDescription } from '../../../common/booking-status';
import { centsToDollars } from '../../../common/money';
import type { Database } from '../../../server/db/client';
import { discountCodes, payments, refundRequests, refunds } from '../../../server/db/schema';
import { refundedSum } from '../../booking/server';
import { refundState, type RefundState, type SeatRefundFacts } from '../refund-state';
import type { SeatRefund } from '../refunds.schema';
import { toRefundRequestDto, type BookingRow } from './refund-shared';

/**
 * A seat's money as the refunds ledger, its credit code and its refund request tell it: what went
 * back, what is left of its share, and its state in the one vocabulary (refund-state.ts).
 */

type SeatKey = Pick<BookingRow, 'id' | 'stripePaymentId'>;
type RequestFacts = { status: string; amountCents: number | null };

/**
 * Cents of each seat's price that went back, from the ledger: the refunds of its share, and a
 * refund of its whole payment (only ever a payment that paid this seat alone, or a payment that
 * was refunded instead of booked: a shared one is refunded seat by seat).
 */
export async function refundedCentsBySeat(db: Database, seats: SeatKey[]): Promise<Map<number, number>> {
  const totals = new Map<number, number>(seats.map((seat) => [seat.id, 0]));
  if (seats.length === 0) return totals;
  const shares = await db
    .select({ bookingId: refunds.bookingId, cents: refundedSum() })
    .from(refunds)
    .where(inArray(refunds.bookingId, seats.map((seat) => seat.id)))
    .groupBy(refunds.bookingId);
  for (const share of shares) if (share.bookingId !== null) totals.set(share.bookingId, (totals.get(share.bookingId) ?? 0) + share.cents);

  const paymentIds = [...new Set(seats.map((seat) => seat.stripePaymentId).filter((id): id is string => id !== null))];
  if (paymentIds.length > 0) {
    const whole = await db
      .select({ providerPaymentId: payments.providerPaymentId, cents: refundedSum() })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(and(isNull(refunds.bookingId), inArray(payments.providerPaymentId, paymentIds)))
      .groupBy(payments.providerPaymentId);
    const byPayment = new Map(whole.map((row) => [row.providerPaymentId, row.cents]));
    for (const seat of seats) {
      const cents = seat.stripePaymentId ? byPayment.get(seat.stripePaymentId) : undefined;
      if (cents) totals.set(seat.id, (totals.get(seat.id) ?? 0) + cents);
    }
  }
  return totals;
}

/** What is left of a seat's share to refund: its price less what the ledger says went back, never below 0. */
export const remainingCents = (booking: Pick<BookingRow, 'finalPriceCents'>, refundedCents: number) => Math.max(0, booking.finalPriceCents - refundedCents);

/** The credit codes given for these seats (a cancellation's, or an approval's), by seat. */
export async function creditCodesBySeat(db: Database, bookingIds?: number[]): Promise<Map<number, string>> {
  if (bookingIds && bookingIds.length === 0) return new Map();
  const prefix = creditCodeDescription(0).replace(/0$/, '');
  const rows = await db
    .select({ code: discountCodes.code, description: discountCodes.description })
    .from(discountCodes)
    .where(bookingIds ? inArray(discountCodes.description, bookingIds.map(creditCodeDescription)) : like(discountCodes.description, `${prefix}%`));
  const codes = new Map<number, string>();
  for (const row of rows) {
    const id = Number(row.description.slice(prefix.length));
    if (Number.isInteger(id) && row.description === creditCodeDescription(id) && !codes.has(id)) codes.set(id, row.code);
  }
  return codes;
}

/**
 * Every seat's refund request and credit code, for a whole list (the bookings CSV, the admin's
 * list), or for the seats named: two queries, whatever the number of seats. The ledger's totals
 * come with the list itself.
 */
export type RefundExtras = { requestOf: (bookingId: number) => RequestFacts | null; creditCodeOf: (bookingId: number) => string | null };

export async function loadRefundExtras(db: Database, bookingIds?: number[]): Promise<RefundExtras> {
  const [requests, credits] = await Promise.all([
    db
      .select({ bookingId: refundRequests.bookingId, status: refundRequests.status, amountCents: refundRequests.amountCents })
      .from(refundRequests)
      .where(bookingIds ? inArray(refundRequests.bookingId, bookingIds) : undefined),
    creditCodesBySeat(db, bookingIds),
  ]);
  const byBooking = new Map(requests.map((row) => [row.bookingId, { status: row.status, amountCents: row.amountCents }]));
  return { requestOf: (id) => byBooking.get(id) ?? null, creditCodeOf: (id) => credits.get(id) ?? null };
}

/** A seat's refund state from a list row (money in dollars, as the admin's lists carry it) and the extras. */
export function refundStateOfListedSeat(
  seat: { id: number; status: SeatRefundFacts['status']; isPaid: boolean; finalPrice: number; refundedAmount: number },
  extras: RefundExtras,
): string {
  return refundState({
    status: seat.status,
    isPaid: seat.isPaid,
    priceCents: Math.round(seat.finalPrice * 100),
    refundedCents: Math.round(seat.refundedAmount * 100),
    creditCode: extras.creditCodeOf(seat.id),
    request: extras.requestOf(seat.id),
  }).label;
}

/** The facts refundState reads, for a seat's row and what the ledger, its credit code and its request say. */
function factsOfSeat(seat: BookingRow, refundedCents: number, creditCode: string | null, request: RequestFacts | null): SeatRefundFacts {
  return { status: seat.status, isPaid: seat.isPaid, priceCents: seat.finalPriceCents, refundedCents, creditCode, request };
}

/**
 * The refund state of each of these seats, in the one vocabulary, by seat: three reads whatever
 * their number (the participant's list of cancelled bookings says each one's).
 */
export async function refundStatesOfSeats(db: Database, seats: BookingRow[]): Promise<Map<number, RefundState>> {
  if (seats.length === 0) return new Map();
  const [refunded, extras] = await Promise.all([refundedCentsBySeat(db, seats), loadRefundExtras(db, seats.map((seat) => seat.id))]);
  return new Map(
    seats.map((seat) => [seat.id, refundState(factsOfSeat(seat, refunded.get(seat.id) ?? 0, extras.creditCodeOf(seat.id), extras.requestOf(seat.id)))]),
  );
}

/** One seat's money, for the participant's terms and the admin's review. */
export async function seatRefund(db: Database, booking: BookingRow): Promise<SeatRefund> {
  const [refunded, credits, [request]] = await Promise.all([
    refundedCentsBySeat(db, [booking]),
    creditCodesBySeat(db, [booking.id]),
    db.select().from(refundRequests).where(eq(refundRequests.bookingId, booking.id)).limit(1),
  ]);
  const refundedCents = refunded.get(booking.id) ?? 0;
  const creditCode = credits.get(booking.id) ?? null;
  const state = refundState(factsOfSeat(booking, refundedCents, creditCode, request ? { status: request.status, amountCents: request.amountCents } : null));
  const dto = request ? toRefundRequestDto(request) : null;
  return {
    kind: state.kind,
    state: state.label,
    refundedAmount: centsToDollars(refundedCents),
    remainingAmount: centsToDollars(remainingCents(booking, refundedCents)),
    creditCode,
    request: dto ? { status: dto.status, reason: dto.reason, notes: dto.notes, requestedAt: dto.requestedAt, processedAt: dto.processedAt } : null,
  };
}
