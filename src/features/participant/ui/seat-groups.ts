import type { ParticipantBooking } from '../participant.schema';

/** An order the listed address bought, with every seat of it that is listed, first seat first. */
export type BoughtOrder = {
  orderId: number;
  reference: string;
  workshopDate: ParticipantBooking['workshopDate'];
  seats: ParticipantBooking[];
};

/**
 * The page's two parts: `cards`, the seats the address attends (each its own card, as ever), and
 * `orders`, the orders it bought for others too (an unnamed seat, or a seat in someone else's
 * name), seat by seat. An order that is just the buyer's own seat is a card and nothing more.
 * Orders keep the list's order (newest first).
 */
export function splitBookings(list: readonly ParticipantBooking[]): { cards: ParticipantBooking[]; orders: BoughtOrder[] } {
  const cards = list.filter((booking) => booking.yourSeat || !booking.youBought);
  const orders = new Map<number, BoughtOrder>();
  for (const booking of list) {
    if (!booking.youBought) continue;
    const order = orders.get(booking.orderId) ?? { orderId: booking.orderId, reference: booking.orderReference, workshopDate: booking.workshopDate, seats: [] };
    order.seats.push(booking);
    orders.set(booking.orderId, order);
  }
  const shared = [...orders.values()].filter((order) => order.seats.some((seat) => !seat.yourSeat));
  for (const order of shared) order.seats.sort((a, b) => a.id - b.id);
  return { cards, orders: shared };
}

/** How many of an order's listed seats still wait for someone to claim them. */
export function unclaimedSeats(order: Pick<BoughtOrder, 'seats'>): number {
  return order.seats.filter((seat) => !seat.named).length;
}

/**
 * Each seat's number in its order, for orders with more than one seat in the list, numbered the
 * way 'Seats you bought' numbers them (by id): it tells two cards of one order apart. A seat that
 * is its order's only one in the list has no number.
 */
export function seatNumbers(list: readonly Pick<ParticipantBooking, 'id' | 'orderId'>[]): Map<number, number> {
  const byOrder = new Map<number, number[]>();
  for (const booking of list) byOrder.set(booking.orderId, [...(byOrder.get(booking.orderId) ?? []), booking.id]);
  const numbers = new Map<number, number>();
  for (const ids of byOrder.values()) {
    if (ids.length < 2) continue;
    ids.sort((a, b) => a - b).forEach((id, index) => numbers.set(id, index + 1));
  }
  return numbers;
}
