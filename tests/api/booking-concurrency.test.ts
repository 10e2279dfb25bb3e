import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, discountCodes, workshopDates } from '../../src/server/db/schema';
import { buyer, createDiscountCode, createWorkshopDate } from '../helpers/factories';
import { testAppSession } from '../helpers/test-app';

const session = testAppSession();
const { post } = session;

function statusCounts(statuses: number[]) {
  return statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});
}

describe('seats under concurrency', () => {
  it('sells exactly 5 seats to 60 simultaneous free buyers, with no 5xx', async () => {
    const date = await createWorkshopDate(session.db, { seatsTotal: 5 });
    await createDiscountCode(session.db, { code: 'RUSH', discountPercent: 100 });
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        post('/api/bookings', { workshopDateId: date.id, ...buyer(`rush${i}`), discountCode: 'RUSH', stripePaymentId: 'free-booking' }),
      ),
    );
    const counts = statusCounts(responses.map((r) => r.statusCode));
    expect(counts).toEqual({ 201: 5, 409: 55 });
    const [row] = await session.db.select().from(workshopDates).where(eq(workshopDates.id, date.id));
    expect(row!.seatsTaken).toBe(5);
    expect(await session.db.select().from(bookings).where(eq(bookings.workshopDateId, date.id))).toHaveLength(5);
  });

  it('holds exactly 5 seats for 60 simultaneous card buyers', async () => {
    const date = await createWorkshopDate(session.db, { seatsTotal: 5 });
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => post('/api/create-payment-intent', { workshopDateId: date.id, customerInfo: buyer(`card${i}`) })),
    );
    const counts = statusCounts(responses.map((r) => r.statusCode));
    expect(counts).toEqual({ 200: 5, 409: 55 });
    const [row] = await session.db.select().from(workshopDates).where(eq(workshopDates.id, date.id));
    expect(row!.seatsTaken).toBe(5);
  });

  it('never lets a code be used more than maxUses times', async () => {
    const date = await createWorkshopDate(session.db, { seatsTotal: 100 });
    const code = await createDiscountCode(session.db, { code: 'THREEONLY', discountPercent: 100, maxUses: 3 });
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post('/api/bookings', { workshopDateId: date.id, ...buyer(`code${i}`), discountCode: 'THREEONLY', stripePaymentId: 'free-booking' }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(responses.every((r) => r.statusCode < 500)).toBe(true);
    const [row] = await session.db.select().from(discountCodes).where(eq(discountCodes.id, code.id));
    expect(row!.currentUses).toBe(3);
    const [dateRow] = await session.db.select().from(workshopDates).where(eq(workshopDates.id, date.id));
    expect(dateRow!.seatsTaken).toBe(3);
  });
});
