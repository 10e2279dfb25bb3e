import { policyOnRequest } from '../../refunds/server';
import type { OrderRefundChoice } from '../admin-bookings.schema';

/**
 * What cancelling a whole order gives back, seat by seat: the order's refund choice applied to its
 * seats still booked, each seat never past what can still go back of its share, and the whole
 * never past what the order paid less what was refunded already. Pure: the caller reads the seats
 * (under their row locks when it acts on the plan).
 */

export type PlanSeat = { id: number; isPaid: boolean; finalPriceCents: number; refundableCents: number };
export type PolicyKind = 'full-refund' | 'half-refund' | 'none';
export type OrderRefundPlan = {
  /** Cents to send back by card, per seat (seats with nothing are left out). */
  refundCents: Map<number, number>;
  /** The seats a credit code replaces. */
  creditSeats: Set<number>;
  totalCents: number;
};

const paid = (seat: PlanSeat) => seat.isPaid && seat.finalPriceCents > 0;

/** Gives each seat what it wants, first seat first, until the budget runs out. */
function spread(seats: readonly PlanSeat[], want: (seat: PlanSeat) => number, budgetCents: number): Map<number, number> {
  const given = new Map<number, number>();
  let left = Math.max(0, budgetCents);
  for (const seat of seats) {
    const cents = Math.min(Math.max(0, want(seat)), left);
    if (cents > 0) given.set(seat.id, cents);
    left -= cents;
  }
  return given;
}

const sum = (cents: Iterable<number>) => [...cents].reduce((total, value) => total + value, 0);

/** Everything that can go back by card: the seats' refundable shares, at most what the order has left. */
export const orderRefundableCents = (seats: readonly PlanSeat[], orderLeftCents: number) => Math.min(sum(seats.map((seat) => seat.refundableCents)), Math.max(0, orderLeftCents));

/** What the cancellation policy gives the order's seats now (in full from 7 days before, 50 % inside 7 days, nothing once started). */
export function orderPolicy(seats: readonly PlanSeat[], startsAt: Date | null, now: Date, orderLeftCents: number): { kind: PolicyKind; cents: Map<number, number> } {
  const first = seats.find(paid);
  const kind = first ? policyOnRequest(first, startsAt, now).kind : 'none';
  const cents = spread(seats, (seat) => Math.min(policyOnRequest(seat, startsAt, now).refundCents, seat.refundableCents), orderLeftCents);
  return { kind: kind === 'credit' ? 'half-refund' : kind, cents };
}

/**
 * The plan for one refund choice. `amountCents` is the custom amount (the caller has checked it
 * against orderRefundableCents).
 */
export function planOrderRefund(
  seats: readonly PlanSeat[],
  choice: OrderRefundChoice,
  facts: { amountCents?: number; startsAt: Date | null; now: Date; orderLeftCents: number },
): OrderRefundPlan {
  let refundCents = new Map<number, number>();
  if (choice === 'full') refundCents = spread(seats, (seat) => seat.refundableCents, facts.orderLeftCents);
  else if (choice === 'custom') refundCents = spread(seats, (seat) => seat.refundableCents, Math.min(facts.amountCents ?? 0, facts.orderLeftCents));
  else if (choice === 'policy') refundCents = orderPolicy(seats, facts.startsAt, facts.now, facts.orderLeftCents).cents;
  const creditSeats = new Set(choice === 'credit' ? seats.filter(paid).map((seat) => seat.id) : []);
  return { refundCents, creditSeats, totalCents: sum(refundCents.values()) };
}

/** How many of these seats a credit would replace. */
export const creditSeatCount = (seats: readonly PlanSeat[]) => seats.filter(paid).length;
