import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../../src/server/db/seed';
import { announcements, blogPosts, bookings, testimonials, workshopDates } from '../../src/server/db/schema';
import { createTestDatabase } from '../helpers/test-database';

let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('demo content', () => {
  it('shows every state of the public site and runs only once', async () => {
    expect(await seedDemoContent(database.db)).toBe(true);
    expect(await seedDemoContent(database.db)).toBe(false);
    const { db } = database;

    const dates = await db.select().from(workshopDates).where(eq(workshopDates.isActive, true));
    expect(dates.length).toBeGreaterThanOrEqual(3);
    expect(dates.some((d) => d.seatsTaken === d.seatsTotal)).toBe(true);
    expect(dates.some((d) => d.isTBC && d.date === '' && d.startsAt === null)).toBe(true);
    expect(dates.filter((d) => d.isFeatured)).toHaveLength(1);

    // Seats taken match the bookings behind them.
    for (const date of dates) {
      const [booked] = await db.select({ n: count() }).from(bookings).where(eq(bookings.workshopDateId, date.id));
      expect(booked?.n, date.title).toBe(date.seatsTaken);
    }

    expect((await db.select().from(testimonials)).length).toBeGreaterThanOrEqual(4);
    const news = await db.select().from(announcements);
    expect(news).toHaveLength(2);
    expect(news.filter((a) => a.emailFormEnabled)).toHaveLength(1);
    const posts = await db.select().from(blogPosts);
    expect(posts.filter((p) => p.isPublished)).toHaveLength(2);
    expect(posts.filter((p) => !p.isPublished)).toHaveLength(1);
  });
});
