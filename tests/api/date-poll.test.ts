/**
 * A TBC date's poll (CONTRACT §14, docs/decisions/022-dates-that-change.md): the organiser
 * proposes candidate dates, each seat's participant marks which suit them, the organiser sees the
 * tally and chooses one, and everyone is told with a calendar event.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, dateMessages, emailOutbox, workshopDates } from '../../src/server/db/schema';
import { createBookingWorld, type BookingWorld } from '../helpers/booking-world';
import { lifecycleSteps } from '../helpers/lifecycle-steps';
import { participantHeaders } from '../helpers/participant-session';
import { clientHeaders } from '../helpers/test-app';

let world: BookingWorld;
beforeAll(async () => {
  world = await createBookingWorld();
});
afterAll(async () => {
  await world.close();
});

const { person, date, post, complete } = lifecycleSteps(() => world, { lastName: 'Polled', emailDomain: 'date-poll.test' });

const pollUrl = (id: number | string) => `/api/admin/workshop-dates/${id}/poll`;
const seatPollUrl = (bookingId: number) => `/api/participant/bookings/${bookingId}/poll`;
const TBC = { isTBC: true, date: '', time: '', timezone: 'PST', startsAt: null, endsAt: null, priceCents: 20_000 };
const OPTIONS = [
  { date: 'July 4, 2031', time: '10:00 AM - 12:00 PM' },
  { date: 'jul 11 2031', time: '10:00 am - 12:00 pm' },
];

/** One paid seat: its booking row. */
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

const mailsOf = (kind: string, emails: string[]) => world.db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, kind), inArray(emailOutbox.to, emails))).orderBy(asc(emailOutbox.id));

describe('a TBC date’s poll', () => {
  it('opens, takes each participant’s marks on their own seat only, tallies, and the choice sets the date and tells everyone', async () => {
    const tbc = await date(TBC);
    const ada = await paidSeat(tbc.id, 'Ada');
    const bob = await paidSeat(tbc.id, 'Bob');

    const opened = await world.send({ method: 'PUT', url: pollUrl(tbc.id), payload: { options: OPTIONS }, admin: true });
    expect(opened.statusCode, opened.body).toBe(200);
    const options = opened.json().options as { id: number; date: string; time: string; startsAt: string; votes: number }[];
    expect(options.map(({ date: day, time, startsAt, votes }) => ({ day, time, startsAt, votes }))).toEqual([
      { day: 'July 4, 2031', time: '10:00 AM - 12:00 PM', startsAt: '2031-07-04T17:00:00.000Z', votes: 0 },
      { day: 'July 11, 2031', time: '10:00 AM - 12:00 PM', startsAt: '2031-07-11T17:00:00.000Z', votes: 0 },
    ]);
    const invitations = await mailsOf('date-poll-opened', [ada.email, bob.email]);
    expect(invitations.map((mail) => mail.to).sort()).toEqual([ada.email, bob.email].sort());
    expect(invitations[0]!.html).toContain('/participant?token=');
    const [opening] = await world.db.select().from(dateMessages).where(and(eq(dateMessages.workshopDateId, tbc.id), eq(dateMessages.kind, 'poll-opened')));
    expect(invitations.every((mail) => mail.dateMessageId === opening!.id)).toBe(true);

    const asAda = await participantHeaders(world.app, ada.email);
    const asBob = await participantHeaders(world.app, bob.email);
    const read = await world.app.inject({ method: 'GET', url: seatPollUrl(ada.id), headers: asAda });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ bookingId: ada.id, open: true, options: [{ id: options[0]!.id, suitsMe: false }, { id: options[1]!.id, suitsMe: false }] });

    const adaVotes = await world.app.inject({ method: 'POST', url: seatPollUrl(ada.id), headers: asAda, payload: { optionIds: [options[0]!.id] } });
    expect(adaVotes.json().options.map((option: { suitsMe: boolean }) => option.suitsMe)).toEqual([true, false]);
    expect((await world.app.inject({ method: 'POST', url: seatPollUrl(bob.id), headers: asBob, payload: { optionIds: [options[0]!.id, options[1]!.id] } })).statusCode).toBe(200);
    // Ada may not mark Bob's seat, nor read it.
    expect((await world.app.inject({ method: 'POST', url: seatPollUrl(bob.id), headers: asAda, payload: { optionIds: [] } })).statusCode).toBe(403);
    expect((await world.app.inject({ method: 'GET', url: seatPollUrl(bob.id), headers: asAda })).statusCode).toBe(403);
    expect((await world.app.inject({ method: 'GET', url: seatPollUrl(ada.id), headers: clientHeaders })).statusCode).toBe(401);
    // An option of no poll of this date is refused.
    expect((await world.app.inject({ method: 'POST', url: seatPollUrl(ada.id), headers: asAda, payload: { optionIds: [999_999] } })).statusCode).toBe(400);

    const tally = await world.send({ method: 'GET', url: pollUrl(tbc.id), admin: true });
    expect(tally.json().options.map((option: { votes: number }) => option.votes)).toEqual([2, 1]);

    const chosen = await world.send({ method: 'POST', url: `${pollUrl(tbc.id)}/choose`, payload: { optionId: options[1]!.id }, admin: true });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({ id: tbc.id, isTBC: false, date: 'July 11, 2031', time: '10:00 AM - 12:00 PM', startsAt: '2031-07-11T17:00:00.000Z' });
    const [row] = await world.db.select().from(workshopDates).where(eq(workshopDates.id, tbc.id));
    expect(row!.pollClosedAt).toBeInstanceOf(Date);

    const told = await mailsOf('date-poll-chosen', [ada.email, bob.email]);
    expect(told).toHaveLength(2);
    for (const mail of told) {
      const file = (mail.attachments as { contentType: string; content: string }[])[0]!;
      expect(file.contentType).toBe('text/calendar; method=PUBLISH; charset=utf-8');
      const event = new ICAL.Component(ICAL.parse(Buffer.from(file.content, 'base64').toString('utf8'))).getFirstSubcomponent('vevent')!;
      expect((event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString()).toBe('2031-07-11T17:00:00.000Z');
    }
    // Ada did not mark the chosen date: she is told she may cancel with a full refund; Bob did.
    expect(told.find((mail) => mail.to === ada.email)!.html).toContain('full refund');
    expect(told.find((mail) => mail.to === bob.email)!.html).not.toContain('full refund');

    // Closed: no more marks, no new options.
    expect((await world.app.inject({ method: 'POST', url: seatPollUrl(bob.id), headers: asBob, payload: { optionIds: [] } })).statusCode).toBe(409);
    expect((await world.send({ method: 'PUT', url: pollUrl(tbc.id), payload: { options: OPTIONS }, admin: true })).statusCode).toBe(409);
  });

  it('a seat that did not mark the chosen date cancels with a full refund even within 7 days; one that did gets the usual policy', async () => {
    const tbc = await date(TBC);
    const ada = await paidSeat(tbc.id, 'Ada');
    const bob = await paidSeat(tbc.id, 'Bob');
    // Three days ahead, 10 AM on the Pacific calendar: inside the 7 days the usual policy refunds in full.
    const soon = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'America/Los_Angeles' }).format(new Date(Date.now() + 3 * 86_400_000));
    const opened = await world.send({ method: 'PUT', url: pollUrl(tbc.id), payload: { options: [{ date: soon, time: '10:00 AM - 12:00 PM' }, OPTIONS[0]] }, admin: true });
    expect(opened.statusCode, opened.body).toBe(200);
    const soonOption = (opened.json().options as { id: number; date: string }[]).find((option) => option.date === soon)!;
    const asBob = await participantHeaders(world.app, bob.email);
    expect((await world.app.inject({ method: 'POST', url: seatPollUrl(bob.id), headers: asBob, payload: { optionIds: [soonOption.id] } })).statusCode).toBe(200);
    expect((await world.send({ method: 'POST', url: `${pollUrl(tbc.id)}/choose`, payload: { optionId: soonOption.id }, admin: true })).statusCode).toBe(200);

    const asAda = await participantHeaders(world.app, ada.email);
    const terms = await world.app.inject({ method: 'GET', url: `/api/participant/booking/${ada.id}/cancellation-terms`, headers: asAda });
    expect(terms.json().summary).toContain('full refund of $200.00');
    const adaCancel = await world.app.inject({ method: 'POST', url: `/api/participant/cancel-booking/${ada.id}`, headers: asAda, payload: { email: ada.email, option: 'half-refund' } });
    expect(adaCancel.statusCode, adaCancel.body).toBe(200);
    expect(adaCancel.json().outcome).toMatchObject({ kind: 'full-refund', amount: 200 });
    const bobCancel = await world.app.inject({ method: 'POST', url: `/api/participant/cancel-booking/${bob.id}`, headers: asBob, payload: { email: bob.email, option: 'half-refund' } });
    expect(bobCancel.statusCode, bobCancel.body).toBe(200);
    expect(bobCancel.json().outcome).toMatchObject({ kind: 'half-refund', amount: 100 });
  });

  it('refuses fewer than 2 or more than 10 options, a past or unreadable one, the same day and time twice, and a date that is not TBC; an unknown date is 404; a visitor is 401', async () => {
    const tbc = await date(TBC);
    const put = (id: number, options: object[]) => world.send({ method: 'PUT', url: pollUrl(id), payload: { options }, admin: true });
    expect((await put(tbc.id, OPTIONS.slice(0, 1))).statusCode).toBe(400);
    expect((await put(tbc.id, Array.from({ length: 11 }, (_, day) => ({ date: `August ${day + 1}, 2031`, time: '10:00 AM' })))).statusCode).toBe(400);
    expect((await put(tbc.id, [OPTIONS[0]!, { date: 'July 4, 2020', time: '10:00 AM' }])).statusCode).toBe(400);
    expect((await put(tbc.id, [OPTIONS[0]!, { date: 'soon', time: '10:00 AM' }])).statusCode).toBe(400);
    const twice = await put(tbc.id, [OPTIONS[0]!, { date: 'jul 4 2031', time: '10:00 am - 12:00 pm' }]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('Each proposed date must be a different day or time');
    expect((await world.send({ method: 'GET', url: pollUrl(tbc.id), admin: true })).json().options).toEqual([]);
    // The same day at another time is another option.
    expect((await put(tbc.id, [OPTIONS[0]!, { date: 'July 4, 2031', time: '2:00 PM - 4:00 PM' }])).statusCode).toBe(200);
    const dated = await date({ date: 'July 4, 2031', time: '10:00 AM - 12:00 PM', timezone: 'PST' });
    expect((await put(dated.id, OPTIONS)).statusCode).toBe(409);
    expect((await put(999_999, OPTIONS)).statusCode).toBe(404);
    expect((await world.send({ method: 'POST', url: `${pollUrl(tbc.id)}/choose`, payload: { optionId: 999_999 }, admin: true })).statusCode).toBe(404);
    expect((await world.app.inject({ method: 'GET', url: pollUrl(tbc.id), headers: clientHeaders })).statusCode).toBe(401);
  });
});
