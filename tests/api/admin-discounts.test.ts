import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, bookings, discountCodes } from '../../src/server/db/schema';
import { insertBookingsWithOrders } from '../../src/server/db/single-seat-orders';
import { buyer, createDiscountCode, createWorkshopDate } from '../helpers/factories';
import { clientHeaders, TEST_ADMIN, adminTestSession } from '../helpers/test-app';

const session = adminTestSession();
const { call } = session;

const create = (payload: Record<string, unknown>) => call('POST', '/api/admin/discount-codes', payload);
const coupon = (payload: Record<string, unknown>) => call('POST', '/api/admin/create-coupon', payload);
const rowOf = async (id: number) => (await session.db.select().from(discountCodes).where(eq(discountCodes.id, id)))[0];
const rowsWithCode = (code: string) => session.db.select().from(discountCodes).where(eq(discountCodes.code, code));

/** What checkout says about a code: 200 when it applies, 400 discount_code_invalid when not. */
async function checkout(code: string) {
  const date = await createWorkshopDate(session.db);
  return session.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: clientHeaders,
    payload: { workshopDateId: date.id, customerInfo: buyer(`${code}-${date.id}`), discountCode: code },
  });
}

const INVALID_AT_CHECKOUT = { message: 'The discount code you entered is invalid or expired.', code: 'discount_code_invalid' };

describe('guard', () => {
  it('answers 401 without a session and writes nothing', async () => {
    const response = await session.app.inject({ method: 'POST', url: '/api/admin/discount-codes', headers: clientHeaders, payload: { code: 'GUARD', description: 'x' } });
    expect(response.statusCode).toBe(401);
    const noSession = await session.app.inject({ method: 'POST', url: '/api/admin/create-coupon', headers: clientHeaders, payload: { code: 'GUARD2', description: 'x' } });
    expect(noSession.statusCode).toBe(401);
    expect(await rowsWithCode('GUARD')).toHaveLength(0);
    expect(await rowsWithCode('GUARD2')).toHaveLength(0);
  });
});

describe('POST /api/admin/discount-codes', () => {
  it('creates a code stored upper case and trimmed, with the defaults of spec §5', async () => {
    const response = await create({ code: '  spring-sale_1 ', description: ' Spring sale ' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      id: expect.any(Number),
      code: 'SPRING-SALE_1',
      description: 'Spring sale',
      discountPercent: 10,
      isActive: true,
      expiresAt: null,
      maxUses: null,
      currentUses: 0,
      createdAt: expect.any(String),
    });
    const row = await rowOf(body.id);
    expect(row).toMatchObject({ code: 'SPRING-SALE_1', description: 'Spring sale', discountPercent: 10, isActive: true, maxUses: null, expiresAt: null });
  });

  it('keeps maxUses, an inactive flag, and a date-only expiry as the end of that day in UTC', async () => {
    const response = await create({ code: 'limited', description: 'Limited', discountPercent: 25, maxUses: 3, expiresAt: '2031-07-04', isActive: false });
    expect(response.statusCode).toBe(201);
    const row = await rowOf(response.json().id);
    expect(row!.maxUses).toBe(3);
    expect(row!.discountPercent).toBe(25);
    expect(row!.isActive).toBe(false);
    expect(row!.expiresAt!.toISOString()).toBe('2031-07-04T23:59:59.999Z');
    expect(response.json().expiresAt).toBe('2031-07-04T23:59:59.999Z');
  });

  it('accepts an ISO instant as the expiry, and an empty maxUses as unlimited', async () => {
    const response = await create({ code: 'instant', description: 'x', expiresAt: '2031-07-04T10:30:00Z', maxUses: '' });
    expect(response.statusCode).toBe(201);
    const row = await rowOf(response.json().id);
    expect(row!.expiresAt!.toISOString()).toBe('2031-07-04T10:30:00.000Z');
    expect(row!.maxUses).toBeNull();
  });

  it.each([
    [{ description: 'x' }, 'Code is required'],
    [{ code: '   ', description: 'x' }, 'Code is required'],
    [{ code: 'two words', description: 'x' }, 'Code may only contain letters, digits, hyphens (-) and underscores (_)'],
    [{ code: 'OK', description: '' }, 'Description is required'],
    [{ code: 'OK' }, 'Description is required'],
    [{ code: 'OK', description: 'x', discountPercent: 0 }, 'Discount must be between 1 and 100 percent'],
    [{ code: 'OK', description: 'x', discountPercent: 101 }, 'Discount must be between 1 and 100 percent'],
    [{ code: 'OK', description: 'x', discountPercent: 'ten' }, 'Discount must be between 1 and 100 percent'],
    [{ code: 'OK', description: 'x', maxUses: 0 }, 'Max uses must be a whole number of at least 1, or empty for unlimited'],
    [{ code: 'OK', description: 'x', expiresAt: 'soon' }, 'Please enter a valid expiration date'],
    [{ code: 'OK', description: 'x', expiresAt: '2031-02-30' }, 'Please enter a valid expiration date'],
  ])('refuses %j with %s', async (payload, message) => {
    const response = await create(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await rowsWithCode('OK')).toHaveLength(0);
  });

  it('refuses a duplicate in any letter case with 409', async () => {
    expect((await create({ code: 'TWICE', description: 'first' })).statusCode).toBe(201);
    const response = await create({ code: 'twice', description: 'second' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('A discount code with this code already exists');
    const rows = await rowsWithCode('TWICE');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.description).toBe('first');
  });

  it('records who created it in the audit log', async () => {
    const { id } = (await create({ code: 'AUDITED', description: 'x', discountPercent: 15 })).json();
    const rows = await session.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'discount_code'), eq(auditLog.entityId, String(id))));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor: TEST_ADMIN.email, action: 'discount_code_created' });
    expect(rows[0]!.details).toMatchObject({ code: 'AUDITED', discountPercent: 15 });
  });

  it('makes a code that checkout accepts case-insensitively', async () => {
    await create({ code: 'CHECKOUT20', description: 'x', discountPercent: 20 });
    const response = await checkout('checkout20');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ discountApplied: true, amount: 399.2, discountAmount: 99.8 });
  });
});

describe('GET /api/admin/discount-codes', () => {
  it('lists every code newest first with the fields of spec §3', async () => {
    const older = await createDiscountCode(session.db, { code: 'LIST-OLD', createdAt: new Date('2001-01-01T00:00:00Z') });
    const newer = await createDiscountCode(session.db, {
      code: 'LIST-NEW',
      createdAt: new Date('2099-01-01T00:00:00Z'),
      maxUses: 5,
      currentUses: 2,
      expiresAt: new Date('2031-01-01T00:00:00Z'),
    });
    const response = await call('GET', '/api/admin/discount-codes');
    expect(response.statusCode).toBe(200);
    const list = response.json() as { id: number; createdAt: string }[];
    expect(list[0]).toEqual({
      id: newer.id,
      code: 'LIST-NEW',
      description: 'Test code',
      discountPercent: 10,
      isActive: true,
      expiresAt: '2031-01-01T00:00:00.000Z',
      maxUses: 5,
      currentUses: 2,
      createdAt: '2099-01-01T00:00:00.000Z',
    });
    expect(list.map((c) => c.id).indexOf(older.id)).toBe(list.length - 1);
    const times = list.map((c) => Date.parse(c.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});

describe('PUT /api/admin/discount-codes/{id}', () => {
  it('deactivates a code: the change persists and checkout refuses it; reactivating brings it back', async () => {
    const code = await createDiscountCode(session.db, { code: 'TOGGLE' });
    expect((await checkout('TOGGLE')).statusCode).toBe(200);

    const off = await call('PUT', `/api/admin/discount-codes/${code.id}`, { isActive: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: code.id, isActive: false });
    expect((await rowOf(code.id))!.isActive).toBe(false);
    const refused = await checkout('toggle');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(INVALID_AT_CHECKOUT);

    const on = await call('PUT', `/api/admin/discount-codes/${code.id}`, { isActive: true });
    expect(on.statusCode).toBe(200);
    expect((await rowOf(code.id))!.isActive).toBe(true);
    expect((await checkout('TOGGLE')).statusCode).toBe(200);
  });

  it('edits the other fields partially, leaving the rest as they were', async () => {
    const code = await createDiscountCode(session.db, { code: 'EDITME', description: 'Before', discountPercent: 10, maxUses: 9 });
    const response = await call('PUT', `/api/admin/discount-codes/${code.id}`, { description: 'After', discountPercent: 30, code: 'edited' });
    expect(response.statusCode).toBe(200);
    expect(await rowOf(code.id)).toMatchObject({ code: 'EDITED', description: 'After', discountPercent: 30, maxUses: 9, isActive: true });
    const cleared = await call('PUT', `/api/admin/discount-codes/${code.id}`, { maxUses: null });
    expect(cleared.statusCode).toBe(200);
    expect((await rowOf(code.id))!.maxUses).toBeNull();
  });

  it('an expiry set in the past makes checkout refuse the code', async () => {
    const code = await createDiscountCode(session.db, { code: 'EXPIRING' });
    const response = await call('PUT', `/api/admin/discount-codes/${code.id}`, { expiresAt: '2020-01-01' });
    expect(response.statusCode).toBe(200);
    expect((await rowOf(code.id))!.expiresAt!.toISOString()).toBe('2020-01-01T23:59:59.999Z');
    const refused = await checkout('EXPIRING');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(INVALID_AT_CHECKOUT);
  });

  it('refuses maxUses below the uses already counted', async () => {
    const code = await createDiscountCode(session.db, { code: 'USED3', maxUses: 10, currentUses: 3 });
    const response = await call('PUT', `/api/admin/discount-codes/${code.id}`, { maxUses: 2 });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Max uses cannot be lower than the 3 uses so far');
    expect((await rowOf(code.id))!.maxUses).toBe(10);
    expect((await call('PUT', `/api/admin/discount-codes/${code.id}`, { maxUses: 3 })).statusCode).toBe(200);
    expect((await rowOf(code.id))!.maxUses).toBe(3);
  });

  it('refuses renaming to another code that exists', async () => {
    await createDiscountCode(session.db, { code: 'TAKEN' });
    const code = await createDiscountCode(session.db, { code: 'RENAMEME' });
    const response = await call('PUT', `/api/admin/discount-codes/${code.id}`, { code: 'taken' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('A discount code with this code already exists');
    expect((await rowOf(code.id))!.code).toBe('RENAMEME');
  });

  it('validates with the same messages', async () => {
    const code = await createDiscountCode(session.db, { code: 'VALIDATE' });
    const response = await call('PUT', `/api/admin/discount-codes/${code.id}`, { discountPercent: 150 });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Discount must be between 1 and 100 percent');
    expect((await call('PUT', `/api/admin/discount-codes/${code.id}`, { description: ' ' })).json().message).toBe('Description is required');
    expect((await rowOf(code.id))!.discountPercent).toBe(10);
  });

  it('answers 404 for a code that does not exist', async () => {
    const response = await call('PUT', '/api/admin/discount-codes/999999', { isActive: false });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Discount code not found');
  });

  it('records the change in the audit log', async () => {
    const code = await createDiscountCode(session.db, { code: 'AUDITPUT' });
    await call('PUT', `/api/admin/discount-codes/${code.id}`, { isActive: false });
    const rows = await session.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'discount_code'), eq(auditLog.entityId, String(code.id))));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor: TEST_ADMIN.email, action: 'discount_code_updated' });
    expect(rows[0]!.details).toMatchObject({ changes: { isActive: false } });
  });
});

describe('DELETE /api/admin/discount-codes/{id}', () => {
  it('deletes the code; a booking that used it keeps the code text and loses the link; checkout refuses it', async () => {
    const code = await createDiscountCode(session.db, { code: 'GONE' });
    const date = await createWorkshopDate(session.db);
    const [booking] = await insertBookingsWithOrders(session.db, {
      workshopDateId: date.id,
      ...buyer('gone'),
      discountCodeId: code.id,
      discountCode: 'GONE',
      originalPriceCents: 49900,
      discountAmountCents: 4990,
      finalPriceCents: 44910,
      isPaid: true,
    });

    const response = await call('DELETE', `/api/admin/discount-codes/${code.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, id: code.id });
    expect(await rowOf(code.id)).toBeUndefined();
    const [after] = await session.db.select().from(bookings).where(eq(bookings.id, booking!.id));
    expect(after).toMatchObject({ discountCodeId: null, discountCode: 'GONE', finalPriceCents: 44910 });
    expect((await checkout('GONE')).json()).toEqual(INVALID_AT_CHECKOUT);

    const audit = await session.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'discount_code'), eq(auditLog.entityId, String(code.id))))
      .orderBy(asc(auditLog.id));
    expect(audit.map((row) => row.action)).toEqual(['discount_code_deleted']);
    expect(audit[0]!.actor).toBe(TEST_ADMIN.email);
  });

  it('answers 404 the second time', async () => {
    const code = await createDiscountCode(session.db, { code: 'TWICEGONE' });
    expect((await call('DELETE', `/api/admin/discount-codes/${code.id}`)).statusCode).toBe(200);
    const again = await call('DELETE', `/api/admin/discount-codes/${code.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Discount code not found');
  });
});

describe('POST /api/admin/create-coupon', () => {
  it('creates a percentage code, upper-cased, and answers {success, discountCode}', async () => {
    const response = await coupon({ code: 'summer25', description: 'Summer', discountType: 'percentage', discountValue: 25 });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      success: true,
      discountCode: {
        id: expect.any(Number),
        code: 'SUMMER25',
        description: 'Summer',
        discountType: 'percentage',
        discountValue: 25,
        discountPercent: 25,
        isActive: true,
        expiresAt: null,
        maxUses: null,
        currentUses: 0,
        createdAt: expect.any(String),
      },
    });
    expect(await rowOf(body.discountCode.id)).toMatchObject({ code: 'SUMMER25', discountPercent: 25, isActive: true });
    const audit = await session.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'discount_code'), eq(auditLog.entityId, String(body.discountCode.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: TEST_ADMIN.email, action: 'discount_code_created' });
    expect((await checkout('Summer25')).json()).toMatchObject({ discountApplied: true, discountPercent: 25 });
  });

  it("accepts 'percent' as the same type", async () => {
    const response = await coupon({ code: 'pct', description: 'x', discountType: 'percent', discountValue: 5 });
    expect(response.statusCode).toBe(201);
    expect(response.json().discountCode).toMatchObject({ code: 'PCT', discountType: 'percentage', discountPercent: 5 });
  });

  it.each(['fixed', 'amount', 'fixed_amount'])("refuses discountType '%s'", async (discountType) => {
    const response = await coupon({ code: `TYPE-${discountType}`, description: 'x', discountType, discountValue: 20 });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Only percentage discounts are supported');
    expect(await rowsWithCode(`TYPE-${discountType}`.toUpperCase())).toHaveLength(0);
  });

  it.each([
    [{ description: 'x', discountType: 'percentage', discountValue: 10 }, 'Code is required'],
    [{ code: 'NODESC', discountType: 'percentage', discountValue: 10 }, 'Description is required'],
    [{ code: 'BADVAL', description: 'x', discountType: 'percentage', discountValue: 0 }, 'Discount must be between 1 and 100 percent'],
    [{ code: 'BADVAL', description: 'x', discountType: 'percentage', discountValue: 101 }, 'Discount must be between 1 and 100 percent'],
    [{ code: 'bad code', description: 'x', discountType: 'percentage', discountValue: 10 }, 'Code may only contain letters, digits, hyphens (-) and underscores (_)'],
  ])('refuses %j with %s', async (payload, message) => {
    const response = await coupon(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('refuses a duplicate of an existing code with 409', async () => {
    await createDiscountCode(session.db, { code: 'COUPONDUP' });
    const response = await coupon({ code: 'coupondup', description: 'x', discountType: 'percentage', discountValue: 10 });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('A discount code with this code already exists');
    expect(await rowsWithCode('COUPONDUP')).toHaveLength(1);
  });
});
