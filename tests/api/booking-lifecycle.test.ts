/**
 * The booking lifecycle off the happy path (docs/decisions/008-booking-lifecycle.md):
 * each case the issue found leaking money or seats, replayed, with the invariants checked after it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUsers, bookings, discountCodes, payments, processedWebhookEvents } from '../../src/server/db/schema';
import { loginAsAdmin } from '../helpers/test-app';
import { createBookingWorld, type BookingWorld } from '../helpers/booking-world';
import { lifecycleSteps } from '../helpers/lifecycle-steps';
import { orderIdOfBooking, orderOfPayment, paymentsOfOrder } from '../helpers/checkout-orders';

let world: BookingWorld;

beforeAll(async () => {
  world = await createBookingWorld();
});
afterAll(async () => {
  await world.close();
});

const { memory, person, date, code, post, seatsTaken, booking, mailTo, reserve, reserved, openPayment, openPayLink, payLinkIntent, complete, expectInvariants } = lifecycleSteps(() => world, {
  lastName: 'Lovelace',
  emailDomain: 'lifecycle.test',
});

describe('reservations', () => {
  it('are refused with 409 on a date that requires immediate payment', async () => {
    const strict = await date({ requiresImmediatePayment: true });
    const response = await reserve(strict.id, person());
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'payment_required_now',
      message: 'This workshop date needs payment when you book, so it cannot be reserved to pay later. Please pay by card.',
    });
    expect(await seatsTaken(strict.id)).toBe(0);
  });

  it('are limited to 3 unpaid ones per e-mail address, in any letter case', async () => {
    // 12 seats: the date's reservation share (25 %) has room for all three.
    const open = await date({ seatsTotal: 12 });
    const who = person('Greedy');
    for (let i = 0; i < 3; i++) expect((await reserve(open.id, { ...who, email: i === 1 ? who.email.toUpperCase() : who.email })).statusCode).toBe(201);
    const fourth = await reserve(open.id, who);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().code).toBe('reservation_limit');
    expect(fourth.json().message).toBe('You already hold 3 unpaid reservations. Please pay for or cancel one of them before reserving another seat.');
    expect(await seatsTaken(open.id)).toBe(3);
    await expectInvariants();
  });

  it('expire 48 hours after their address is confirmed: seat and code use back, the person told, the pay link closed', async () => {
    const open = await date();
    const tenOff = await code({ maxUses: 1 });
    const who = person('Late');
    const id = await reserved(open.id, who, tenOff.code);
    const row = await booking(id);
    const hours = (row.reservationExpiresAt!.getTime() - world.clock().getTime()) / 3_600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);

    await world.advance(47 * 60);
    expect((await booking(id)).status).toBe('reserved');
    await world.advance(2 * 60);
    expect(await booking(id)).toMatchObject({ status: 'expired' });
    expect(await seatsTaken(open.id)).toBe(0);
    expect((await world.db.select().from(discountCodes).where(eq(discountCodes.id, tenOff.id)))[0]!.currentUses).toBe(0);
    const [mail] = await mailTo(who.email, 'reservation-expired');
    expect(mail!.subject).toBe(`Your reservation has expired: ${open.title}`);
    expect((await openPayLink(id, who, open.id)).statusCode).toBe(409);
    await expectInvariants();
  });

  it('send one reminder a day before they run out', async () => {
    const open = await date();
    const who = person('Forgetful');
    const id = await reserved(open.id, who);
    await world.advance(20 * 60);
    expect(await mailTo(who.email, 'reservation-reminder')).toHaveLength(0);
    await world.advance(5 * 60);
    const reminders = await mailTo(who.email, 'reservation-reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.html).toContain(`/checkout?booking=${id}&amp;token=`);
    await world.advance(10 * 60);
    expect(await mailTo(who.email, 'reservation-reminder')).toHaveLength(1);
  });

  it('never last past the workshop\'s start', async () => {
    const startsAt = new Date(world.clock().getTime() + 10 * 3_600_000);
    const soon = await date({ startsAt, endsAt: new Date(startsAt.getTime() + 7_200_000) });
    const id = await reserved(soon.id, person());
    expect((await booking(id)).reservationExpiresAt!.getTime()).toBe(startsAt.getTime());
  });

  it('follow the reservation hours the admin set', async () => {
    const saved = await world.send({ method: 'POST', url: '/api/admin/settings', payload: { reservationHours: 72 }, admin: true });
    expect(saved.statusCode, saved.body).toBe(200);
    const open = await date();
    const id = await reserved(open.id, person());
    const hours = ((await booking(id)).reservationExpiresAt!.getTime() - world.clock().getTime()) / 3_600_000;
    expect(Math.round(hours)).toBe(72);
    await world.send({ method: 'POST', url: '/api/admin/settings', payload: { reservationHours: 48 }, admin: true });
  });
});

describe('payments off the happy path', () => {
  it('open one payment per reservation: a later visit to the pay link gets the same one', async () => {
    const open = await date();
    const who = person('Twice');
    const id = await reserved(open.id, who);
    const first = await openPayLink(id, who, open.id);
    await world.advance(20);
    const second = await openPayLink(id, who, open.id);
    expect(second.json().paymentIntentId).toBe(first.json().paymentIntentId);
    expect(await paymentsOfOrder(world.db, await orderIdOfBooking(world.db, id))).toHaveLength(1);
  });

  it('refund a second payment for a reservation already paid, in full, with an e-mail', async () => {
    const open = await date();
    const who = person('Double');
    const id = await reserved(open.id, who);
    const first = await payLinkIntent(id, who, open.id);
    // A second payment opened before the first went through (two tabs, past the provider's
    // idempotency window): the provider lets both be paid.
    const orderId = await orderIdOfBooking(world.db, id);
    const other = await world.deps.payments.createIntent({
      amountCents: 49900,
      currency: 'usd',
      description: 'second tab',
      metadata: { workshopDateId: String(open.id), orderId: String(orderId) },
      idempotencyKey: `second-tab-${id}`,
    });
    await world.db.insert(payments).values({ provider: 'stripe', providerPaymentId: other.id, workshopDateId: open.id, orderId, amountCents: 49900 });
    world.stripe.succeed(first);
    world.stripe.succeed(other.id);

    expect((await complete(open.id, who, first)).statusCode).toBe(201);
    const second = await complete(open.id, who, other.id);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'payment_refunded', message: 'This booking was already paid. Your second payment has been refunded in full.' });
    expect(await booking(id)).toMatchObject({ status: 'confirmed', stripePaymentId: first });
    expect(await mailTo(who.email, 'payment-refunded')).toHaveLength(1);
    expect(await seatsTaken(open.id)).toBe(1);
    await expectInvariants();
  });

  it('refund a payment for a reservation the admin deleted, instead of answering 500', async () => {
    const open = await date();
    const who = person('Orphan');
    const id = await reserved(open.id, who);
    const intentId = await payLinkIntent(id, who, open.id);
    // The provider refused to cancel it in time (the customer was already paying).
    world.stripe.succeed(intentId);
    expect((await world.send({ method: 'DELETE', url: `/api/admin/bookings/${id}`, admin: true })).statusCode).toBe(200);
    expect(await seatsTaken(open.id)).toBe(0);

    const paid = await complete(open.id, who, intentId);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().code).toBe('payment_refunded');
    expect((await booking(id)).status).toBe('deleted');
    expect(await seatsTaken(open.id)).toBe(0);
    const refunds = [...world.stripe.refunds.values()].filter((r) => r.payment_intent === intentId);
    expect(refunds.map((r) => r.amount)).toEqual([49900]);
    expect(await mailTo(who.email, 'payment-refunded')).toHaveLength(1);
    await expectInvariants();
  });

  it('refund a payment for a date the admin deactivated meanwhile, and give its held seat back', async () => {
    const open = await date({ seatsTotal: 2 });
    const who = person('Withdrawn');
    const { paymentIntentId } = await openPayment(open.id, who);
    expect(await seatsTaken(open.id)).toBe(1);
    expect((await world.send({ method: 'PUT', url: `/api/admin/workshop-dates/${open.id}`, payload: { isActive: false }, admin: true })).statusCode).toBe(200);
    world.stripe.succeed(paymentIntentId);

    const paid = await complete(open.id, who, paymentIntentId);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe('This workshop date is no longer available. Your payment has been refunded in full.');
    expect(await world.db.select().from(bookings).where(eq(bookings.workshopDateId, open.id))).toHaveLength(0);
    expect(await seatsTaken(open.id)).toBe(0);
    await expectInvariants();
  });

  it('never bring back a paid booking the admin deleted when its payment is replayed', async () => {
    const open = await date();
    const who = person('Replay');
    const { paymentIntentId } = await openPayment(open.id, who);
    world.stripe.succeed(paymentIntentId);
    const booked = await complete(open.id, who, paymentIntentId);
    expect(booked.statusCode).toBe(201);
    const deleted = await world.send({ method: 'DELETE', url: `/api/admin/bookings/${booked.json().id}?refund=false`, admin: true });
    expect(deleted.statusCode).toBe(200);
    expect(await seatsTaken(open.id)).toBe(0);

    const replayed = await complete(open.id, who, paymentIntentId);
    expect(replayed.statusCode).toBe(409);
    const webhook = await world.send(world.webhookCall(paymentIntentId));
    expect(webhook.statusCode).toBe(200);
    expect(await seatsTaken(open.id)).toBe(0);
    expect((await booking(booked.json().id)).status).toBe('deleted');
    expect(await world.db.select().from(bookings).where(eq(bookings.workshopDateId, open.id))).toHaveLength(1);
    await expectInvariants();
  });

  it('never let a single-use code be used twice when a payment succeeds after its hold ran out', async () => {
    const open = await date();
    const once = await code({ maxUses: 1, discountPercent: 10 });
    const slow = person('Slow');
    const fast = person('Fast');
    const late = await openPayment(open.id, slow, once.code);
    await world.advance(16);
    const quick = await openPayment(open.id, fast, once.code);
    world.stripe.succeed(quick.paymentIntentId);
    expect((await complete(open.id, fast, quick.paymentIntentId)).statusCode).toBe(201);

    world.stripe.succeed(late.paymentIntentId);
    const refused = await complete(open.id, slow, late.paymentIntentId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Sorry, the discount code was used up while you were paying. Your payment has been refunded in full.');
    expect((await world.db.select().from(discountCodes).where(eq(discountCodes.id, once.id)))[0]!.currentUses).toBe(1);
    expect(await seatsTaken(open.id)).toBe(1);
    await expectInvariants();
  });

  it('book a late payment whose hold ran out when its seat and code use are still there', async () => {
    const open = await date();
    const twice = await code({ maxUses: 2, discountPercent: 10 });
    const who = person('Dawdler');
    const { paymentIntentId } = await openPayment(open.id, who, twice.code);
    await world.advance(16);
    expect(await seatsTaken(open.id)).toBe(0);
    world.stripe.succeed(paymentIntentId);
    expect((await complete(open.id, who, paymentIntentId)).statusCode).toBe(201);
    expect(await seatsTaken(open.id)).toBe(1);
    expect((await world.db.select().from(discountCodes).where(eq(discountCodes.id, twice.id)))[0]!.currentUses).toBe(1);
    await expectInvariants();
  });

  it('open no provider payment for a sold-out date', async () => {
    const full = await date({ seatsTotal: 1 });
    await openPayment(full.id, person());
    const intentsBefore = world.stripe.intents.size;
    const refused = await post('/api/create-payment-intent', { workshopDateId: full.id, customerInfo: person(), discountCode: '' });
    expect(refused.statusCode).toBe(409);
    expect(world.stripe.intents.size).toBe(intentsBefore);
  });

  it('book once and e-mail once when the browser and the webhook fulfil at the same moment', async () => {
    const open = await date();
    const who = person('Racer');
    const { paymentIntentId } = await openPayment(open.id, who);
    world.stripe.succeed(paymentIntentId);
    const [browser, webhook] = await Promise.all([complete(open.id, who, paymentIntentId), world.send(world.webhookCall(paymentIntentId))]);
    expect(browser.statusCode).toBe(201);
    expect(webhook.statusCode).toBe(200);
    expect(await world.db.select().from(bookings).where(eq(bookings.workshopDateId, open.id))).toHaveLength(1);
    expect(await mailTo(who.email, 'booking-paid')).toHaveLength(1);
    await expectInvariants();
  });

  it('tell a buyer who already holds a seat on the date before they pay again', async () => {
    const open = await date();
    const who = person('Again');
    expect((await openPayment(open.id, who)).alreadyBooked).toBe(false);
    expect((await reserve(open.id, who)).statusCode).toBe(201);
    const again = await openPayment(open.id, { ...who, email: who.email.toUpperCase() });
    expect(again.alreadyBooked).toBe(true);
  });
});

describe('rules a hand-made fault used to slip past', () => {
  it('refunds a payment whose provider record names another date (402), and gives its held seat back', async () => {
    const open = await date();
    const other = await date();
    const who = person('Elsewhere');
    const { paymentIntentId } = await openPayment(open.id, who);
    world.stripe.intents.get(paymentIntentId)!.metadata.workshopDateId = String(other.id);
    world.stripe.succeed(paymentIntentId);
    const paid = await complete(open.id, who, paymentIntentId);
    expect(paid.statusCode).toBe(402);
    expect(paid.json().code).toBe('payment_mismatch_refunded');
    expect(await world.db.select().from(bookings).where(eq(bookings.stripePaymentId, paymentIntentId))).toHaveLength(0);
    expect([...world.stripe.refunds.values()].filter((r) => r.payment_intent === paymentIntentId).map((r) => r.amount)).toEqual([49900]);
    expect(await seatsTaken(open.id)).toBe(0);
    expect(await seatsTaken(other.id)).toBe(0);
    await expectInvariants();
  });

  it('sends one refund when two admins approve the same request at once', async () => {
    // The second approval comes a little later in each round, so that in some round it claims
    // while the first records its refund: the interleaving that deadlocked on PostgreSQL when the
    // two took the booking's and the request's rows in opposite orders.
    const open = await date({ seatsTotal: 20 });
    const sales = [];
    for (let round = 0; round < 12; round += 1) {
      const who = person(`TwoAdmins${round}`);
      const { paymentIntentId } = await openPayment(open.id, who);
      world.stripe.succeed(paymentIntentId);
      const bookingId = (await complete(open.id, who, paymentIntentId)).json().id as number;
      const requested = await world.send({ method: 'POST', url: `/api/participant/refund-request/${bookingId}`, payload: { reason: 'I can no longer attend, sorry.' }, admin: true });
      expect(requested.statusCode).toBe(201);
      sales.push({ who, paymentIntentId, bookingId, requestId: requested.json().refundRequest.id as number });
    }
    for (const [round, sale] of sales.entries()) {
      const approve = { method: 'PUT' as const, url: `/api/admin/refund-requests/${sale.requestId}`, payload: { status: 'APPROVED', notes: null }, admin: true };
      const later = new Promise<void>((resolve) => setTimeout(resolve, round * 2)).then(() => world.send(approve));
      const answers = await Promise.all([world.send(approve), later]);
      expect(answers.map((a) => a.statusCode).sort(), `round ${round}`).toEqual([200, 409]);
      expect([...world.stripe.refunds.values()].filter((r) => r.payment_intent === sale.paymentIntentId)).toHaveLength(1);
      expect(await booking(sale.bookingId)).toMatchObject({ status: 'refunded' });
    }
    expect(await seatsTaken(open.id)).toBe(0);
    const { who, bookingId } = sales[0]!;

    // A refunded booking cannot be cancelled afterwards.
    const cancelled = await world.send({ method: 'POST', url: `/api/participant/cancel-booking/${bookingId}`, payload: { email: who.email }, admin: true });
    expect(cancelled.statusCode).toBe(409);
    expect(await seatsTaken(open.id)).toBe(0);
    await expectInvariants();
  });

  it('refuses a cancelled reservation\'s pay link, and refunds a payment that still went through', async () => {
    const open = await date();
    const who = person('Cancelled');
    const id = await reserved(open.id, who);
    const intentId = await payLinkIntent(id, who, open.id);
    const cancelled = await world.send({ method: 'POST', url: `/api/participant/cancel-booking/${id}`, payload: { email: who.email }, admin: true });
    expect(cancelled.statusCode).toBe(200);
    expect(world.stripe.intents.get(intentId)!.status).toBe('canceled');
    expect((await openPayLink(id, who, open.id)).statusCode).toBe(409);
    await expectInvariants();
  });

  it('lets no admin-users row without isAdmin read a participant\'s bookings', async () => {
    const open = await date();
    const who = person('Private');
    expect((await reserve(open.id, who)).statusCode).toBe(201);
    const staff = { email: 'staff@lifecycle.test', password: 'a long enough password' };
    const { headers } = await loginAsAdmin(world.app, staff);
    await world.db.update(adminUsers).set({ isAdmin: false }).where(eq(adminUsers.email, staff.email));
    const read = await world.app.inject({ url: `/api/participant/bookings?email=${encodeURIComponent(who.email)}`, headers });
    expect(read.statusCode).toBe(401);
    expect(read.body).not.toContain(who.email);
  });
});

describe('sequences the model-based test shrank to', () => {
  it('a reservation made free by a code and deleted by the admin gives the code\'s use back', async () => {
    const open = await date();
    const free = await code({ discountPercent: 100, maxUses: 2 });
    const id = (await reserve(open.id, person(), free.code)).json().id as number;
    expect((await world.db.select().from(discountCodes).where(eq(discountCodes.id, free.id)))[0]!.currentUses).toBe(1);
    expect((await world.send({ method: 'DELETE', url: `/api/admin/bookings/${id}`, admin: true })).statusCode).toBe(200);
    expect((await world.db.select().from(discountCodes).where(eq(discountCodes.id, free.id)))[0]!.currentUses).toBe(0);
    await expectInvariants();
  });

  it('a reservation on a date the admin deactivated cannot be marked as paid offline (no new money)', async () => {
    const open = await date();
    const id = await reserved(open.id, person());
    expect((await world.send({ method: 'PUT', url: `/api/admin/workshop-dates/${open.id}`, payload: { isActive: false }, admin: true })).statusCode).toBe(200);
    const marked = await world.send({ method: 'POST', url: `/api/admin/bookings/${id}/mark-paid`, payload: {}, admin: true });
    expect(marked.statusCode).toBe(409);
    expect(marked.json()).toEqual({
      code: 'date_unavailable',
      message: 'This workshop date is deactivated, so it takes no payments. Activate the date first if this reservation was really paid.',
    });
    expect(await booking(id)).toMatchObject({ status: 'reserved', isPaid: false });
    await expectInvariants();
  });
});

describe('the Stripe webhook', () => {
  it('is not recorded as handled while the provider does not report the payment as succeeded, so its retry books', async () => {
    const open = await date();
    const who = person('Early');
    const { paymentIntentId } = await openPayment(open.id, who);
    const early = world.webhookCall(paymentIntentId);
    const first = await world.send(early);
    expect(first.statusCode).toBe(503);
    expect(await world.db.select().from(processedWebhookEvents)).not.toContainEqual(expect.objectContaining({ id: JSON.parse(early.webhook!).id }));

    world.stripe.succeed(paymentIntentId);
    memory.reported.add(paymentIntentId);
    const retry = await world.send(early);
    expect(retry.statusCode).toBe(200);
    expect(await world.db.select().from(bookings).where(eq(bookings.stripePaymentId, paymentIntentId))).toHaveLength(1);
    expect(await orderOfPayment(world.db, paymentIntentId)).toMatchObject({ status: 'placed', holdExpiresAt: null });
    await expectInvariants();
  });
});
