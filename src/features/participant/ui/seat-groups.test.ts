import { describe, expect, it } from 'vitest';
import type { ParticipantBooking } from '../participant.schema';
import { seatNumbers, splitBookings, unclaimedSeats } from './seat-groups';

const date: ParticipantBooking['workshopDate'] = {
  id: 1,
  title: 'Prototype Lab',
  expertiseLevel: 'beginner',
  date: '2031-07-04',
  time: '10:00 AM - 12:00 PM',
  timezone: 'UTC',
  isTBC: false,
  startsAt: null,
  endsAt: null,
  endsNextDay: false,
  setByPoll: false,
  moveOffered: false,
};

function seat(id: number, orderId: number, fields: Partial<ParticipantBooking>): ParticipantBooking {
  return {
    id,
    orderId,
    orderReference: `REF-${orderId}`,
    buyerEmail: 'lead@example.com',
    named: true,
    yourSeat: false,
    youBought: true,
    claim: null,
    joinUrl: null,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'lead@example.com',
    company: '',
    isPaid: true,
    finalPrice: 100,
    originalPrice: 100,
    discountAmount: 0,
    status: 'confirmed',
    paymentMode: 'pay_now',
    createdAt: '2031-01-01T00:00:00.000Z',
    workshopDate: date,
    refundRequest: null,
    ...fields,
  };
}

describe('splitBookings', () => {
  it("keeps the buyer's own seats as cards and groups the orders they bought for others, first seat first", () => {
    const list = [
      seat(12, 2, { named: false, claim: { claimed: false, link: 'http://x/claim/a' } }),
      seat(11, 2, { yourSeat: true }),
      seat(13, 2, { email: 'grace@example.com', claim: { claimed: true, link: null } }),
      seat(5, 1, { yourSeat: true }),
      seat(7, 3, { youBought: false, yourSeat: true, buyerEmail: 'boss@example.com' }),
    ];
    const { cards, orders } = splitBookings(list);
    expect(cards.map((b) => b.id)).toEqual([11, 5, 7]);
    expect(orders.map((o) => [o.orderId, o.reference, o.seats.map((s) => s.id)])).toEqual([[2, 'REF-2', [11, 12, 13]]]);
    expect(unclaimedSeats(orders[0]!)).toBe(1);
  });

  it('lists an order bought only for others, with no card for the buyer', () => {
    const { cards, orders } = splitBookings([seat(2, 9, { email: 'a@example.com' }), seat(3, 9, { named: false })]);
    expect(cards).toEqual([]);
    expect(orders[0]!.seats.map((s) => s.id)).toEqual([2, 3]);
  });
});

describe('seatNumbers', () => {
  it("numbers the seats of an order listed more than once by id, as 'Seats you bought' does, and leaves a lone seat unnumbered", () => {
    const numbers = seatNumbers([seat(12, 2, {}), seat(5, 1, {}), seat(11, 2, {}), seat(20, 4, {}), seat(21, 4, {}), seat(19, 4, {})]);
    expect([...numbers.entries()].sort(([a], [b]) => a - b)).toEqual([
      [11, 1],
      [12, 2],
      [19, 1],
      [20, 2],
      [21, 3],
    ]);
    expect(numbers.has(5)).toBe(false);
  });
});
