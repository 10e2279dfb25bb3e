import { workshopInterval } from '../../src/common/dates';
import type { Database } from '../../src/server/db/client';
import { discountCodes, workshopDates } from '../../src/server/db/schema';

let sequence = 0;

/** A bookable workshop date a month from now. */
export async function createWorkshopDate(db: Database, overrides: Partial<typeof workshopDates.$inferInsert> = {}) {
  const start = new Date(Date.now() + 30 * 86_400_000);
  const date = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(start);
  const interval = workshopInterval(date, '10:00 AM - 12:00 PM', 'UTC');
  const [row] = await db
    .insert(workshopDates)
    .values({
      title: `Workshop ${++sequence}`,
      date,
      time: '10:00 AM - 12:00 PM',
      timezone: 'UTC',
      startsAt: interval!.start,
      endsAt: interval!.end,
      seatsTotal: 10,
      priceCents: 49900,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createDiscountCode(db: Database, overrides: Partial<typeof discountCodes.$inferInsert> = {}) {
  const [row] = await db
    .insert(discountCodes)
    .values({ code: `CODE${++sequence}`, description: 'Test code', discountPercent: 10, ...overrides })
    .returning();
  return row!;
}

export function buyer(n: number | string = 1) {
  return { firstName: 'Ada', lastName: 'Lovelace', email: `buyer${n}@example.com`, company: 'Analytical Engines' };
}
