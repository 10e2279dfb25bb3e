/**
 * The checkout's rules that the lifecycle tests pass by (docs/decisions/008-booking-lifecycle.md):
 * a checkout asked for again once its order was settled or its hold released, holds that ran out
 * freeing a full date, a reservation's pay link, free bookings and the reservation terms. Each test names one rule
 * and states it in the product's own words and numbers. Where a rule depends on the instant (the
 * 15-minute hold window, a sweep that has not run yet), the service is called with its own clock.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingMail } from '../../src/app/server/booking-mail';
import type { BookingDeps } from '../../src/features/booking/server/booking-deps';
import { createPaymentIntent } from '../../src/features/booking/server/open-checkout';
import { confirmReservation } from '../../src/features/booking/server/confirm-reservation';
import { checkDiscountCode } from '../../src/features/booking/server/discount-check';
import { reserveBooking } from '../../src/features/booking/server/reserve-booking';
import { sendReservationReminders } from '../../src/features/booking/server/reservations';
import { releaseExpiredHolds } from '../../src/features/booking/server/seats';
import { orders, payments, workshopDates } from '../../src/server/db/schema';
import { createBookingWorld, type BookingWorld } from '../helpers/booking-world';
import { lifecycleSteps, type Person } from '../helpers/lifecycle-steps';
import { testDatabaseKind } from '../helpers/test-database';
import { holdRowLock } from '../helpers/row-lock';
import { orderIdOfBooking, orderOfPayment, paymentsOfOrder, pendingOrdersOn } from '../helpers/checkout-orders';

let world: BookingWorld;

beforeAll(async () => {
  world = await createBookingWorld();
});
afterAll(async () => {
  await world.close();
});

const { person, date, code, post, seatsTaken, booking: bookingRow, mailTo, reserve, reserved, openPayLink, payLinkIntent, setActive, complete, expectInvariants } = lifecycleSteps(
  () => world,
  { lastName: 'Checkout', emailDomain: 'checkout.test' },
);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const SOLD_OUT = { code: 'sold_out', message: 'Sorry, this workshop is fully booked.' };
const NOT_PAYABLE = { code: 'not_payable', message: 'This booking has already been paid or cancelled.' };
const DATE_UNAVAILABLE = { code: 'date_unavailable', message: 'This workshop date is no longer available, so this booking cannot be paid.' };
const PAY_LINK_INVALID = { code: 'pay_link_invalid', message: 'This payment link is invalid or has expired.' };

/** The lifecycle's dependencies with the clock stopped at `at`. */
const depsAt = (at: Date): BookingDeps => ({ ...world.deps, mail: bookingMail({ publicUrl: world.deps.publicUrl, now: () => at }), now: () => at });
/** Pay now, as the checkout asks for it at the instant `at`. */
const checkoutAt = (at: Date, dateId: number, who: Person, discountCode = '') =>
  createPaymentIntent(depsAt(at), { workshopDateId: dateId, customer: { ...who, discountCode, subscribedToNewsletter: false }, seats: 1, attendees: [] });
/** An instant a minute into the current 15-minute hold window, so a second request at most ten minutes later shares it. */
const startOfHoldWindow = () => new Date(Math.floor(world.clock().getTime() / (15 * MINUTE)) * 15 * MINUTE + MINUTE);

/** The state of the order a checkout's payment pays: 'pending' while it holds its seat, 'lapsed' or 'void' once it gave it back. */
const orderStatusOf = async (intentId: string) => (await orderOfPayment(world.db, intentId)).status;
/** The payments opened for a reservation's order, oldest first. */
const paymentsOf = async (bookingId: number) => paymentsOfOrder(world.db, await orderIdOfBooking(world.db, bookingId));
const freeBooking = (dateId: number, who: Person, discountCode: string) =>
  post('/api/bookings', { workshopDateId: dateId, ...who, discountCode, stripePaymentId: 'free-booking', isPaid: false });

describe('a checkout asked for again in the same hold window once its order is no longer pending', () => {
  it('a payment already refunded is never opened again: the same details open a new order and a new payment, holding one seat', async () => {
    const open = await date();
    const who = person('Refunded');
    const at = startOfHoldWindow();
    const refunded = await checkoutAt(at, open.id, who);
    expect((await setActive(open.id, false)).statusCode).toBe(200);
    world.stripe.succeed(refunded.paymentIntentId!);
    expect((await complete(open.id, who, refunded.paymentIntentId!)).statusCode).toBe(409);
    expect(await seatsTaken(open.id)).toBe(0);
    expect(await orderStatusOf(refunded.paymentIntentId!)).toBe('void');
    expect((await setActive(open.id, true)).statusCode).toBe(200);

    const again = await checkoutAt(new Date(at.getTime() + 5 * MINUTE), open.id, who);
    expect(again.paymentIntentId).toMatch(/^pi_/);
    expect(again.paymentIntentId).not.toBe(refunded.paymentIntentId);
    expect(again.orderId).not.toBe(refunded.orderId);
    expect(await orderStatusOf(refunded.paymentIntentId!)).toBe('void');
    expect((await pendingOrdersOn(world.db, open.id)).map((order) => ({ id: order.id, seats: order.seats }))).toEqual([{ id: again.orderId, seats: 1 }]);
    expect(await seatsTaken(open.id)).toBe(1);
    await expectInvariants();
  });

  it('one whose hold a sweep released early (its clock runs ahead) opens a new order with a new expiry: the seat is taken once', async () => {
    const open = await date({ seatsTotal: 3 });
    const who = person('Reload');
    const at = startOfHoldWindow();
    const first = await checkoutAt(at, open.id, who);
    expect(await releaseExpiredHolds(world.db, new Date(at.getTime() + 15 * MINUTE))).toBeGreaterThanOrEqual(1);
    expect(await seatsTaken(open.id)).toBe(0);
    expect(await orderStatusOf(first.paymentIntentId!)).toBe('lapsed');

    const reload = new Date(at.getTime() + 5 * MINUTE);
    const again = await checkoutAt(reload, open.id, who);
    expect(again.orderId).not.toBe(first.orderId);
    expect(again.paymentIntentId).not.toBe(first.paymentIntentId);
    expect(again.holdExpiresAt).toBe(new Date(reload.getTime() + 15 * MINUTE).toISOString());
    const pending = await pendingOrdersOn(world.db, open.id);
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ id: again.orderId, seats: 1, holdExpiresAt: new Date(reload.getTime() + 15 * MINUTE) });
    expect(await orderStatusOf(first.paymentIntentId!)).toBe('lapsed');
    expect(await seatsTaken(open.id)).toBe(1);
    await expectInvariants();
  });

  it('one still pending answers the same order and payment, and takes nothing more', async () => {
    const open = await date({ seatsTotal: 3 });
    const who = person('Twice');
    const at = startOfHoldWindow();
    const first = await checkoutAt(at, open.id, who);
    const again = await checkoutAt(new Date(at.getTime() + 5 * MINUTE), open.id, who);
    expect(again).toMatchObject({ orderId: first.orderId, paymentIntentId: first.paymentIntentId, holdExpiresAt: first.holdExpiresAt });
    expect(await pendingOrdersOn(world.db, open.id)).toHaveLength(1);
    expect(await seatsTaken(open.id)).toBe(1);
    await expectInvariants();
  });
});

describe('a full date and holds that ran out before any sweep', () => {
  it('the last seat held by a hold that ran out is given back, and a new checkout gets it', async () => {
    const full = await date({ seatsTotal: 1 });
    const at = world.clock();
    const slow = await checkoutAt(at, full.id, person('Slow'));
    expect(await seatsTaken(full.id)).toBe(1);

    const next = await checkoutAt(new Date(at.getTime() + 16 * MINUTE), full.id, person('Next'));
    expect(next.paymentIntentId).toMatch(/^pi_/);
    expect(next.paymentIntentId).not.toBe(slow.paymentIntentId);
    expect(await orderStatusOf(slow.paymentIntentId!)).toBe('lapsed');
    expect(await orderStatusOf(next.paymentIntentId!)).toBe('pending');
    expect(await seatsTaken(full.id)).toBe(1);
    await expectInvariants();
  });

  it('a full date stays refused when the holds that ran out were on other dates, and no payment is opened', async () => {
    const full = await date({ seatsTotal: 1 });
    await reserved(full.id, person('Holder'));
    const other = await date();
    const at = world.clock();
    const elsewhere = await checkoutAt(at, other.id, person('Elsewhere'));
    const intentsBefore = world.stripe.intents.size;

    await expect(checkoutAt(new Date(at.getTime() + 16 * MINUTE), full.id, person('Late'))).rejects.toMatchObject({ statusCode: 409, ...SOLD_OUT });
    expect(world.stripe.intents.size).toBe(intentsBefore);
    expect(await orderStatusOf(elsewhere.paymentIntentId!)).toBe('lapsed');
    expect(await seatsTaken(full.id)).toBe(1);
    expect(await seatsTaken(other.id)).toBe(0);
  });
});

describe('the payment description sent to the provider', () => {
  it('names the workshop, its date, time and time zone, or "date TBC", then the order and its seats', async () => {
    const dated = await date({ title: 'Watercolour Basics', date: 'June 3, 2031', time: '6:00 PM - 8:00 PM', timezone: 'Europe/Berlin' });
    const tbc = await date({ title: 'Ink Drawing', isTBC: true });
    /** The description of the payment the provider was asked to open for this date, and its order's reference. */
    const described = async (dateId: number) => {
      const { orderId } = await checkoutAt(world.clock(), dateId, person('Described'));
      const [order] = await world.db.select().from(orders).where(eq(orders.id, orderId!));
      const request = world.stripe.requests.find(
        (r) => r.method === 'POST' && r.path === '/v1/payment_intents' && typeof r.body.metadata === 'object' && r.body.metadata.workshopDateId === String(dateId),
      );
      return { description: request?.body.description, reference: order!.reference };
    };
    const watercolour = await described(dated.id);
    expect(watercolour.description).toBe(`Watercolour Basics — June 3, 2031 6:00 PM - 8:00 PM Europe/Berlin · Order ${watercolour.reference}: 1 seat`);
    const ink = await described(tbc.id);
    expect(ink.description).toBe(`Ink Drawing — date TBC · Order ${ink.reference}: 1 seat`);
  });
});

describe('a reservation\'s pay link', () => {
  /** A reservation whose pay link opened a payment, which the provider then puts in this status. */
  async function payLinkOpenedThen(status: 'processing' | 'canceled', name: string) {
    const open = await date();
    const who = person(name);
    const id = await reserved(open.id, who);
    const first = await payLinkIntent(id, who, open.id);
    Object.assign(world.stripe.intents.get(first)!, { status });
    return { open, who, id, first };
  }


  it('reuses a payment the provider is still processing rather than opening a second one', async () => {
    const { open, who, id, first } = await payLinkOpenedThen('processing', 'Processing');

    expect(await payLinkIntent(id, who, open.id)).toBe(first);
    expect(await paymentsOf(id)).toHaveLength(1);
  });

  it('opens a new payment when the earlier one was canceled at the provider', async () => {
    const { open, who, id, first } = await payLinkOpenedThen('canceled', 'Canceled');

    const second = await payLinkIntent(id, who, open.id);
    expect(second).toMatch(/^pi_/);
    expect(second).not.toBe(first);
    expect((await paymentsOf(id)).map((row) => row.providerPaymentId)).toEqual([first, second]);
  });

  it('opens a new payment when the provider does not know the earlier one', async () => {
    const open = await date();
    const who = person('Unknown');
    const id = await reserved(open.id, who);
    const ghost = 'pi_unknown_to_the_provider';
    await world.db.insert(payments).values({ provider: 'stripe', providerPaymentId: ghost, workshopDateId: open.id, orderId: await orderIdOfBooking(world.db, id), amountCents: 49900 });

    const opened = await payLinkIntent(id, who, open.id);
    expect(opened).toMatch(/^pi_/);
    expect(opened).not.toBe(ghost);
  });

  it('opens a new payment when the earlier one was refunded (a mismatched amount), the reservation kept', async () => {
    const open = await date();
    const who = person('Mismatch');
    const id = await reserved(open.id, who);
    const first = await payLinkIntent(id, who, open.id);
    world.stripe.intents.get(first)!.amount = 100;
    world.stripe.succeed(first);
    expect((await complete(open.id, who, first)).json().code).toBe('payment_mismatch_refunded');
    expect(await bookingRow(id)).toMatchObject({ status: 'reserved', isPaid: false });

    const second = await payLinkIntent(id, who, open.id);
    expect(second).not.toBe(first);
    expect(world.stripe.intents.get(second)!.amount).toBe(49900);
  });

  it('books a payment that already succeeded at the provider instead of opening another, and answers 409 not_payable', async () => {
    const open = await date();
    const who = person('Paid');
    const id = await reserved(open.id, who);
    const paid = await payLinkIntent(id, who, open.id);
    world.stripe.succeed(paid);
    const intentsBefore = world.stripe.intents.size;

    const response = await openPayLink(id, who, open.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(NOT_PAYABLE);
    expect(await bookingRow(id)).toMatchObject({ status: 'confirmed', isPaid: true, stripePaymentId: paid });
    expect(world.stripe.intents.size).toBe(intentsBefore);
    await expectInvariants();
  });

  it('for a booking that is not reserved (already confirmed) answers 409 not_payable, in its words', async () => {
    const open = await date();
    const who = person('Confirmed');
    const free = await code({ discountPercent: 100 });
    const booked = await freeBooking(open.id, who, free.code);
    expect(booked.statusCode, booked.body).toBe(201);

    const response = await openPayLink(booked.json().id, who, open.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(NOT_PAYABLE);
  });

  it('cannot pay for a date that was withdrawn or has started: 409 date_unavailable, in its words', async () => {
    const withdrawn = await date();
    const who = person('Withdrawn');
    const id = await reserved(withdrawn.id, who);
    expect((await setActive(withdrawn.id, false)).statusCode).toBe(200);
    const response = await openPayLink(id, who, withdrawn.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(DATE_UNAVAILABLE);

    // Started, and the expiry sweep has not yet run.
    const startsAt = new Date(world.clock().getTime() + 2 * HOUR);
    const soon = await date({ startsAt, endsAt: new Date(startsAt.getTime() + 2 * HOUR) });
    const late = person('Started');
    const lateId = await reserved(soon.id, late);
    const afterStart = new Date(startsAt.getTime() + MINUTE);
    await expect(
      createPaymentIntent(depsAt(afterStart), {
        workshopDateId: soon.id,
        customer: { ...late, discountCode: '', subscribedToNewsletter: false },
        seats: 1,
        attendees: [],
        bookingId: lateId,
        payToken: world.payToken(lateId),
      }),
    ).rejects.toMatchObject({ statusCode: 409, ...DATE_UNAVAILABLE });
  });

  it('with a token that is not this booking\'s is refused with 403 pay_link_invalid, in its words', async () => {
    // 8 seats: room for two reservations in the date's 25 % share.
    const open = await date({ seatsTotal: 8 });
    const who = person('Forger');
    const id = await reserved(open.id, who);
    const otherId = await reserved(open.id, person('Victim'));

    const pay = await post('/api/create-payment-intent', { workshopDateId: open.id, customerInfo: who, bookingId: id, payToken: world.payToken(otherId) });
    expect(pay.statusCode).toBe(403);
    expect(pay.json()).toEqual(PAY_LINK_INVALID);
    const details = await world.app.inject({ method: 'GET', url: `/api/bookings/${id}/payment-details?token=not-a-token` });
    expect(details.statusCode).toBe(403);
    expect(details.json()).toEqual(PAY_LINK_INVALID);
    expect(await paymentsOf(id)).toHaveLength(0);
  });

  it('of a booking that no longer exists shows 404 Booking not found', async () => {
    const missing = 987_654;
    const response = await world.app.inject({ method: 'GET', url: `/api/bookings/${missing}/payment-details?token=${encodeURIComponent(world.payToken(missing))}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Booking not found' });
  });
});

describe('a single-use code held by a checkout that was abandoned', () => {
  it('is usable again the moment the hold ends, before the sweep comes by', async () => {
    const open = await date();
    const once = await code({ maxUses: 1, discountPercent: 10 });
    const at = startOfHoldWindow();
    await checkoutAt(at, open.id, person('Abandons'), once.code);
    // While the hold lasts, its one use is taken.
    await expect(checkoutAt(new Date(at.getTime() + 5 * MINUTE), open.id, person('Early'), once.code)).rejects.toMatchObject({ statusCode: 400, code: 'discount_code_invalid' });
    await expect(checkDiscountCode(world.db, open.id, once.code, new Date(at.getTime() + 5 * MINUTE))).rejects.toMatchObject({
      statusCode: 400,
      message: 'This discount code has been used the maximum number of times.',
    });

    // A second after the hold ran out; the sweep (every 30 s, on real time) has not run.
    const after = new Date(at.getTime() + 15 * MINUTE + 1000);
    expect(await checkDiscountCode(world.db, open.id, once.code, after)).toMatchObject({ code: once.code, discountPercent: 10 });
    const next = await checkoutAt(after, open.id, person('Next'), once.code);
    expect(next).toMatchObject({ discountApplied: true, amount: 449.1 });
    expect(await seatsTaken(open.id)).toBe(1);
    await expectInvariants();
  });
});

describe('free bookings', () => {
  it('without a discount code are refused with 402, in their words', async () => {
    const open = await date();
    const response = await freeBooking(open.id, person('Nocode'), '');
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ code: 'payment_required', message: 'A free booking needs a discount code that covers the full price.' });
    expect(await seatsTaken(open.id)).toBe(0);
  });

  it('with a code that does not cover the full price are refused with 402, in their words', async () => {
    const open = await date();
    const tenOff = await code({ discountPercent: 10 });
    const response = await freeBooking(open.id, person('Partial'), tenOff.code);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ code: 'payment_required', message: 'This discount code does not cover the full price. Please pay by card.' });
    expect(await seatsTaken(open.id)).toBe(0);
  });
});

describe('reservations', () => {
  it('keep the discount code they were made with, and an empty one when none was given', async () => {
    const open = await date({ seatsTotal: 8 });
    await code({ code: 'RULES-TEN', discountPercent: 10 });
    const plain = await reserved(open.id, person('Plain'));
    const coded = (await reserve(open.id, person('Coded'), 'RULES-TEN')).json().id as number;
    expect((await bookingRow(plain)).discountCode).toBe('');
    expect(await bookingRow(coded)).toMatchObject({ discountCode: 'RULES-TEN', discountAmountCents: 4990 });
  });

  it('count toward the limit of 3 per address however it is spaced or capitalised', async () => {
    const open = await date({ seatsTotal: 12 });
    const who = person('Ann');
    for (let i = 0; i < 3; i++) await reserved(open.id, who);
    // ann.N@checkout.test as typed another time: ' Ann.N@Checkout.test '.
    const fourth = await reserve(open.id, { ...who, email: ` ${who.email.replace('ann', 'Ann').replace('checkout', 'Checkout')} ` });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toEqual({
      code: 'reservation_limit',
      message: 'You already hold 3 unpaid reservations. Please pay for or cancel one of them before reserving another seat.',
    });
    expect(await seatsTaken(open.id)).toBe(3);
  });

  it('one that runs out within a day of its confirmation (the workshop starts sooner) is marked reminded when confirmed, and no reminder follows', async () => {
    const at = world.clock();
    const soon = await date({ startsAt: new Date(at.getTime() + 10 * HOUR), endsAt: new Date(at.getTime() + 12 * HOUR) });
    const dayAway = await date({ startsAt: new Date(at.getTime() + 24 * HOUR), endsAt: new Date(at.getTime() + 26 * HOUR) });
    const hurried = person('Hurried');
    const form = (dateId: number, who: Person) => ({ workshopDateId: dateId, ...who, discountCode: '', paymentMode: 'pay_later' as const, subscribedToNewsletter: false, seats: 1, attendees: [] });

    const reserveAndConfirm = async (dateId: number, who: Person) => {
      const { id } = (await reserveBooking(depsAt(at), form(dateId, who))).seats[0]!;
      return (await confirmReservation(depsAt(at), id, world.confirmToken(id))).booking;
    };
    const inTenHours = await reserveAndConfirm(soon.id, hurried);
    expect(inTenHours.reservationExpiresAt?.getTime()).toBe(at.getTime() + 10 * HOUR);
    expect(inTenHours.reservationRemindedAt?.getTime()).toBe(at.getTime());
    const inADay = await reserveAndConfirm(dayAway.id, person('DayAway'));
    expect(inADay.reservationExpiresAt?.getTime()).toBe(at.getTime() + 24 * HOUR);
    expect(inADay.reservationRemindedAt?.getTime()).toBe(at.getTime());

    await sendReservationReminders(world.deps, new Date(at.getTime() + HOUR));
    expect(await mailTo(hurried.email, 'reservation-reminder')).toHaveLength(0);
    expect(await mailTo(hurried.email, 'booking-reserved')).toHaveLength(1);
  });

  it('one that runs out in more than a day is not marked reminded when confirmed, and holds 48 hours from its confirmation', async () => {
    const at = world.clock();
    const open = await date();
    const [made] = (await reserveBooking(depsAt(at), { workshopDateId: open.id, ...person('Unhurried'), discountCode: '', paymentMode: 'pay_later', subscribedToNewsletter: false, seats: 1, attendees: [] })).seats;
    expect(made!.reservationExpiresAt?.getTime()).toBe(at.getTime() + 15 * MINUTE);
    const confirmedAt = new Date(at.getTime() + 10 * MINUTE);
    const { booking: row } = await confirmReservation(depsAt(confirmedAt), made!.id, world.confirmToken(made!.id));
    expect(row.reservationExpiresAt?.getTime()).toBe(confirmedAt.getTime() + 48 * HOUR);
    expect(row.reservationRemindedAt).toBeNull();
  });

  it('on a date that needs payment when booking, a code covering the full price still books a free, confirmed seat', async () => {
    const strict = await date({ requiresImmediatePayment: true });
    const free = await code({ discountPercent: 100 });
    const response = await reserve(strict.id, person('Strict'), free.code);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ status: 'confirmed', isPaid: false, finalPrice: 0 });
    expect((await bookingRow(response.json().id)).reservationExpiresAt).toBeNull();
    expect(await seatsTaken(strict.id)).toBe(1);
  });
});

if (testDatabaseKind === 'postgres') {
  // Transactions run side by side only on a server; embedded PGlite runs one at a time.
  describe('reservations made at once (PostgreSQL)', () => {
    /** Waits until `n` of this database's sessions wait on a lock, or `done` settles; false after 5 s. */
    async function sessionsWaiting(n: number, done?: Promise<unknown>) {
      let settled = false;
      void done?.then(
        () => (settled = true),
        () => (settled = true),
      );
      for (let i = 0; i < 100; i++) {
        if (settled) return true;
        const result = await world.db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
        if ((result as unknown as { rows: { n: number }[] }).rows[0]!.n >= n) return true;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return false;
    }

    /** Another buyer holds this date's row, so a reservation there waits before it commits; call the answer to let it go. */
    const holdDateRow = (dateId: number) => holdRowLock(world.db, workshopDates, dateId);

    it('by one address holding 2 cannot both pass the limit of 3', async () => {
      const who = person('Racer');
      const first = await date({ seatsTotal: 8 });
      const slow = await date();
      const quick = await date();
      await reserved(first.id, who);
      await reserved(first.id, who);

      const unlock = await holdDateRow(slow.id);
      const third = reserve(slow.id, who);
      expect(await sessionsWaiting(1)).toBe(true);
      const fourth = reserve(quick.id, who);
      expect(await sessionsWaiting(2, fourth)).toBe(true);
      await unlock();

      const statuses = [(await third).statusCode, (await fourth).statusCode];
      expect(statuses).toEqual([201, 409]);
      expect(await seatsTaken(quick.id)).toBe(0);
    });

    it('by different addresses do not wait for each other', async () => {
      const slow = await date();
      const quick = await date();
      const unlock = await holdDateRow(slow.id);
      const waiting = reserve(slow.id, person('Waiting'));
      expect(await sessionsWaiting(1)).toBe(true);
      let settled = false;
      const other = reserve(quick.id, person('Other')).finally(() => (settled = true));
      await sessionsWaiting(2, other);
      const answeredMeanwhile = settled;
      await unlock();

      expect(answeredMeanwhile, 'the other address is answered while the first reservation waits').toBe(true);
      expect((await other).statusCode).toBe(201);
      expect((await waiting).statusCode).toBe(201);
    });
  });
}
