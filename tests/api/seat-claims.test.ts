/**
 * Unnamed seats and their claim links: a buyer orders seats without naming everyone, shares each
 * unnamed seat's link (`/claim/{token}`), and a colleague puts their own name on it, once; from
 * then on it is their booking. The buyer sees every seat of the orders they bought, may cancel or
 * ask a refund for any of them, and may e-mail or revoke an unnamed seat's link until the workshop
 * starts; an attendee sees and acts on their own seat only. Driven through the real app (the real
 * Stripe SDK against the local Stripe double), on this run's database; the lifecycle's invariants
 * are checked after the steps that change seats.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimLinkFor } from '../../src/features/booking/server/booking-links';
import { participantLinkFor } from '../../src/features/participant/server/participant-access';
import { auditLog, bookings, emailOutbox, participantProfiles, workshopDates } from '../../src/server/db/schema';
import { signToken } from '../../src/server/lib/signed-token';
import { createBookingWorld, type Answer, type BookingWorld } from '../helpers/booking-world';
import { lifecycleSteps } from '../helpers/lifecycle-steps';
import { asSent } from '../helpers/outbox';
import { participantHeaders } from '../helpers/participant-session';
import { holdRowLock } from '../helpers/row-lock';
import { testDatabaseKind } from '../helpers/test-database';
import { clientHeaders, loginAsAdmin, TEST_SECRET } from '../helpers/test-app';

let world: BookingWorld;
beforeAll(async () => {
  world = await createBookingWorld();
});
afterAll(async () => {
  await world.close();
});

const { person, date, post, seatsTaken, complete, expectInvariants } = lifecycleSteps(() => world, { lastName: 'Claim', emailDomain: 'claims.test' });

type Seat = { id: number; orderId: number; buyerEmail: string; email: string; named: boolean; status: string };
type ListedSeat = Seat & { yourSeat: boolean; youBought: boolean; claim: { claimed: boolean; link: string | null } | null; firstName: string };

const attendee = (name: string) => {
  const { firstName, lastName, email } = person(name);
  return { firstName, lastName, email };
};

// Each call from an address of its own, like the visitors it stands for: the per-address limits
// are tested elsewhere (rate-limits.test.ts) and would otherwise refuse this file's later calls.
let caller = 0;
const remoteAddress = () => `10.77.${(++caller >> 8) & 255}.${caller & 255}`;
const call = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = clientHeaders): Promise<Answer & { headers: Record<string, unknown> }> =>
  world.app.inject({ method, url, headers, remoteAddress: remoteAddress(), ...(payload ? { payload } : {}) });

/** The path of a claim link (`/claim/{token}`) as its page calls the API. */
const apiOf = (link: string) => `/api/claims/${new URL(link).pathname.split('/').pop()}`;
const claim = (link: string, who: object) => call('POST', apiOf(link), who);
const readClaim = (link: string) => call('GET', apiOf(link));

const seatRow = async (id: number) => (await world.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const mailsTo = (email: string) => world.db.select().from(emailOutbox).where(eq(emailOutbox.to, email)).orderBy(emailOutbox.id);
const outboxSize = async () => (await world.db.select({ n: count() }).from(emailOutbox))[0]!.n;
/** What each sealed link in a queued e-mail opens: its purpose and subject. */
const linksIn = (mail: typeof emailOutbox.$inferSelect) => (mail.sealedTokens ?? []).filter((token) => mail.html.includes(token.placeholder)).map((token) => [token.purpose, token.subject]);

/** A paid order of `seats` seats with these people named on the first ones; the others are unnamed. */
async function paidOrder(seats: number, named: object[], dateOverrides: Parameters<typeof date>[0] = {}) {
  const open = await date({ seatsTotal: 10, priceCents: 20_000, ...dateOverrides });
  const lead = person('Lead');
  const opened = await post('/api/create-payment-intent', { workshopDateId: open.id, customerInfo: lead, seats, attendees: named });
  expect(opened.statusCode, opened.body).toBe(200);
  world.stripe.succeed(opened.json().paymentIntentId);
  const done = await complete(open.id, lead, opened.json().paymentIntentId);
  expect(done.statusCode, done.body).toBe(201);
  return { open, lead, seats: done.json().bookings as Seat[], orderId: done.json().orderId as number };
}

async function listFor(email: string): Promise<ListedSeat[]> {
  const response = await call('GET', '/api/participant/bookings', undefined, await participantHeaders(world.app, email));
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The buyer's claim links of an order's unnamed seats, by seat id. */
async function claimLinks(buyer: string, orderId: number): Promise<Map<number, string>> {
  const list = await listFor(buyer);
  return new Map(list.filter((seat) => seat.orderId === orderId && seat.claim?.link).map((seat) => [seat.id, seat.claim!.link!]));
}

describe('an order of three seats with one named', () => {
  let order: Awaited<ReturnType<typeof paidOrder>>;
  let named: ReturnType<typeof attendee>;
  let links: Map<number, string>;
  beforeAll(async () => {
    named = attendee('Named');
    order = await paidOrder(3, [named]);
    links = await claimLinks(order.lead.email, order.orderId);
  });

  it('gives its buyer every seat, each with orderId and buyerEmail, and the two unnamed seats their claim links', async () => {
    const list = (await listFor(order.lead.email)).filter((seat) => seat.orderId === order.orderId).sort((a, b) => a.id - b.id);
    expect(list.map((seat) => [seat.email, seat.named, seat.buyerEmail, seat.youBought, seat.yourSeat])).toEqual([
      [named.email, true, order.lead.email, true, false],
      [order.lead.email, false, order.lead.email, true, false],
      [order.lead.email, false, order.lead.email, true, false],
    ]);
    expect(list[0]!.claim).toBeNull();
    expect(links.size).toBe(2);
    expect([...links.keys()].sort((a, b) => a - b)).toEqual(order.seats.filter((seat) => !seat.named).map((seat) => seat.id));
    for (const link of links.values()) expect(link).toMatch(/^http:\/\/test\.local\/claim\/[\w-]+\.[\w-]+$/);
    expect(new Set(links.values()).size).toBe(2);
  });

  it('its link tells the claim page the workshop, the time and the buyer’s first name, and nothing more about anyone', async () => {
    const [, link] = [...links][0]!;
    const read = await readClaim(link);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.headers['cache-control']).toBe('no-store');
    expect(read.json()).toEqual({
      state: 'open',
      claimable: true,
      buyerFirstName: 'Lead',
      workshop: expect.objectContaining({ title: order.open.title, date: order.open.date, time: order.open.time, timezone: order.open.timezone, isTBC: false }),
    });
    for (const secret of [order.lead.email, order.lead.lastName, named.email, named.firstName]) expect(read.body).not.toContain(secret);
  });

  it('claimed by a colleague: 200 with the seat as their booking, their own confirmation with their own sign-in link, audited', async () => {
    const [seatId, link] = [...links][0]!;
    const colleague = attendee('Colleague');
    const before = await seatsTaken(order.open.id);
    const claimed = await claim(link, colleague);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json()).toMatchObject({
      id: seatId,
      firstName: colleague.firstName,
      lastName: colleague.lastName,
      email: colleague.email,
      named: true,
      status: 'confirmed',
      orderId: order.orderId,
      buyerEmail: order.lead.email,
    });
    expect(claimed.json().confirmationToken).toEqual(expect.any(String));
    expect(await seatRow(seatId)).toMatchObject({ email: colleague.email, firstName: colleague.firstName, named: true, claimVersion: 1, status: 'confirmed' });
    expect(await seatsTaken(order.open.id)).toBe(before);

    const mails = await mailsTo(colleague.email);
    expect(mails.map((mail) => mail.kind)).toEqual(['booking-paid']);
    expect(linksIn(mails[0]!)).toContainEqual(['participant-access', colleague.email.toLowerCase()]);
    const sent = asSent(mails[0]!);
    expect(sent.subject).toContain(order.open.title);
    expect(sent.html).toContain(`#${seatId}`);
    expect(sent.html).toContain('/participant?token=');
    expect(mails[0]!.attachments).toHaveLength(1);

    const [audit] = await world.db.select().from(auditLog).where(and(eq(auditLog.action, 'seat_claimed'), eq(auditLog.entityId, String(seatId))));
    expect(audit).toMatchObject({ actor: colleague.email.toLowerCase(), entity: 'booking' });
    await expectInvariants();

    // The buyer sees it claimed, with the person on it and no link any more.
    const forBuyer = (await listFor(order.lead.email)).find((seat) => seat.id === seatId)!;
    expect(forBuyer).toMatchObject({ email: colleague.email, named: true, claim: { claimed: true, link: null }, youBought: true, yourSeat: false });
    // The colleague sees this seat and nothing else of the order.
    const forColleague = await listFor(colleague.email);
    expect(forColleague.map((seat) => [seat.id, seat.orderId, seat.buyerEmail, seat.yourSeat, seat.youBought, seat.claim])).toEqual([
      [seatId, order.orderId, order.lead.email, true, false, null],
    ]);
  });

  it('the same link again answers 409 already_claimed and changes nothing', async () => {
    const [seatId, link] = [...links][0]!;
    const rowBefore = await seatRow(seatId);
    const mailBefore = await outboxSize();
    const again = await claim(link, attendee('Late'));
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().code).toBe('already_claimed');
    expect(await seatRow(seatId)).toEqual(rowBefore);
    expect(await outboxSize()).toBe(mailBefore);
    expect((await readClaim(link)).json()).toMatchObject({ state: 'claimed', claimable: false });
  });

  it('a revoked link answers 410 and changes nothing; the new link works', async () => {
    const [seatId, oldLink] = [...links][1]!;
    const buyer = await participantHeaders(world.app, order.lead.email);
    const revoked = await call('POST', `/api/participant/seats/${seatId}/revoke-claim`, undefined, buyer);
    expect(revoked.statusCode, revoked.body).toBe(200);
    const newLink = revoked.json().claimLink as string;
    expect(revoked.json().bookingId).toBe(seatId);
    expect(newLink).not.toBe(oldLink);
    expect((await seatRow(seatId)).claimVersion).toBe(1);
    const [audit] = await world.db.select().from(auditLog).where(and(eq(auditLog.action, 'seat_claim_link_revoked'), eq(auditLog.entityId, String(seatId))));
    expect(audit?.actor).toBe(order.lead.email);

    const rowBefore = await seatRow(seatId);
    const stale = await claim(oldLink, attendee('Stale'));
    expect(stale.statusCode, stale.body).toBe(410);
    expect(stale.json().code).toBe('claim_revoked');
    expect(await seatRow(seatId)).toEqual(rowBefore);
    expect((await readClaim(oldLink)).json()).toMatchObject({ state: 'revoked', claimable: false });
    // The buyer's page shows the new link.
    expect((await claimLinks(order.lead.email, order.orderId)).get(seatId)).toEqual(expect.stringMatching(/\/claim\//));

    const fresh = attendee('Fresh');
    const claimed = await claim(newLink, fresh);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(await seatRow(seatId)).toMatchObject({ email: fresh.email, named: true, claimVersion: 2 });
  });

  it('hostile input answers 4xx, never 500, and changes nothing', async () => {
    const spare = await paidOrder(2, []);
    const [seatId, link] = [...(await claimLinks(spare.lead.email, spare.orderId))][0]!;
    const rowBefore = await seatRow(seatId);
    const good = attendee('Good');
    for (const body of [
      { ...good, firstName: 'Ad\u0000a' },
      { ...good, lastName: '\ud800' },
      { ...good, email: 'not-an-address' },
      { ...good, firstName: 'x'.repeat(10_000) },
      { ...good, firstName: ['Ada'] },
      { firstName: good.firstName },
      {},
    ]) {
      const refused = await claim(link, body);
      expect(refused.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(refused.json().message).toEqual(expect.any(String));
    }
    const raw = await world.app.inject({ method: 'POST', url: apiOf(link), headers: { ...clientHeaders, 'content-type': 'application/json' }, payload: '{"firstName":', remoteAddress: remoteAddress() });
    expect(raw.statusCode).toBe(400);

    // Tokens that are not ours, or not for claiming, or not tokens at all.
    const forged = signToken('another-secret-another-secret-another', 'claim-seat', `${seatId}.0`, 3_600_000);
    const wrongPurpose = new URL(participantLinkFor(TEST_SECRET, 'http://test.local', spare.lead.email)).searchParams.get('token')!;
    const hugeId = signToken(TEST_SECRET, 'claim-seat', '99999999999.0', 3_600_000);
    const notANumber = signToken(TEST_SECRET, 'claim-seat', 'x.0', 3_600_000);
    for (const token of [forged, wrongPurpose, hugeId, notANumber, 'garbage', 'a.b.c', '%00', '%ff%fe']) {
      for (const method of ['GET', 'POST'] as const) {
        const answer = await call(method, `/api/claims/${token}`, method === 'POST' ? good : undefined);
        expect([400, 403], `${method} ${token}: ${answer.body}`).toContain(answer.statusCode);
        expect(answer.json().message).toEqual(expect.any(String));
      }
    }
    expect((await call('POST', `/api/claims/${forged}`, good)).json().code).toBe('claim_link_invalid');
    expect([400, 414]).toContain((await call('GET', `/api/claims/${'x'.repeat(700)}`)).statusCode);
    // The longest token a seat can have still reaches the check (and names no seat here).
    const longest = claimLinkFor(TEST_SECRET, 'http://test.local', { id: 2_147_483_647, claimVersion: 2_147_483_647 });
    expect((await readClaim(longest)).statusCode).toBe(410);
    // An expired link of ours is genuine but over: 410.
    const expired = signToken(TEST_SECRET, 'claim-seat', `${seatId}.0`, -1000);
    expect((await call('POST', `/api/claims/${expired}`, good)).statusCode).toBe(410);
    expect(await seatRow(seatId)).toEqual(rowBefore);
  });
});

describe('the workshop starting', () => {
  it('ends every claim link: 410 for the colleague, 409 for the buyer’s send and revoke, no link on the page', async () => {
    const order = await paidOrder(2, []);
    const [seatId, link] = [...(await claimLinks(order.lead.email, order.orderId))][0]!;
    await world.db.update(workshopDates).set({ startsAt: new Date(world.clock().getTime() - 60_000) }).where(eq(workshopDates.id, order.open.id));
    const rowBefore = await seatRow(seatId);

    const late = await claim(link, attendee('Late'));
    expect(late.statusCode, late.body).toBe(410);
    expect(late.json().code).toBe('claim_revoked');
    expect((await readClaim(link)).json()).toMatchObject({ state: 'started', claimable: false });
    expect(await seatRow(seatId)).toEqual(rowBefore);

    const buyer = await participantHeaders(world.app, order.lead.email);
    const revoke = await call('POST', `/api/participant/seats/${seatId}/revoke-claim`, undefined, buyer);
    expect(revoke.statusCode).toBe(409);
    expect(revoke.json().code).toBe('workshop_started');
    const send = await call('POST', `/api/participant/seats/${seatId}/claim-link`, { email: 'someone@claims.test' }, buyer);
    expect(send.statusCode).toBe(409);
    expect(await seatRow(seatId)).toEqual(rowBefore);
    expect((await listFor(order.lead.email)).find((seat) => seat.id === seatId)!.claim).toEqual({ claimed: false, link: null });
  });
});

describe('two people claiming one seat at once', () => {
  it('end as exactly one claim: one 200, one 409, one confirmation', async () => {
    const order = await paidOrder(2, []);
    const [seatId, link] = [...(await claimLinks(order.lead.email, order.orderId))][0]!;
    const [first, second] = [attendee('Quick'), attendee('Quicker')];
    // On PostgreSQL both wait on the seat's row lock and race for it when it goes; PGlite runs
    // one transaction at a time, so there they queue.
    const release = testDatabaseKind === 'postgres' ? await holdRowLock(world.db, bookings, seatId) : null;
    const racing = Promise.all([claim(link, first), claim(link, second)]);
    if (release) {
      await new Promise((wake) => setTimeout(wake, 200));
      await release();
    }
    const answers = await racing;
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200)!.json();
    expect(await seatRow(seatId)).toMatchObject({ email: winner.email, named: true, claimVersion: 1 });
    const confirmations = [...(await mailsTo(first.email)), ...(await mailsTo(second.email))];
    expect(confirmations.map((mail) => mail.to)).toEqual([winner.email]);
    await expectInvariants();
  });
});

describe('the buyer and the attendees of an order', () => {
  let order: Awaited<ReturnType<typeof paidOrder>>;
  const [one, two] = [attendee('One'), attendee('Two')];
  beforeAll(async () => {
    order = await paidOrder(3, [one, two]);
  });

  it('the buyer sees all three seats; an attendee only their own', async () => {
    const forBuyer = (await listFor(order.lead.email)).filter((seat) => seat.orderId === order.orderId);
    expect(forBuyer).toHaveLength(3);
    for (const seat of forBuyer) expect(seat).toMatchObject({ orderId: order.orderId, buyerEmail: order.lead.email, youBought: true });
    const forOne = await listFor(one.email);
    expect(forOne.map((seat) => [seat.email, seat.orderId, seat.buyerEmail, seat.yourSeat, seat.youBought, seat.claim])).toEqual([
      [one.email, order.orderId, order.lead.email, true, false, null],
    ]);
    const cancelled = await call('GET', '/api/participant/bookings/cancelled', undefined, await participantHeaders(world.app, one.email));
    expect(cancelled.json()).toEqual([]);
  });

  it('an attendee cannot act on another seat of the order, nor manage its links', async () => {
    const [seatOfTwo] = order.seats.filter((seat) => seat.email === two.email);
    const unnamed = order.seats.find((seat) => !seat.named)!;
    const asOne = await participantHeaders(world.app, one.email);
    const before = await seatRow(seatOfTwo!.id);
    for (const [url, body] of [
      [`/api/participant/cancel-booking/${seatOfTwo!.id}`, { email: one.email }],
      [`/api/participant/refund-request/${seatOfTwo!.id}`, { reason: 'I would like my money back please.' }],
      [`/api/participant/seats/${unnamed.id}/revoke-claim`, undefined],
      [`/api/participant/seats/${unnamed.id}/claim-link`, { email: 'friend@claims.test' }],
    ] as const) {
      const refused = await call('POST', url, body, asOne);
      expect(refused.statusCode, `${url}: ${refused.body}`).toBe(403);
    }
    expect(await seatRow(seatOfTwo!.id)).toEqual(before);
    expect((await seatRow(unnamed.id)).claimVersion).toBe(0);
    // Nor read another seat's profile, even as its buyer: a profile is its person's.
    await world.db.insert(participantProfiles).values({ bookingId: seatOfTwo!.id, bio: 'Two’s own bio' });
    const asBuyer = await participantHeaders(world.app, order.lead.email);
    expect((await call('GET', `/api/participant/profile/${seatOfTwo!.id}`, undefined, asBuyer)).statusCode).toBe(403);
    expect((await call('GET', `/api/participant/profile/${seatOfTwo!.id}`, undefined, await participantHeaders(world.app, two.email))).json().bio).toBe('Two’s own bio');
  });

  it('the buyer cancels one seat with the existing call: only that seat goes, with its share of the money', async () => {
    const [seatOfOne] = order.seats.filter((seat) => seat.email === one.email);
    const asBuyer = await participantHeaders(world.app, order.lead.email);
    const terms = await call('GET', `/api/participant/booking/${seatOfOne!.id}/cancellation-terms`, undefined, asBuyer);
    expect(terms.statusCode, terms.body).toBe(200);
    const before = await seatsTaken(order.open.id);
    // Confirmed with the buyer's own address, as their session knows it.
    const cancelled = await call('POST', `/api/participant/cancel-booking/${seatOfOne!.id}`, { email: order.lead.email }, asBuyer);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await world.db.select().from(bookings).where(eq(bookings.orderId, order.orderId)).orderBy(bookings.id)).map((row) => [row.email, row.status])).toEqual([
      [one.email, 'cancelled'],
      [two.email, 'confirmed'],
      [order.lead.email, 'confirmed'],
    ]);
    expect(await seatsTaken(order.open.id)).toBe(before - 1);
    const intentId = (await seatRow(seatOfOne!.id)).stripePaymentId!;
    expect([...world.stripe.refunds.values()].filter((refund) => refund.payment_intent === intentId).map((refund) => refund.amount)).toEqual([20_000]);
    const [audit] = await world.db.select().from(auditLog).where(and(eq(auditLog.action, 'booking_cancelled'), eq(auditLog.entityId, String(seatOfOne!.id))));
    expect(audit?.actor).toBe(order.lead.email);
    // It leaves the buyer's list and joins their cancelled ones.
    expect((await listFor(order.lead.email)).some((seat) => seat.id === seatOfOne!.id)).toBe(false);
    const cancelledList = await call('GET', '/api/participant/bookings/cancelled', undefined, asBuyer);
    expect(cancelledList.json()).toContainEqual(expect.objectContaining({ id: seatOfOne!.id, orderId: order.orderId, buyerEmail: order.lead.email }));
    await expectInvariants();
  });

  it('the buyer asks a refund for a seat they bought for someone else', async () => {
    const [seatOfTwo] = order.seats.filter((seat) => seat.email === two.email);
    const asBuyer = await participantHeaders(world.app, order.lead.email);
    const asked = await call('POST', `/api/participant/refund-request/${seatOfTwo!.id}`, { reason: 'Two cannot make it after all, sorry.' }, asBuyer);
    expect(asked.statusCode, asked.body).toBe(201);
    expect((await listFor(order.lead.email)).find((seat) => seat.id === seatOfTwo!.id)!.status).toBe('confirmed');
  });
});

describe('sending a claim link by e-mail', () => {
  it('e-mails the seat’s current link to the address the buyer typed, sealed, and audits it', async () => {
    const order = await paidOrder(2, []);
    const seatId = [...(await claimLinks(order.lead.email, order.orderId))][0]![0];
    const asBuyer = await participantHeaders(world.app, order.lead.email);
    const friend = 'Friend.Person@claims.test';
    const sent = await call('POST', `/api/participant/seats/${seatId}/claim-link`, { email: friend }, asBuyer);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ sent: true, message: expect.stringContaining('friend.person@claims.test') });

    const [mail] = await mailsTo('friend.person@claims.test');
    expect(mail!.kind).toBe('seat-claim-invite');
    expect(linksIn(mail!)).toEqual([['claim-seat', `${seatId}.0`]]);
    expect(mail!.html).not.toMatch(/\/claim\/[\w-]+\.[\w-]+/);
    const delivered = asSent(mail!);
    expect(delivered.subject).toBe(`Lead Claim booked you a seat: ${order.open.title}`);
    const link = /href="(http:\/\/test\.local\/claim\/[^"]+)"/.exec(delivered.html)![1]!;
    expect((await readClaim(link)).json().state).toBe('open');
    const [audit] = await world.db.select().from(auditLog).where(and(eq(auditLog.action, 'seat_claim_link_sent'), eq(auditLog.entityId, String(seatId))));
    expect(audit).toMatchObject({ actor: order.lead.email, details: expect.objectContaining({ to: 'friend.person@claims.test' }) });

    // A colleague claims it from the e-mail.
    expect((await claim(link, attendee('Friend'))).statusCode).toBe(200);
    // A named seat has no link to send.
    const again = await call('POST', `/api/participant/seats/${seatId}/claim-link`, { email: friend }, asBuyer);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('already_claimed');
  });

  it('refuses a bad address, and more than five invitations an hour to one address', async () => {
    const order = await paidOrder(2, []);
    const seatId = [...(await claimLinks(order.lead.email, order.orderId))][0]![0];
    const asBuyer = await participantHeaders(world.app, order.lead.email);
    for (const email of ['nope', '', 'a@b\u0000c.test']) {
      expect((await call('POST', `/api/participant/seats/${seatId}/claim-link`, { email }, asBuyer)).statusCode).toBe(400);
    }
    const statuses: number[] = [];
    for (let n = 0; n < 6; n++) statuses.push((await call('POST', `/api/participant/seats/${seatId}/claim-link`, { email: 'flooded@claims.test' }, asBuyer)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await mailsTo('flooded@claims.test')).toHaveLength(5);
  });

  it('a buyer whose seats are all in other people’s names can still ask for their sign-in link', async () => {
    const order = await paidOrder(2, [attendee('Alpha'), attendee('Beta')]);
    const asked = await call('POST', '/api/participant/access', { email: order.lead.email });
    expect(asked.statusCode).toBe(200);
    expect((await mailsTo(order.lead.email.toLowerCase())).map((mail) => mail.kind)).toContain('participant-access');
  });
});

describe('a reserved seat, to be paid later by its buyer', () => {
  it('can be claimed: the colleague hears it is held for them, without the pay link', async () => {
    const open = await date({ seatsTotal: 10, priceCents: 20_000 });
    const lead = person('Reserver');
    const reservation = await post('/api/bookings/reserve', { workshopDateId: open.id, ...lead, seats: 2, attendees: [] });
    expect(reservation.statusCode, reservation.body).toBe(201);
    const confirmed = await world.send({ method: 'POST', url: `/api/bookings/${reservation.json().id}/confirm-reservation`, payload: { token: world.confirmToken(reservation.json().id) } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [seatId, link] = [...(await claimLinks(lead.email, reservation.json().orderId))][0]!;
    const colleague = attendee('Held');
    const claimed = await claim(link, colleague);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json()).toMatchObject({ status: 'reserved', named: true, email: colleague.email });
    const mails = await mailsTo(colleague.email);
    expect(mails.map((mail) => mail.kind)).toEqual(['seat-claimed-reserved']);
    expect(linksIn(mails[0]!).map(([purpose]) => purpose)).toEqual(['participant-access']);
    expect(asSent(mails[0]!).html).toContain('Reserver Claim reserved this seat for you');
    expect((await seatRow(seatId)).status).toBe('reserved');
    await expectInvariants();
  });
});

describe('claim links of seats that are gone', () => {
  it('answer 410 for a cancelled seat and changes nothing', async () => {
    const order = await paidOrder(2, []);
    const [seatId, link] = [...(await claimLinks(order.lead.email, order.orderId))][0]!;
    const asBuyer = await participantHeaders(world.app, order.lead.email);
    expect((await call('POST', `/api/participant/cancel-booking/${seatId}`, { email: order.lead.email }, asBuyer)).statusCode).toBe(200);
    const rowBefore = await seatRow(seatId);
    const late = await claim(link, attendee('Gone'));
    expect(late.statusCode).toBe(410);
    expect(late.json().code).toBe('claim_revoked');
    expect((await readClaim(link)).json()).toMatchObject({ state: 'closed', claimable: false });
    expect(await seatRow(seatId)).toEqual(rowBefore);
    // A seat that does not exist: 410 as well, saying nothing about it.
    const nowhere = claimLinkFor(TEST_SECRET, 'http://test.local', { id: 2_000_000_000, claimVersion: 0 });
    expect((await readClaim(nowhere)).statusCode).toBe(410);
  });
});

describe('an admin looking at a buyer’s page', () => {
  it('may revoke a seat’s link as the buyer could, audited under the admin; a seat that does not exist is 404', async () => {
    const order = await paidOrder(2, []);
    const [seatId] = [...(await claimLinks(order.lead.email, order.orderId))][0]!;
    const { headers } = await loginAsAdmin(world.app);
    const listed = await call('GET', `/api/participant/bookings?email=${encodeURIComponent(order.lead.email)}`, undefined, headers);
    expect(listed.json().filter((seat: ListedSeat) => seat.orderId === order.orderId && seat.claim?.link)).toHaveLength(2);
    const revoked = await call('POST', `/api/participant/seats/${seatId}/revoke-claim`, undefined, headers);
    expect(revoked.statusCode, revoked.body).toBe(200);
    const [audit] = await world.db.select().from(auditLog).where(and(eq(auditLog.action, 'seat_claim_link_revoked'), eq(auditLog.entityId, String(seatId))));
    expect(audit?.details).toMatchObject({ by: 'admin' });
    expect((await call('POST', '/api/participant/seats/2000000000/revoke-claim', undefined, headers)).statusCode).toBe(404);
    expect((await call('POST', '/api/participant/seats/99999999999/revoke-claim', undefined, headers)).statusCode).toBe(400);
  });
});

describe('the claim page', () => {
  it('is served for any link, kept out of search engines', async () => {
    const page = await world.app.inject({ method: 'GET', url: '/claim/some.token', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Claim Your Seat');
    expect(page.body).toContain('<meta name="robots" content="noindex, nofollow" />');
  });
});
