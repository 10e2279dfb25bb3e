import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPosts, bookings, discountCodes, workshopDates } from '../../src/server/db/schema';
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

describe('database constraints', () => {
  it('never lets seats taken exceed seats total or go negative', async () => {
    await expect(database.db.update(workshopDates).set({ seatsTaken: 3 }).where(eq(workshopDates.id, workshopDateId))).rejects.toThrow();
    await expect(database.db.update(workshopDates).set({ seatsTaken: -1 }).where(eq(workshopDates.id, workshopDateId))).rejects.toThrow();
    const [row] = await database.db.select().from(workshopDates).where(eq(workshopDates.id, workshopDateId));
    expect(row?.seatsTaken).toBe(0);
  });

  it('allows one booking per payment id', async () => {
    await database.db.insert(bookings).values(booking('pi_123'));
    await expect(database.db.insert(bookings).values(booking('pi_123'))).rejects.toThrow();
    // Free bookings have no payment id; many may exist.
    await database.db.insert(bookings).values([booking(null), booking(null)]);
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
