/**
 * The admin's actions on a whole order: POST /api/admin/orders/{orderId}/cancel (every seat still
 * booked, with one refund choice for the order's money), /resend (the order's confirmations again)
 * and /mark-paid (a reservation order paid outside the site). Orders are bought through the real
 * checkout, the real Stripe SDK against the local Stripe double; the provider's own refunds are
 * compared with the refunds ledger, and the lifecycle's invariants are checked after each.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder } from '../../src/features/admin-bookings/admin-bookings.schema';
import { adminUsers, auditLog, bookings, emailOutbox, payments, refunds, workshopDates } from '../../src/server/db/schema';
import { ADMIN_ACCESS_REQUIRED, AUTHENTICATION_REQUIRED, createSession } from '../../src/server/plugins/auth';
import { createBookingWorld, type Answer, type BookingWorld } from '../helpers/booking-world';
import { lifecycleSteps, type Person } from '../helpers/lifecycle-steps';
import { clientHeaders } from '../helpers/test-app';

let world: BookingWorld;
beforeAll(async () => {
  world = await createBookingWorld();
});
afterAll(async () => {
  await world.close();
});

const { person, date, post, reserve, confirm, complete, seatsTaken, expectInvariants } = lifecycleSteps(() => world, { lastName: 'Whole', emailDomain: 'order-actions.test' });

const orderUrl = (orderId: number | string, action: string) => `/api/admin/orders/${orderId}/${action}`;
const act = (orderId: number | string, action: string, payload?: object) => world.send({ method: 'POST', url: orderUrl(orderId, action), payload: payload ?? {}, admin: true });
const cancelOrder = (orderId: number | string, payload: object = {}) => act(orderId, 'cancel', payload);
const orderOf = async (orderId: number): Promise<AdminOrder> => {
  const response = await world.send({ method: 'GET', url: `/api/admin/orders/${orderId}`, admin: true });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const attendee = (name: string) => {
  const { firstName, lastName, email } = person(name);
  return { firstName, lastName, email };
};
/** The provider's refunds of this payment, in cents, oldest first. */
const providerRefunds = (intentId: string) => [...world.stripe.refunds.values()].filter((refund) => refund.payment_intent === intentId).map((refund) => refund.amount);
/** The ledger's refunds of this order, in cents. */
const ledgerOf = async (orderId: number) => (await world.db.select().from(refunds).where(eq(refunds.orderId, orderId))).map((row) => row.amountCents);
const total = (cents: number[]) => cents.reduce((sum, value) => sum + value, 0);
const auditOf = (action: string, entityId: number) => world.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))));

type Placed = { orderId: number; bookings: { id: number; email: string }[]; intentId: string; buyer: Person };

/** Seats bought with one card payment through the checkout, confirmed by the browser. */
async function paidOrder(dateId: number, seats: number, attendees: object[] = []): Promise<Placed> {
  const buyer = person('Buyer');
  const opened = await post('/api/create-payment-intent', { workshopDateId: dateId, customerInfo: buyer, seats, attendees });
  expect(opened.statusCode, opened.body).toBe(200);
  const intentId = opened.json().paymentIntentId as string;
  world.stripe.succeed(intentId);
  const done: Answer = await complete(dateId, buyer, intentId);
  expect(done.statusCode, done.body).toBe(201);
  return { ...done.json(), intentId, buyer };
}

/** A reservation of several seats, its address confirmed: the order and its seats. */
async function reservedOrder(dateId: number, seats: number, attendees: object[] = []) {
  const buyer = person('Later');
  const reserved = await reserve(dateId, buyer);
  expect(reserved.statusCode).toBe(201);
  // The helper reserves one seat; an order of several goes through the same call with `seats`.
  const many = seats === 1 ? reserved : await post('/api/bookings/reserve', { workshopDateId: dateId, ...person('Team'), discountCode: '', seats, attendees });
  expect(many.statusCode, many.body).toBe(201);
  const orderId = many.json().orderId as number;
  const seatRows = await world.db.select().from(bookings).where(eq(bookings.orderId, orderId));
  expect((await confirm(seatRows[0]!.id)).statusCode).toBe(200);
  return { orderId, seatIds: seatRows.map((seat) => seat.id).sort((a, b) => a - b), buyerEmail: many.json().buyerEmail as string };
}

describe('POST /api/admin/orders/{orderId}/cancel', () => {
  it('cancels every seat of a paid order of three, refunds what the order paid, and the ledger equals the provider', async () => {
    const open = await date({ seatsTotal: 6, priceCents: 20_000 });
    const placed = await paidOrder(open.id, 3, [attendee('One'), attendee('Two')]);
    expect(await seatsTaken(open.id)).toBe(3);

    const response = await cancelOrder(placed.orderId, { refund: 'full' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, refundAmount: 600, refundSent: true, order: { amountPaid: 600, amountRefunded: 600 } });
    expect(body.message).toContain('3 seats released');
    expect(body.message).toContain('$600.00 was refunded');
    expect((body.order as AdminOrder).seats.map((seat) => [seat.status, seat.refundedAmount])).toEqual([
      ['cancelled', 200],
      ['cancelled', 200],
      ['cancelled', 200],
    ]);
    expect(body.order.cancellation).toEqual({ refundable: 0, policy: { kind: 'none', amount: 0 }, creditSeats: 0 });
    expect(await seatsTaken(open.id)).toBe(0);
    // The provider gave back exactly what the order paid, one refund per seat's share, and the ledger says the same.
    expect(total(providerRefunds(placed.intentId))).toBe(60_000);
    expect((await ledgerOf(placed.orderId)).sort()).toEqual(providerRefunds(placed.intentId).sort());
    // Who acted: the order's entry and each seat's.
    const [entry] = await auditOf('order_cancelled', placed.orderId);
    expect(entry).toMatchObject({ actor: expect.stringContaining('@'), entity: 'order', details: expect.objectContaining({ refund: 'full', refundCents: 60_000 }) });
    const seatEntries = await world.db.select().from(auditLog).where(and(eq(auditLog.action, 'booking_cancelled'), inArray(auditLog.entityId, placed.bookings.map((seat) => String(seat.id)))));
    expect(seatEntries).toHaveLength(3);
    expect(seatEntries.every((row) => row.actor === entry!.actor && (row.details as { orderId?: number }).orderId === placed.orderId)).toBe(true);
    await expectInvariants();

    // Twice: nothing left to cancel, a 409 with its message, and no second refund.
    const again = await cancelOrder(placed.orderId, { refund: 'full' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/nothing left to cancel/);
    expect(total(providerRefunds(placed.intentId))).toBe(60_000);
    expect(await ledgerOf(placed.orderId)).toHaveLength(3);
  });

  it('after one seat was refunded on its own, refunds only the rest', async () => {
    const open = await date({ seatsTotal: 6, priceCents: 15_000 });
    const placed = await paidOrder(open.id, 3);
    const seat = await world.send({ method: 'POST', url: `/api/admin/bookings/${placed.bookings[0]!.id}/cancel`, payload: {}, admin: true });
    expect(seat.statusCode, seat.body).toBe(200);
    expect((await orderOf(placed.orderId)).cancellation.refundable).toBe(300);

    const response = await cancelOrder(placed.orderId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ refundAmount: 300, refundSent: true, order: { amountPaid: 450, amountRefunded: 450 } });
    expect(providerRefunds(placed.intentId).sort()).toEqual([15_000, 15_000, 15_000]);
    expect(total(await ledgerOf(placed.orderId))).toBe(45_000);
    await expectInvariants();
  });

  it('refunds a chosen amount over the seats, first seat first, and refuses more than is left with nothing changed', async () => {
    const open = await date({ seatsTotal: 6, priceCents: 10_000 });
    const placed = await paidOrder(open.id, 2);
    for (const payload of [{ refund: 'custom', amount: 200.01 }, { refund: 'custom' }, { refund: 'custom', amount: -5 }, { refund: 'custom', amount: 1.234 }, { refund: 'full', amount: 10 }, { refund: 'everything' }, { notify: 'yes' }]) {
      const refused = await cancelOrder(placed.orderId, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof refused.json().message, JSON.stringify(payload)).toBe('string');
    }
    expect(await seatsTaken(open.id)).toBe(2);
    expect(providerRefunds(placed.intentId)).toEqual([]);

    const response = await cancelOrder(placed.orderId, { refund: 'custom', amount: 150 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().order.seats.map((seat: AdminOrder['seats'][number]) => seat.refundedAmount)).toEqual([100, 50]);
    expect(total(providerRefunds(placed.intentId))).toBe(15_000);
    expect(total(await ledgerOf(placed.orderId))).toBe(15_000);
    await expectInvariants();
  });

  it('under the policy, inside 7 days, refunds half of what each seat paid', async () => {
    const open = await date({ seatsTotal: 6, priceCents: 30_000 });
    const placed = await paidOrder(open.id, 2);
    await world.db.update(workshopDates).set({ startsAt: new Date(world.clock().getTime() + 3 * 86_400_000) }).where(eq(workshopDates.id, open.id));
    expect((await orderOf(placed.orderId)).cancellation).toEqual({ refundable: 600, policy: { kind: 'half-refund', amount: 300 }, creditSeats: 2 });

    const response = await cancelOrder(placed.orderId, { refund: 'policy' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ refundAmount: 300, refundSent: true, order: { amountRefunded: 300 } });
    expect(providerRefunds(placed.intentId).sort()).toEqual([15_000, 15_000]);
    expect(total(await ledgerOf(placed.orderId))).toBe(30_000);
    await expectInvariants();
  });

  it('refunded outside the site: every seat cancelled and nothing sent to the provider', async () => {
    const open = await date({ seatsTotal: 6, priceCents: 25_000 });
    const placed = await paidOrder(open.id, 2);
    const calls = world.stripe.requests.length;
    const response = await cancelOrder(placed.orderId, { refund: 'outside', notify: false });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ refundAmount: 0, refundSent: false, order: { amountPaid: 500, amountRefunded: 0 } });
    expect(response.json().message).toContain('settled outside the site');
    expect(response.json().order.seats.map((seat: AdminOrder['seats'][number]) => seat.status)).toEqual(['cancelled', 'cancelled']);
    expect(world.stripe.requests.slice(calls).filter((request) => request.path.includes('refunds'))).toEqual([]);
    expect(providerRefunds(placed.intentId)).toEqual([]);
    expect(await ledgerOf(placed.orderId)).toEqual([]);
  });

  it('with a credit, gives each paid seat a single-use code by e-mail and sends no money', async () => {
    const open = await date({ seatsTotal: 6, priceCents: 25_000 });
    const placed = await paidOrder(open.id, 2, [attendee('Credited')]);
    const response = await cancelOrder(placed.orderId, { refund: 'credit', notify: false });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ refundAmount: 0 });
    expect(response.json().message).toContain('2 credit codes were e-mailed');
    expect(providerRefunds(placed.intentId)).toEqual([]);
    const mails = await world.db.select().from(emailOutbox).where(eq(emailOutbox.to, placed.bookings[0]!.email));
    expect(mails.some((mail) => /CREDIT-[A-Z2-9]{10}/.test(mail.html))).toBe(true);
  });

  it('refuses an order whose checkout was never paid, and leaves its hold as it was', async () => {
    const open = await date({ seatsTotal: 6, priceCents: 10_000 });
    const opened = await post('/api/create-payment-intent', { workshopDateId: open.id, customerInfo: person('Holder'), seats: 2, attendees: [] });
    expect(opened.statusCode, opened.body).toBe(200);
    const [payment] = await world.db.select().from(payments).where(eq(payments.providerPaymentId, opened.json().paymentIntentId));
    const refused = await cancelOrder(payment!.orderId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/never became seats/);
    expect(await seatsTaken(open.id)).toBe(2);
    await expectInvariants();
  });

  it('cancels a reservation order (nothing paid, nothing refunded) and frees its seats', async () => {
    const open = await date({ seatsTotal: 20, priceCents: 10_000 });
    const { orderId, seatIds } = await reservedOrder(open.id, 3);
    const before = await seatsTaken(open.id);
    const response = await cancelOrder(orderId, { refund: 'none' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().refundAmount).toBe(0);
    expect(await seatsTaken(open.id)).toBe(before - seatIds.length);
    await expectInvariants();
  });
});

describe('POST /api/admin/orders/{orderId}/mark-paid', () => {
  it('confirms every reserved seat of a reservation order as paid in one go, and e-mails the buyer', async () => {
    const open = await date({ seatsTotal: 20, priceCents: 12_000 });
    const { orderId, seatIds, buyerEmail } = await reservedOrder(open.id, 3, [attendee('Named')]);
    const before = await orderOf(orderId);
    expect(before.seats.map((seat) => seat.status)).toEqual(['reserved', 'reserved', 'reserved']);

    const response = await act(orderId, 'mark-paid', { note: 'Bank transfer 42' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toContain('3 seats marked as paid ($360.00)');
    const order = response.json().order as AdminOrder;
    expect(order.seats.map((seat) => [seat.status, seat.isPaid])).toEqual([
      ['confirmed', true],
      ['confirmed', true],
      ['confirmed', true],
    ]);
    expect(order.amountPaid).toBe(360);
    const mails = await world.db.select().from(emailOutbox).where(and(eq(emailOutbox.to, buyerEmail), eq(emailOutbox.kind, 'order-paid')));
    expect(mails).toHaveLength(1);
    const [entry] = await auditOf('order_marked_paid', orderId);
    expect(entry).toMatchObject({ entity: 'order', details: expect.objectContaining({ bookingIds: seatIds, amountCents: 36_000, note: 'Bank transfer 42' }) });
    await expectInvariants();

    // Again: nothing waits for payment any more.
    const again = await act(orderId, 'mark-paid');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/no reservation waiting for payment/);
  });

  it('refuses a paid order, a note too long, and a deactivated date, changing nothing', async () => {
    const open = await date({ seatsTotal: 20, priceCents: 12_000 });
    const placed = await paidOrder(open.id, 1);
    expect((await act(placed.orderId, 'mark-paid')).statusCode).toBe(409);
    const { orderId } = await reservedOrder(open.id, 2);
    expect((await act(orderId, 'mark-paid', { note: 'x'.repeat(501) })).statusCode).toBe(400);
    await world.db.update(workshopDates).set({ isActive: false }).where(eq(workshopDates.id, open.id));
    const inactive = await act(orderId, 'mark-paid');
    expect(inactive.statusCode).toBe(409);
    expect((await orderOf(orderId)).seats.map((seat) => seat.status)).toEqual(['reserved', 'reserved']);
    await world.db.update(workshopDates).set({ isActive: true }).where(eq(workshopDates.id, open.id));
  });
});

describe('POST /api/admin/orders/{orderId}/resend', () => {
  it('sends the buyer the order confirmation again, and each named attendee theirs, once a minute at most', async () => {
    const open = await date({ seatsTotal: 6, priceCents: 9_000 });
    const named = attendee('Named');
    const placed = await paidOrder(open.id, 2, [named]);
    const mailsOf = (to: string, kind: string) => world.db.select().from(emailOutbox).where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, kind)));
    const [buyerBefore, namedBefore] = [(await mailsOf(placed.buyer.email, 'order-paid')).length, (await mailsOf(named.email, 'booking-paid')).length];

    const response = await act(placed.orderId, 'resend');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toContain('order confirmation was sent again');
    expect(await mailsOf(placed.buyer.email, 'order-paid')).toHaveLength(buyerBefore + 1);
    expect(await mailsOf(named.email, 'booking-paid')).toHaveLength(namedBefore + 1);
    expect(await auditOf('order_confirmation_resent', placed.orderId)).toHaveLength(1);

    const soon = await act(placed.orderId, 'resend');
    expect(soon.statusCode).toBe(200);
    expect(soon.json().message).toContain('less than a minute ago');
    expect(await mailsOf(placed.buyer.email, 'order-paid')).toHaveLength(buyerBefore + 1);
  });

  it('refuses an order whose seats are all cancelled', async () => {
    const open = await date({ seatsTotal: 6, priceCents: 9_000 });
    const placed = await paidOrder(open.id, 1);
    expect((await cancelOrder(placed.orderId)).statusCode).toBe(200);
    const refused = await act(placed.orderId, 'resend');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/no confirmation to send again/);
  });
});

describe('who may act on an order, and on which', () => {
  it('answers 404 with a message for an unknown order or an id no order can have, on every action', async () => {
    for (const action of ['cancel', 'resend', 'mark-paid']) {
      for (const id of ['999999', '2147483648', 'abc', '0', '-1', '1.5']) {
        const response = await act(id, action);
        expect(response.statusCode, `${action} ${id}`).toBe(404);
        expect(response.json(), `${action} ${id}`).toEqual({ message: 'Order not found' });
      }
    }
  });

  it('answers 401 without a session and 403 for one that is not an admin’s, and changes nothing', async () => {
    const open = await date({ seatsTotal: 6, priceCents: 9_000 });
    const placed = await paidOrder(open.id, 2);
    const participant = await createSession(world.db, { kind: 'participant', participantEmail: placed.buyer.email });
    const [staff] = await world.db.insert(adminUsers).values({ email: 'order-actions-staff@test.local', passwordHash: 'x', isAdmin: false }).returning();
    const nonAdmin = await createSession(world.db, { kind: 'admin', adminUserId: staff!.id });
    for (const action of ['cancel', 'resend', 'mark-paid']) {
      const anonymous = await world.app.inject({ method: 'POST', url: orderUrl(placed.orderId, action), payload: {}, headers: clientHeaders });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ message: AUTHENTICATION_REQUIRED });
      for (const token of [participant.token, nonAdmin.token]) {
        const refused = await world.app.inject({ method: 'POST', url: orderUrl(placed.orderId, action), payload: {}, headers: { ...clientHeaders, cookie: `sid=${token}` } });
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ message: ADMIN_ACCESS_REQUIRED });
      }
    }
    expect((await orderOf(placed.orderId)).seats.map((seat) => seat.status)).toEqual(['confirmed', 'confirmed']);
    expect(providerRefunds(placed.intentId)).toEqual([]);
    const [payment] = await world.db.select().from(payments).where(eq(payments.orderId, placed.orderId));
    expect(payment!.status).toBe('succeeded');
  });
});
