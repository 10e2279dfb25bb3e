import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPosts, bookings, discountCodes, orders, payments, workshopDates } from '../../src/server/db/schema';
import { insertBookingsWithOrders } from '../../src/server/db/single-seat-orders';
import { createTestDatabase } from '../helpers/test-database';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let workshopDateId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  const [date] = await database.db.insert(workshopDates).values({ title: 'W', seatsTotal: 2 }).returning();
  workshopDateId = date!.id;
});
afterAll(async () => {
  await database.close();
});

const booking = (stripePaymentId: string | null) => ({
  workshopDateId,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  originalPriceCents: 49900,
  finalPriceCents: 49900,
  stripePaymentId,
});

const order = (reference: string, extra: Partial<typeof orders.$inferInsert> = {}) => ({
  reference,
  workshopDateId,
  buyerFirstName: 'Ada',
  buyerLastName: 'Lovelace',
  buyerEmail: 'ada@example.com',
  seatOriginalCents: 49900,
  seatFinalCents: 49900,
  ...extra,
});

/** How the database refused a statement (Drizzle wraps the driver's error), or null when it did not. */
async function refusal(statement: PromiseLike<unknown>): Promise<{ code: string; constraint?: string } | null> {
  try {
    await statement;
  } catch (error) {
    for (let current: unknown = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
      const { code, constraint } = current as { code?: unknown; constraint?: string };
      if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return { code, ...(constraint ? { constraint } : {}) };
    }
    throw error;
  }
  return null;
}

describe('database constraints', () => {
  it('never lets seats taken exceed seats total or go negative', async () => {
    await expect(database.db.update(workshopDates).set({ seatsTaken: 3 }).where(eq(workshopDates.id, workshopDateId))).rejects.toThrow();
    await expect(database.db.update(workshopDates).set({ seatsTaken: -1 }).where(eq(workshopDates.id, workshopDateId))).rejects.toThrow();
    const [row] = await database.db.select().from(workshopDates).where(eq(workshopDates.id, workshopDateId));
    expect(row?.seatsTaken).toBe(0);
  });

  it('gives every booking an order that exists, and keeps an order that seats refer to', async () => {
    const notNull = await refusal(database.db.execute(sql`
      insert into bookings (workshop_date_id, first_name, last_name, email, original_price_cents, final_price_cents)
      values (${workshopDateId}, 'Ada', 'Lovelace', 'ada@example.com', 49900, 49900)`));
    expect(notNull).toMatchObject({ code: '23502' });
    expect(await refusal(database.db.insert(bookings).values({ ...booking(null), orderId: 987_654 }))).toEqual({ code: '23503', constraint: 'bookings_order_id_orders_id_fk' });
    const [seat] = await insertBookingsWithOrders(database.db, booking(null));
    const deleted = await refusal(database.db.delete(orders).where(eq(orders.id, seat!.orderId)));
    // ON DELETE RESTRICT: restrict_violation on newer servers, foreign_key_violation on older ones.
    expect(deleted).toMatchObject({ code: expect.stringMatching(/^(23001|23503)$/), constraint: 'bookings_order_id_orders_id_fk' });
  });

  it('keeps an order between 1 and 10 seats, and its reference unique', async () => {
    expect(await refusal(database.db.insert(orders).values(order('SEA-T00', { seats: 0 })))).toEqual({ code: '23514', constraint: 'orders_seats_range' });
    expect(await refusal(database.db.insert(orders).values(order('SEA-T11', { seats: 11 })))).toEqual({ code: '23514', constraint: 'orders_seats_range' });
    expect(await refusal(database.db.insert(orders).values(order('SEA-T01', { seats: 1 })))).toBeNull();
    expect(await refusal(database.db.insert(orders).values(order('SEA-T10', { seats: 10 })))).toBeNull();
    expect(await refusal(database.db.insert(orders).values(order('SEA-T10')))).toEqual({ code: '23505', constraint: 'orders_reference_unique' });
  });

  it('lets the seats of one order share its payment id; a payment pays one order and is recorded once', async () => {
    const [orderOf] = await database.db.insert(orders).values(order('PAY-ONE', { seats: 2 })).returning();
    await insertBookingsWithOrders(database.db, [
      { ...booking('pi_shared'), orderId: orderOf!.id },
      { ...booking('pi_shared'), orderId: orderOf!.id },
    ]);
    const seats = await database.db.select().from(bookings).where(eq(bookings.stripePaymentId, 'pi_shared'));
    expect(seats.map((seat) => seat.orderId)).toEqual([orderOf!.id, orderOf!.id]);
    const [other] = await insertBookingsWithOrders(database.db, booking(null));

    const payment = { provider: 'demo' as const, providerPaymentId: 'pi_shared', workshopDateId, amountCents: 99800 };
    const withoutOrder = await refusal(database.db.execute(sql`
      insert into payments (provider, provider_payment_id, workshop_date_id, amount_cents) values ('demo', 'pi_orphan', ${workshopDateId}, 100)`));
    expect(withoutOrder).toMatchObject({ code: '23502' });
    expect(await refusal(database.db.insert(payments).values({ ...payment, orderId: 987_654 }))).toEqual({ code: '23503', constraint: 'payments_order_id_orders_id_fk' });
    expect(await refusal(database.db.insert(payments).values({ ...payment, orderId: orderOf!.id }))).toBeNull();
    // The same payment cannot be recorded again for another order.
    expect(await refusal(database.db.insert(payments).values({ ...payment, orderId: other!.orderId }))).toEqual({ code: '23505', constraint: 'payments_provider_payment_id_unique' });
    // Free bookings have no payment id; many may exist.
    await insertBookingsWithOrders(database.db, [booking(null), booking(null)]);
  });

  it('keeps discount codes and blog slugs unique, and discounts within 1-100 %', async () => {
    await database.db.insert(discountCodes).values({ code: 'SAVE', description: 'x' });
    await expect(database.db.insert(discountCodes).values({ code: 'SAVE', description: 'y' })).rejects.toThrow();
    await expect(database.db.insert(discountCodes).values({ code: 'BIG', description: 'x', discountPercent: 101 })).rejects.toThrow();
    await database.db.insert(blogPosts).values({ slug: 'a', title: 'A', content: '', authorName: 'x' });
    await expect(database.db.insert(blogPosts).values({ slug: 'a', title: 'B', content: '', authorName: 'x' })).rejects.toThrow();
  });

  it('allows only one featured workshop', async () => {
    await database.db.update(workshopDates).set({ isFeatured: true }).where(eq(workshopDates.id, workshopDateId));
    await expect(database.db.insert(workshopDates).values({ title: 'Second', isFeatured: true })).rejects.toThrow();
  });

  it('stores instants with their time zone', async () => {
    const result = await database.db.execute(
      sql`select data_type from information_schema.columns where table_name = 'bookings' and column_name = 'created_at'`,
    );
    expect((result as unknown as { rows: { data_type: string }[] }).rows[0]?.data_type).toBe('timestamp with time zone');
  });
});
