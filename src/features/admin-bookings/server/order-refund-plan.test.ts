import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderRefundChoices } from '../admin-bookings.schema';
import { creditSeatCount, orderPolicy, orderRefundableCents, planOrderRefund, type PlanSeat } from './order-refund-plan';

/*
 * The plan of a whole-order cancel, seat by seat. The figures below are worked out by hand from the
 * rules: a seat never gets more than its refundable share, the order never more than it has left,
 * seats are served first to last, and the policy gives everything from 7 days (168 h) before the
 * start, half inside them, nothing once started.
 */

const NOW = new Date('2031-07-01T12:00:00Z');
const HOUR = 3_600_000;
const startsIn = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

// Two paid seats of $100, the second already refunded $60 of its share, and a seat a code made free.
const seats: PlanSeat[] = [
  { id: 1, isPaid: true, finalPriceCents: 10_000, refundableCents: 10_000 },
  { id: 2, isPaid: true, finalPriceCents: 10_000, refundableCents: 4_000 },
  { id: 3, isPaid: false, finalPriceCents: 0, refundableCents: 0 },
];
const facts = (orderLeftCents: number, extra: { amountCents?: number; startsAt?: Date | null } = {}) => ({
  startsAt: extra.startsAt === undefined ? startsIn(24 * 30) : extra.startsAt,
  now: NOW,
  orderLeftCents,
  amountCents: extra.amountCents,
});
const entries = (plan: { refundCents: Map<number, number> }) => [...plan.refundCents.entries()];

describe('a whole-order refund plan', () => {
  it('in full gives each seat its refundable share, first seat first, up to what the order has left', () => {
    expect(entries(planOrderRefund(seats, 'full', facts(14_000)))).toEqual([
      [1, 10_000],
      [2, 4_000],
    ]);
    expect(planOrderRefund(seats, 'full', facts(14_000)).totalCents).toBe(14_000);
    // The order has only $120 left: the second seat gets the $20 that remains.
    expect(entries(planOrderRefund(seats, 'full', facts(12_000)))).toEqual([
      [1, 10_000],
      [2, 2_000],
    ]);
    expect(entries(planOrderRefund(seats, 'full', facts(0)))).toEqual([]);
    expect(entries(planOrderRefund(seats, 'full', facts(-500)))).toEqual([]);
  });

  it('for a custom amount spreads that amount, never past what the order has left', () => {
    expect(entries(planOrderRefund(seats, 'custom', facts(14_000, { amountCents: 5_000 })))).toEqual([[1, 5_000]]);
    expect(entries(planOrderRefund(seats, 'custom', facts(11_000, { amountCents: 12_000 })))).toEqual([
      [1, 10_000],
      [2, 1_000],
    ]);
    expect(planOrderRefund(seats, 'custom', facts(14_000)).totalCents).toBe(0);
  });

  it('by the policy gives everything from 7 days before the start', () => {
    const plan = planOrderRefund(seats, 'policy', facts(14_000, { startsAt: startsIn(168) }));
    expect(entries(plan)).toEqual([
      [1, 10_000],
      [2, 4_000],
    ]);
    expect(orderPolicy(seats, startsIn(168), NOW, 14_000).kind).toBe('full-refund');
    // A workshop with no date yet is far away.
    expect(orderPolicy(seats, null, NOW, 14_000).kind).toBe('full-refund');
  });

  it('by the policy gives half inside 7 days, each seat at most its share, and calls it a half refund', () => {
    const startsAt = new Date(startsIn(168).getTime() - 1);
    const plan = planOrderRefund(seats, 'policy', facts(14_000, { startsAt }));
    // Half of $100 is $50; the second seat has only $40 left to give.
    expect(entries(plan)).toEqual([
      [1, 5_000],
      [2, 4_000],
    ]);
    expect(plan.totalCents).toBe(9_000);
    expect(orderPolicy(seats, startsAt, NOW, 14_000).kind).toBe('half-refund');
    expect(entries(planOrderRefund(seats, 'policy', facts(6_000, { startsAt })))).toEqual([
      [1, 5_000],
      [2, 1_000],
    ]);
  });

  it('by the policy gives nothing once the workshop started, or to an order nobody paid by card', () => {
    for (const startsAt of [NOW, startsIn(-1)]) {
      expect(entries(planOrderRefund(seats, 'policy', facts(14_000, { startsAt })))).toEqual([]);
      expect(orderPolicy(seats, startsAt, NOW, 14_000).kind).toBe('none');
    }
    const unpaid = [seats[2]!];
    expect(orderPolicy(unpaid, startsIn(500), NOW, 0)).toEqual({ kind: 'none', cents: new Map() });
  });

  it('as a credit replaces every paid seat and sends no money', () => {
    const plan = planOrderRefund(seats, 'credit', facts(14_000));
    expect([...plan.creditSeats]).toEqual([1, 2]);
    expect(plan.totalCents).toBe(0);
    expect(creditSeatCount(seats)).toBe(2);
    expect(creditSeatCount([{ id: 9, isPaid: true, finalPriceCents: 0, refundableCents: 0 }])).toBe(0);
  });

  it('outside the site, or none, sends nothing and replaces nothing', () => {
    for (const choice of ['outside', 'none'] as const) {
      const plan = planOrderRefund(seats, choice, facts(14_000, { amountCents: 5_000 }));
      expect(entries(plan)).toEqual([]);
      expect(plan.creditSeats.size).toBe(0);
      expect(plan.totalCents).toBe(0);
    }
  });

  it('knows what can go back by card: the seats’ shares, at most what the order has left', () => {
    expect(orderRefundableCents(seats, 20_000)).toBe(14_000);
    expect(orderRefundableCents(seats, 12_000)).toBe(12_000);
    expect(orderRefundableCents(seats, -1)).toBe(0);
  });

  const seatList = fc
    .array(fc.record({ isPaid: fc.boolean(), finalPriceCents: fc.integer({ min: 0, max: 100_000 }), refundedCents: fc.integer({ min: 0, max: 100_000 }) }), {
      minLength: 1,
      maxLength: 10,
    })
    .map((list) =>
      list.map((seat, index): PlanSeat => ({
        id: index + 1,
        isPaid: seat.isPaid,
        finalPriceCents: seat.finalPriceCents,
        refundableCents: seat.isPaid ? Math.max(0, seat.finalPriceCents - seat.refundedCents) : 0,
      })),
    );

  it('never sends a seat more than its share, nor the order more than it has left, whatever the choice', () => {
    fc.assert(
      fc.property(
        seatList,
        fc.constantFrom(...orderRefundChoices),
        fc.integer({ min: -1_000, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: -48, max: 24 * 20 }),
        (list, choice, orderLeftCents, amountCents, hours) => {
          const plan = planOrderRefund(list, choice, { amountCents, startsAt: startsIn(hours), now: NOW, orderLeftCents });
          let total = 0;
          for (const [id, cents] of plan.refundCents) {
            const seat = list.find((each) => each.id === id)!;
            expect(cents).toBeGreaterThan(0);
            expect(cents).toBeLessThanOrEqual(seat.refundableCents);
            total += cents;
          }
          expect(plan.totalCents).toBe(total);
          expect(total).toBeLessThanOrEqual(Math.max(0, orderLeftCents));
          if (choice === 'custom') expect(total).toBeLessThanOrEqual(amountCents);
          if (choice === 'full') expect(total).toBe(Math.min(list.reduce((sum, seat) => sum + seat.refundableCents, 0), Math.max(0, orderLeftCents)));
          // First seat first: a seat gets something only when every seat before it got its whole share.
          const ids = [...plan.refundCents.keys()];
          for (const id of ids.slice(0, -1)) {
            const seat = list.find((each) => each.id === id)!;
            if (choice === 'full' || choice === 'custom') expect(plan.refundCents.get(id)).toBe(seat.refundableCents);
          }
        },
      ),
    );
  });
});
