import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { discountCodes, payments, workshopDates } from '../../src/server/db/schema';
import { buyer, createDiscountCode, createWorkshopDate } from '../helpers/factories';
import { testAppSession } from '../helpers/test-app';
import { orderOfPayment, pendingOrdersOn } from '../helpers/checkout-orders';

const session = testAppSession();
const { post } = session;
const seatsTaken = async (id: number) =>
  (await session.db.select().from(workshopDates).where(eq(workshopDates.id, id)))[0]!.seatsTaken;

describe('GET /api/stripe/config', () => {
  it('names the demo provider when no Stripe key is set', async () => {
    const response = await session.app.inject('/api/stripe/config');
    expect(response.json()).toEqual({ provider: 'demo', publishableKey: 'pk_demo', testMode: true });
  });
});

describe('POST /api/create-payment-intent', () => {
  it('charges the server\'s price whatever amount the browser sends, and holds a seat', async () => {
    const date = await createWorkshopDate(session.db, { priceCents: 49900 });
    const response = await post('/api/create-payment-intent', { amount: 1, workshopDateId: date.id, customerInfo: buyer() });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ amount: 499, originalPrice: 499, isFree: false, discountApplied: false, discountAmount: 0 });
    expect(body.clientSecret).toMatch(/_secret_/);
    expect(await seatsTaken(date.id)).toBe(1);
    // The seat is held by the checkout's order, pending for 15 minutes.
    const order = await orderOfPayment(session.db, body.paymentIntentId);
    expect(order).toMatchObject({ status: 'pending', seats: 1, seatFinalCents: 49900 });
    expect(body.orderId).toBe(order.id);
    const minutes = (order.holdExpiresAt!.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    const [payment] = await session.db.select().from(payments).where(eq(payments.providerPaymentId, body.paymentIntentId));
    expect(payment!.amountCents).toBe(49900);
  });

  it('returns the same payment and hold when the same buyer asks again', async () => {
    const date = await createWorkshopDate(session.db);
    const first = (await post('/api/create-payment-intent', { workshopDateId: date.id, customerInfo: buyer('again') })).json();
    const second = (await post('/api/create-payment-intent', { workshopDateId: date.id, customerInfo: buyer('again') })).json();
    expect(second.paymentIntentId).toBe(first.paymentIntentId);
    expect(second.orderId).toBe(first.orderId);
    expect((await pendingOrdersOn(session.db, date.id)).map((order) => order.seats)).toEqual([1]);
    expect(await seatsTaken(date.id)).toBe(1);
  });

  it('applies a percentage code rounded to the cent, case-insensitively', async () => {
    const date = await createWorkshopDate(session.db, { priceCents: 999 });
    const code = await createDiscountCode(session.db, { code: 'FIFTEEN', discountPercent: 15 });
    const body = (await post('/api/create-payment-intent', { workshopDateId: date.id, customerInfo: buyer(), discountCode: 'fifteen' })).json();
    expect(body).toMatchObject({ amount: 8.49, originalPrice: 9.99, discountAmount: 1.5, discountApplied: true, isFree: false });
    const [row] = await session.db.select().from(discountCodes).where(eq(discountCodes.id, code.id));
    expect(row!.currentUses).toBe(1);
  });

  it('answers a 100 % code as free without opening a payment or holding a seat', async () => {
    const date = await createWorkshopDate(session.db);
    await createDiscountCode(session.db, { code: 'ALLFREE', discountPercent: 100 });
    const body = (await post('/api/create-payment-intent', { workshopDateId: date.id, customerInfo: buyer(), discountCode: 'ALLFREE' })).json();
    expect(body).toMatchObject({ isFree: true, amount: 0, discountAmount: 499, clientSecret: null, discountPercent: 100, orderId: null });
    expect(await seatsTaken(date.id)).toBe(0);
    expect(await pendingOrdersOn(session.db, date.id)).toHaveLength(0);
  });

  it.each([
    ['unknown', {}],
    ['inactive', { isActive: false }],
    ['expired', { expiresAt: new Date(Date.now() - 1000) }],
    ['used up', { maxUses: 2, currentUses: 2 }],
  ])('refuses an %s code with discount_code_invalid and holds nothing', async (_label, overrides) => {
    const date = await createWorkshopDate(session.db);
    const code = _label === 'unknown' ? 'NOPE' : (await createDiscountCode(session.db, overrides)).code;
    const response = await post('/api/create-payment-intent', { workshopDateId: date.id, customerInfo: buyer(), discountCode: code });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The discount code you entered is invalid or expired.', code: 'discount_code_invalid' });
    expect(await seatsTaken(date.id)).toBe(0);
  });

  it('answers 409 with a clear message when no seat is left', async () => {
    const date = await createWorkshopDate(session.db, { seatsTotal: 1, seatsTaken: 1 });
    const response = await post('/api/create-payment-intent', { workshopDateId: date.id, customerInfo: buyer() });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'Sorry, this workshop is fully booked.', code: 'sold_out' });
  });

  it('validates the buyer with the booking form\'s messages', async () => {
    const date = await createWorkshopDate(session.db);
    const response = await post('/api/create-payment-intent', { workshopDateId: date.id, customerInfo: { ...buyer(), firstName: 'A' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('First name must be at least 2 characters');
  });

  it('refuses an inactive workshop date', async () => {
    const date = await createWorkshopDate(session.db, { isActive: false });
    const response = await post('/api/create-payment-intent', { workshopDateId: date.id, customerInfo: buyer() });
    expect(response.statusCode).toBe(404);
  });

  // The date and the code are read in one query; the date's refusal still comes first.
  it('refuses an unknown date before looking at the code, usable or not', async () => {
    const { code } = await createDiscountCode(session.db, { discountPercent: 100 });
    for (const discountCode of [code, 'NOPE']) {
      const response = await post('/api/create-payment-intent', { workshopDateId: 987_654, customerInfo: buyer(), discountCode });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Workshop date not found');
    }
  });
});
