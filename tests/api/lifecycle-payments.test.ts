/**
 * The payment side of the booking lifecycle, rule by rule (docs/decisions/008-booking-lifecycle.md):
 * fulfilling a payment, refunding one that cannot book, the refund sweep, the reservation sweeps and
 * the seat holds. Each test names one rule and states it in the product's own words and numbers;
 * they are small on purpose, so `npm run mutate` can run them first (decision 009).
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, bookings, discountCodes, payments } from '../../src/server/db/schema';
import { fulfilPayment } from '../../src/features/booking/server/fulfil-payment';
import { finishPendingRefunds, refundedPaymentError, sendPaymentRefund } from '../../src/features/booking/server/payment-refunds';
import { cancelOpenPayments, expireReservations, sendReservationReminders } from '../../src/features/booking/server/reservations';
import type { BookingDeps } from '../../src/features/booking/server/booking-deps';
import type { PaymentProvider } from '../../src/server/payments/payment-provider';
import { createBookingWorld, type BookingWorld } from '../helpers/booking-world';
import { lifecycleSteps, type Person } from '../helpers/lifecycle-steps';
import { testDatabaseKind } from '../helpers/test-database';
import { holdRowLock } from '../helpers/row-lock';
import { insertOrderRow, orderIdOfBooking, orderOfPayment } from '../helpers/checkout-orders';

let world: BookingWorld;

beforeAll(async () => {
  world = await createBookingWorld();
});
afterAll(async () => {
  await world.close();
});

const { person, date, code, post, seatsTaken, booking: bookingRow, mailTo, reserved: reserve, openPayment, payLinkIntent, setActive, complete, expectInvariants } = lifecycleSteps(
  () => world,
  { lastName: 'Rules', emailDomain: 'rules.test' },
);
const paymentRow = async (intentId: string) => (await world.db.select().from(payments).where(eq(payments.providerPaymentId, intentId)))[0]!;
const refundsAtProvider = (intentId: string) => [...world.stripe.refunds.values()].filter((refund) => refund.payment_intent === intentId);
/** The payment a pay-now checkout opened. */
const openPaymentId = async (dateId: number, who: Person, discountCode = '') => (await openPayment(dateId, who, discountCode)).paymentIntentId;

/** The app's provider with some calls replaced (an outage, a refusal). */
function providerWith(overrides: Partial<Pick<PaymentProvider, 'refund' | 'cancelIntent' | 'retrieveIntent'>>): PaymentProvider {
  const real = world.deps.payments;
  return {
    name: real.name,
    publicConfig: () => real.publicConfig(),
    createIntent: (input) => real.createIntent(input),
    retrieveIntent: overrides.retrieveIntent ?? ((id) => real.retrieveIntent(id)),
    cancelIntent: overrides.cancelIntent ?? ((id) => real.cancelIntent(id)),
    refund: overrides.refund ?? ((id, options) => real.refund(id, options)),
  };
}
const providerDown = () => Promise.reject(new Error('provider unreachable'));

/** The lifecycle's dependencies with spies where the app would wake the outbox and log. */
function depsWithSpies(payments: PaymentProvider = world.deps.payments) {
  const log = { warn: vi.fn(), error: vi.fn() };
  const onEmailQueued = vi.fn();
  const deps: BookingDeps = { ...world.deps, payments, log, onEmailQueued };
  return { deps, log, onEmailQueued };
}

/** A payment the provider reports in a way that does not match our record of it. */
async function foreignIntent(currency: string, metadata: Record<string, string>) {
  return world.deps.payments.createIntent({
    amountCents: 49900,
    currency: currency as 'usd',
    description: 'tampered',
    metadata,
    idempotencyKey: `foreign-${randomBytes(6).toString('hex')}`,
  });
}

const NOT_CONFIRMED = 'We could not confirm this payment. You have not been charged for a booking.';
const MISMATCH_REFUNDED = 'We could not match this payment to a booking. It has been refunded in full.';
const DATE_WITHDRAWN_REFUNDED = 'This workshop date is no longer available. Your payment has been refunded in full.';

describe('completing a payment the server cannot confirm', () => {
  it('answers 402 payment_not_found, in its words, for a payment the server never opened', async () => {
    const open = await date();
    const response = await complete(open.id, person('Stranger'), `pi_${randomBytes(8).toString('hex')}`);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ code: 'payment_not_found', message: NOT_CONFIRMED });
  });

  it('answers 402 payment_not_confirmed when the provider does not know the payment we recorded', async () => {
    const open = await date();
    const who = person('Ghost');
    const ghost = `pi_${randomBytes(8).toString('hex')}`;
    // Its order's hold has run out, so the invariants count no seat for it.
    const order = await insertOrderRow(world.db, open.id, who, { status: 'lapsed' });
    await world.db.insert(payments).values({ provider: 'stripe', providerPaymentId: ghost, workshopDateId: open.id, orderId: order.id, amountCents: 49900 });
    const response = await complete(open.id, who, ghost);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ code: 'payment_not_confirmed', message: NOT_CONFIRMED });
    expect(await world.db.select().from(bookings).where(eq(bookings.workshopDateId, open.id))).toHaveLength(0);
  });
});

describe('a paid amount that does not match what the server priced is refunded (CONTRACT §3: 402)', () => {
  it('a reservation paid in another currency: refunded in full as a mismatch, the reservation kept', async () => {
    const open = await date();
    const who = person('Euro');
    const id = await reserve(open.id, who);
    const orderId = await orderIdOfBooking(world.db, id);
    const intent = await foreignIntent('eur', { workshopDateId: String(open.id), orderId: String(orderId) });
    await world.db.insert(payments).values({ provider: 'stripe', providerPaymentId: intent.id, workshopDateId: open.id, orderId, amountCents: 49900 });
    world.stripe.succeed(intent.id);

    const response = await complete(open.id, who, intent.id);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ code: 'payment_mismatch_refunded', message: MISMATCH_REFUNDED });
    expect(await paymentRow(intent.id)).toMatchObject({ status: 'refunded', refundReason: 'mismatch' });
    expect(refundsAtProvider(intent.id).map((refund) => refund.amount)).toEqual([49900]);
    expect(await bookingRow(id)).toMatchObject({ status: 'reserved', isPaid: false });
    expect(await seatsTaken(open.id)).toBe(1);
    expect(await mailTo(who.email, 'payment-refunded')).toHaveLength(1);
    await expectInvariants();
  });

  it('a payment whose provider record names another reservation: refunded, both reservations kept', async () => {
    const open = await date({ seatsTotal: 8 });
    const payer = person('Payer');
    const other = person('Other');
    const payerId = await reserve(open.id, payer);
    const otherId = await reserve(open.id, other);
    const intent = await foreignIntent('usd', { workshopDateId: String(open.id), orderId: String(await orderIdOfBooking(world.db, otherId)) });
    await world.db.insert(payments).values({ provider: 'stripe', providerPaymentId: intent.id, workshopDateId: open.id, orderId: await orderIdOfBooking(world.db, payerId), amountCents: 49900 });
    world.stripe.succeed(intent.id);

    const response = await complete(open.id, payer, intent.id);
    expect(response.statusCode).toBe(402);
    expect(response.json().code).toBe('payment_mismatch_refunded');
    expect((await bookingRow(payerId)).status).toBe('reserved');
    expect((await bookingRow(otherId)).status).toBe('reserved');
    expect(await seatsTaken(open.id)).toBe(2);
    await expectInvariants();
  });
});

describe('a settled payment keeps its outcome', () => {
  it('a refunded payment stays refunded however often it is completed again, even once its date is back on sale', async () => {
    const open = await date();
    const who = person('Again');
    const intentId = await openPaymentId(open.id, who);
    expect((await setActive(open.id, false)).statusCode).toBe(200);
    world.stripe.succeed(intentId);
    const first = await complete(open.id, who, intentId);
    expect(first.statusCode).toBe(409);
    expect(first.json()).toEqual({ code: 'payment_refunded', message: DATE_WITHDRAWN_REFUNDED });

    expect((await setActive(open.id, true)).statusCode).toBe(200);
    const again = await complete(open.id, who, intentId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'payment_refunded', message: DATE_WITHDRAWN_REFUNDED });
    expect((await world.send(world.webhookCall(intentId))).statusCode).toBe(200);
    expect(await world.db.select().from(bookings).where(eq(bookings.workshopDateId, open.id))).toHaveLength(0);
    expect(await seatsTaken(open.id)).toBe(0);
    expect(refundsAtProvider(intentId)).toHaveLength(1);
    expect(await mailTo(who.email, 'payment-refunded')).toHaveLength(1);

    // Settled is settled: a replay while the provider is down answers the same, asking it nothing.
    const outage = depsWithSpies(providerWith({ refund: providerDown, retrieveIntent: providerDown }));
    await expect(fulfilPayment(outage.deps, intentId)).rejects.toMatchObject({ statusCode: 409, message: DATE_WITHDRAWN_REFUNDED });
    expect(outage.log.error).not.toHaveBeenCalled();
    await expectInvariants();
  });

  it('a confirmed booking\'s payment, completed again while the provider is down, answers the booking from our records', async () => {
    const open = await date();
    const who = person('Offline');
    const intentId = await openPaymentId(open.id, who);
    world.stripe.succeed(intentId);
    const booked = await complete(open.id, who, intentId);
    expect(booked.statusCode).toBe(201);

    const outage = depsWithSpies(providerWith({ retrieveIntent: providerDown, refund: providerDown }));
    await expect(fulfilPayment(outage.deps, intentId)).resolves.toMatchObject({
      order: { id: booked.json().orderId, status: 'placed' },
      seats: [{ id: booked.json().id, status: 'confirmed', isPaid: true }],
    });
    expect(outage.onEmailQueued).toHaveBeenCalledTimes(1);
    expect(await mailTo(who.email, 'booking-paid')).toHaveLength(1);
  });

  it('a refund the provider refused stays owed: no booking on replay, the sweep sends it once and e-mails once', async () => {
    const open = await date();
    const who = person('Owed');
    const intentId = await openPaymentId(open.id, who);
    expect((await setActive(open.id, false)).statusCode).toBe(200);
    world.stripe.succeed(intentId);

    const outage = depsWithSpies(providerWith({ refund: providerDown }));
    await expect(fulfilPayment(outage.deps, intentId)).rejects.toMatchObject({ statusCode: 409, code: 'payment_refunded', message: DATE_WITHDRAWN_REFUNDED });
    expect(outage.log.error).toHaveBeenCalledWith(expect.objectContaining({ paymentId: expect.any(Number) }), 'payment refund failed; the sweep will try again');
    expect(await paymentRow(intentId)).toMatchObject({ status: 'refunding', refundReason: 'date_unavailable' });
    expect(refundsAtProvider(intentId)).toHaveLength(0);

    // Back on sale, replayed while the refund is still owed: it must not book.
    expect((await setActive(open.id, true)).statusCode).toBe(200);
    await expect(fulfilPayment(outage.deps, intentId)).rejects.toMatchObject({ statusCode: 409 });
    expect(await finishPendingRefunds(outage.deps)).toBe(0);
    expect((await paymentRow(intentId)).status).toBe('refunding');
    expect(await mailTo(who.email, 'payment-refunded')).toHaveLength(0);

    const sweep = depsWithSpies();
    expect(await finishPendingRefunds(sweep.deps)).toBe(1);
    expect(sweep.onEmailQueued).toHaveBeenCalledTimes(1);
    expect(await paymentRow(intentId)).toMatchObject({ status: 'refunded' });
    expect(refundsAtProvider(intentId).map((refund) => refund.amount)).toEqual([49900]);
    expect(await mailTo(who.email, 'payment-refunded')).toHaveLength(1);
    expect(await finishPendingRefunds(sweep.deps)).toBe(0);

    // A stale copy of the row sent again (a second instance's sweep): done, and nobody told twice.
    const stale = { ...(await paymentRow(intentId)), status: 'refunding' as const };
    const late = depsWithSpies();
    expect(await sendPaymentRefund(late.deps, stale)).toBe(true);
    expect(late.onEmailQueued).not.toHaveBeenCalled();
    expect(await mailTo(who.email, 'payment-refunded')).toHaveLength(1);
    expect(await world.db.select().from(bookings).where(eq(bookings.workshopDateId, open.id))).toHaveLength(0);
    await expectInvariants();
  });

  it('the payment of a deleted booking, replayed, is answered in its words and books nothing', async () => {
    const open = await date();
    const who = person('Removed');
    const intentId = await openPaymentId(open.id, who);
    world.stripe.succeed(intentId);
    const booked = await complete(open.id, who, intentId);
    expect(booked.statusCode).toBe(201);
    expect((await world.send({ method: 'DELETE', url: `/api/admin/bookings/${booked.json().id}?refund=false`, admin: true })).statusCode).toBe(200);

    const replayed = await complete(open.id, who, intentId);
    expect(replayed.statusCode).toBe(409);
    expect(replayed.json()).toEqual({ code: 'booking_missing', message: 'This payment belongs to a booking that no longer exists.' });
    expect(await seatsTaken(open.id)).toBe(0);
  });
});

describe('paying a reservation', () => {
  it('completing a paid reservation again answers the same booking and refunds nothing', async () => {
    const open = await date();
    const who = person('Settled');
    const id = await reserve(open.id, who);
    const intentId = await payLinkIntent(id, who, open.id);
    world.stripe.succeed(intentId);
    const first = await complete(open.id, who, intentId);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ id, status: 'confirmed', isPaid: true });
    expect(await paymentRow(intentId)).toMatchObject({ status: 'succeeded', orderId: await orderIdOfBooking(world.db, id) });

    const again = await complete(open.id, who, intentId);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ id, status: 'confirmed' });
    expect(refundsAtProvider(intentId)).toHaveLength(0);
    expect(await mailTo(who.email, 'payment-refunded')).toHaveLength(0);
    expect(await seatsTaken(open.id)).toBe(1);
    await expectInvariants();
  });

  it('a reservation paid after its date was withdrawn: refunded with the reason, the reservation unpaid', async () => {
    const open = await date();
    const who = person('Withdrawn');
    const id = await reserve(open.id, who);
    const intentId = await payLinkIntent(id, who, open.id);
    expect((await setActive(open.id, false)).statusCode).toBe(200);
    world.stripe.succeed(intentId);

    const response = await complete(open.id, who, intentId);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'payment_refunded', message: DATE_WITHDRAWN_REFUNDED });
    expect(await paymentRow(intentId)).toMatchObject({ status: 'refunded', refundReason: 'date_unavailable' });
    expect(await bookingRow(id)).toMatchObject({ status: 'reserved', isPaid: false });
    expect(await mailTo(who.email, 'payment-refunded')).toHaveLength(1);
    await expectInvariants();
  });

  it('a reservation removed before its payment went through: the payer is told why, by e-mail too', async () => {
    const open = await date();
    const who = person('Late');
    const id = await reserve(open.id, who);
    const intentId = await payLinkIntent(id, who, open.id);
    world.stripe.succeed(intentId);
    expect((await world.send({ method: 'DELETE', url: `/api/admin/bookings/${id}`, admin: true })).statusCode).toBe(200);

    const response = await complete(open.id, who, intentId);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'payment_refunded',
      message: 'This booking was cancelled or had expired before the payment went through. Your payment has been refunded in full.',
    });
    expect(await paymentRow(intentId)).toMatchObject({ status: 'refunded', refundReason: 'booking_not_payable' });
    const [mail] = await mailTo(who.email, 'payment-refunded');
    expect(mail?.html).toContain('Your booking had been cancelled or had expired before your payment went through, so nothing was booked.');
  });
});

describe('the answer to a payer whose payment was refunded', () => {
  it('is 409 with the reason, and 402 for a mismatch or a reason it does not know', () => {
    expect(refundedPaymentError({ refundReason: 'sold_out' })).toMatchObject({
      statusCode: 409,
      code: 'sold_out_refunded',
      message: 'Sorry, the last seat was taken while you were paying. Your payment has been refunded in full.',
    });
    expect(refundedPaymentError({ refundReason: 'code_used_up' })).toMatchObject({
      statusCode: 409,
      code: 'payment_refunded',
      message: 'Sorry, the discount code was used up while you were paying. Your payment has been refunded in full.',
    });
    for (const refundReason of ['mismatch', null, '', 'toString', 'no-such-reason']) {
      expect(refundedPaymentError({ refundReason })).toMatchObject({ statusCode: 402, code: 'payment_mismatch_refunded', message: MISMATCH_REFUNDED });
    }
  });
});

describe('the reservation sweeps', () => {
  it('expiry records when and why, and wakes the outbox once per sweep that expired something', async () => {
    const open = await date();
    const who = person('Lapsed');
    const id = await reserve(open.id, who);
    const at = new Date(world.clock().getTime() + 49 * 3_600_000);
    const { deps, onEmailQueued } = depsWithSpies();

    expect(await expireReservations(deps, at)).toBeGreaterThanOrEqual(1);
    expect(onEmailQueued).toHaveBeenCalledTimes(1);
    const expired = await bookingRow(id);
    expect(expired.status).toBe('expired');
    expect(expired.cancelledAt?.getTime()).toBe(at.getTime());
    const audit = await world.db.select().from(auditLog).where(and(eq(auditLog.action, 'reservation_expired'), eq(auditLog.entityId, String(id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: 'system', entity: 'booking', details: { workshopDateId: open.id } });
    expect(await mailTo(who.email, 'reservation-expired')).toHaveLength(1);
    expect(await seatsTaken(open.id)).toBe(0);

    expect(await expireReservations(deps, at)).toBe(0);
    expect(onEmailQueued).toHaveBeenCalledTimes(1);
  });

  it('reminders go out once, a day before, and wake the outbox only when one was sent', async () => {
    const open = await date();
    const who = person('Reminded');
    const id = await reserve(open.id, who);
    const { deps, onEmailQueued } = depsWithSpies();

    expect(await sendReservationReminders(deps, new Date(world.clock().getTime() + 23 * 3_600_000))).toBe(0);
    expect(onEmailQueued).not.toHaveBeenCalled();
    const dayBefore = new Date(world.clock().getTime() + 25 * 3_600_000);
    expect(await sendReservationReminders(deps, dayBefore)).toBeGreaterThanOrEqual(1);
    expect(onEmailQueued).toHaveBeenCalledTimes(1);
    expect((await bookingRow(id)).reservationRemindedAt?.getTime()).toBe(dayBefore.getTime());
    expect(await mailTo(who.email, 'reservation-reminder')).toHaveLength(1);

    expect(await sendReservationReminders(deps, new Date(dayBefore.getTime() + 60_000))).toBe(0);
    expect(onEmailQueued).toHaveBeenCalledTimes(1);
    expect(await mailTo(who.email, 'reservation-reminder')).toHaveLength(1);
  });

  it('closing a reservation\'s open payments goes on past one the provider refuses, and logs it', async () => {
    const open = await date();
    const who = person('Tabs');
    const id = await reserve(open.id, who);
    const refused = await payLinkIntent(id, who, open.id);
    const orderId = await orderIdOfBooking(world.db, id);
    const second = await foreignIntent('usd', { workshopDateId: String(open.id), orderId: String(orderId) });
    await world.db.insert(payments).values({ provider: 'stripe', providerPaymentId: second.id, workshopDateId: open.id, orderId, amountCents: 49900 });

    const { deps, log } = depsWithSpies(
      providerWith({ cancelIntent: (intentId) => (intentId === refused ? providerDown() : world.deps.payments.cancelIntent(intentId)) }),
    );
    await cancelOpenPayments(deps, id);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn).toHaveBeenCalledWith({ err: expect.any(Error), bookingId: id }, 'could not cancel an open payment');
    expect((await paymentRow(refused)).status).toBe('requires_payment');
    expect((await paymentRow(second.id)).status).toBe('canceled');
    expect(world.stripe.intents.get(second.id)?.status).toBe('canceled');
  });
});

describe('seats held by a checkout (its pending order)', () => {
  it('a free booking on a full date is refused with 409 sold_out, in its words', async () => {
    const full = await date({ seatsTotal: 1 });
    await reserve(full.id, person('First'));
    const free = await code({ discountPercent: 100 });
    const response = await post('/api/bookings', { workshopDateId: full.id, ...person('Second'), discountCode: free.code, stripePaymentId: 'free-booking', isPaid: false });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'sold_out', message: 'Sorry, this workshop is fully booked.' });
    expect((await world.db.select().from(discountCodes).where(eq(discountCodes.id, free.id)))[0]!.currentUses).toBe(0);
    expect(await seatsTaken(full.id)).toBe(1);
  });

  it('a hold that ran out is released once: a refund after it never gives a seat back twice', async () => {
    const open = await date({ seatsTotal: 2 });
    const slow = person('Slow');
    const intentId = await openPaymentId(open.id, slow);
    await world.advance(16);
    expect((await orderOfPayment(world.db, intentId)).status).toBe('lapsed');
    expect(await seatsTaken(open.id)).toBe(0);
    await reserve(open.id, person('Meanwhile'));
    expect(await seatsTaken(open.id)).toBe(1);

    expect((await setActive(open.id, false)).statusCode).toBe(200);
    world.stripe.succeed(intentId);
    expect((await complete(open.id, slow, intentId)).statusCode).toBe(409);
    expect((await orderOfPayment(world.db, intentId)).status).toBe('void');
    expect(await seatsTaken(open.id)).toBe(1);
    await expectInvariants();
  });

  it('a held seat refunded because its date was withdrawn gives back its seat and its code\'s use', async () => {
    const open = await date();
    const tenOff = await code({ discountPercent: 10, maxUses: 5 });
    const who = person('Coded');
    const intentId = await openPaymentId(open.id, who, tenOff.code);
    expect((await world.db.select().from(discountCodes).where(eq(discountCodes.id, tenOff.id)))[0]!.currentUses).toBe(1);
    expect((await setActive(open.id, false)).statusCode).toBe(200);
    world.stripe.succeed(intentId);

    expect((await complete(open.id, who, intentId)).statusCode).toBe(409);
    expect((await orderOfPayment(world.db, intentId)).status).toBe('void');
    expect(await seatsTaken(open.id)).toBe(0);
    expect((await world.db.select().from(discountCodes).where(eq(discountCodes.id, tenOff.id)))[0]!.currentUses).toBe(0);
    await expectInvariants();
  });
});

if (testDatabaseKind === 'postgres') {
  // Row locks between instances exist only on a server; embedded PGlite runs one transaction at a time.
  describe('sweeps on several instances pass over rows another one holds (PostgreSQL)', () => {
    /** Holds a FOR UPDATE lock on the booking, as another instance's payment or sweep would, until released. */
    const lockBooking = (id: number) => holdRowLock(world.db, bookings, id);
    /** 'done' when the sweep finished within 5 s, 'waiting' when it sat behind the lock. */
    const within5s = (sweep: Promise<number>) => Promise.race([sweep.then(() => 'done'), new Promise((resolve) => setTimeout(() => resolve('waiting'), 5_000))]);

    it('the expiry sweep does not wait for a reservation that is being paid, and expires it on a later round', async () => {
      const open = await date();
      const id = await reserve(open.id, person('Busy'));
      const at = new Date(world.clock().getTime() + 49 * 3_600_000);
      const unlock = await lockBooking(id);
      const sweep = expireReservations(world.deps, at);
      const outcome = await within5s(sweep);
      await unlock();
      await sweep;
      expect(outcome).toBe('done');
      expect((await bookingRow(id)).status).toBe('reserved');
      await expireReservations(world.deps, at);
      expect((await bookingRow(id)).status).toBe('expired');
    });

    it('the reminder sweep does not wait for a reservation another instance holds', async () => {
      const open = await date();
      const id = await reserve(open.id, person('Held'));
      const dayBefore = new Date(world.clock().getTime() + 25 * 3_600_000);
      const unlock = await lockBooking(id);
      const sweep = sendReservationReminders(world.deps, dayBefore);
      const outcome = await within5s(sweep);
      await unlock();
      await sweep;
      expect(outcome).toBe('done');
      expect((await bookingRow(id)).reservationRemindedAt).toBeNull();
      await sendReservationReminders(world.deps, dayBefore);
      expect((await bookingRow(id)).reservationRemindedAt?.getTime()).toBe(dayBefore.getTime());
    });
  });
}
