/**
 * The booking lifecycle, model-based: fast-check generates sequences of what
 * visitors, the payment provider, the webhook, the clock and admins do — in any order, repeated,
 * after the thing they name was cancelled, expired, deleted or withdrawn — and runs them through
 * the real app (real services, real Stripe SDK against the local Stripe double, this run's
 * database: PGlite, or PostgreSQL when TEST_DB_KIND=postgres). After every step the invariants of
 * docs/decisions/008-booking-lifecycle.md must hold and no call may answer 5xx.
 */
import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservationSeatLimit } from '../../src/features/booking/server/reserve-booking';
import { SEAT_HOLD_MINUTES } from '../../src/features/booking/server/seats';
import { DEFAULT_RESERVATION_SHARE_PERCENT } from '../../src/features/settings/settings.schema';
import { WAITLIST_TOKEN_PURPOSE } from '../../src/features/booking/server/offer-checkout';
import { bookings, orders, waitlistEntries, workshopDates, workshopTemplates } from '../../src/server/db/schema';
import { signToken } from '../../src/server/lib/signed-token';
import { TEST_SECRET } from '../helpers/test-app';
import { createDiscountCode, createWorkshopDate } from '../helpers/factories';
import {
  createBookingWorld,
  lifecycleViolations,
  moneyOnInactiveDates,
  newMemory,
  newMoneyOnInactiveDates,
  type Answer,
  type BookingWorld,
  type Call,
  type InvariantMemory,
} from '../helpers/booking-world';

/** Fixed, so CI runs the same sequences every time; a failing sequence is replayed from it. */
const SEED = 20_261_125;
/**
 * CI runs at least 2,000 steps per database. Under `npm run mutate` (MUTATION_RUN, see
 * vitest.mutate.config.ts) a prefix of the same sequences runs: every mutant it covers but does
 * not kill pays for the whole property.
 */
const SEQUENCES = process.env.MUTATION_RUN ? 20 : 150;
const MIN_STEPS = process.env.MUTATION_RUN ? 250 : 2_000;

type Person = { firstName: string; lastName: string; email: string; company: string };
type Model = {
  people: Person[];
  dateIds: number[];
  codes: string[];
  /** Bookings the product answered with (id, whose, on which date). */
  bookings: { id: number; person: Person; dateId: number }[];
  /** Payments opened (provider intent id, who pays, for which date). */
  payments: { intentId: string; person: Person; dateId: number }[];
  /** Every call made so far, for replays. */
  calls: Call[];
  /** Waiting-list entries the product answered with (id, whose, which date they joined on). */
  waitlist: { id: number; person: Person; dateId: number }[];
};
type Real = { world: BookingWorld; memory: InvariantMemory; scope: { dateIds: number[]; codeIds: number[] }; log: string[] };

let world: BookingWorld;
let steps = 0;
let runs = 0;
/** What the sequences did, printed at the end: proof they reach the interesting states. */
const tally = new Map<string, number>();
const count = (key: string) => tally.set(key, (tally.get(key) ?? 0) + 1);

beforeAll(async () => {
  world = await createBookingWorld();
});
afterAll(async () => {
  await world?.close();
});

/** One call through the app: never a 5xx, and recorded for replays. */
async function send(model: Model, real: Real, call: Call): Promise<Answer> {
  model.calls.push(call);
  return sendOnce(real, call);
}
async function sendOnce(real: Real, call: Call): Promise<Answer> {
  const answer = await real.world.send(call);
  real.log.push(`${call.method} ${call.url} → ${answer.statusCode}`);
  const route = call.url.replace(/^\/api\/waitlist\/[^/?]+/, '/api/waitlist/:token').replace(/\d+/g, ':id').replace(/\?.*$/, '');
  count(`${call.method} ${route} ${answer.statusCode}${answer.statusCode >= 400 ? ` ${answer.json().code ?? answer.json().message}` : ''}`);
  if (answer.statusCode >= 500 && !(call.webhook && answer.statusCode === 503)) {
    throw new Error(`${call.method} ${call.url} answered ${answer.statusCode}: ${answer.body}\n${real.log.join('\n')}`);
  }
  return answer;
}

const providerStatus = (real: Real, intentId: string) => real.world.stripe.intents.get(intentId)?.status;
const pick = <T>(items: T[], index: number): T => items[index % items.length]!;

/** A step: what it does, then the invariants. */
class Step implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly label: string,
    readonly act: (model: Model, real: Real) => Promise<void>,
    readonly applies: (model: Model) => boolean = () => true,
  ) {}
  check(model: Readonly<Model>) {
    return this.applies(model as Model);
  }
  async run(model: Model, real: Real) {
    steps++;
    real.log.push(`# ${this.label}`);
    const before = await moneyOnInactiveDates(real.world.db, real.scope.dateIds);
    await this.act(model, real);
    const problems = await lifecycleViolations(real.world, real.scope, real.memory);
    const takenOnInactive = await newMoneyOnInactiveDates(real.world.db, before);
    if (takenOnInactive.length > 0) problems.push(`bookings ${takenOnInactive.join(', ')} were paid on a deactivated date`);
    if (problems.length > 0) throw new Error(`after "${this.label}":\n${problems.join('\n')}\n--- steps:\n${real.log.join('\n')}`);
  }
  toString() {
    return this.label;
  }
}

const nat = fc.nat({ max: 20 });
/** How many seats an order asks for, and how many of them are named (the rest are left for colleagues). */
const seatsChoice = fc.constantFrom(1, 1, 1, 2, 3).chain((seats) => fc.tuple(fc.constant(seats), fc.nat({ max: seats })));
const attendeesFor = (model: Model, buyer: number, named: number) =>
  Array.from({ length: named }, (_, n) => {
    const { firstName, lastName, email } = pick(model.people, buyer + n);
    return { firstName, lastName, email };
  });
/** Every seat an order answered with joins the model, each with the person on it. */
function addSeats(model: Model, answer: Answer, dateId: number) {
  for (const seat of answer.json().bookings as { id: number; firstName: string; lastName: string; email: string }[]) {
    if (model.bookings.some((b) => b.id === seat.id)) continue;
    model.bookings.push({ id: seat.id, person: { firstName: seat.firstName, lastName: seat.lastName, email: seat.email, company: '' }, dateId });
  }
}
const codeChoice = fc.constantFrom<'none' | 'once' | 'free'>('none', 'none', 'once', 'free');
const codeFor = (model: Model, choice: 'none' | 'once' | 'free') => (choice === 'none' ? '' : choice === 'once' ? model.codes[0]! : model.codes[1]!);
const hasBookings = (model: Model) => model.bookings.length > 0;
const hasPayments = (model: Model) => model.payments.length > 0;
/** The order a seat belongs to. */
const orderOf = async (real: Real, bookingId: number) =>
  (await real.world.db.select({ orderId: bookings.orderId }).from(bookings).where(eq(bookings.id, bookingId)))[0]!.orderId;

const visitorAndProviderSteps: fc.Arbitrary<Step>[] = [
  fc.tuple(nat, nat, codeChoice, seatsChoice).map(
    ([p, d, c, [seats, named]]) =>
      new Step(`reserve p${p} d${d} ${c} ${seats} seats (${named} named)`, async (model, real) => {
        const person = pick(model.people, p);
        const dateId = pick(model.dateIds, d);
        const answer = await send(model, real, {
          method: 'POST',
          url: '/api/bookings/reserve',
          payload: { workshopDateId: dateId, ...person, discountCode: codeFor(model, c), seats, attendees: attendeesFor(model, p, named) },
        });
        if (answer.statusCode !== 201) return;
        addSeats(model, answer, dateId);
        // However many addresses are invented, a date's reservations stay within its share, and a
        // new one holds its seat no longer than a checkout does until its address is confirmed.
        const [date] = await real.world.db.select().from(workshopDates).where(eq(workshopDates.id, dateId));
        const reserved = await real.world.db.select().from(bookings).where(and(eq(bookings.workshopDateId, dateId), eq(bookings.status, 'reserved')));
        const limit = reservationSeatLimit(date!.seatsTotal, DEFAULT_RESERVATION_SHARE_PERCENT);
        if (reserved.length > limit) throw new Error(`date ${dateId}: ${reserved.length} reservations over its share of ${limit}\n${real.log.join('\n')}`);
        const made = reserved.find((row) => row.id === answer.json().id);
        if (answer.json().bookings.length !== seats) throw new Error(`an order of ${seats} seats answered ${answer.json().bookings.length}\n${real.log.join('\n')}`);
        if (made?.awaitingEmailConfirmation && made.reservationExpiresAt!.getTime() > real.world.clock().getTime() + SEAT_HOLD_MINUTES * 60_000) {
          throw new Error(`reservation ${made.id} holds its seat past a checkout hold before its address is confirmed\n${real.log.join('\n')}`);
        }
      }),
  ),
  nat.map(
    (b) =>
      new Step(
        `visitor confirms reservation b${b}`,
        async (model, real) => {
          const booking = pick(model.bookings, b);
          await send(model, real, { method: 'POST', url: `/api/bookings/${booking.id}/confirm-reservation`, payload: { token: real.world.confirmToken(booking.id) } });
        },
        hasBookings,
      ),
  ),
  fc.tuple(nat, nat, codeChoice, seatsChoice).map(
    ([p, d, c, [seats, named]]) =>
      new Step(`open payment p${p} d${d} ${c} ${seats} seats (${named} named)`, async (model, real) => {
        const person = pick(model.people, p);
        const dateId = pick(model.dateIds, d);
        const answer = await send(model, real, {
          method: 'POST',
          url: '/api/create-payment-intent',
          payload: { workshopDateId: dateId, customerInfo: person, discountCode: codeFor(model, c), seats, attendees: attendeesFor(model, p, named) },
        });
        const intentId = answer.statusCode === 200 ? (answer.json().paymentIntentId as string | null) : null;
        if (intentId && !model.payments.some((x) => x.intentId === intentId)) model.payments.push({ intentId, person, dateId });
      }),
  ),
  fc.tuple(nat, nat, seatsChoice).map(
    ([p, d, [seats, named]]) =>
      new Step(`free booking p${p} d${d} ${seats} seats (${named} named)`, async (model, real) => {
        const person = pick(model.people, p);
        const dateId = pick(model.dateIds, d);
        const answer = await send(model, real, {
          method: 'POST',
          url: '/api/bookings',
          payload: { workshopDateId: dateId, ...person, discountCode: model.codes[1], stripePaymentId: 'free-booking', isPaid: false, seats, attendees: attendeesFor(model, p, named) },
        });
        if (answer.statusCode === 201) addSeats(model, answer, dateId);
      }),
  ),
  nat.map(
    (b) =>
      new Step(
        `open pay link b${b}`,
        async (model, real) => {
          const booking = pick(model.bookings, b);
          const answer = await send(model, real, {
            method: 'POST',
            url: '/api/create-payment-intent',
            payload: { workshopDateId: booking.dateId, customerInfo: booking.person, bookingId: booking.id, payToken: real.world.payToken(booking.id) },
          });
          const intentId = answer.statusCode === 200 ? (answer.json().paymentIntentId as string) : null;
          if (intentId && !model.payments.some((x) => x.intentId === intentId)) model.payments.push({ intentId, person: booking.person, dateId: booking.dateId });
        },
        hasBookings,
      ),
  ),
  fc.tuple(nat, fc.boolean()).map(
    ([x, pays]) =>
      new Step(
        `provider: card ${pays ? 'pays' : 'is declined'} x${x}`,
        async (model, real) => {
          const { intentId } = pick(model.payments, x);
          if (providerStatus(real, intentId) !== 'requires_payment_method') return;
          if (pays) real.world.stripe.succeed(intentId);
          else real.world.stripe.fail(intentId);
        },
        hasPayments,
      ),
  ),
  nat.map(
    (x) =>
      new Step(
        `browser completes x${x}`,
        async (model, real) => {
          const payment = pick(model.payments, x);
          if (providerStatus(real, payment.intentId) === 'succeeded') real.memory.reported.add(payment.intentId);
          const answer = await send(model, real, {
            method: 'POST',
            url: '/api/bookings',
            payload: { workshopDateId: payment.dateId, ...payment.person, stripePaymentId: payment.intentId, isPaid: true },
          });
          if (answer.statusCode === 201) addSeats(model, answer, payment.dateId);
        },
        hasPayments,
      ),
  ),
  nat.map(
    (x) =>
      new Step(
        `webhook delivers x${x}`,
        async (model, real) => {
          const payment = pick(model.payments, x);
          if (providerStatus(real, payment.intentId) === 'succeeded') real.memory.reported.add(payment.intentId);
          await send(model, real, real.world.webhookCall(payment.intentId));
        },
        hasPayments,
      ),
  ),
];

const hasEntries = (model: Model) => model.waitlist.length > 0;
/** The token of an entry's e-mail links (its leave link, its offer link), as the e-mails sign it. */
const entryToken = (real: Real, entryId: number) => signToken(TEST_SECRET, WAITLIST_TOKEN_PURPOSE, String(entryId), 86_400_000, real.world.clock().getTime());

const waitlistSteps: fc.Arbitrary<Step>[] = [
  fc.tuple(nat, nat, fc.constantFrom(1, 1, 2), fc.boolean()).map(
    ([p, d, seats, nextDate]) =>
      new Step(`p${p} joins the waiting list of d${d} for ${seats} seats${nextDate ? ' (or the next date)' : ''}`, async (model, real) => {
        const person = pick(model.people, p);
        const dateId = pick(model.dateIds, d);
        const answer = await send(model, real, { method: 'POST', url: '/api/waitlist', payload: { workshopDateId: dateId, firstName: person.firstName, lastName: person.lastName, email: person.email, seats, nextDate } });
        if ((answer.statusCode === 201 || answer.statusCode === 200) && !model.waitlist.some((e) => e.id === answer.json().id)) model.waitlist.push({ id: answer.json().id, person, dateId });
      }),
  ),
  nat.map(
    (e) =>
      new Step(
        `entry e${e} leaves (or declines its offer)`,
        async (model, real) => {
          await send(model, real, { method: 'DELETE', url: `/api/waitlist/${encodeURIComponent(entryToken(real, pick(model.waitlist, e).id))}` });
        },
        hasEntries,
      ),
  ),
  fc.tuple(nat, fc.constantFrom(1, 2), codeChoice).map(
    ([e, seats, c]) =>
      new Step(
        `entry e${e} opens the checkout of its offer for ${seats} seats (${c})`,
        async (model, real) => {
          const entry = pick(model.waitlist, e);
          const [row] = await real.world.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, entry.id));
          const dateId = row?.workshopDateId ?? entry.dateId;
          const answer = await send(model, real, {
            method: 'POST',
            url: '/api/create-payment-intent',
            payload: { workshopDateId: dateId, customerInfo: entry.person, discountCode: codeFor(model, c), seats, waitlistOffer: entryToken(real, entry.id) },
          });
          const intentId = answer.statusCode === 200 ? (answer.json().paymentIntentId as string | null) : null;
          if (intentId && !model.payments.some((x) => x.intentId === intentId)) model.payments.push({ intentId, person: entry.person, dateId });
        },
        hasEntries,
      ),
  ),
  nat.map(
    (e) =>
      new Step(
        `entry e${e} books its offer at once (checkout, card pays, browser completes)`,
        async (model, real) => {
          const entry = pick(model.waitlist, e);
          const opened = await send(model, real, { method: 'POST', url: '/api/create-payment-intent', payload: { customerInfo: entry.person, discountCode: '', waitlistOffer: entryToken(real, entry.id) } });
          if (opened.statusCode !== 200) return;
          const intentId = opened.json().paymentIntentId as string;
          const [row] = await real.world.db.select({ workshopDateId: waitlistEntries.workshopDateId }).from(waitlistEntries).where(eq(waitlistEntries.id, entry.id));
          const dateId = row!.workshopDateId!;
          if (!model.payments.some((x) => x.intentId === intentId)) model.payments.push({ intentId, person: entry.person, dateId });
          if (providerStatus(real, intentId) === 'requires_payment_method') real.world.stripe.succeed(intentId);
          real.memory.reported.add(intentId);
          const placed = await send(model, real, { method: 'POST', url: '/api/bookings', payload: { workshopDateId: dateId, ...entry.person, stripePaymentId: intentId, isPaid: true } });
          if (placed.statusCode === 201) addSeats(model, placed, dateId);
        },
        hasEntries,
      ),
  ),
  fc.constant(
    new Step(
      'a day passes: offers made before run out, their seats pass on',
      async (_model, real) => {
        await real.world.advance(24 * 60 + 1);
      },
      hasEntries,
    ),
  ),
  nat.map(
    (e) =>
      new Step(
        `admin removes entry e${e}`,
        async (model, real) => {
          await send(model, real, { method: 'DELETE', url: `/api/admin/waitlist/${pick(model.waitlist, e).id}`, admin: true });
        },
        hasEntries,
      ),
  ),
  nat.map(
    (e) =>
      new Step(
        `admin offers free seats to entry e${e} by hand`,
        async (model, real) => {
          const entry = pick(model.waitlist, e);
          await send(model, real, { method: 'POST', url: `/api/admin/waitlist/${entry.id}/offer`, payload: { workshopDateId: entry.dateId }, admin: true });
        },
        hasEntries,
      ),
  ),
];

const clockAndAdminSteps: fc.Arbitrary<Step>[] = [
  fc.constantFrom(5, 16, 25 * 60, 49 * 60).map(
    (minutes) =>
      new Step(`clock +${minutes} min, sweeps run`, async (_model, real) => {
        await real.world.advance(minutes);
      }),
  ),
  fc.tuple(nat, fc.constantFrom('credit', 'half-refund')).map(
    ([b, option]) =>
      new Step(
        `participant cancels b${b} (${option})`,
        async (model, real) => {
          const booking = pick(model.bookings, b);
          await send(model, real, { method: 'POST', url: `/api/participant/cancel-booking/${booking.id}`, payload: { email: booking.person.email, option }, admin: true });
        },
        hasBookings,
      ),
  ),
  nat.map(
    (b) =>
      new Step(
        `refund requested and approved b${b}`,
        async (model, real) => {
          const booking = pick(model.bookings, b);
          const requested = await send(model, real, {
            method: 'POST',
            url: `/api/participant/refund-request/${booking.id}`,
            payload: { reason: 'I can no longer attend, sorry.' },
            admin: true,
          });
          if (requested.statusCode !== 201) return;
          await send(model, real, { method: 'PUT', url: `/api/admin/refund-requests/${requested.json().refundRequest.id}`, payload: { status: 'APPROVED', notes: null }, admin: true });
        },
        hasBookings,
      ),
  ),
  fc.tuple(nat, fc.constantFrom<'ask' | 'true' | 'false'>('ask', 'true', 'false')).map(
    ([b, refund]) =>
      new Step(
        `admin deletes b${b} (refund: ${refund})`,
        async (model, real) => {
          const booking = pick(model.bookings, b);
          await send(model, real, { method: 'DELETE', url: `/api/admin/bookings/${booking.id}${refund === 'ask' ? '' : `?refund=${refund}`}`, admin: true });
        },
        hasBookings,
      ),
  ),
  fc.tuple(nat, fc.constantFrom<number | undefined>(undefined, 1, 100)).map(
    ([b, refundAmount]) =>
      new Step(
        `admin cancels b${b} (refund: ${refundAmount ?? 'all'})`,
        async (model, real) => {
          const booking = pick(model.bookings, b);
          await send(model, real, { method: 'POST', url: `/api/admin/bookings/${booking.id}/cancel`, payload: refundAmount === undefined ? {} : { refundAmount }, admin: true });
        },
        hasBookings,
      ),
  ),
  fc.tuple(nat, fc.constantFrom('full', 'policy', 'custom', 'credit', 'outside', 'none')).map(
    ([b, refund]) =>
      new Step(
        `admin cancels the order of b${b} (refund: ${refund})`,
        async (model, real) => {
          const orderId = await orderOf(real, pick(model.bookings, b).id);
          await send(model, real, { method: 'POST', url: `/api/admin/orders/${orderId}/cancel`, payload: refund === 'custom' ? { refund, amount: 1 } : { refund }, admin: true });
        },
        hasBookings,
      ),
  ),
  nat.map(
    (b) =>
      new Step(
        `admin marks the order of b${b} paid offline`,
        async (model, real) => {
          await send(model, real, { method: 'POST', url: `/api/admin/orders/${await orderOf(real, pick(model.bookings, b).id)}/mark-paid`, payload: {}, admin: true });
        },
        hasBookings,
      ),
  ),
  fc.tuple(nat, nat).map(
    ([b, d]) =>
      new Step(
        `admin moves b${b} to d${d}`,
        async (model, real) => {
          const booking = pick(model.bookings, b);
          const dateId = pick(model.dateIds, d);
          const answer = await send(model, real, { method: 'POST', url: `/api/admin/bookings/${booking.id}/move`, payload: { workshopDateId: dateId }, admin: true });
          if (answer.statusCode === 200) booking.dateId = dateId;
        },
        hasBookings,
      ),
  ),
  nat.map(
    (b) =>
      new Step(
        `admin marks b${b} paid offline`,
        async (model, real) => {
          await send(model, real, { method: 'POST', url: `/api/admin/bookings/${pick(model.bookings, b).id}/mark-paid`, payload: {}, admin: true });
        },
        hasBookings,
      ),
  ),
  fc.tuple(nat, fc.boolean()).map(
    ([d, active]) =>
      new Step(`admin ${active ? 'activates' : 'deactivates'} d${d}`, async (model, real) => {
        await send(model, real, { method: 'PUT', url: `/api/admin/workshop-dates/${pick(model.dateIds, d)}`, payload: { isActive: active }, admin: true });
      }),
  ),
  fc.tuple(nat, fc.integer({ min: 1, max: 4 })).map(
    ([d, seats]) =>
      new Step(`admin sets d${d} to ${seats} seats`, async (model, real) => {
        await send(model, real, { method: 'PUT', url: `/api/admin/workshop-dates/${pick(model.dateIds, d)}`, payload: { seatsTotal: seats }, admin: true });
      }),
  ),
  fc.nat({ max: 200 }).map(
    (k) =>
      new Step(
        `replay call ${k}`,
        async (model, real) => {
          await sendOnce(real, pick(model.calls, k));
        },
        (model) => model.calls.length > 0,
      ),
  ),
];

/**
 * Visitors and the provider act three times as often as the clock and admins, and the waiting list
 * twice: a sequence then reaches paid bookings, refunds, late payments and offers before its dates
 * are withdrawn or shrunk.
 */
const stepArbitraries = [...visitorAndProviderSteps, ...visitorAndProviderSteps, ...visitorAndProviderSteps, ...waitlistSteps, ...waitlistSteps, ...clockAndAdminSteps];

/** A fresh corner of the database for one sequence: two small dates, a single-use code and a free code. */
async function setup(): Promise<{ model: Model; real: Real }> {
  runs++;
  world.resetClock();
  const tag = `m${runs}x${Date.now().toString(36)}`;
  // One workshop with two dates, so an entry for "the next date with room" can be offered either.
  const [workshop] = await world.db.insert(workshopTemplates).values({ title: `Model workshop ${tag}` }).returning();
  const roomy = await createWorkshopDate(world.db, { seatsTotal: 5, requiresImmediatePayment: false, templateId: workshop!.id });
  const tight = await createWorkshopDate(world.db, { seatsTotal: 1, requiresImmediatePayment: runs % 2 === 0, templateId: workshop!.id });
  const once = await createDiscountCode(world.db, { code: `ONCE${tag}`.toUpperCase(), discountPercent: 10, maxUses: 1 });
  const free = await createDiscountCode(world.db, { code: `FREE${tag}`.toUpperCase(), discountPercent: 100, maxUses: 3 });
  const people = ['Ada', 'Grace', 'Alan'].map((name) => ({ firstName: name, lastName: 'Tester', email: `${name.toLowerCase()}.${tag}@model.test`, company: '' }));
  return {
    model: { people, dateIds: [roomy.id, tight.id], codes: [once.code, free.code], bookings: [], payments: [], calls: [], waitlist: [] },
    real: { world, memory: newMemory(), scope: { dateIds: [roomy.id, tight.id], codeIds: [once.id, free.id] }, log: [] },
  };
}

/** The end of a sequence: Stripe delivers every webhook still owed; then everything must hold. */
async function settle(model: Model, real: Real) {
  for (const payment of model.payments) {
    if (providerStatus(real, payment.intentId) !== 'succeeded') continue;
    real.memory.reported.add(payment.intentId);
    await sendOnce(real, real.world.webhookCall(payment.intentId));
  }
  count(`orders of several seats placed: ${(await severalSeatOrders(real)) > 0 ? 'some' : 'none'}`);
  // Proof the sequences reach every state of the waiting list.
  if (model.waitlist.length > 0) {
    const rows = await real.world.db
      .select({ status: waitlistEntries.status, orderStatus: orders.status })
      .from(waitlistEntries)
      .leftJoin(orders, eq(orders.id, waitlistEntries.orderId))
      .where(inArray(waitlistEntries.id, model.waitlist.map((entry) => entry.id)));
    const ending = (row: (typeof rows)[number]) => (row.status === 'booked' && row.orderStatus === 'placed' ? 'booked through its offer' : row.status);
    for (const status of new Set(rows.map(ending))) count(`waiting-list entries ending ${status}`);
  }
  const problems = await lifecycleViolations(real.world, real.scope, real.memory);
  if (problems.length > 0) throw new Error(`after the last webhooks:\n${problems.join('\n')}\n--- steps:\n${real.log.join('\n')}`);
}

/** How many orders of this sequence's dates hold more than one seat: proof the sequences reach them. */
async function severalSeatOrders(real: Real): Promise<number> {
  const seats = await real.world.db.select({ orderId: bookings.orderId }).from(bookings).where(inArray(bookings.workshopDateId, real.scope.dateIds));
  const perOrder = new Map<number, number>();
  for (const { orderId } of seats) perOrder.set(orderId, (perOrder.get(orderId) ?? 0) + 1);
  return [...perOrder.values()].filter((n) => n > 1).length;
}

describe('the booking lifecycle under generated sequences', () => {
  it(`keeps seats, codes and money consistent after every step (at least ${MIN_STEPS} steps, seed ${SEED})`, { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(stepArbitraries, { maxCommands: 60, size: 'max' }), async (sequence) => {
        const { model, real } = await setup();
        await fc.asyncModelRun(() => ({ model, real }), sequence);
        await settle(model, real);
      }),
      { seed: SEED, numRuns: SEQUENCES, verbose: 1 },
    );
    console.log(`${steps} steps in ${runs} sequences; calls answered:\n${[...tally].sort().map(([key, n]) => `  ${key}: ${n}`).join('\n')}`);
    expect(steps).toBeGreaterThanOrEqual(MIN_STEPS);
  });
});
