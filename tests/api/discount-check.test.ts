import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountCodes, orders, payments, workshopDates } from '../../src/server/db/schema';
import { createDiscountCode, createWorkshopDate } from '../helpers/factories';
import { clientHeaders, createTestApp, type TestApp } from '../helpers/test-app';

/** Issue 18 point 2: the booking form's Apply button asks the server for the price with a code. */
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

let address = 0;
const check = (payload: unknown, remoteAddress = `10.77.0.${++address % 250}`) =>
  app.inject({ method: 'POST', url: '/api/discount-codes/check', payload: payload as object, headers: clientHeaders, remoteAddress });

const dateRow = async (id: number) => (await app.database.db.select().from(workshopDates).where(eq(workshopDates.id, id)))[0]!;
const codeRow = async (id: number) => (await app.database.db.select().from(discountCodes).where(eq(discountCodes.id, id)))[0]!;

describe('POST /api/discount-codes/check', () => {
  it('answers the server price with a valid code, case-insensitively', async () => {
    const date = await createWorkshopDate(app.database.db, { priceCents: 49900 });
    await createDiscountCode(app.database.db, { code: 'SPRING20', discountPercent: 20 });
    const response = await check({ workshopDateId: date.id, code: ' spring20 ' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ code: 'SPRING20', originalPrice: 499, discountAmount: 99.8, finalPrice: 399.2, discountPercent: 20, isFree: false });
  });

  it('answers a 100 % code as free', async () => {
    const date = await createWorkshopDate(app.database.db, { priceCents: 49900 });
    await createDiscountCode(app.database.db, { code: 'ONTHEHOUSE', discountPercent: 100 });
    const response = await check({ workshopDateId: date.id, code: 'ONTHEHOUSE' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 'ONTHEHOUSE', originalPrice: 499, discountAmount: 499, finalPrice: 0, discountPercent: 100, isFree: true });
  });

  it('holds no seat, counts no use and opens no payment', async () => {
    const date = await createWorkshopDate(app.database.db, { priceCents: 49900 });
    const code = await createDiscountCode(app.database.db, { code: 'NOHOLD10', discountPercent: 10, maxUses: 1 });
    for (let i = 0; i < 3; i++) expect((await check({ workshopDateId: date.id, code: 'NOHOLD10' })).statusCode).toBe(200);
    expect((await dateRow(date.id)).seatsTaken).toBe(0);
    expect((await codeRow(code.id)).currentUses).toBe(0);
    expect(await app.database.db.select().from(orders).where(eq(orders.workshopDateId, date.id))).toHaveLength(0);
    expect(await app.database.db.select().from(payments).where(eq(payments.workshopDateId, date.id))).toHaveLength(0);
  });

  it.each([
    ['unknown', null, "This discount code isn't valid. Please check the spelling."],
    ['inactive', { isActive: false }, "This discount code isn't valid. Please check the spelling."],
    ['expired', { expiresAt: new Date(Date.now() - 1000) }, 'This discount code has expired.'],
    ['used up', { maxUses: 2, currentUses: 2 }, 'This discount code has been used the maximum number of times.'],
  ])('explains an %s code with discount_code_invalid', async (_label, overrides, message) => {
    const date = await createWorkshopDate(app.database.db);
    const code = overrides ? (await createDiscountCode(app.database.db, overrides)).code : 'NOSUCHCODE';
    const response = await check({ workshopDateId: date.id, code });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'discount_code_invalid' });
  });

  it('answers 404 for a date that cannot be booked', async () => {
    const date = await createWorkshopDate(app.database.db, { isActive: false });
    await createDiscountCode(app.database.db, { code: 'OFFDATE', discountPercent: 10 });
    const response = await check({ workshopDateId: date.id, code: 'OFFDATE' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Workshop date not found' });
  });

  it.each([
    ['a NUL in the code', { workshopDateId: 1, code: 'A\u0000B' }, 'Discount code contains a character that is not allowed'],
    ['an empty code', { workshopDateId: 1, code: '   ' }, 'Please enter a discount code'],
    ['a code too long', { workshopDateId: 1, code: 'X'.repeat(65) }, 'Discount code must be 64 characters or less'],
    ['no date', { code: 'SPRING20' }, 'Please select a workshop date'],
    // Found by the body fuzzer (seed 42): one past PostgreSQL's integer answered 500.
    ['a date id past the integer range', { workshopDateId: 2147483648, code: 'FUZ🎉Z1' }, 'Please select a workshop date'],
    ['a code that is not text', { workshopDateId: 1, code: { $ne: '' } }, 'Please enter a discount code'],
  ])('refuses %s with 400', async (_label, payload, message) => {
    const response = await check(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(response.body).not.toMatch(/stack|at \//);
  });

  it('is rate-limited per address', async () => {
    const date = await createWorkshopDate(app.database.db);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await check({ workshopDateId: date.id, code: 'GUESS' + i }, '10.78.0.1')).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
