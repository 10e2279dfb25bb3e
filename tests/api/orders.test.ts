/**
 * Orders with seats: one payment, one free code or one reservation buys several seats on one date,
 * each seat a booking of its own with the person on it (or unnamed, held by the buyer). Priced per
 * seat on the server, never past the seats that are left, a code's uses counted per seat, a double
 * click opening one payment while a second order on purpose opens another, and a seat's cancel
 * refunding that seat's share only. Driven through the real app, the real Stripe SDK against the
 * local Stripe double, on this run's database; the lifecycle's invariants checked after each.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, discountCodes, emailOutbox, orders, payments, refunds, workshopDates } from '../../src/server/db/schema';
import { insertBookingsWithOrders } from '../../src/server/db/single-seat-orders';
import { participantHeaders } from '../helpers/participant-session';
import { unfoldIcs } from '../../src/features/calendar/ics';
import { workshopInterval } from '../../src/common/dates';
import { TEST_ADMIN } from '../helpers/test-app';
import { createBookingWorld, type Answer, type BookingWorld } from '../helpers/booking-world';
import { lifecycleSteps } from '../helpers/lifecycle-steps';

let world: BookingWorld;
beforeAll(async () => {
  world = await createBookingWorld();
});
afterAll(async () => {
  await world.close();
});

const { person, date, code, post, seatsTaken, confirm, complete, expectInvariants } = lifecycleSteps(() => world, { lastName: 'Team', emailDomain: 'orders.test' });

const REFERENCE = /^[A-HJ-NP-Z2-9]{3}-[A-HJ-NP-Z2-9]{3}$/;
const attendee = (name: string) => {
  const { firstName, lastName, email } = person(name);
  return { firstName, lastName, email };
};
const checkout = (dateId: number, buyer: ReturnType<typeof person>, extra: object = {}) =>
  post('/api/create-payment-intent', { workshopDateId: dateId, customerInfo: buyer, ...extra });
const refundsOf = (intentId: string) => [...world.stripe.refunds.values()].filter((refund) => refund.payment_intent === intentId);
const ordersOn = (dateId: number) => world.db.select().from(orders).where(eq(orders.workshopDateId, dateId));
const seatsOfOrder = (orderId: number) => world.db.select().from(bookings).where(eq(bookings.orderId, orderId)).orderBy(bookings.id);

async function paidOrder(dateId: number, buyer: ReturnType<typeof person>, seats: number, attendees: object[]): Promise<Answer> {
  const opened = await checkout(dateId, buyer, { seats, attendees });
  expect(opened.statusCode, opened.body).toBe(200);
  world.stripe.succeed(opened.json().paymentIntentId);
  const done = await complete(dateId, buyer, opened.json().paymentIntentId);
  expect(done.statusCode, done.body).toBe(201);
  return done;
}

describe('a team lead buying three seats with one payment', () => {
  it('is charged three seats, gets one order of three bookings, and the unnamed seat is held by the buyer', async () => {
    const open = await date({ seatsTotal: 5, priceCents: 30_000 });
    const lead = person('Lead');
    const [colleague, other] = [attendee('Colleague'), attendee('Other')];

    const opened = await checkout(open.id, lead, { seats: 3, attendees: [colleague, other] });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ amount: 900, originalPrice: 900, seats: 3, isFree: false });
    expect(await seatsTaken(open.id)).toBe(3);
    expect(world.stripe.intents.get(opened.json().paymentIntentId)!.amount).toBe(90_000);

    world.stripe.succeed(opened.json().paymentIntentId);
    const done = await complete(open.id, lead, opened.json().paymentIntentId);
    expect(done.statusCode, done.body).toBe(201);
    const answer = done.json();
    expect(answer.orderReference).toMatch(REFERENCE);
    expect(answer.buyerEmail).toBe(lead.email);
    expect(answer.seats).toBe(3);
    expect(answer.bookings.map((seat: { email: string; named: boolean; finalPrice: number }) => [seat.email, seat.named, seat.finalPrice])).toEqual([
      [colleague.email, true, 300],
      [other.email, true, 300],
      [lead.email, false, 300],
    ]);
    expect(answer.id).toBe(answer.bookings[0].id);
    for (const seat of answer.bookings) expect(seat.orderId).toBe(answer.orderId);

    const [order] = await world.db.select().from(orders).where(eq(orders.id, answer.orderId));
    expect(order).toMatchObject({ status: 'placed', seats: 3, buyerEmail: lead.email, seatFinalCents: 30_000 });
    expect((await seatsOfOrder(order!.id)).map((seat) => [seat.status, seat.isPaid, seat.stripePaymentId])).toEqual(
      Array(3).fill(['confirmed', true, opened.json().paymentIntentId]),
    );
    expect(await seatsTaken(open.id)).toBe(3);
    // The browser, the webhook and a replay all get the same order: nothing more is taken.
    await world.send(world.webhookCall(opened.json().paymentIntentId));
    const again = await complete(open.id, lead, opened.json().paymentIntentId);
    expect(again.json().bookings.map((seat: { id: number }) => seat.id)).toEqual(answer.bookings.map((seat: { id: number }) => seat.id));
    expect(await seatsTaken(open.id)).toBe(3);
    await expectInvariants();
  });

  it('asking for more seats than are left is refused with how many are left, and holds nothing', async () => {
    const open = await date({ seatsTotal: 4 });
    await paidOrder(open.id, person('First'), 2, []);
    const refused = await checkout(open.id, person('Late'), { seats: 3 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'not_enough_seats', message: 'Only 2 seats are left on this date. Please choose 2 seats or fewer.' });
    expect(await seatsTaken(open.id)).toBe(2);
    expect((await ordersOn(open.id)).filter((order) => order.status === 'pending')).toEqual([]);
    const reserved = await post('/api/bookings/reserve', { workshopDateId: open.id, ...person('Later'), seats: 3 });
    expect(reserved.statusCode).toBe(409);
    expect(reserved.json().code).toBe('not_enough_seats');
    await expectInvariants();
  });

  it('names at most one person per seat, and at most ten seats', async () => {
    const open = await date({ seatsTotal: 20 });
    const tooMany = await checkout(open.id, person('Over'), { seats: 1, attendees: [attendee('Anna'), attendee('Bert')] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('Name at most one person per seat.');
    const eleven = await checkout(open.id, person('Eleven'), { seats: 11 });
    expect(eleven.statusCode).toBe(400);
    expect(eleven.json().message).toBe('Please choose between 1 and 10 seats');
    expect(await seatsTaken(open.id)).toBe(0);
  });
});

describe('the e-mails of an order', () => {
  const mailsTo = (email: string) => world.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
  /** What a sealed link in a queued e-mail will open: its purpose and subject. */
  const linksIn = (mail: typeof emailOutbox.$inferSelect) => (mail.sealedTokens ?? []).filter((token) => mail.html.includes(token.placeholder)).map((token) => [token.purpose, token.subject]);

  it('each named person gets their own confirmation and sign-in link; the buyer gets one order confirmation with the claim link of the unnamed seat', async () => {
    const open = await date({ seatsTotal: 5, priceCents: 25_000 });
    const lead = person('Buyer');
    const [colleague, twice] = [attendee('Named'), attendee('Twice')];
    const done = await paidOrder(open.id, lead, 4, [colleague, twice, twice]);
    const seats = done.json().bookings as { id: number; named: boolean }[];

    const toColleague = await mailsTo(colleague.email);
    expect(toColleague.map((mail) => mail.kind)).toEqual(['booking-paid']);
    expect(toColleague[0]!.html).toContain('Buyer Team booked this seat for you');
    expect(toColleague[0]!.html).not.toContain('$250.00');
    expect(linksIn(toColleague[0]!)).toContainEqual(['participant-access', colleague.email.toLowerCase()]);
    expect(toColleague[0]!.attachments).toHaveLength(1);
    // One address on two seats: one e-mail per seat, never two of the same seat.
    const toTwice = await mailsTo(twice.email);
    expect(toTwice.map((mail) => mail.kind)).toEqual(['booking-paid', 'booking-paid']);
    expect(new Set(toTwice.map((mail) => /<strong>Booking<\/strong><\/td><td>#(\d+)/.exec(mail.html)![1])).size).toBe(2);

    const toBuyer = await mailsTo(lead.email);
    expect(toBuyer.map((mail) => mail.kind)).toEqual(['order-paid']);
    const order = toBuyer[0]!;
    expect(order.subject).toBe(`Your order ${done.json().orderReference}: 4 seats for ${open.title}`);
    expect(order.html).toContain('$1,000.00');
    for (const name of ['Named Team', 'Twice Team']) expect(order.html).toContain(name);
    const unnamed = seats.filter((seat) => !seat.named);
    expect(unnamed).toHaveLength(1);
    expect(linksIn(order).filter(([purpose]) => purpose === 'claim-seat')).toEqual([['claim-seat', `${unnamed[0]!.id}.0`]]);
  });

  it('a seat an admin moves is told it moved, from when to when, with the same calendar event at a higher SEQUENCE and no payment wording', async () => {
    const from = await date({ seatsTotal: 5, title: 'Moving Workshop' });
    const weekLater = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(from.startsAt!.getTime() + 7 * 86_400_000));
    const interval = workshopInterval(weekLater, from.time, 'UTC')!;
    const to = await date({ seatsTotal: 5, title: 'Moving Workshop', date: weekLater, startsAt: interval.start, endsAt: interval.end });
    const mover = attendee('Mover');
    const done = await paidOrder(from.id, person('Payer'), 2, [mover]);
    const seat = done.json().bookings[0];
    const moved = await world.send({ method: 'POST', url: `/api/admin/bookings/${seat.id}/move`, payload: { workshopDateId: to.id }, admin: true });
    expect(moved.statusCode, moved.body).toBe(200);

    const mails = await mailsTo(mover.email);
    expect(mails.map((mail) => mail.kind)).toEqual(['booking-paid', 'booking-moved']);
    const [first, moveMail] = mails as [typeof emailOutbox.$inferSelect, typeof emailOutbox.$inferSelect];
    expect(moveMail.text).toMatch(/Your seat has moved from .+ to .+\./);
    expect(moveMail.html).not.toMatch(/\$\d|payment|paid/i);
    const ics = (mail: typeof emailOutbox.$inferSelect) => unfoldIcs(Buffer.from(mail.attachments![0]!.content, 'base64').toString('utf8'));
    const line = (lines: string[], name: string) => lines.find((entry) => entry.startsWith(`${name}:`))?.slice(name.length + 1);
    expect(line(ics(moveMail), 'UID')).toBe(line(ics(first), 'UID'));
    expect([line(ics(first), 'SEQUENCE'), line(ics(moveMail), 'SEQUENCE')]).toEqual(['0', '1']);
    expect(line(ics(moveMail), 'DTSTART')).not.toBe(line(ics(first), 'DTSTART'));
    await expectInvariants();
  });

  it('a buyer booking their own single seat gets just its confirmation, as before orders', async () => {
    const open = await date({ seatsTotal: 5 });
    const self = person('Solo');
    await paidOrder(open.id, self, 1, []);
    expect((await mailsTo(self.email)).map((mail) => mail.kind)).toEqual(['booking-paid']);
  });
});

describe('one checkout, one payment; two orders on purpose, two payments', () => {
  it('a double click with the same checkout key opens one payment and holds the seats once', async () => {
    const open = await date({ seatsTotal: 6 });
    const buyer = person('Clicker');
    const [first, second] = await Promise.all([
      checkout(open.id, buyer, { seats: 2, checkoutKey: 'checkout-key-double' }),
      checkout(open.id, buyer, { seats: 2, checkoutKey: 'checkout-key-double' }),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().paymentIntentId).toBe(first.json().paymentIntentId);
    expect(second.json().orderId).toBe(first.json().orderId);
    expect(await seatsTaken(open.id)).toBe(2);
    await expectInvariants();
  });

  it('the same person buying again after paying gets a second order and a second seat', async () => {
    const open = await date({ seatsTotal: 6 });
    const buyer = person('Twice');
    const one = await paidOrder(open.id, buyer, 1, []);
    const two = await paidOrder(open.id, buyer, 1, []);
    expect(two.json().orderId).not.toBe(one.json().orderId);
    expect(two.json().id).not.toBe(one.json().id);
    expect(await seatsTaken(open.id)).toBe(2);
    await expectInvariants();
  });

  it('changing the number of seats on the same checkout gives the first hold back', async () => {
    const open = await date({ seatsTotal: 6 });
    const buyer = person('Changer');
    const two = await checkout(open.id, buyer, { seats: 2, checkoutKey: 'checkout-key-change' });
    const three = await checkout(open.id, buyer, { seats: 3, checkoutKey: 'checkout-key-change' });
    expect(three.json().paymentIntentId).not.toBe(two.json().paymentIntentId);
    expect(await seatsTaken(open.id)).toBe(3);
    const [replaced] = await world.db.select().from(orders).where(eq(orders.id, two.json().orderId));
    expect(replaced!.status).toBe('void');
    await expectInvariants();
  });
});

describe('money per seat', () => {
  it('a discount code counts one use per seat, and refuses an order with fewer uses left than seats', async () => {
    const open = await date({ seatsTotal: 8, priceCents: 10_000 });
    const team = await code({ discountPercent: 50, maxUses: 3 });
    const tooMany = await checkout(open.id, person('Greedy'), { seats: 4, discountCode: team.code });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().code).toBe('discount_code_invalid');
    const fits = await checkout(open.id, person('Fits'), { seats: 3, discountCode: team.code });
    expect(fits.json()).toMatchObject({ amount: 150, originalPrice: 300, discountAmount: 150, seats: 3 });
    const [row] = await world.db.select().from(discountCodes).where(eq(discountCodes.id, team.id));
    expect(row!.currentUses).toBe(3);
    await expectInvariants();
  });

  it('cancelling one seat of a paid order refunds that seat’s share at the provider, and the other seats stay', async () => {
    const open = await date({ seatsTotal: 5, priceCents: 20_000 });
    const done = await paidOrder(open.id, person('Payer'), 3, [attendee('One'), attendee('Two'), attendee('Three')]);
    const [seat] = done.json().bookings;
    const cancelled = await world.send({ method: 'POST', url: `/api/admin/bookings/${seat.id}/cancel`, payload: {}, admin: true });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const intentId = (await seatsOfOrder(done.json().orderId))[0]!.stripePaymentId!;
    expect(refundsOf(intentId).map((refund) => refund.amount)).toEqual([20_000]);
    expect((await seatsOfOrder(done.json().orderId)).map((row) => row.status)).toEqual(['cancelled', 'confirmed', 'confirmed']);
    const [payment] = await world.db.select().from(payments).where(eq(payments.providerPaymentId, intentId));
    expect(payment!.status).toBe('succeeded');
    expect(await seatsTaken(open.id)).toBe(2);
    // The ledger holds the refund: this seat's share, who decided it, why.
    const ledger = await world.db.select().from(refunds).where(eq(refunds.orderId, done.json().orderId));
    expect(ledger.map((row) => [row.bookingId, row.amountCents, row.actor, row.reason])).toEqual([[seat.id, 20_000, TEST_ADMIN.email, 'booking_cancelled']]);

    // A seat its own person cancels under the policy (two weeks ahead: in full): the policy decided it.
    const second = done.json().bookings[1];
    const headers = await participantHeaders(world.app, second.email);
    const byParticipant = await world.app.inject({ method: 'POST', url: `/api/participant/cancel-booking/${second.id}`, headers, payload: { email: second.email } });
    expect(byParticipant.statusCode, byParticipant.body).toBe(200);
    const after = await world.db.select().from(refunds).where(eq(refunds.orderId, done.json().orderId)).orderBy(refunds.id);
    expect(after.map((row) => [row.bookingId, row.amountCents, row.actor])).toEqual([
      [seat.id, 20_000, TEST_ADMIN.email],
      [second.id, 20_000, 'the system (cancellation policy)'],
    ]);
    expect(refundsOf(intentId).map((refund) => refund.amount)).toEqual([20_000, 20_000]);
    await expectInvariants();
  });
});

describe('the organiser cancelling a seat', () => {
  const adminRow = async (id: number) => {
    const list = await world.send({ method: 'GET', url: '/api/admin/bookings', admin: true });
    return (list.json() as { id: number; refundableAmount: number; status: string }[]).find((row) => row.id === id)!;
  };

  it('knows beforehand what can go back by card: a seeded or imported paid seat has nothing, and can always be cancelled with its money settled outside the site', async () => {
    const open = await date({ seatsTotal: 5, priceCents: 49_900 });
    const [seeded] = await insertBookingsWithOrders(world.db, {
      workshopDateId: open.id,
      ...person('Seeded'),
      originalPriceCents: 49_900,
      finalPriceCents: 49_900,
      isPaid: true,
      status: 'confirmed',
      stripePaymentId: 'demo_pi_seed_never_taken',
    });
    await world.db.update(workshopDates).set({ seatsTaken: sql`${workshopDates.seatsTaken} + 1` }).where(eq(workshopDates.id, open.id));
    expect((await adminRow(seeded!.id)).refundableAmount).toBe(0);

    const cancelled = await world.send({ method: 'POST', url: `/api/admin/bookings/${seeded!.id}/cancel`, payload: { refundOutside: true }, admin: true });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ refundAmount: 0, refundSent: false, booking: { status: 'cancelled' } });
    expect(cancelled.json().message).toContain('settled outside the site');
    expect(refundsOf('demo_pi_seed_never_taken')).toEqual([]);
    expect(await seatsTaken(open.id)).toBe(0);
  });

  it('a seat paid by card can give back its share, less what went back already', async () => {
    const open = await date({ seatsTotal: 5, priceCents: 30_000 });
    const done = await paidOrder(open.id, person('Carded'), 2, []);
    const [first, second] = done.json().bookings as { id: number }[];
    expect((await adminRow(first!.id)).refundableAmount).toBe(300);
    const tooMuch = await world.send({ method: 'POST', url: `/api/admin/bookings/${first!.id}/cancel`, payload: { refundAmount: 300.01 }, admin: true });
    expect(tooMuch.statusCode).toBe(400);
    const part = await world.send({ method: 'POST', url: `/api/admin/bookings/${first!.id}/cancel`, payload: { refundAmount: 120 }, admin: true });
    expect(part.json()).toMatchObject({ refundAmount: 120, refundSent: true });
    expect((await adminRow(first!.id)).refundableAmount).toBe(0);
    expect((await adminRow(second!.id)).refundableAmount).toBe(300);
    await expectInvariants();
  });
});

describe('free codes and reservations for several seats', () => {
  it('a free code books every seat at once', async () => {
    const open = await date({ seatsTotal: 5 });
    const gift = await code({ discountPercent: 100, maxUses: 5 });
    const booked = await post('/api/bookings', { workshopDateId: open.id, ...person('Gifted'), discountCode: gift.code, stripePaymentId: 'free-booking', seats: 2, attendees: [attendee('Guest')] });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().bookings.map((seat: { status: string; named: boolean }) => [seat.status, seat.named])).toEqual([
      ['confirmed', true],
      ['confirmed', false],
    ]);
    expect(await seatsTaken(open.id)).toBe(2);
    await expectInvariants();
  });

  it('a reservation of two seats is confirmed by one link and paid by one payment', async () => {
    const open = await date({ seatsTotal: 8, priceCents: 15_000 });
    const buyer = person('Planner');
    const made = await post('/api/bookings/reserve', { workshopDateId: open.id, ...buyer, seats: 2, attendees: [attendee('Mate')] });
    expect(made.statusCode, made.body).toBe(201);
    const seatIds = made.json().bookings.map((seat: { id: number }) => seat.id);
    expect((await confirm(seatIds[0])).statusCode).toBe(200);
    const seats = await world.db.select().from(bookings).where(and(eq(bookings.orderId, made.json().orderId), eq(bookings.status, 'reserved')));
    expect(seats.map((seat) => seat.awaitingEmailConfirmation)).toEqual([false, false]);

    const pay = await post('/api/create-payment-intent', { workshopDateId: open.id, customerInfo: buyer, bookingId: seatIds[0], payToken: world.payToken(seatIds[0]) });
    expect(pay.statusCode, pay.body).toBe(200);
    expect(pay.json()).toMatchObject({ amount: 300, seats: 2 });
    world.stripe.succeed(pay.json().paymentIntentId);
    const paid = await complete(open.id, buyer, pay.json().paymentIntentId);
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await seatsOfOrder(made.json().orderId)).map((seat) => [seat.status, seat.isPaid])).toEqual([
      ['confirmed', true],
      ['confirmed', true],
    ]);
    await expectInvariants();
  });
});

describe('a rush of team orders for the last seats', () => {
  it('sells exactly the seats there are, never more, and answers no 5xx', async () => {
    const open = await date({ seatsTotal: 20 });
    const asks = [3, 7, 1, 10, 4, 2, 9, 5, 6, 8, 2, 1];
    const outcomes = await Promise.all(
      asks.map(async (seats, n) => {
        const buyer = person(`Rush${n}`);
        // A buyer told how many are left asks for that many instead, as the form offers.
        for (let wanted = seats; wanted > 0; ) {
          const answer = await checkout(open.id, buyer, { seats: wanted });
          if (answer.statusCode >= 500) throw new Error(answer.body);
          if (answer.statusCode === 200) return wanted;
          const left = Number(/Only (\d+) seat/.exec(answer.json().message)?.[1] ?? 0);
          if (answer.json().code === 'sold_out' || left === 0) return 0;
          wanted = Math.min(wanted, left);
        }
        return 0;
      }),
    );
    expect(outcomes.reduce((sum, seats) => sum + seats, 0)).toBe(20);
    expect(await seatsTaken(open.id)).toBe(20);
    await expectInvariants();
  });
});
