import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerRefundedCents, recordRefund, refundedCentsWhere } from '../../src/features/booking/server/refund-ledger';
import { orders, payments, refunds, workshopDates } from '../../src/server/db/schema';
import { createTestDatabase } from '../helpers/test-database';

/*
 * The refunds ledger: one row per refund the provider took, written in the transaction that records
 * what it did. A retried refund (the provider answers it with the same id) adds no row; a payment the
 * site never recorded (an imported booking's) and a refund of nothing write nothing and throw nothing.
 */

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let orderId: number;
let otherOrderId: number;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  const [date] = await db().insert(workshopDates).values({ title: 'Ledger Lab', seatsTotal: 10 }).returning();
  const order = (reference: string) => ({
    reference,
    workshopDateId: date!.id,
    buyerFirstName: 'Ada',
    buyerLastName: 'Lovelace',
    buyerEmail: 'ada@example.com',
    seatOriginalCents: 10_000,
    seatFinalCents: 10_000,
  });
  const made = await db().insert(orders).values([order('LED-GR1'), order('LED-GR2')]).returning();
  orderId = made[0]!.id;
  otherOrderId = made[1]!.id;
  await db()
    .insert(payments)
    .values([
      { provider: 'demo', providerPaymentId: 'pi_ledger_1', workshopDateId: date!.id, orderId, amountCents: 20_000, status: 'succeeded' },
      { provider: 'demo', providerPaymentId: 'pi_ledger_2', workshopDateId: date!.id, orderId: otherOrderId, amountCents: 10_000, status: 'succeeded' },
    ]);
});
afterAll(async () => {
  await database.close();
});

const refund = (providerRefundId: string, amountCents: number, providerPaymentId = 'pi_ledger_1') => ({
  providerPaymentId,
  providerRefundId,
  amountCents,
  bookingId: null,
  reason: 'admin_cancel',
  actor: 'admin@example.com',
});
const rowsOf = (id: number) => db().select().from(refunds).where(eq(refunds.orderId, id)).orderBy(refunds.id);

describe('the refunds ledger', () => {
  it('writes a refund the provider took against the payment’s order, once however often it is retried', async () => {
    await recordRefund(db(), refund('re_1', 2_500));
    await recordRefund(db(), refund('re_1', 2_500));
    const rows = await rowsOf(orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ orderId, providerRefundId: 're_1', amountCents: 2_500, bookingId: null, reason: 'admin_cancel', actor: 'admin@example.com' });
    const [payment] = await db().select().from(payments).where(eq(payments.providerPaymentId, 'pi_ledger_1'));
    expect(rows[0]!.paymentId).toBe(payment!.id);
  });

  it('writes nothing, and does not fail, for a payment the site has no record of or a refund of nothing', async () => {
    await expect(recordRefund(db(), refund('re_unknown', 1_000, 'pi_imported_elsewhere'))).resolves.toBeUndefined();
    await expect(recordRefund(db(), refund('re_zero', 0))).resolves.toBeUndefined();
    const all = await db().select().from(refunds);
    expect(all.map((row) => row.providerRefundId)).not.toContain('re_unknown');
    expect(all.map((row) => row.providerRefundId)).not.toContain('re_zero');
  });

  it('sums what went back: an order’s refunds, 0 when there are none, and as a subquery beside each order', async () => {
    await recordRefund(db(), refund('re_2', 4_000));
    expect(await ledgerRefundedCents(db(), eq(refunds.orderId, orderId))).toBe(6_500);
    expect(await ledgerRefundedCents(db(), eq(refunds.orderId, otherOrderId))).toBe(0);
    const listed = await db()
      .select({ id: orders.id, refunded: refundedCentsWhere(eq(refunds.orderId, orders.id)) })
      .from(orders)
      .orderBy(orders.id);
    expect(listed).toEqual([
      { id: orderId, refunded: 6_500 },
      { id: otherOrderId, refunded: 0 },
    ]);
  });
});
