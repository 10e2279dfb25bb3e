/**
 * The booking lifecycle as a visitor, the payment provider, an admin and the clock drive it, on
 * the real app with the real Stripe SDK against the local Stripe double (so webhooks run too), and
 * the lifecycle's invariants (docs/decisions/008-booking-lifecycle.md) checked from the database
 * and the provider's own ledger. Used by the example tests and the model-based test.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { bookingMail } from '../../src/app/server/booking-mail';
import { SEAT_HOLDING_STATUSES, type BookingStatus } from '../../src/common/booking-status';
import { settleMoveOffers } from '../../src/features/admin-workshops/server/call-off-date';
import type { BookingDeps } from '../../src/features/booking/server/booking-deps';
import { payLinkFor } from '../../src/features/booking/server/booking-links';
import { finishPendingRefunds } from '../../src/features/booking/server/payment-refunds';
import { expireReservations, sendReservationReminders } from '../../src/features/booking/server/reservations';
import { releaseExpiredHolds } from '../../src/features/booking/server/seats';
import { bookings, discountCodes, emailOutbox, orders, payments, refunds, waitlistEntries, workshopDates } from '../../src/server/db/schema';
import { expireOffers, sendOfferEmails, type WaitlistDeps } from '../../src/features/waitlist/server';
import { sendCallNotices, type CallsDeps } from '../../src/features/calls/server';
import { loadEnv } from '../../src/server/env';
import { createPaymentProvider } from '../../src/server/payments/create-provider';
import type { PaymentProvider } from '../../src/server/payments/payment-provider';
import { paymentIntentSucceededEvent, signWebhook, startStripeDouble, stripeDoubleEnv, type StripeDouble } from './stripe-double';
import { clientHeaders, createTestApp, loginAsAdmin, TEST_SECRET, type TestApp } from './test-app';
import { confirmTokenFor } from './reservations';

const WEBHOOK_SECRET = 'whsec_lifecycle';
const PUBLIC_URL = 'http://test.local';
const TERMINAL: readonly BookingStatus[] = ['cancelled', 'refunded', 'expired', 'deleted'];
/** E-mails that tell a payer their payment was refunded instead of booked. */
const REFUND_EMAIL_KINDS = ['payment-refunded', 'booking-sold-out-refund'];

export type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object; admin?: boolean; webhook?: string };
// Tests read the app's JSON answers field by field, as light-my-request types them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Answer = { statusCode: number; body: string; json: () => any };

export type BookingWorld = Awaited<ReturnType<typeof createBookingWorld>>;

export async function createBookingWorld() {
  const stripe: StripeDouble = await startStripeDouble();
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);
  const env = stripeDoubleEnv(stripe, 'lifecycle', WEBHOOK_SECRET);
  let provider: PaymentProvider | undefined;
  const app: TestApp = await createTestApp({
    env,
    clock,
    payments: (db) => (provider = createPaymentProvider(loadEnv({ NODE_ENV: 'test', PUBLIC_URL, ...env }), db, TEST_SECRET)),
  });
  const db = app.database.db;
  const { headers: adminHeaders } = await loginAsAdmin(app);
  const deps: BookingDeps = { db, payments: provider!, secret: TEST_SECRET, publicUrl: PUBLIC_URL, mail: bookingMail({ publicUrl: PUBLIC_URL, now: clock }), now: clock };
  const waitlist: WaitlistDeps = { db, secret: TEST_SECRET, publicUrl: PUBLIC_URL, now: clock };
  const calls: CallsDeps = { db, secret: TEST_SECRET, publicUrl: PUBLIC_URL, now: clock };

  // Each call comes from its own address, as many visitors' would: the per-address rate limits
  // (a defence tested elsewhere) would otherwise answer most of a long sequence with 429.
  let caller = 0;
  const remoteAddress = () => `127.${(++caller >> 16) & 255}.${(caller >> 8) & 255}.${caller & 255}`;

  /** Sends one call as the browser, the admin or Stripe would. */
  async function send(call: Call): Promise<Answer> {
    if (call.webhook !== undefined) {
      return app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        payload: call.webhook,
        headers: { 'content-type': 'application/json', 'stripe-signature': signWebhook(call.webhook, WEBHOOK_SECRET) },
        remoteAddress: remoteAddress(),
      });
    }
    return app.inject({ method: call.method, url: call.url, payload: call.payload, headers: call.admin ? adminHeaders : clientHeaders, remoteAddress: remoteAddress() });
  }

  /** Stripe's `payment_intent.succeeded` for this intent, as a call (the provider must say succeeded). */
  function webhookCall(intentId: string): Call {
    const intent = stripe.intents.get(intentId)!;
    return { method: 'POST', url: '/api/stripe/webhook', webhook: paymentIntentSucceededEvent(intent) };
  }

  /** The clock moves on; the sweeps a server runs every 30 s then run once. */
  async function advance(minutes: number) {
    offsetMs += minutes * 60_000;
    const now = clock();
    await releaseExpiredHolds(db, now);
    await expireReservations(deps, now);
    await sendReservationReminders(deps, now);
    await settleMoveOffers(deps);
    await finishPendingRefunds(deps);
    await expireOffers(waitlist);
    await offersEmailed();
    await sendCallNotices(calls);
  }

  /**
   * Every offer made so far has its e-mail: sent here, or by the app's own sender, which runs after
   * each change of seats and may hold some offers (SKIP LOCKED) at this moment; waits for it.
   */
  async function offersEmailed() {
    for (let tries = 0; tries < 100; tries++) {
      await sendOfferEmails(waitlist);
      const [left] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(waitlistEntries)
        .where(and(eq(waitlistEntries.status, 'offered'), isNull(waitlistEntries.offerEmailedAt)));
      if ((left?.n ?? 0) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('offers still without their e-mail after 2 s');
  }

  const payToken = (bookingId: number) => new URL(payLinkFor(TEST_SECRET, PUBLIC_URL, bookingId)).searchParams.get('token')!;
  /** The token of the link e-mailed to a new reservation to confirm its address, signed on this world's clock. */
  const confirmToken = (bookingId: number) => confirmTokenFor(bookingId, clock().getTime());

  /** Back to real time: each generated sequence starts with dates a month ahead of its clock. */
  const resetClock = () => (offsetMs = 0);

  return { app, db, stripe, deps, waitlist, clock, resetClock, send, webhookCall, advance, payToken, confirmToken, close: async () => (await app.close(), await stripe.close()) };
}

/** What the invariants need to remember between steps. */
export type InvariantMemory = {
  /** Each booking's status when last seen. */
  statuses: Map<number, BookingStatus>;
  /** Payments the product was told about (browser completion or webhook) while the provider said succeeded. */
  reported: Set<string>;
};

export const newMemory = (): InvariantMemory => ({ statuses: new Map(), reported: new Set() });

/**
 * Checks every invariant of the lifecycle for these dates and codes; answers the violations
 * (empty when all hold). `paidOnInactive` lists bookings that became paid during the last step on
 * a date that was inactive before it.
 */
export async function lifecycleViolations(
  world: Pick<BookingWorld, 'db' | 'stripe'>,
  scope: { dateIds: number[]; codeIds: number[] },
  memory: InvariantMemory,
): Promise<string[]> {
  const { db, stripe } = world;
  const problems: string[] = [];
  if (scope.dateIds.length === 0) return problems;

  // 1. Seats: taken = seats of pending orders (checkout holds) + reservations + confirmed bookings
  // + live waiting-list offers, within the total. A checkout opened from an offer holds no seats of
  // its own (they are the offer's).
  const dates = await db.select().from(workshopDates).where(inArray(workshopDates.id, scope.dateIds));
  const pending = await db.select().from(orders).where(and(inArray(orders.workshopDateId, scope.dateIds), eq(orders.status, 'pending')));
  const entries = await db.select().from(waitlistEntries).where(inArray(waitlistEntries.workshopDateId, scope.dateIds));
  const offers = entries.filter((entry) => entry.status === 'offered');
  const offerOrders = new Set(offers.map((entry) => entry.orderId).filter((id) => id !== null));
  const rows = await db.select().from(bookings).where(inArray(bookings.workshopDateId, scope.dateIds));
  for (const date of dates) {
    const held = pending.filter((order) => order.workshopDateId === date.id && !offerOrders.has(order.id)).reduce((sum, order) => sum + order.seats, 0);
    const booked = rows.filter((b) => b.workshopDateId === date.id && (SEAT_HOLDING_STATUSES as readonly string[]).includes(b.status)).length;
    const offered = offers.filter((entry) => entry.workshopDateId === date.id).reduce((sum, entry) => sum + entry.seats, 0);
    if (date.seatsTaken !== held + booked + offered) problems.push(`date ${date.id}: seatsTaken ${date.seatsTaken} ≠ ${held} holds + ${booked} bookings + ${offered} offered`);
    if (date.seatsTaken > date.seatsTotal || date.seatsTaken < 0) problems.push(`date ${date.id}: seatsTaken ${date.seatsTaken} outside 0..${date.seatsTotal}`);
  }

  // 1b. The waiting list: an offer is held for exactly one entry (one checkout per offer), never
  // for someone who already holds a seat on its date, and never past its date's start.
  for (const offer of offers) {
    if (offer.orderId !== null && offers.filter((other) => other.orderId === offer.orderId).length > 1) problems.push(`order ${offer.orderId} pays for more than one offer`);
    const seated = rows.some((b) => b.workshopDateId === offer.workshopDateId && b.email.toLowerCase() === offer.email.toLowerCase() && (SEAT_HOLDING_STATUSES as readonly string[]).includes(b.status));
    if (seated) problems.push(`entry ${offer.id} holds an offer on date ${offer.workshopDateId} where ${offer.email} already has a seat`);
    const date = dates.find((d) => d.id === offer.workshopDateId);
    if (date?.startsAt && offer.offerExpiresAt! > date.startsAt) problems.push(`entry ${offer.id}: its offer runs past the start of date ${date.id}`);
  }

  // 2. Codes: uses = bookings holding a seat with it + held holds whose payment uses it, within maxUses.
  if (scope.codeIds.length > 0) {
    const codes = await db.select().from(discountCodes).where(inArray(discountCodes.id, scope.codeIds));
    for (const code of codes) {
      const booked = rows.filter((b) => b.discountCodeId === code.id && (SEAT_HOLDING_STATUSES as readonly string[]).includes(b.status)).length;
      const held = pending.filter((order) => order.discountCodeId === code.id).reduce((sum, order) => sum + order.seats, 0);
      if (code.currentUses !== booked + held) problems.push(`code ${code.code}: currentUses ${code.currentUses} ≠ ${booked} bookings + ${held} holds`);
      if (code.maxUses !== null && code.currentUses > code.maxUses) problems.push(`code ${code.code}: ${code.currentUses} uses > max ${code.maxUses}`);
    }
  }

  // 3. A cancelled, refunded, expired or deleted booking never comes back.
  for (const booking of rows) {
    const before = memory.statuses.get(booking.id);
    if (before && TERMINAL.includes(before) && !TERMINAL.includes(booking.status)) problems.push(`booking ${booking.id} came back: ${before} → ${booking.status}`);
    if (before === 'deleted' && booking.status !== 'deleted') problems.push(`booking ${booking.id} was deleted, now ${booking.status}`);
    memory.statuses.set(booking.id, booking.status);
  }

  // 4. Money: every succeeded payment the product was told of pays the seats of one order, or is
  // refunded in full with an e-mail to the payer; no booking has two; nothing is refunded past
  // what was paid.
  const ours = await db.select().from(payments).where(inArray(payments.workshopDateId, scope.dateIds));
  const ledger = ours.length > 0 ? await db.select().from(refunds).where(inArray(refunds.paymentId, ours.map((payment) => payment.id))) : [];
  const buyers = new Map(
    (await db.select({ id: orders.id, email: orders.buyerEmail }).from(orders).where(inArray(orders.workshopDateId, scope.dateIds))).map((order) => [order.id, order.email]),
  );
  const refundedBy = (intentId: string) => [...stripe.refunds.values()].filter((r) => r.payment_intent === intentId).reduce((sum, r) => sum + r.amount, 0);
  const refundEmails = await db
    .select({ to: emailOutbox.to, n: sql<number>`count(*)::int` })
    .from(emailOutbox)
    .where(inArray(emailOutbox.kind, REFUND_EMAIL_KINDS))
    .groupBy(emailOutbox.to);
  const refundedPerPayer = new Map<string, number>();
  const paidPaymentsPerBooking = new Map<number, number>();
  for (const payment of ours) {
    const intent = stripe.intents.get(payment.providerPaymentId);
    if (intent?.status !== 'succeeded') {
      if (rows.some((b) => b.stripePaymentId === payment.providerPaymentId)) problems.push(`payment ${payment.providerPaymentId} books a seat but the provider says ${intent?.status}`);
      continue;
    }
    const booked = rows.filter((b) => b.stripePaymentId === payment.providerPaymentId);
    if (refundedBy(payment.providerPaymentId) > intent.amount_received) problems.push(`payment ${payment.providerPaymentId}: refunded ${refundedBy(payment.providerPaymentId)}, more than the ${intent.amount_received} paid`);
    // The ledger holds every refund the provider took, once.
    const inLedger = ledger.filter((row) => row.paymentId === payment.id).reduce((sum, row) => sum + row.amountCents, 0);
    if (inLedger !== refundedBy(payment.providerPaymentId)) problems.push(`payment ${payment.providerPaymentId}: the ledger holds ${inLedger} in refunds, the provider took ${refundedBy(payment.providerPaymentId)}`);
    if (booked.some((b) => b.orderId !== payment.orderId)) problems.push(`payment ${payment.providerPaymentId} of order ${payment.orderId} pays a seat of another order`);
    if (payment.refundReason !== null) {
      if (payment.status !== 'refunded') problems.push(`payment ${payment.providerPaymentId} (${payment.refundReason}) is ${payment.status}, not refunded`);
      if (refundedBy(payment.providerPaymentId) !== intent.amount_received) problems.push(`payment ${payment.providerPaymentId}: refunded ${refundedBy(payment.providerPaymentId)} of ${intent.amount_received}`);
      if (booked.some((b) => b.status !== 'deleted')) problems.push(`payment ${payment.providerPaymentId} is refunded as unbookable but pays booking ${booked[0]!.id}`);
      const payer = buyers.get(payment.orderId) ?? '';
      refundedPerPayer.set(payer, (refundedPerPayer.get(payer) ?? 0) + 1);
    } else if (memory.reported.has(payment.providerPaymentId)) {
      if (booked.length === 0) problems.push(`payment ${payment.providerPaymentId} succeeded and was reported, but pays no seat and is not refunded (${payment.status})`);
    }
    for (const booking of booked) paidPaymentsPerBooking.set(booking.id, (paidPaymentsPerBooking.get(booking.id) ?? 0) + 1);
  }
  for (const [bookingId, n] of paidPaymentsPerBooking) if (n > 1) problems.push(`booking ${bookingId} has ${n} succeeded payments`);
  for (const [payer, n] of refundedPerPayer) {
    const sent = refundEmails.find((e) => e.to.toLowerCase() === payer.toLowerCase())?.n ?? 0;
    if (sent < n) problems.push(`${payer}: ${n} payments refunded in full but ${sent} refund e-mails`);
  }

  // 5. A reservation whose address nobody confirmed may be invented: the organiser is not told of
  // it, its pay link is not sent, and it holds its seat no longer than a checkout hold.
  const unconfirmed = rows.filter((b) => b.status === 'reserved' && b.awaitingEmailConfirmation);
  if (unconfirmed.length > 0) {
    const announcements = await db
      .select({ kind: emailOutbox.kind, html: emailOutbox.html })
      .from(emailOutbox)
      .where(inArray(emailOutbox.kind, ['organiser-notifyNewBooking', 'booking-reserved', 'reservation-reminder']));
    for (const booking of unconfirmed) {
      const told = announcements.filter((mail) => new RegExp(`#${booking.id}(?!\\d)`).test(mail.html)).map((mail) => mail.kind);
      if (told.length > 0) problems.push(`reservation ${booking.id} is not confirmed, yet ${told.join(', ')} went out`);
      if (booking.reservationExpiresAt === null) problems.push(`reservation ${booking.id} is not confirmed and never expires`);
    }
  }
  return problems;
}

/** The ids of the inactive dates among these, and of the paid bookings on them: compared before and after a step. */
export async function moneyOnInactiveDates(db: BookingWorld['db'], dateIds: number[]): Promise<{ inactive: number[]; paid: Set<number> }> {
  if (dateIds.length === 0) return { inactive: [], paid: new Set() };
  const inactive = (await db.select({ id: workshopDates.id }).from(workshopDates).where(and(inArray(workshopDates.id, dateIds), eq(workshopDates.isActive, false)))).map((d) => d.id);
  if (inactive.length === 0) return { inactive, paid: new Set() };
  const paid = await db.select({ id: bookings.id }).from(bookings).where(and(inArray(bookings.workshopDateId, inactive), eq(bookings.isPaid, true)));
  return { inactive, paid: new Set(paid.map((row) => row.id)) };
}

/** Bookings paid during a step on a date that was inactive before it: a deactivated date took money. */
export async function newMoneyOnInactiveDates(db: BookingWorld['db'], before: { inactive: number[]; paid: Set<number> }): Promise<number[]> {
  if (before.inactive.length === 0) return [];
  const paid = await db.select({ id: bookings.id }).from(bookings).where(and(inArray(bookings.workshopDateId, before.inactive), eq(bookings.isPaid, true)));
  return paid.map((row) => row.id).filter((id) => !before.paid.has(id));
}
