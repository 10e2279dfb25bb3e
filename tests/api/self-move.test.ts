/**
 * A participant moves their own seat (docs/decisions/022-dates-that-change.md): a seat whose date
 * a poll set on an option it did not mark may move to another date with room, at the price it
 * paid, until the workshop starts. Every other seat is the organiser's to move.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SELF_MOVE_NOT_ALLOWED } from '../../src/features/admin-workshops/admin-workshops.schema';
import { MOVE_SAME_DATE } from '../../src/features/booking/server/move-seat';
import { auditLog, bookings, emailOutbox, refunds, workshopDates } from '../../src/server/db/schema';
import { createBookingWorld, type BookingWorld } from '../helpers/booking-world';
import { lifecycleSteps } from '../helpers/lifecycle-steps';
import { participantHeaders } from '../helpers/participant-session';

let world: BookingWorld;
beforeAll(async () => {
  world = await createBookingWorld();
});
afterAll(async () => {
  await world.close();
});

const { person, date, post, complete } = lifecycleSteps(() => world, { lastName: 'Mover', emailDomain: 'self-move.test' });

const TBC = { isTBC: true, date: '', time: '', timezone: 'PST', startsAt: null, endsAt: null, priceCents: 20_000 };
const OPTIONS = [
  { date: 'July 4, 2031', time: '10:00 AM - 12:00 PM' },
  { date: 'July 11, 2031', time: '10:00 AM - 12:00 PM' },
];
const moveUrl = (bookingId: number) => `/api/participant/bookings/${bookingId}/move`;

async function paidSeat(dateId: number, name: string) {
  const who = person(name);
  const opened = await post('/api/create-payment-intent', { workshopDateId: dateId, customerInfo: who });
  expect(opened.statusCode, opened.body).toBe(200);
  const intentId = opened.json().paymentIntentId as string;
  world.stripe.succeed(intentId);
  const done = await complete(dateId, who, intentId);
  expect(done.statusCode, done.body).toBe(201);
  const [seat] = await world.db.select().from(bookings).where(eq(bookings.orderId, done.json().orderId));
  return seat!;
}

/** A TBC date with Ada and Bob, whose poll chose the second option, which only Bob marked. */
async function pollLeftAdaOut() {
  const tbc = await date(TBC);
  const ada = await paidSeat(tbc.id, 'Ada');
  const bob = await paidSeat(tbc.id, 'Bob');
  const opened = await world.send({ method: 'PUT', url: `/api/admin/workshop-dates/${tbc.id}/poll`, payload: { options: OPTIONS }, admin: true });
  expect(opened.statusCode, opened.body).toBe(200);
  const chosen = (opened.json().options as { id: number }[])[1]!;
  const asBob = await participantHeaders(world.app, bob.email);
  expect((await world.app.inject({ method: 'POST', url: `/api/participant/bookings/${bob.id}/poll`, headers: asBob, payload: { optionIds: [chosen.id] } })).statusCode).toBe(200);
  expect((await world.send({ method: 'POST', url: `/api/admin/workshop-dates/${tbc.id}/poll/choose`, payload: { optionId: chosen.id }, admin: true })).statusCode).toBe(200);
  return { tbc, ada, bob, asAda: await participantHeaders(world.app, ada.email), asBob };
}

const dateRow = async (id: number) => (await world.db.select().from(workshopDates).where(eq(workshopDates.id, id)))[0]!;
const seatRow = async (id: number) => (await world.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

describe('a participant moves their own seat', () => {
  it('a seat the poll left out sees the dates with room and moves to one: seats follow, the calendar event is replaced, the move is e-mailed and audited', async () => {
    const { tbc, ada, asAda } = await pollLeftAdaOut();
    const other = await date({ seatsTotal: 3, title: 'Self-move target' });
    const full = await date({ seatsTotal: 1, title: 'Self-move full' });
    await paidSeat(full.id, 'Cleo');

    const read = await world.app.inject({ method: 'GET', url: moveUrl(ada.id), headers: asAda });
    expect(read.statusCode, read.body).toBe(200);
    const options = read.json() as { allowed: boolean; dates: { id: number; title: string; when: string; seatsLeft: number }[] };
    expect(options.allowed).toBe(true);
    expect(options.dates.find((row) => row.id === other.id)).toMatchObject({ title: 'Self-move target', seatsLeft: 3 });
    expect(options.dates.some((row) => row.id === full.id), 'a full date is not offered').toBe(false);
    expect(options.dates.some((row) => row.id === tbc.id), 'nor the seat’s own').toBe(false);

    const before = { tbc: (await dateRow(tbc.id)).seatsTaken, other: (await dateRow(other.id)).seatsTaken, sequence: ada.calendarSequence };
    const moved = await world.app.inject({ method: 'POST', url: moveUrl(ada.id), headers: asAda, payload: { workshopDateId: other.id } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().message).toContain('Self-move target');
    const after = await seatRow(ada.id);
    expect(after).toMatchObject({ workshopDateId: other.id, status: 'confirmed', finalPriceCents: ada.finalPriceCents, calendarSequence: before.sequence + 1 });
    expect((await dateRow(tbc.id)).seatsTaken).toBe(before.tbc - 1);
    expect((await dateRow(other.id)).seatsTaken).toBe(before.other + 1);
    const told = await world.db.select().from(emailOutbox).where(and(eq(emailOutbox.to, ada.email), eq(emailOutbox.kind, 'booking-moved')));
    expect(told).toHaveLength(1);
    const [audit] = await world.db.select().from(auditLog).where(and(eq(auditLog.action, 'booking_moved'), eq(auditLog.entityId, String(ada.id))));
    expect(audit).toMatchObject({ actor: ada.email });

    // Moved once: on its new date it was never left out by a poll, so a second request changes nothing.
    const again = await world.app.inject({ method: 'POST', url: moveUrl(ada.id), headers: asAda, payload: { workshopDateId: tbc.id } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SELF_MOVE_NOT_ALLOWED);
    expect((await seatRow(ada.id)).workshopDateId).toBe(other.id);
    expect((await world.app.inject({ method: 'GET', url: moveUrl(ada.id), headers: asAda })).json()).toEqual({ bookingId: ada.id, allowed: false, reason: null, until: null, dates: [] });
  });

  it('two moves at once move the seat once', async () => {
    const { ada, asAda } = await pollLeftAdaOut();
    const first = await date({ seatsTotal: 2 });
    const second = await date({ seatsTotal: 2 });
    const answers = await Promise.all([
      world.app.inject({ method: 'POST', url: moveUrl(ada.id), headers: asAda, payload: { workshopDateId: first.id } }),
      world.app.inject({ method: 'POST', url: moveUrl(ada.id), headers: asAda, payload: { workshopDateId: second.id } }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const taken = (await dateRow(first.id)).seatsTaken + (await dateRow(second.id)).seatsTaken;
    expect(taken).toBe(1);
  });

  it('refuses a seat that marked the chosen date, a stranger, the seat’s own date, a full or closed date, and changes nothing', async () => {
    const { tbc, ada, bob, asAda, asBob } = await pollLeftAdaOut();
    const other = await date({ seatsTotal: 2 });
    const bobMove = await world.app.inject({ method: 'POST', url: moveUrl(bob.id), headers: asBob, payload: { workshopDateId: other.id } });
    expect(bobMove.statusCode).toBe(409);
    expect((await world.app.inject({ method: 'GET', url: moveUrl(bob.id), headers: asBob })).json().allowed).toBe(false);
    expect((await world.app.inject({ method: 'POST', url: moveUrl(ada.id), headers: asBob, payload: { workshopDateId: other.id } })).statusCode).toBe(403);

    const same = await world.app.inject({ method: 'POST', url: moveUrl(ada.id), headers: asAda, payload: { workshopDateId: tbc.id } });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(MOVE_SAME_DATE);
    const full = await date({ seatsTotal: 1 });
    await paidSeat(full.id, 'Dan');
    expect((await world.app.inject({ method: 'POST', url: moveUrl(ada.id), headers: asAda, payload: { workshopDateId: full.id } })).statusCode).toBe(409);
    const off = await date({ seatsTotal: 4, isActive: false });
    expect((await world.app.inject({ method: 'POST', url: moveUrl(ada.id), headers: asAda, payload: { workshopDateId: off.id } })).statusCode).toBe(404);
    expect((await world.app.inject({ method: 'POST', url: moveUrl(ada.id), headers: asAda, payload: { workshopDateId: 'soon' } })).statusCode).toBe(400);
    expect((await seatRow(ada.id)).workshopDateId).toBe(tbc.id);
    expect((await dateRow(other.id)).seatsTaken).toBe(0);
    expect((await dateRow(off.id)).seatsTaken).toBe(0);
  });
});

describe('a date called off with a move offered', () => {
  afterAll(() => world.resetClock());

  it('keeps each paid seat for its person to choose: one moves, one cancels with a full refund, the one who chose nothing is refunded in full when the offer ends, once', async () => {
    const off = await date({ seatsTotal: 5, title: 'Called off, moves offered' });
    const ada = await paidSeat(off.id, 'Ada');
    const bob = await paidSeat(off.id, 'Bob');
    const cleo = await paidSeat(off.id, 'Cleo');
    const other = await date({ seatsTotal: 4, title: 'Where Ada goes' });

    const called = await world.send({ method: 'POST', url: `/api/admin/workshop-dates/${off.id}/call-off`, payload: { message: 'Our speaker is ill.', offerMove: true }, admin: true });
    expect(called.statusCode, called.body).toBe(200);
    expect(called.json()).toEqual({ refunded: 0, notified: 3 });
    const row = await dateRow(off.id);
    expect(row.isActive).toBe(false);
    expect(row.moveOfferUntil!.getTime() - row.calledOffAt!.getTime()).toBe(7 * 86_400_000);
    expect((await Promise.all([ada, bob, cleo].map((seat) => seatRow(seat.id)))).map((seat) => seat.status)).toEqual(['confirmed', 'confirmed', 'confirmed']);
    expect(await world.db.select().from(refunds).where(eq(refunds.bookingId, ada.id))).toEqual([]);
    const told = await world.db.select().from(emailOutbox).where(and(eq(emailOutbox.to, cleo.email), eq(emailOutbox.kind, 'date-called-off')));
    expect(told).toHaveLength(1);
    expect(told[0]!.html).toContain('Your seat is kept for you to choose');
    expect(told[0]!.html).not.toContain('Your booking is cancelled');

    // Ada moves.
    const asAda = await participantHeaders(world.app, ada.email);
    const options = (await world.app.inject({ method: 'GET', url: moveUrl(ada.id), headers: asAda })).json();
    expect(options).toMatchObject({ allowed: true, reason: 'called-off', until: row.moveOfferUntil!.toISOString() });
    expect(options.dates.some((each: { id: number }) => each.id === other.id)).toBe(true);
    const moved = await world.app.inject({ method: 'POST', url: moveUrl(ada.id), headers: asAda, payload: { workshopDateId: other.id } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await seatRow(ada.id)).workshopDateId).toBe(other.id);

    // Bob cancels: a full refund, whatever the notice.
    const asBob = await participantHeaders(world.app, bob.email);
    const terms = await world.app.inject({ method: 'GET', url: `/api/participant/booking/${bob.id}/cancellation-terms`, headers: asBob });
    expect(terms.json().summary).toContain('The date was called off');
    const bobCancel = await world.app.inject({ method: 'POST', url: `/api/participant/cancel-booking/${bob.id}`, headers: asBob, payload: { email: bob.email, option: 'half-refund' } });
    expect(bobCancel.statusCode, bobCancel.body).toBe(200);
    expect(bobCancel.json().outcome).toMatchObject({ kind: 'full-refund' });

    // Cleo chose nothing: once the offer ends the sweep refunds her in full; again, nothing more.
    await world.advance(60);
    expect((await seatRow(cleo.id)).status).toBe('confirmed');
    await world.advance(7 * 24 * 60);
    const refundedOf = async (id: number) => Number((await world.db.select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)` }).from(refunds).where(eq(refunds.bookingId, id)))[0]!.cents);
    expect(['cancelled', 'refunded']).toContain((await seatRow(cleo.id)).status);
    expect(await refundedOf(cleo.id)).toBe(cleo.finalPriceCents);
    await world.advance(1);
    expect(await refundedOf(cleo.id)).toBe(cleo.finalPriceCents);
    // Every seat paid on the date ends on another date or with its money back.
    expect(await refundedOf(bob.id)).toBe(bob.finalPriceCents);
    expect(await refundedOf(ada.id)).toBe(0);
    expect((await dateRow(off.id)).seatsTaken).toBe(0);
    // Past the offer, Ada's kind of move is the organiser's again.
    expect((await world.app.inject({ method: 'GET', url: moveUrl(cleo.id), headers: await participantHeaders(world.app, cleo.email) })).json().allowed).toBe(false);
  });

  it('without the offer, calling off refunds every paid seat at once, as before', async () => {
    const off = await date({ seatsTotal: 3 });
    const dan = await paidSeat(off.id, 'Dan');
    const called = await world.send({ method: 'POST', url: `/api/admin/workshop-dates/${off.id}/call-off`, payload: { message: '' }, admin: true });
    expect(called.json()).toEqual({ refunded: 1, notified: 1 });
    expect((await dateRow(off.id)).moveOfferUntil).toBeNull();
    expect(['cancelled', 'refunded']).toContain((await seatRow(dan.id)).status);
  });
});
