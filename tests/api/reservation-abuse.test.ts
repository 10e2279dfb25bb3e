/**
 * Reservations cannot lock a date. E-mail addresses are free to invent, so a pay-later reservation
 * holds its seat only as long as a checkout hold until its address is confirmed through the link
 * it was sent, and the unpaid reservations of a date never hold more than the organiser's share of
 * its seats (reservationSharePercent, default 25 %, at least one seat). Before this, 20
 * reservations with made-up addresses took all 20 seats of a date for 48 hours, and each e-mailed
 * the organiser.
 */
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings, emailOutbox, newsletterSubscribers } from '../../src/server/db/schema';
import { payLinkFor } from '../../src/features/booking/server/booking-links';
import { createBookingWorld, type BookingWorld } from '../helpers/booking-world';
import { lifecycleSteps } from '../helpers/lifecycle-steps';
import { TEST_SECRET } from '../helpers/test-app';

let world: BookingWorld;

beforeAll(async () => {
  world = await createBookingWorld();
});
afterAll(async () => {
  await world.close();
});

const { person, date, post, seatsTaken, booking, mailTo, reserve, confirm, reserved, reservationShare, expectInvariants } = lifecycleSteps(() => world, {
  lastName: 'Squatter',
  emailDomain: 'invented.test',
});

const RESERVATIONS_FULL = {
  code: 'reservations_full',
  message: 'All the seats of this date that can be reserved to pay later are reserved right now. You can still book a seat by paying now.',
};
const LAPSED = { code: 'reservation_lapsed', message: 'This reservation was not confirmed in time, so its seat went back on sale. You are welcome to book again.' };
const LINK_INVALID = { code: 'confirm_link_invalid', message: 'This confirmation link is invalid or has expired.' };
const MINUTE = 60_000;

const organiserNotices = (bookingIds: number[]) =>
  world.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.kind, 'organiser-notifyNewBooking'))
    .then((rows) => rows.filter((row) => bookingIds.some((id) => new RegExp(`#${id}(?!\\d)`).test(row.html))));

describe('a date reserved with invented addresses', () => {
  it('holds no more than a quarter of its seats: buyers who pay now still find the rest, and the organiser hears of none', async () => {
    const open = await date({ seatsTotal: 20 });
    const answers = [];
    for (let n = 0; n < 20; n++) answers.push(await reserve(open.id, person(`Fake${n}`)));

    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(5);
    const refused = answers.filter((answer) => answer.statusCode !== 201);
    expect(refused).toHaveLength(15);
    for (const answer of refused) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual(RESERVATIONS_FULL);
    }
    expect(await seatsTaken(open.id)).toBe(5);

    // Someone paying now gets a seat.
    const buyer = person('Payer');
    const checkout = await post('/api/create-payment-intent', { workshopDateId: open.id, customerInfo: buyer });
    expect(checkout.statusCode, checkout.body).toBe(200);
    expect(await seatsTaken(open.id)).toBe(6);

    // Nobody confirmed an address: no notice, no pay link, no newsletter subscription.
    const ids = answers.filter((answer) => answer.statusCode === 201).map((answer) => answer.json().id as number);
    expect(await organiserNotices(ids)).toEqual([]);
    const sent = await world.db.select({ to: emailOutbox.to, kind: emailOutbox.kind }).from(emailOutbox).where(like(emailOutbox.to, 'fake%'));
    expect(sent.map((mail) => mail.kind)).toEqual(Array(5).fill('reservation-confirm'));
    expect(await world.db.select().from(newsletterSubscribers).where(like(newsletterSubscribers.email, 'fake%'))).toEqual([]);
    await expectInvariants();
  });

  it('gets its seats back 15 minutes later, by itself and without e-mailing anyone', async () => {
    const open = await date({ seatsTotal: 4 });
    const who = person('Ghost');
    const made = await reserve(open.id, who);
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    const row = await booking(id);
    expect(row).toMatchObject({ status: 'reserved', awaitingEmailConfirmation: true });
    expect(row.reservationExpiresAt!.getTime() - world.clock().getTime()).toBeLessThanOrEqual(15 * MINUTE);
    expect(row.reservationExpiresAt!.getTime() - world.clock().getTime()).toBeGreaterThan(14 * MINUTE);

    await world.advance(14);
    expect((await booking(id)).status).toBe('reserved');
    await world.advance(2);
    expect(await booking(id)).toMatchObject({ status: 'expired' });
    expect(await seatsTaken(open.id)).toBe(0);
    expect(await mailTo(who.email, 'reservation-expired')).toEqual([]);
    expect(await mailTo(who.email, 'reservation-reminder')).toEqual([]);
    const [audit] = await world.db.select().from(auditLog).where(and(eq(auditLog.action, 'reservation_expired'), eq(auditLog.entityId, String(id))));
    expect(audit!.details).toMatchObject({ unconfirmed: true });

    // The link opened too late answers that the seat went back, and changes nothing.
    const late = await confirm(id);
    expect(late.statusCode).toBe(410);
    expect(late.json()).toEqual(LAPSED);
    expect(await booking(id)).toMatchObject({ status: 'expired', awaitingEmailConfirmation: true });
    await expectInvariants();
  });

  it('cannot pass its share when the reservations come all at once', async () => {
    const open = await date({ seatsTotal: 20 });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, n) => reserve(open.id, person(`Rush${n}`))));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([...Array(5).fill(201), ...Array(7).fill(409)]);
    expect(await seatsTaken(open.id)).toBe(5);
    await expectInvariants();
  });
});

describe('the link that confirms a reservation', () => {
  it('keeps the seat for the reservation hours, sends the pay link and tells the organiser, once however often it is opened', async () => {
    const open = await date({ seatsTotal: 8 });
    const who = person('Real');
    const made = await reserve(open.id, who);
    const id = made.json().id as number;
    const [asked] = await mailTo(who.email, 'reservation-confirm');
    expect(asked!.subject).toBe(`Confirm your reservation: ${open.title}`);
    expect(asked!.html).toContain(`/booking/confirmed?booking=${id}&amp;confirm=`);

    await world.advance(10);
    const confirmedFrom = world.clock().getTime();
    const first = await confirm(id);
    const confirmedBy = world.clock().getTime();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().confirmation).toMatchObject({ bookingId: id, status: 'reserved', awaitingEmailConfirmation: false });
    expect(first.json().confirmationToken).toMatch(/^[\w-]+\.[\w-]+$/);
    const row = await booking(id);
    expect(row.awaitingEmailConfirmation).toBe(false);
    // 48 hours (the default reservation hours) from the confirmation, not from the reservation.
    expect(row.reservationExpiresAt!.getTime()).toBeGreaterThanOrEqual(confirmedFrom + 48 * 60 * MINUTE);
    expect(row.reservationExpiresAt!.getTime()).toBeLessThanOrEqual(confirmedBy + 48 * 60 * MINUTE);

    const again = await confirm(id);
    expect(again.statusCode).toBe(200);
    expect(again.json().confirmation).toEqual(first.json().confirmation);
    expect((await booking(id)).reservationExpiresAt).toEqual(row.reservationExpiresAt);
    expect(await mailTo(who.email, 'booking-reserved')).toHaveLength(1);
    expect(await organiserNotices([id])).toHaveLength(1);
    expect(await world.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, who.email))).toHaveLength(1);

    // Held past the short hold now, and a reminder comes a day before it runs out.
    await world.advance(30);
    expect((await booking(id)).status).toBe('reserved');
    await world.advance(24 * 60);
    expect(await mailTo(who.email, 'reservation-reminder')).toHaveLength(1);
    await expectInvariants();
  });

  it('with a token that is not this reservation\'s is refused with 403, and changes nothing', async () => {
    const open = await date({ seatsTotal: 8 });
    const mine = (await reserve(open.id, person('Mine'))).json().id as number;
    const theirs = (await reserve(open.id, person('Theirs'))).json().id as number;
    const payLinkToken = new URL(payLinkFor(TEST_SECRET, 'http://test.local', mine)).searchParams.get('token')!;
    for (const token of [world.confirmToken(theirs), payLinkToken, 'forged.token', 'x'.repeat(500)]) {
      const answer = await post(`/api/bookings/${mine}/confirm-reservation`, { token });
      expect(answer.statusCode, token.slice(0, 20)).toBe(403);
      expect(answer.json()).toEqual(LINK_INVALID);
    }
    expect((await post(`/api/bookings/${mine}/confirm-reservation`, {})).statusCode).toBe(400);
    expect((await post(`/api/bookings/${mine}/confirm-reservation`, { token: 'x'.repeat(501) })).statusCode).toBe(400);
    expect(await booking(mine)).toMatchObject({ status: 'reserved', awaitingEmailConfirmation: true });
    const unknown = 987_654;
    expect((await post(`/api/bookings/${unknown}/confirm-reservation`, { token: world.confirmToken(unknown) })).statusCode).toBe(404);
  });

  it('of a reservation paid or cancelled meanwhile answers it as it is', async () => {
    const open = await date({ seatsTotal: 8 });
    const who = person('Quick');
    const id = (await reserve(open.id, who)).json().id as number;
    // The admin cancels it before the link is opened.
    expect((await world.send({ method: 'POST', url: `/api/admin/bookings/${id}/cancel`, payload: {}, admin: true })).statusCode).toBe(200);
    const answer = await confirm(id);
    expect(answer.statusCode).toBe(410);
    expect(answer.json()).toEqual(LAPSED);
    expect(await booking(id)).toMatchObject({ status: 'cancelled' });
  });
});

describe('the reservation share', () => {
  it('follows the payment setting and is never less than one seat', async () => {
    const reserveMany = async (dateId: number, n: number) => {
      const answers = [];
      for (let i = 0; i < n; i++) answers.push((await reserve(dateId, person(`Share${i}`))).statusCode);
      return answers.filter((status) => status === 201).length;
    };
    try {
      await reservationShare(0);
      expect(await reserveMany((await date({ seatsTotal: 3 })).id, 3)).toBe(1);
      await reservationShare(50);
      expect(await reserveMany((await date({ seatsTotal: 10 })).id, 8)).toBe(5);
      await reservationShare(100);
      expect(await reserveMany((await date({ seatsTotal: 4 })).id, 6)).toBe(4);
    } finally {
      await reservationShare(25);
    }
  });

  it('counts confirmed and unconfirmed reservations alike, and a paid one no more', async () => {
    const open = await date({ seatsTotal: 8 });
    const confirmedId = await reserved(open.id, person('Kept'));
    expect((await reserve(open.id, person('Waiting'))).statusCode).toBe(201);
    const third = await reserve(open.id, person('Third'));
    expect(third.json()).toEqual(RESERVATIONS_FULL);

    // Paid offline by the admin: no longer unpaid, so its place in the share is free again.
    expect((await world.send({ method: 'POST', url: `/api/admin/bookings/${confirmedId}/mark-paid`, payload: {}, admin: true })).statusCode).toBe(200);
    expect((await reserve(open.id, person('Third'))).statusCode).toBe(201);
    const held = await world.db.select().from(bookings).where(and(eq(bookings.workshopDateId, open.id), inArray(bookings.status, ['reserved'])));
    expect(held).toHaveLength(2);
    await expectInvariants();
  });
});
