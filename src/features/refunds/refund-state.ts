import type { BookingStatus } from '../../common/booking-status';
import { formatCents } from '../../common/money';

/**
 * The one vocabulary for what happened to a seat's money, read the same on the participant's page,
 * in the admin's lists and in the bookings CSV. Pure: the caller brings the seat's facts (its
 * status, price, what the refunds ledger says went back for it, a credit code given instead, and
 * its refund request).
 */

export const refundStateKinds = ['not-refunded', 'requested', 'sending', 'refunded-in-full', 'partly-refunded', 'credit-issued', 'nothing-to-refund'] as const;
export type RefundStateKind = (typeof refundStateKinds)[number];

export const REFUND_STATE_WORDS = {
  'not-refunded': 'Not refunded',
  requested: 'Refund requested',
  sending: 'Refund being sent',
  'refunded-in-full': 'Refunded in full',
  // The partial label carries its amounts: partlyRefundedLabel.
  'partly-refunded': 'Partly refunded',
  'credit-issued': 'Credit issued',
  'nothing-to-refund': 'Nothing to refund',
} as const satisfies Record<RefundStateKind, string>;

/** 'Partly refunded ($249.50 of $499.00)': what went back, of the seat's price. */
export const partlyRefundedLabel = (refundedCents: number, priceCents: number) =>
  `Partly refunded (${formatCents(refundedCents)} of ${formatCents(priceCents)})`;

export type SeatRefundFacts = {
  status: BookingStatus;
  isPaid: boolean;
  /** The seat's price after its discount: its share of the payment. */
  priceCents: number;
  /** What the refunds ledger says went back for this seat (its share, or its whole payment). */
  refundedCents: number;
  /** The single-use code given instead of money, if any. */
  creditCode: string | null;
  /**
   * The seat's refund request, if it has one. A PENDING request with an amount is a refund already
   * decided (by a cancellation, or an approval on its way to the provider) that the provider has
   * not taken yet; without one it waits for the organiser's review.
   */
  request: { status: string; amountCents: number | null } | null;
};

export type RefundState = { kind: RefundStateKind; label: string };

const state = (kind: Exclude<RefundStateKind, 'partly-refunded'>): RefundState => ({ kind, label: REFUND_STATE_WORDS[kind] });

/**
 * Exactly one state per seat, first match wins: a request still open says where it stands (money
 * decided and on its way, or waiting for review); then the money that went back (all of the
 * price, or part of it, with the amounts); then a credit code; then a seat marked refunded
 * before the ledger kept amounts (the only refunds then were whole); then a seat with nothing
 * paid; otherwise the money is still with the organiser.
 */
export function refundState(seat: SeatRefundFacts): RefundState {
  if (seat.request?.status === 'PENDING') return state(seat.request.amountCents !== null && seat.request.amountCents > 0 ? 'sending' : 'requested');
  if (seat.refundedCents > 0) {
    return seat.refundedCents >= seat.priceCents ? state('refunded-in-full') : { kind: 'partly-refunded', label: partlyRefundedLabel(seat.refundedCents, seat.priceCents) };
  }
  if (seat.creditCode) return state('credit-issued');
  if (seat.status === 'refunded') return state('refunded-in-full');
  if (!seat.isPaid || seat.priceCents <= 0) return state('nothing-to-refund');
  return state('not-refunded');
}
