import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { UNPAID_CANCEL_TERMS } from '../../src/features/refunds/refunds.schema';
import { orders } from '../../src/server/db/schema';
import { payWithDemoCard } from '../helpers/demo-payments';
import { createDiscountCode, createWorkshopDate } from '../helpers/factories';
import { participantHeaders } from '../helpers/participant-session';
import { testAppSession } from '../helpers/test-app';

/**
 * What the participant page reads to say only what is true: each booking's order reference, in
 * the list and among the cancelled ones, read with the list itself; and the terms of cancelling a
 * seat nothing was paid for, which speak of the seat going back on sale, not of refunds.
 */

const session = testAppSession();

type Listed = { id: number; orderId: number; orderReference: string };
const get = async (url: string, headers: Record<string, string>) => {
  const response = await session.app.inject({ url, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const cancel = (bookingId: number, headers: Record<string, string>, email: string) =>
  session.app.inject({ method: 'POST', url: `/api/participant/cancel-booking/${bookingId}`, headers, payload: { email } });
const referencesOf = async (orderIds: number[]) =>
  new Map((await session.db.select({ id: orders.id, reference: orders.reference }).from(orders).where(inArray(orders.id, orderIds))).map((row) => [row.id, row.reference]));

let people = 0;
const person = (tag: string) => ({ firstName: 'Rae', lastName: `Reader ${tag}`, email: `page-answers-${tag}-${++people}@example.com`, company: '' });

describe("the order reference on each of the participant's bookings", () => {
  it('comes with every booking of the list, the same for two seats of one order, and with the cancelled ones', async () => {
    const date = await createWorkshopDate(session.db);
    const me = person('two-seats');
    // Two seats of one order, both in the participant's own name, and a second order for the same date.
    await payWithDemoCard(session.app, {
      workshopDateId: date.id,
      customerInfo: me,
      seats: 2,
      attendees: [
        { firstName: me.firstName, lastName: me.lastName, email: me.email },
        { firstName: 'Rae', lastName: 'Second Seat', email: me.email },
      ],
      amount: 1,
    });
    const single = await payWithDemoCard(session.app, { workshopDateId: date.id, customerInfo: me, amount: 1 });
    const headers = await participantHeaders(session.app, me.email);

    const list = (await get('/api/participant/bookings', headers)) as Listed[];
    expect(list).toHaveLength(3);
    const stored = await referencesOf(list.map((booking) => booking.orderId));
    for (const booking of list) {
      expect(booking.orderReference).toMatch(/^[A-Z0-9]{3}-[A-Z0-9]{3}$/);
      expect(booking.orderReference).toBe(stored.get(booking.orderId));
    }
    expect(new Set(list.map((booking) => booking.orderReference)).size).toBe(2);

    const cancelled = await cancel(single.bookingId, headers, me.email);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const gone = (await get('/api/participant/bookings/cancelled', headers)) as Listed[];
    expect(gone.map(({ id, orderReference }) => ({ id, orderReference }))).toEqual([
      { id: single.bookingId, orderReference: list.find((booking) => booking.id === single.bookingId)!.orderReference },
    ]);
  });
});

describe('cancelling a seat nothing was paid for', () => {
  it('says the seat goes back on sale, with no word of refunds or the policy, before and after', async () => {
    const date = await createWorkshopDate(session.db);
    const code = await createDiscountCode(session.db, { code: 'ANSWERSFREE100', discountPercent: 100 });
    const me = person('free');
    const booked = await session.post('/api/bookings', { workshopDateId: date.id, ...me, discountCode: code.code, stripePaymentId: 'free-booking' });
    expect(booked.statusCode, booked.body).toBe(201);
    const headers = await participantHeaders(session.app, me.email);
    const [seat] = (await get('/api/participant/bookings', headers)) as (Listed & { finalPrice: number })[];
    expect(seat!.finalPrice).toBe(0);

    const terms = await get(`/api/participant/booking/${seat!.id}/cancellation-terms`, headers);
    expect(terms).toMatchObject({ canCancel: true, canRequestReview: false, amountPaid: 0, summary: UNPAID_CANCEL_TERMS });
    expect(terms.summary).not.toMatch(/refund|policy/i);

    const cancelled = await cancel(seat!.id, headers, me.email);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().message).not.toMatch(/refund/i);
  });

  it('while a paid seat still reads what the policy gives it', async () => {
    const date = await createWorkshopDate(session.db);
    const me = person('paid');
    const { bookingId } = await payWithDemoCard(session.app, { workshopDateId: date.id, customerInfo: me, amount: 1 });
    const terms = await get(`/api/participant/booking/${bookingId}/cancellation-terms`, await participantHeaders(session.app, me.email));
    expect(terms.summary).toMatch(/^The workshop is \d+ days away, so cancelling now gives you a full refund of \$499\.00\.$/);
  });
});
