/**
 * The admin's view of orders: GET /api/admin/orders/{orderId} (the buyer, the payment, the money
 * paid and refunded, every seat with its status) and the order on every row of the Bookings list
 * (orderId, reference, buyer, seats, refunded amount), narrowed by the tab's filters. Orders are
 * bought through the real checkout, the real Stripe SDK against the local Stripe double, on this
 * run's database; the lifecycle's invariants are checked after each.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBooking, AdminOrder } from '../../src/features/admin-bookings/admin-bookings.schema';
import { matchesFilters, NO_FILTERS, paymentKind, type BookingFilters } from '../../src/features/admin-bookings/booking-filters';
import { adminUsers, payments, refunds } from '../../src/server/db/schema';
import { ADMIN_ACCESS_REQUIRED, AUTHENTICATION_REQUIRED, createSession } from '../../src/server/plugins/auth';
import { createBookingWorld, type Answer, type BookingWorld } from '../helpers/booking-world';
import { createWorkshopDate } from '../helpers/factories';
import { lifecycleSteps, type Person } from '../helpers/lifecycle-steps';
import { clientHeaders, loginAsAdmin } from '../helpers/test-app';

let world: BookingWorld;
let admin: Record<string, string>;
beforeAll(async () => {
  world = await createBookingWorld();
  admin = (await loginAsAdmin(world.app)).headers;
});
afterAll(async () => {
  await world.close();
});

const { person, date, code, post, reserve, reserved, complete, expectInvariants } = lifecycleSteps(() => world, { lastName: 'Order', emailDomain: 'admin-orders.test' });

const REFERENCE = /^[A-HJ-NP-Z2-9]{3}-[A-HJ-NP-Z2-9]{3}$/;
const get = (url: string, headers: Record<string, string> = admin) => world.app.inject({ method: 'GET', url, headers });
const orderOf = async (orderId: number): Promise<AdminOrder> => {
  const response = await get(`/api/admin/orders/${orderId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const adminList = async (): Promise<AdminBooking[]> => {
  const response = await get('/api/admin/bookings');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const attendee = (name: string) => {
  const { firstName, lastName, email } = person(name);
  return { firstName, lastName, email };
};
const cancel = (bookingId: number, payload: object = {}) => world.send({ method: 'POST', url: `/api/admin/bookings/${bookingId}/cancel`, payload, admin: true });

/** Seats bought with one card payment through the checkout, confirmed by the browser. */
async function paidOrder(dateId: number, buyer: Person, seats: number, attendees: object[]): Promise<Answer> {
  const opened = await post('/api/create-payment-intent', { workshopDateId: dateId, customerInfo: buyer, seats, attendees });
  expect(opened.statusCode, opened.body).toBe(200);
  world.stripe.succeed(opened.json().paymentIntentId);
  const done = await complete(dateId, buyer, opened.json().paymentIntentId);
  expect(done.statusCode, done.body).toBe(201);
  return done;
}

describe('an order of three seats paid by card, one seat cancelled with its refund', () => {
  let dateId: number;
  let buyer: Person;
  let placed: { orderId: number; orderReference: string; bookings: { id: number; email: string }[] };
  let intentId: string;

  beforeAll(async () => {
    dateId = (await date({ seatsTotal: 6, priceCents: 20_000, title: 'Order panel workshop' })).id;
    buyer = person('Buyer');
    const done = await paidOrder(dateId, buyer, 3, [attendee('One'), attendee('Two')]);
    placed = done.json();
    const cancelled = await cancel(placed.bookings[0]!.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // The action's answer is an admin booking too: it carries its order and the money that went back.
    expect(cancelled.json().booking).toMatchObject({ orderId: placed.orderId, buyerEmail: buyer.email, refundedAmount: 200, status: 'cancelled' });
    const [payment] = await world.db.select().from(payments).where(eq(payments.orderId, placed.orderId));
    intentId = payment!.providerPaymentId;
  });

  it('answers the buyer, the payment, 3 seats paid and 1 refunded, and every seat with its status', async () => {
    const order = await orderOf(placed.orderId);
    expect(order).toEqual({
      id: placed.orderId,
      reference: placed.orderReference,
      status: 'placed',
      workshopDateId: dateId,
      workshop: { title: 'Order panel workshop', date: expect.any(String), time: '10:00 AM - 12:00 PM', timezone: 'UTC' },
      buyer: { firstName: 'Buyer', lastName: 'Order', email: buyer.email, company: '' },
      seatCount: 3,
      paymentMode: 'pay_now',
      amountPaid: 600,
      amountRefunded: 200,
      payment: { provider: 'stripe', providerPaymentId: intentId, status: 'succeeded', amount: 600 },
      createdAt: expect.any(String),
      // Cancelling the rest of the order now would give back the two seats still booked, in full (30 days ahead).
      cancellation: { refundable: 400, policy: { kind: 'full-refund', amount: 400 }, creditSeats: 2 },
      seats: [
        { bookingId: placed.bookings[0]!.id, firstName: 'One', lastName: 'Order', email: placed.bookings[0]!.email, named: true, status: 'cancelled', isPaid: true, finalPrice: 200, refundedAmount: 200, hasAttended: false },
        { bookingId: placed.bookings[1]!.id, firstName: 'Two', lastName: 'Order', email: placed.bookings[1]!.email, named: true, status: 'confirmed', isPaid: true, finalPrice: 200, refundedAmount: 0, hasAttended: false },
        { bookingId: placed.bookings[2]!.id, firstName: 'Buyer', lastName: 'Order', email: buyer.email, named: false, status: 'confirmed', isPaid: true, finalPrice: 200, refundedAmount: 0, hasAttended: false },
      ],
    });
    expect(order.reference).toMatch(REFERENCE);
    expect(new Date(order.createdAt).toISOString()).toBe(order.createdAt);
    // What the provider says went back is what the answer says.
    const refunded = [...world.stripe.refunds.values()].filter((refund) => refund.payment_intent === intentId).reduce((sum, refund) => sum + refund.amount, 0);
    expect(refunded).toBe(order.amountRefunded * 100);
    await expectInvariants();
  });

  it('puts the order on every row of the Bookings list: id, reference, buyer, seats and what went back', async () => {
    const rows = (await adminList()).filter((row) => row.orderId === placed.orderId).sort((a, b) => a.id - b.id);
    expect(rows.map((row) => [row.id, row.orderReference, row.buyerEmail, row.buyerName, row.orderSeats, row.named, row.status, row.refundedAmount])).toEqual([
      [placed.bookings[0]!.id, placed.orderReference, buyer.email, 'Buyer Order', 3, true, 'cancelled', 200],
      [placed.bookings[1]!.id, placed.orderReference, buyer.email, 'Buyer Order', 3, true, 'confirmed', 0],
      [placed.bookings[2]!.id, placed.orderReference, buyer.email, 'Buyer Order', 3, false, 'confirmed', 0],
    ]);
  });

  it('answers the same money after a second seat is cancelled with a chosen part of its share', async () => {
    const cancelled = await cancel(placed.bookings[1]!.id, { refundAmount: 50.5 });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const order = await orderOf(placed.orderId);
    expect(order).toMatchObject({ amountPaid: 600, amountRefunded: 250.5, payment: { status: 'succeeded' } });
    expect(order.seats.map((seat) => [seat.status, seat.refundedAmount])).toEqual([
      ['cancelled', 200],
      ['cancelled', 50.5],
      ['confirmed', 0],
    ]);
    await expectInvariants();
  });
});

describe('orders refunded in full', () => {
  it('counts a one-seat order refunded in full once, though both the payment and the seat record it', async () => {
    const open = await date({ seatsTotal: 3, priceCents: 12_300 });
    const done = await paidOrder(open.id, person('Single'), 1, []);
    const cancelled = await cancel(done.json().id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const order = await orderOf(done.json().orderId);
    expect(order).toMatchObject({ seatCount: 1, amountPaid: 123, amountRefunded: 123, payment: { status: 'refunded', amount: 123 } });
    expect(order.seats.map((seat) => [seat.status, seat.refundedAmount])).toEqual([['cancelled', 123]]);
    await expectInvariants();
  });

  it('counts a paid seat the admin deleted with its refund, and no longer lists the deleted seat', async () => {
    const open = await date({ seatsTotal: 3, priceCents: 9_900 });
    const done = await paidOrder(open.id, person('Deleted'), 1, []);
    const deleted = await world.send({ method: 'DELETE', url: `/api/admin/bookings/${done.json().id}?refund=true`, admin: true });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const order = await orderOf(done.json().orderId);
    expect(order).toMatchObject({ seatCount: 1, amountPaid: 99, amountRefunded: 99, payment: { status: 'refunded' }, seats: [] });
    expect((await adminList()).some((row) => row.orderId === done.json().orderId)).toBe(false);
    await expectInvariants();
  });

  it('reads what went back from the refunds ledger: a whole payment that paid one seat counts for that seat, a seat’s share for its seat only', async () => {
    // Ledger rows as the provider's refunds write them (on a date of its own, outside the
    // lifecycle checks of this file, since no provider refund stands behind them).
    const open = await createWorkshopDate(world.db, { seatsTotal: 6, priceCents: 7_000, requiresImmediatePayment: false });
    const alone = (await paidOrder(open.id, person('Alone'), 1, [])).json();
    const shared = (await paidOrder(open.id, person('Shared'), 2, [])).json();
    const paymentOf = async (orderId: number) => (await world.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]!;
    const [alonePayment, sharedPayment] = [await paymentOf(alone.orderId), await paymentOf(shared.orderId)];
    await world.db.insert(refunds).values([
      { orderId: alone.orderId, bookingId: null, paymentId: alonePayment.id, providerRefundId: `re_alone_${alone.orderId}`, amountCents: 7_000, reason: 'admin_deleted', actor: 'system' },
      { orderId: shared.orderId, bookingId: shared.bookings[1].id, paymentId: sharedPayment.id, providerRefundId: `re_seat_${shared.orderId}`, amountCents: 3_500, reason: 'booking_cancelled', actor: 'system' },
    ]);

    const rows = (await adminList()).filter((row) => row.workshopDateId === open.id).sort((a, b) => a.id - b.id);
    expect(rows.map((row) => [row.orderId, row.refundedAmount])).toEqual([
      [alone.orderId, 70],
      [shared.orderId, 0],
      [shared.orderId, 35],
    ]);
    expect(await orderOf(alone.orderId)).toMatchObject({ amountPaid: 70, amountRefunded: 70 });
    expect(await orderOf(shared.orderId)).toMatchObject({ amountPaid: 140, amountRefunded: 35 });
  });

  it('counts a refund approved on review as what the ledger says went back for that seat', async () => {
    // A seat of two: its payment stays succeeded (it pays the other seat too), so only the request tells.
    const open = await date({ seatsTotal: 3, priceCents: 45_000 });
    const done = (await paidOrder(open.id, person('Reviewed'), 2, [])).json();
    const seatId = done.bookings[0].id as number;
    const requested = await world.send({ method: 'POST', url: `/api/participant/refund-request/${seatId}`, payload: { reason: 'I can no longer attend, sorry.' }, admin: true });
    expect(requested.statusCode, requested.body).toBe(201);
    const approved = await world.send({ method: 'PUT', url: `/api/admin/refund-requests/${requested.json().refundRequest.id}`, payload: { status: 'APPROVED', notes: null }, admin: true });
    expect(approved.statusCode, approved.body).toBe(200);
    const rows = (await adminList()).filter((booking) => booking.orderId === done.orderId).sort((a, b) => a.id - b.id);
    expect(rows.map((row) => [row.status, row.refundedAmount])).toEqual([
      ['refunded', 450],
      ['confirmed', 0],
    ]);
    expect(await orderOf(done.orderId)).toMatchObject({ amountPaid: 900, amountRefunded: 450, payment: { status: 'succeeded' } });
    await expectInvariants();
  });
});

describe('free and unpaid orders', () => {
  it('a free order took nothing and has no payment; a reservation has paid nothing yet', async () => {
    const open = await date({ seatsTotal: 6, priceCents: 30_000 });
    const gift = await code({ discountPercent: 100, maxUses: 5 });
    const free = await post('/api/bookings', { workshopDateId: open.id, ...person('Gifted'), discountCode: gift.code, stripePaymentId: 'free-booking', seats: 2, attendees: [] });
    expect(free.statusCode, free.body).toBe(201);
    expect(await orderOf(free.json().orderId)).toMatchObject({ seatCount: 2, amountPaid: 0, amountRefunded: 0, payment: null, status: 'placed' });

    const reserved = await reserve(open.id, person('Later'));
    expect(reserved.statusCode, reserved.body).toBe(201);
    const order = await orderOf(reserved.json().orderId);
    expect(order).toMatchObject({ paymentMode: 'pay_later', amountPaid: 0, amountRefunded: 0, payment: null });
    expect(order.seats.map((seat) => [seat.status, seat.isPaid])).toEqual([['reserved', false]]);
    await expectInvariants();
  });

  it('a reservation marked paid outside the site counts as paid, with no card payment', async () => {
    const open = await date({ seatsTotal: 6, priceCents: 30_000 });
    const bookingId = await reserved(open.id, person('Offline'));
    const marked = await world.send({ method: 'POST', url: `/api/admin/bookings/${bookingId}/mark-paid`, payload: { note: 'Bank transfer' }, admin: true });
    expect(marked.statusCode, marked.body).toBe(200);
    const row = marked.json().booking as AdminBooking;
    expect(row).toMatchObject({ status: 'confirmed', isPaid: true, refundedAmount: 0 });
    expect(paymentKind(row)).toBe('outside');
    expect(await orderOf(row.orderId)).toMatchObject({ amountPaid: 300, amountRefunded: 0, payment: null });
    await expectInvariants();
  });
});

describe('the Bookings filters: date, status and payment', () => {
  it('narrow the list to the chosen date, status and way of payment', async () => {
    const [paidDate, otherDate] = [await date({ seatsTotal: 6, priceCents: 10_000 }), await date({ seatsTotal: 6, priceCents: 10_000 })];
    const paid = (await paidOrder(paidDate.id, person('Filter'), 2, [])).json();
    expect((await cancel(paid.bookings[0].id)).statusCode).toBe(200);
    const gift = await code({ discountPercent: 100, maxUses: 5 });
    const free = await post('/api/bookings', { workshopDateId: otherDate.id, ...person('FreeFilter'), discountCode: gift.code, stripePaymentId: 'free-booking' });
    expect(free.statusCode, free.body).toBe(201);
    const reserved = await reserve(otherDate.id, person('Unpaid'));
    expect(reserved.statusCode, reserved.body).toBe(201);

    const list = await adminList();
    const ids = (filters: Partial<BookingFilters>) =>
      list
        .filter((row) => matchesFilters(row, { ...NO_FILTERS, ...filters }))
        .map((row) => row.id)
        .sort((a, b) => a - b);
    const [refundedSeat, cardSeat] = [paid.bookings[0].id, paid.bookings[1].id];

    expect(ids({ date: String(paidDate.id) })).toEqual([refundedSeat, cardSeat]);
    expect(ids({ date: String(otherDate.id) })).toEqual([free.json().id, reserved.json().id]);
    expect(ids({ date: String(paidDate.id), payment: 'refunded' })).toEqual([refundedSeat]);
    expect(ids({ date: String(paidDate.id), payment: 'card' })).toEqual([cardSeat]);
    expect(ids({ date: String(otherDate.id), payment: 'free' })).toEqual([free.json().id]);
    expect(ids({ date: String(otherDate.id), payment: 'unpaid' })).toEqual([reserved.json().id]);
    expect(ids({ date: String(otherDate.id), status: 'reserved' })).toEqual([reserved.json().id]);
    expect(ids({ date: String(paidDate.id), status: 'cancelled', payment: 'refunded' })).toEqual([refundedSeat]);
    expect(ids({ date: String(paidDate.id), status: 'confirmed', payment: 'refunded' })).toEqual([]);
    expect(ids({})).toEqual(list.map((row) => row.id).sort((a, b) => a - b));
  });
});

describe('who may read an order', () => {
  it('answers 401 without a session and 403 for a session that is not an admin’s', async () => {
    const open = await date();
    const done = await paidOrder(open.id, person('Private'), 1, []);
    const url = `/api/admin/orders/${done.json().orderId}`;

    const anonymous = await get(url, clientHeaders);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: AUTHENTICATION_REQUIRED });

    const participant = await createSession(world.db, { kind: 'participant', participantEmail: done.json().buyerEmail });
    const [staff] = await world.db.insert(adminUsers).values({ email: 'orders-staff@test.local', passwordHash: 'x', isAdmin: false }).returning();
    const nonAdmin = await createSession(world.db, { kind: 'admin', adminUserId: staff!.id });
    for (const token of [participant.token, nonAdmin.token]) {
      const refused = await get(url, { ...clientHeaders, cookie: `sid=${token}` });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: ADMIN_ACCESS_REQUIRED });
    }
  });

  it('answers 404 with a message for an order that does not exist, or an id no order can have', async () => {
    for (const id of ['999999', '2147483648', '99999999999999999999', 'abc', '0', '-1', '1.5']) {
      const response = await get(`/api/admin/orders/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json(), id).toEqual({ message: 'Order not found' });
    }
  });
});
