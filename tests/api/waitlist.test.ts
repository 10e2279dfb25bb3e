/**
 * The waiting list (docs/decisions/019-waiting-list.md), through the real app: joining a
 * booked-out date, every freed seat going to the list first, offers booked, declined and run out,
 * entries closing themselves, the admin's list, and a rush of freed seats.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { waitlistEntries, workshopDates, workshopTemplates } from '../../src/server/db/schema';
import { claimLinkFor } from '../../src/features/booking/server/booking-links';
import { unsealMessage } from '../../src/server/email/sealed-tokens';
import { createBookingWorld, type BookingWorld } from '../helpers/booking-world';
import { TEST_SECRET } from '../helpers/test-app';
import { lifecycleSteps, type Person } from '../helpers/lifecycle-steps';

let world: BookingWorld;
beforeAll(async () => {
  world = await createBookingWorld();
});
afterAll(async () => {
  await world?.close();
});
// The refunds feature cancels on real time: each test starts with the world's clock there too.
beforeEach(() => world.resetClock());

const { person, date, code, post, seatsTaken, booking, mailTo, openPayment, complete, expectInvariants, scope } = lifecycleSteps(() => world, {
  lastName: 'Waiting',
  emailDomain: 'waitlist.example',
});

/** A paid seat, the normal way: its booking id. */
async function paidSeat(dateId: number, who: Person): Promise<number> {
  const { paymentIntentId } = await openPayment(dateId, who);
  world.stripe.succeed(paymentIntentId);
  const placed = await complete(dateId, who, paymentIntentId);
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json().id as number;
}

/** A date with `seats` seats, all sold: the date and its bookings. */
async function fullDate(seats: number, overrides: Parameters<typeof date>[0] = {}) {
  const row = await date({ seatsTotal: seats, ...overrides });
  const seated: { id: number; who: Person }[] = [];
  for (let n = 0; n < seats; n++) {
    const who = person(`Seated${n}`);
    seated.push({ id: await paidSeat(row.id, who), who });
  }
  return { date: row, seated };
}

const join = (workshopDateId: number, who: Person, extra: object = {}) =>
  post('/api/waitlist', { workshopDateId, firstName: who.firstName, lastName: who.lastName, email: who.email, ...extra });
const cancel = (bookingId: number, who: Person) => world.send({ method: 'POST', url: `/api/participant/cancel-booking/${bookingId}`, payload: { email: who.email }, admin: true });
const entry = async (id: number) => (await world.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id)))[0]!;
const publicDate = async (id: number) => (await world.send({ method: 'GET', url: `/api/workshop-dates/${id}` })).json();

/** The token in the last e-mail of `kind` to `email` whose link has `prefix` before it. */
async function linkToken(email: string, kind: string, prefix: RegExp): Promise<string> {
  const mails = await mailTo(email, kind);
  expect(mails.length, `${kind} e-mails to ${email}`).toBeGreaterThan(0);
  const last = mails[mails.length - 1]!;
  const text = unsealMessage({ subject: last.subject, html: last.html, text: last.text }, last.sealedTokens, TEST_SECRET).html;
  const match = prefix.exec(text);
  expect(match, `a link in ${kind}`).not.toBeNull();
  return decodeURIComponent(match![1]!);
}
const offerToken = (email: string) => linkToken(email, 'waitlist-offer', /\/checkout\?offer=([^"&<\s]+)/);
const leaveToken = (email: string) => linkToken(email, 'waitlist-joined', /\/waitlist\/([^"&<\s]+)/);

/** Books an offer: opens its checkout, the provider takes the payment, the browser comes back. */
async function bookOffer(dateId: number, who: Person, token: string, seats = 1) {
  const opened = await post('/api/create-payment-intent', { workshopDateId: dateId, customerInfo: who, discountCode: '', waitlistOffer: token, seats });
  expect(opened.statusCode, opened.body).toBe(200);
  world.stripe.succeed(opened.json().paymentIntentId);
  return complete(dateId, who, opened.json().paymentIntentId);
}

describe('joining', () => {
  it('is refused with 409 seats_available while the public can book that many seats, and changes nothing', async () => {
    const open = await date({ seatsTotal: 3 });
    const answer = await join(open.id, person('Early'), { seats: 2 });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ code: 'seats_available', message: '2 seats are free on this date right now: book instead of joining the waiting list.' });
    expect(await world.db.select().from(waitlistEntries).where(eq(waitlistEntries.workshopDateId, open.id))).toHaveLength(0);
  });

  it('on a booked-out date: 201 with the place in line, an e-mail with a link to leave, and the same address again answers its entry', async () => {
    const { date: full } = await fullDate(1);
    expect(await publicDate(full.id)).toMatchObject({ seatsRemaining: 0, waitlistOpen: true });
    const first = person('First');
    const second = person('Second');
    const a = await join(full.id, first);
    expect(a.statusCode, a.body).toBe(201);
    expect(a.json()).toMatchObject({ position: 1, alreadyWaiting: false });
    const b = await join(full.id, second, { seats: 2 });
    expect(b.json()).toMatchObject({ position: 2 });
    const again = await join(full.id, { ...first, email: first.email.toUpperCase() });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: a.json().id, position: 1, alreadyWaiting: true });

    const [mail] = await mailTo(first.email, 'waitlist-joined');
    expect(mail!.subject).toContain('You are on the waiting list');
    expect(mail!.html).toContain('number 1 on the waiting list');
    const token = await leaveToken(first.email);
    const page = await world.send({ method: 'GET', url: `/api/waitlist/${encodeURIComponent(token)}` });
    expect(page.json()).toMatchObject({ status: 'waiting', position: 1, seats: 1, workshopDateId: full.id });
    await expectInvariants();
  });

  it('hostile or broken input answers 4xx with a message and writes nothing', async () => {
    const { date: full } = await fullDate(1);
    const bad = [
      { workshopDateId: full.id, firstName: 'A', lastName: 'Person', email: 'x@y.example' },
      { workshopDateId: full.id, firstName: 'Ann', lastName: 'Person', email: 'not-an-address' },
      { workshopDateId: full.id, firstName: 'Ann', lastName: 'Person', email: 'a@b.example', seats: 11 },
      { workshopDateId: full.id, firstName: 'Ann', lastName: 'Person', email: 'a@b.example', seats: 0 },
      { workshopDateId: 2 ** 40, firstName: 'Ann', lastName: 'Person', email: 'a@b.example' },
      { workshopDateId: full.id, firstName: 'Ann\u0000', lastName: 'Person', email: 'a@b.example' },
    ];
    for (const payload of bad) {
      const answer = await post('/api/waitlist', payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, JSON.stringify(payload)).toBeLessThan(500);
      expect(answer.json().message).toEqual(expect.any(String));
    }
    expect((await join(999_999, person('Nowhere'))).statusCode).toBe(404);
    expect(await world.db.select().from(waitlistEntries).where(eq(waitlistEntries.workshopDateId, full.id))).toHaveLength(0);
    for (const token of ['nonsense', 'a.b', '%00', 'x'.repeat(200)]) {
      expect((await world.send({ method: 'GET', url: `/api/waitlist/${encodeURIComponent(token)}` })).statusCode).toBe(410);
      expect((await world.send({ method: 'DELETE', url: `/api/waitlist/${encodeURIComponent(token)}` })).statusCode).toBe(410);
    }
  });
});

describe('a freed seat goes to the list first', () => {
  it('is offered to the first entry whose seats fit, held from the public, and booked through the offer at the price of the offer', async () => {
    const { date: full, seated } = await fullDate(2);
    const pair = person('Pair');
    const single = person('Single');
    const pairEntry = (await join(full.id, pair, { seats: 2 })).json().id as number;
    const singleEntry = (await join(full.id, single)).json().id as number;

    expect((await cancel(seated[0]!.id, seated[0]!.who)).statusCode).toBe(200);
    // One seat freed: the pair does not fit, the next entry does.
    expect(await entry(pairEntry)).toMatchObject({ status: 'waiting' });
    expect(await entry(singleEntry)).toMatchObject({ status: 'offered', offerSeatCents: full.priceCents });
    expect(await seatsTaken(full.id)).toBe(2);
    expect(await publicDate(full.id)).toMatchObject({ seatsRemaining: 0, waitlistOpen: true });
    // Nobody else can buy it meanwhile.
    const outsider = person('Outsider');
    const refused = await post('/api/create-payment-intent', { workshopDateId: full.id, customerInfo: outsider, discountCode: '' });
    expect(refused.statusCode).toBe(409);
    await expectInvariants();

    await world.advance(0);
    const [offerMail] = await mailTo(single.email, 'waitlist-offer');
    expect(offerMail!.subject).toBe(`Seats are free for you: ${full.title}`);
    // The date's price goes up meanwhile: the offer keeps the price it was made at.
    await world.db.update(workshopDates).set({ priceCents: full.priceCents + 10_000 }).where(eq(workshopDates.id, full.id));
    const placed = await bookOffer(full.id, single, await offerToken(single.email));
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await booking(placed.json().id)).finalPriceCents).toBe(full.priceCents);
    expect(await entry(singleEntry)).toMatchObject({ status: 'booked' });
    expect(await seatsTaken(full.id)).toBe(2);
    await expectInvariants();

    // The second seat frees: now the pair fits, and both seats of its offer are held.
    expect((await cancel(seated[1]!.id, seated[1]!.who)).statusCode).toBe(200);
    expect(await entry(pairEntry)).toMatchObject({ status: 'waiting' });
    expect((await cancel(placed.json().id, single)).statusCode).toBe(200);
    expect(await entry(pairEntry)).toMatchObject({ status: 'offered', seats: 2 });
    expect(await seatsTaken(full.id)).toBe(2);
    await expectInvariants();
  });

  it('the offer link alone books every seat it holds, in its person\'s name, at the offer\'s price', async () => {
    const { date: full, seated } = await fullDate(2);
    const pair = person('LinkOnly');
    await join(full.id, pair, { seats: 2 });
    await cancel(seated[0]!.id, seated[0]!.who);
    await cancel(seated[1]!.id, seated[1]!.who);
    await world.advance(0);
    const opened = await post('/api/create-payment-intent', { waitlistOffer: await offerToken(pair.email) });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ seats: 2, amount: (2 * full.priceCents) / 100 });
    // Without an offer the date and the buyer are still required.
    const bare = await post('/api/create-payment-intent', { discountCode: '' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toEqual(expect.any(String));
    world.stripe.succeed(opened.json().paymentIntentId);
    const placed = await complete(full.id, pair, opened.json().paymentIntentId);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().bookings).toHaveLength(2);
    expect(await seatsTaken(full.id)).toBe(2);
    await expectInvariants();
  });

  it('an offer can be declined from its e-mail and passes on at once; one that runs out is told and passes on', async () => {
    const { date: full, seated } = await fullDate(1);
    const [a, b, c] = [person('Decliner'), person('Sleeper'), person('Third')];
    for (const who of [a, b, c]) expect((await join(full.id, who)).statusCode).toBe(201);
    await cancel(seated[0]!.id, seated[0]!.who);
    await world.advance(0);
    const declined = await world.send({ method: 'DELETE', url: `/api/waitlist/${encodeURIComponent(await offerToken(a.email))}` });
    expect(declined.json()).toMatchObject({ success: true, message: expect.stringContaining('went to the next person waiting') });
    // Twice changes nothing.
    expect((await world.send({ method: 'DELETE', url: `/api/waitlist/${encodeURIComponent(await offerToken(a.email))}` })).json().message).toBe('You are no longer on this waiting list.');
    const sleeper = (await world.db.select().from(waitlistEntries).where(and(eq(waitlistEntries.workshopDateId, full.id), eq(waitlistEntries.email, b.email))))[0]!;
    expect(sleeper.status).toBe('offered');
    await world.advance(0);
    const token = await offerToken(b.email);

    // A day later (the default offer hours): expired, told, and the third person holds the seat.
    await world.advance(24 * 60 + 1);
    expect(await entry(sleeper.id)).toMatchObject({ status: 'expired' });
    expect(await mailTo(b.email, 'waitlist-offer-expired')).toHaveLength(1);
    expect(await mailTo(c.email, 'waitlist-offer')).toHaveLength(1);
    // The expired offer's link books nothing.
    const late = await post('/api/create-payment-intent', { workshopDateId: full.id, customerInfo: b, discountCode: '', waitlistOffer: token });
    expect(late.statusCode).toBe(410);
    expect(late.json().code).toBe('offer_ended');
    expect(await seatsTaken(full.id)).toBe(1);
    await expectInvariants();
  });

  it('a payment for an offer that ran out meanwhile is refunded, never an extra seat', async () => {
    const { date: full, seated } = await fullDate(1);
    const [slow, next] = [person('Slow'), person('Next')];
    await join(full.id, slow);
    await join(full.id, next);
    await cancel(seated[0]!.id, seated[0]!.who);
    await world.advance(0);
    const opened = await post('/api/create-payment-intent', { workshopDateId: full.id, customerInfo: slow, discountCode: '', waitlistOffer: await offerToken(slow.email) });
    expect(opened.statusCode, opened.body).toBe(200);
    await world.advance(24 * 60 + 1);
    world.stripe.succeed(opened.json().paymentIntentId);
    const paid = await complete(full.id, slow, opened.json().paymentIntentId);
    expect(paid.statusCode).toBe(409);
    expect([...world.stripe.refunds.values()].filter((r) => r.payment_intent === opened.json().paymentIntentId)).toHaveLength(1);
    expect(await seatsTaken(full.id)).toBe(1);
    await expectInvariants();
  });

  it('an entry closes itself when its person books the workshop another way, and nobody is offered what they have', async () => {
    const [template] = await world.db.insert(workshopTemplates).values({ title: 'Waiting-list workshop' }).returning();
    const { date: full } = await fullDate(1, { templateId: template!.id });
    const flexible = person('Flexible');
    const joined = await join(full.id, flexible, { nextDate: true });
    expect(joined.statusCode, joined.body).toBe(201);
    expect(await entry(joined.json().id)).toMatchObject({ workshopDateId: null, templateId: template!.id, status: 'waiting' });
    // A date of the workshop put on sale behind the list's back (straight into the database): they book it themselves.
    const other = await date({ seatsTotal: 3, templateId: template!.id });
    await paidSeat(other.id, flexible);
    expect(await entry(joined.json().id)).toMatchObject({ status: 'booked' });
    await expectInvariants();
  });

  it('an entry closes itself when its person claims a seat of the date a colleague bought, and its offer never reaches them', async () => {
    const open = await date({ seatsTotal: 3 });
    const buyer = person('TeamLead');
    // Two seats, the second left unnamed for a colleague to claim.
    const { paymentIntentId } = (await post('/api/create-payment-intent', { workshopDateId: open.id, customerInfo: buyer, discountCode: '', seats: 2, attendees: [buyer] })).json();
    world.stripe.succeed(paymentIntentId);
    const placed = await complete(open.id, buyer, paymentIntentId);
    expect(placed.statusCode, placed.body).toBe(201);
    const unnamed = (placed.json().bookings as { id: number; named: boolean }[]).find((seat) => !seat.named)!;
    const third = person('Third');
    const thirdSeat = await paidSeat(open.id, third);
    const colleague = person('Colleague');
    const waiting = (await join(open.id, colleague)).json().id as number;
    expect(await entry(waiting)).toMatchObject({ status: 'waiting' });

    const claim = claimLinkFor(TEST_SECRET, 'http://test.local', { id: unnamed.id, claimVersion: 0 });
    const claimed = await post(`/api/claims/${new URL(claim).pathname.split('/').pop()}`, { firstName: colleague.firstName, lastName: colleague.lastName, email: colleague.email });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(await entry(waiting)).toMatchObject({ status: 'booked' });
    // A seat frees: nobody is waiting any more, so it goes back on sale.
    await cancel(thirdSeat, third);
    expect(await publicDate(open.id)).toMatchObject({ seatsRemaining: 1, waitlistOpen: false });
    await world.advance(0);
    expect(await mailTo(colleague.email, 'waitlist-offer')).toHaveLength(0);
    await expectInvariants();
  });

  it('an entry for the next date with room is offered another date of its workshop that has room right away', async () => {
    const [template] = await world.db.insert(workshopTemplates).values({ title: 'Roomy workshop' }).returning();
    const { date: full } = await fullDate(1, { templateId: template!.id });
    const roomy = await date({ seatsTotal: 4, templateId: template!.id });
    const flexible = person('Anywhere');
    const id = (await join(full.id, flexible, { nextDate: true, seats: 2 })).json().id as number;
    expect(await entry(id)).toMatchObject({ status: 'offered', workshopDateId: roomy.id, seats: 2 });
    expect(await seatsTaken(roomy.id)).toBe(2);
    await expectInvariants();
  });

  it('a discount code used on an offer passed on with its checkout still open gives its use back', async () => {
    const { date: full, seated } = await fullDate(1);
    const tenOff = await code({ discountPercent: 10, maxUses: 1 });
    const saver = person('Saver');
    await join(full.id, saver);
    await cancel(seated[0]!.id, seated[0]!.who);
    await world.advance(0);
    const opened = await post('/api/create-payment-intent', { workshopDateId: full.id, customerInfo: saver, discountCode: tenOff.code, waitlistOffer: await offerToken(saver.email) });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().amount).toBe((full.priceCents * 0.9) / 100);
    await expectInvariants();
    // They pass the seats on with the checkout still open: the code's use comes back with them.
    expect((await world.send({ method: 'DELETE', url: `/api/waitlist/${encodeURIComponent(await offerToken(saver.email))}` })).statusCode).toBe(200);
    await expectInvariants();
  });

  it('an entry for the next date with room is offered a new date of its workshop as soon as the organiser adds one', async () => {
    const [template] = await world.db.insert(workshopTemplates).values({ title: 'Added-date workshop' }).returning();
    const { date: full } = await fullDate(1, { templateId: template!.id });
    const eager = person('Eager');
    const id = (await join(full.id, eager, { nextDate: true, seats: 2 })).json().id as number;
    const created = await world.send({
      method: 'POST',
      url: '/api/admin/workshop-dates',
      payload: { templateId: template!.id, title: 'Added-date workshop', date: 'July 9, 2031', time: '10:00 AM - 12:00 PM', timezone: 'PST', seatsTotal: 6, price: 499 },
      admin: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const added = created.json().id as number;
    scope.dateIds.push(added);
    expect(await entry(id)).toMatchObject({ status: 'offered', workshopDateId: added, seats: 2 });
    expect(await seatsTaken(added)).toBe(2);
    await expectInvariants();
  });
});

describe('a rush', () => {
  it('30 people wait on a full date, 5 seats free at once: exactly 5 offers, to the first 5 in line, and the public still cannot buy', async () => {
    const { date: full } = await fullDate(2);
    const people = Array.from({ length: 30 }, (_, n) => person(`Rush${n}`));
    const ids: number[] = [];
    for (const who of people) ids.push((await join(full.id, who)).json().id as number);
    const raised = await world.send({ method: 'PUT', url: `/api/admin/workshop-dates/${full.id}`, payload: { seatsTotal: 7 }, admin: true });
    expect(raised.statusCode, raised.body).toBe(200);
    const statuses = await Promise.all(ids.map(async (id) => (await entry(id)).status));
    expect(statuses.slice(0, 5)).toEqual(['offered', 'offered', 'offered', 'offered', 'offered']);
    expect(statuses.slice(5).every((status) => status === 'waiting')).toBe(true);
    expect(await seatsTaken(full.id)).toBe(7);
    expect(await publicDate(full.id)).toMatchObject({ seatsRemaining: 0, waitlistOpen: true });
    await world.advance(0);
    for (const who of people.slice(0, 5)) expect(await mailTo(who.email, 'waitlist-offer')).toHaveLength(1);
    for (const who of people.slice(5)) expect(await mailTo(who.email, 'waitlist-offer')).toHaveLength(0);
    await expectInvariants();
  });

  it('5 cancellations at once on a full date with 30 waiting: 5 offers in order of joining, no seat lost or doubled', async () => {
    const { date: full, seated } = await fullDate(5);
    const people = Array.from({ length: 30 }, (_, n) => person(`Crowd${n}`));
    const ids: number[] = [];
    for (const who of people) ids.push((await join(full.id, who)).json().id as number);
    const answers = await Promise.all(seated.map(({ id, who }) => cancel(id, who)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const statuses = await Promise.all(ids.map(async (id) => (await entry(id)).status));
    expect(statuses.filter((status) => status === 'offered')).toHaveLength(5);
    expect(statuses.slice(0, 5)).toEqual(['offered', 'offered', 'offered', 'offered', 'offered']);
    expect(await seatsTaken(full.id)).toBe(5);
    await expectInvariants();
  });
});

describe('the admin', () => {
  it('lists a date in order with places, deadlines and what the waiting is worth; removes an entry; offers by hand', async () => {
    const { date: full, seated } = await fullDate(1);
    const [a, b, c] = [person('Listed'), person('Pairs'), person('Later')];
    await join(full.id, a);
    await join(full.id, b, { seats: 2 });
    await join(full.id, c);
    const list = await world.send({ method: 'GET', url: `/api/admin/waitlist?workshopDateId=${full.id}`, admin: true });
    expect(list.statusCode).toBe(200);
    expect(list.json().entries.map((e: { email: string; position: number }) => [e.email, e.position])).toEqual([
      [a.email, 1],
      [b.email, 2],
      [c.email, 3],
    ]);
    const price = full.priceCents / 100;
    expect(list.json().demand).toMatchObject({ people: 3, seats: 4, value: 4 * price });
    expect(list.json().demand.summary).toMatch(/^3 people, 4 seats, \$/);

    const removed = await world.send({ method: 'DELETE', url: `/api/admin/waitlist/${list.json().entries[0].id}`, admin: true });
    expect(removed.json()).toMatchObject({ success: true, entry: { status: 'removed', position: null } });
    expect((await world.send({ method: 'DELETE', url: `/api/admin/waitlist/${list.json().entries[0].id}`, admin: true })).statusCode).toBe(409);

    // Offering needs free seats: none yet.
    const noSeats = await world.send({ method: 'POST', url: `/api/admin/waitlist/${list.json().entries[2].id}/offer`, payload: {}, admin: true });
    expect(noSeats.statusCode).toBe(409);
    // A seat frees: it goes to c (b's two do not fit); the organiser cannot offer it twice.
    await cancel(seated[0]!.id, seated[0]!.who);
    const after = (await world.send({ method: 'GET', url: `/api/admin/waitlist?workshopDateId=${full.id}`, admin: true })).json();
    expect(after.entries.map((e: { status: string }) => e.status)).toEqual(['removed', 'waiting', 'offered']);
    expect(after.entries[2].offerExpiresAt).toEqual(expect.any(String));
    expect(after.demand).toMatchObject({ people: 1, seats: 2 });
    // One more seat: b fits once the organiser raises the seats by one and offers them by hand.
    await world.send({ method: 'PUT', url: `/api/admin/workshop-dates/${full.id}`, payload: { seatsTotal: 2 }, admin: true });
    expect((await entry(after.entries[1].id)).status).toBe('waiting');
    await world.send({ method: 'PUT', url: `/api/admin/workshop-dates/${full.id}`, payload: { seatsTotal: 3 }, admin: true });
    expect((await entry(after.entries[1].id)).status).toBe('offered');
    await expectInvariants();
  });

  it('needs a session', async () => {
    expect((await world.send({ method: 'GET', url: '/api/admin/waitlist?workshopDateId=1' })).statusCode).toBe(401);
    expect((await world.send({ method: 'DELETE', url: '/api/admin/waitlist/1' })).statusCode).toBe(401);
  });
});
