import { randomInt } from 'node:crypto';
import type { Database } from './client';
import { bookings, orders } from './schema';

type BookingRow = typeof bookings.$inferSelect;

// No 0/O, 1/I/L: a reference is read out on the phone and typed from a printed invoice.
const REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A random order reference such as K7Q-2MX: it says nothing about how many orders came before. */
export function newOrderReference(): string {
  const pick = () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  const half = () => `${pick()}${pick()}${pick()}`;
  return `${half()}-${half()}`;
}

type NewBooking = Omit<typeof bookings.$inferInsert, 'orderId'> & { orderId?: number };

/**
 * Bookings that arrive without an order of their own (an import, the demo seed) become an order of
 * one seat each, bought by the person on it, as every booking made before orders existed did.
 * Written in two statements however many there are: an import brings thousands.
 */
export async function insertBookingsWithOrders(db: Database, values: NewBooking | NewBooking[]): Promise<BookingRow[]> {
  const list = Array.isArray(values) ? values : [values];
  if (list.length === 0) return [];
  const orderIds = new Map<number, number>();
  let waiting = list.map((value, index) => ({ value, index })).filter(({ value }) => value.orderId === undefined);
  while (waiting.length > 0) {
    const drawn = waiting.map((entry) => ({ ...entry, reference: newOrderReference() }));
    const written = await db
      .insert(orders)
      .values(drawn.map(({ value, reference }) => singleSeatOrder(value, reference)))
      .onConflictDoNothing({ target: orders.reference })
      .returning({ id: orders.id, reference: orders.reference });
    const byReference = new Map(written.map((row) => [row.reference, row.id]));
    for (const entry of drawn) {
      const id = byReference.get(entry.reference);
      if (id !== undefined) orderIds.set(entry.index, id);
    }
    // A reference drawn twice (in this batch or before) is drawn again for its booking.
    waiting = drawn.filter((entry) => !orderIds.has(entry.index));
  }
  const rows = await db
    .insert(bookings)
    .values(list.map((value, index) => ({ ...value, orderId: value.orderId ?? orderIds.get(index)! })))
    .returning();
  return rows.sort((a, b) => a.id - b.id);
}

function singleSeatOrder(value: NewBooking, reference: string): typeof orders.$inferInsert {
  return {
    reference,
    workshopDateId: value.workshopDateId,
    buyerFirstName: value.firstName,
    buyerLastName: value.lastName,
    buyerEmail: value.email,
    company: value.company ?? '',
    attendees: [{ firstName: value.firstName, lastName: value.lastName, email: value.email }],
    discountCodeId: value.discountCodeId ?? null,
    discountCode: value.discountCode ?? '',
    seatOriginalCents: value.originalPriceCents,
    seatDiscountCents: value.discountAmountCents ?? 0,
    seatFinalCents: value.finalPriceCents,
    paymentMode: value.paymentMode ?? 'pay_now',
    subscribedToNewsletter: value.subscribedToNewsletter ?? true,
    timeZone: value.timeZone ?? null,
    ...(value.createdAt ? { createdAt: value.createdAt } : {}),
  };
}
