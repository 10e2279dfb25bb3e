/**
 * The refund and cancellation rules, one by one (docs/decisions/008-booking-lifecycle.md, the FAQ's
 * refund policy): the terms a participant sees before cancelling, what
 * cancelling gives back, refund requests and the admin's review. Each test states one rule in the
 * product's own words and numbers, on an injected clock where a boundary matters; they are small
 * on purpose, so `npm run mutate` can run them first (decision 009).
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BookingStatus } from '../../src/common/booking-status';
import { cancelBooking, createCreditCode, getCancellationTerms } from '../../src/features/refunds/server/cancel-booking.service';
import type { RefundDeps, Viewer } from '../../src/features/refunds/server/refund-shared';
import { requestRefund, reviewRefundRequest } from '../../src/features/refunds/server/refunds.service';
import type { Database } from '../../src/server/db/client';
import { auditLog, bookings, discountCodes, emailOutbox, payments, refundRequests, refunds, workshopDates } from '../../src/server/db/schema';
import { CANCELLATION_POLICY } from '../../src/server/lib/audit';
import { insertBookingsWithOrders } from '../../src/server/db/single-seat-orders';
import { ReadCache } from '../../src/server/lib/read-cache';
import { DemoPaymentProvider } from '../../src/server/payments/demo-provider';
import type { PaymentProvider } from '../../src/server/payments/payment-provider';
import { createDiscountCode, createWorkshopDate } from '../helpers/factories';
import { createTestApp, loginAsAdmin, TEST_ADMIN, TEST_SECRET, type TestApp } from '../helpers/test-app';

type RefundCall = { paymentIntentId: string; amountCents?: number; reason: string; idempotencyKey: string };
const refundCalls: RefundCall[] = [];
let refundsSent = 0;
const sendRefund = async (call?: RefundCall) => ({ refundId: `re_rules_${++refundsSent}`, amountCents: call?.amountCents ?? 0 });
/** What the payment provider does with a refund; each test that changes it puts it back. */
let providerRefund: (call: RefundCall) => Promise<{ refundId: string; amountCents: number }> = sendRefund;
const providerDown = () => Promise.reject(new Error('provider unreachable'));

let app: TestApp;
let db: Database;
let provider: PaymentProvider;
let adminHeaders: Record<string, string>;

beforeAll(async () => {
  app = await createTestApp({
    payments: (database) => {
      const demo = new DemoPaymentProvider(database, TEST_SECRET);
      provider = {
        name: demo.name,
        publicConfig: () => demo.publicConfig(),
        createIntent: (input) => demo.createIntent(input),
        retrieveIntent: (id) => demo.retrieveIntent(id),
        cancelIntent: (id) => demo.cancelIntent(id),
        refund: async (paymentIntentId, options) => {
          const call = { paymentIntentId, ...options };
          refundCalls.push(call);
          return providerRefund(call);
        },
      };
      return provider;
    },
  });
  db = app.database.db;
  adminHeaders = (await loginAsAdmin(app)).headers;
});
afterAll(async () => {
  await app.close();
});
afterEach(() => {
  providerRefund = sendRefund;
});

/** The services' dependencies, with the public read cache and the outbox wake-up watched. */
function refundDeps() {
  const publicCache = new ReadCache(60_000);
  const cacheCleared = vi.spyOn(publicCache, 'invalidate');
  const onEmailQueued = vi.fn();
  const deps: RefundDeps = { db, payments: provider, publicCache, onEmailQueued, publicUrl: 'http://test.local', log: { warn: vi.fn(), error: vi.fn() } };
  return { deps, cacheCleared, onEmailQueued };
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Every workshop here starts at this instant; the clock is set relative to it. */
const START = new Date('2031-05-12T15:00:00.000Z');
const before = (ms: number) => new Date(START.getTime() - ms);
const ADMIN: Viewer = { kind: 'admin', email: TEST_ADMIN.email };

/** A workshop on May 12, 2031 at 3 PM UTC (or TBC), with its title. */
async function workshop(title: string, tbc = false) {
  if (tbc) return createWorkshopDate(db, { title, isTBC: true, date: '', time: '', startsAt: null, endsAt: null, requiresImmediatePayment: false });
  return createWorkshopDate(db, {
    title,
    date: 'May 12, 2031',
    time: '3:00 PM - 5:00 PM',
    timezone: 'UTC',
    startsAt: START,
    endsAt: new Date(START.getTime() + 2 * HOUR),
    requiresImmediatePayment: false,
  });
}

let people = 0;
/**
 * A booking holding a seat: paid by card (a succeeded payment on record), paid outside the site
 * (`card: false`) or an unpaid reservation (`paid: false`).
 */
async function booking(dateId: number, options: { paid?: boolean; card?: boolean; priceCents?: number } = {}) {
  const n = ++people;
  const paid = options.paid ?? true;
  const priceCents = options.priceCents ?? 49_900;
  const intentId = paid && options.card !== false ? `pi_rules_${n}` : null;
  const [row] = await insertBookingsWithOrders(db, {
    workshopDateId: dateId,
    firstName: 'Grace',
    lastName: 'Hopper',
    email: `grace.${n}@rules.test`,
    originalPriceCents: priceCents,
    finalPriceCents: priceCents,
    isPaid: paid,
    status: paid ? 'confirmed' : 'reserved',
    paymentMode: paid ? 'pay_now' : 'pay_later',
    stripePaymentId: intentId,
  });
  if (intentId) {
    await db.insert(payments).values({ provider: 'demo', providerPaymentId: intentId, workshopDateId: dateId, orderId: row!.orderId, amountCents: priceCents, status: 'succeeded' });
  }
  await db
    .update(workshopDates)
    .set({ seatsTaken: sql`${workshopDates.seatsTaken} + 1` })
    .where(eq(workshopDates.id, dateId));
  return row!;
}

const participant = (row: { email: string }): Viewer => ({ kind: 'participant', email: row.email });
const bookingRow = async (id: number) => (await db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const setStatus = (id: number, status: BookingStatus, cancelledAt: Date | null = null) => db.update(bookings).set({ status, cancelledAt }).where(eq(bookings.id, id));
const seatsTaken = async (dateId: number) => (await db.select().from(workshopDates).where(eq(workshopDates.id, dateId)))[0]!.seatsTaken;
const requestFor = async (bookingId: number) => (await db.select().from(refundRequests).where(eq(refundRequests.bookingId, bookingId)))[0];
const paymentStatus = async (intentId: string) => (await db.select().from(payments).where(eq(payments.providerPaymentId, intentId)))[0]!.status;
const mailsTo = (to: string, kind: string) => db.select().from(emailOutbox).where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, kind)));
const callsFor = (intentId: string | null) => refundCalls.filter((call) => call.paymentIntentId === intentId);
async function audits(action: string, entityId: number) {
  const rows = await db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))));
  return rows.map((row) => ({ actor: row.actor, entity: row.entity, details: row.details }));
}
const reviewOverHttp = (id: number, payload: object) => app.inject({ method: 'PUT', url: `/api/admin/refund-requests/${id}`, headers: adminHeaders, payload });

const EMAIL_NOTE = 'You will receive a confirmation email.';
const FULL_REFUND_OPTION = { kind: 'full-refund', label: 'Full refund', description: '$499.00 goes back to your card.', refundAmount: 499 };
const CREDIT_OPTION = {
  kind: 'credit',
  label: 'Credit toward a future workshop',
  description: 'A single-use code that covers the full price of one future workshop, valid for one year.',
  refundAmount: 0,
};
const LATE_SUMMARY = 'The workshop is less than 7 days away, so you can choose a credit toward a future workshop or a 50% refund.';

/** A refund in full besides the booking's status: the seat is free, the payment refunded, the public cache cleared and an e-mail queued. */
async function expectSeatFreedAndRefunded(
  workshopDateId: number,
  paymentIntentId: string,
  { cacheCleared, onEmailQueued }: Pick<ReturnType<typeof refundDeps>, 'cacheCleared' | 'onEmailQueued'>,
) {
  expect(await seatsTaken(workshopDateId)).toBe(0);
  expect(await paymentStatus(paymentIntentId)).toBe('refunded');
  expect(cacheCleared).toHaveBeenCalledWith('/api/workshop-dates');
  expect(onEmailQueued).toHaveBeenCalled();
}

describe('the cancellation terms a participant sees before confirming', () => {
  it('ten days ahead: a full refund of the whole price, with the days counted', async () => {
    const date = await workshop('Terms: ten days');
    const row = await booking(date.id);
    expect(await getCancellationTerms(db, row, before(10 * DAY + HOUR))).toEqual({
      bookingId: row.id,
      canCancel: true,
      blockedReason: null,
      daysUntilWorkshop: 10,
      isPaid: true,
      amountPaid: 499,
      options: [FULL_REFUND_OPTION],
      summary: 'The workshop is 10 days away, so cancelling now gives you a full refund of $499.00.',
      email: row.email,
      canRequestReview: true,
      refund: { kind: 'not-refunded', state: 'Not refunded', refundedAmount: 0, remainingAmount: 499, creditCode: null, request: null },
    });
  });

  it('exactly 7 days (168 hours) ahead is still a full refund; a minute later it is the credit or 50%, half a cent going to the participant', async () => {
    const date = await workshop('Terms: the 7-day line');
    const row = await booking(date.id, { priceCents: 12_345 });
    const atLine = await getCancellationTerms(db, row, before(168 * HOUR));
    expect(atLine.daysUntilWorkshop).toBe(7);
    expect(atLine.options).toEqual([{ kind: 'full-refund', label: 'Full refund', description: '$123.45 goes back to your card.', refundAmount: 123.45 }]);
    expect(atLine.summary).toBe('The workshop is 7 days away, so cancelling now gives you a full refund of $123.45.');

    const late = await getCancellationTerms(db, row, before(168 * HOUR - 60_000));
    expect(late).toMatchObject({ canCancel: true, blockedReason: null, daysUntilWorkshop: 6, amountPaid: 123.45, summary: LATE_SUMMARY });
    expect(late.options).toEqual([CREDIT_OPTION, { kind: 'half-refund', label: '50% refund', description: '$61.73 goes back to your card.', refundAmount: 61.73 }]);
  });

  it('a workshop whose date is not set yet counts as far away: a full refund, no days counted', async () => {
    const date = await workshop('Terms: date to be announced', true);
    const row = await booking(date.id);
    const terms = await getCancellationTerms(db, row, START);
    expect(terms).toMatchObject({ canCancel: true, daysUntilWorkshop: null, options: [FULL_REFUND_OPTION] });
    expect(terms.summary).toBe('The workshop date is not set yet, so cancelling now gives you a full refund of $499.00.');
  });

  it('an unpaid reservation, even a day before: nothing to refund, and the seat goes to someone else', async () => {
    const date = await workshop('Terms: unpaid');
    const row = await booking(date.id, { paid: false });
    expect(await getCancellationTerms(db, row, before(DAY))).toEqual({
      bookingId: row.id,
      canCancel: true,
      blockedReason: null,
      daysUntilWorkshop: 1,
      isPaid: false,
      amountPaid: 0,
      options: [{ kind: 'none', label: 'Nothing to refund', description: 'This booking has no payment, so there is nothing to refund.', refundAmount: 0 }],
      summary: 'Cancel this booking? Your seat goes back on sale.',
      email: row.email,
      canRequestReview: false,
      refund: { kind: 'nothing-to-refund', state: 'Nothing to refund', refundedAmount: 0, remainingAmount: 499, creditCode: null, request: null },
    });
  });

  it('a cancelled, a refunded and a started booking cannot be cancelled: the reason is the summary and there are no options', async () => {
    const date = await workshop('Terms: blocked');
    const cancelled = await booking(date.id);
    await setStatus(cancelled.id, 'cancelled', before(20 * DAY));
    const refunded = await booking(date.id);
    await setStatus(refunded.id, 'refunded');
    const started = await booking(date.id);
    const blocked = (reason: string, amountPaid: number) => ({ canCancel: false, blockedReason: reason, options: [], summary: reason, amountPaid });

    expect(await getCancellationTerms(db, await bookingRow(cancelled.id), before(10 * DAY))).toMatchObject(blocked('This booking is already cancelled', 499));
    expect(await getCancellationTerms(db, await bookingRow(refunded.id), before(10 * DAY))).toMatchObject(
      blocked('This booking has already been refunded, so there is nothing to cancel', 499),
    );
    // The start itself counts as started; a millisecond before, it can still be cancelled.
    expect(await getCancellationTerms(db, started, START)).toMatchObject(
      blocked('This workshop has already started, so the booking can no longer be cancelled', 499),
    );
    expect(await getCancellationTerms(db, started, before(1))).toMatchObject({ canCancel: true, blockedReason: null, daysUntilWorkshop: 0, summary: LATE_SUMMARY });
  });

  it('a refund request under review does not block cancelling: the terms still offer the policy, and say the request is open', async () => {
    const date = await workshop('Terms: request pending');
    const row = await booking(date.id);
    await requestRefund(refundDeps().deps, participant(row), row.id, 'I cannot come that week.');
    const terms = await getCancellationTerms(db, row, before(10 * DAY));
    expect(terms).toMatchObject({ canCancel: true, blockedReason: null, options: [FULL_REFUND_OPTION], canRequestReview: false });
    expect(terms.refund).toMatchObject({ kind: 'requested', state: 'Refund requested', request: { status: 'PENDING', reason: 'I cannot come that week.' } });

    // Only an approval's refund at the provider at this very moment holds a cancel back.
    await db.update(refundRequests).set({ amountCents: 49_900 }).where(eq(refundRequests.bookingId, row.id));
    const sending = 'A refund for this booking is being sent to the payment provider right now. Please try again in a minute.';
    expect(await getCancellationTerms(db, row, before(10 * DAY))).toMatchObject({ canCancel: false, blockedReason: sending, options: [], refund: { state: 'Refund being sent' } });
    await expect(cancelBooking(refundDeps().deps, participant(row), row, { email: row.email, option: 'credit' }, before(10 * DAY))).rejects.toMatchObject({ statusCode: 409, message: sending });
    expect((await bookingRow(row.id)).status).toBe('confirmed');
  });
});

describe('cancelling a booking', () => {
  it('7+ days ahead: the full refund is recorded as owed, then sent; the participant reads that it is on its way', async () => {
    const date = await workshop('Cancel: full refund');
    const row = await booking(date.id);
    const now = before(10 * DAY);
    const { deps, cacheCleared, onEmailQueued } = refundDeps();
    let whileSending: Awaited<ReturnType<typeof requestFor>>;
    providerRefund = async () => {
      whileSending = await requestFor(row.id);
      return sendRefund();
    };

    const result = await cancelBooking(deps, participant(row), row, { email: row.email.toUpperCase(), option: 'credit' }, now);
    expect(result).toEqual({
      message: `Your booking has been cancelled. A full refund of $499.00 is on its way to your card. ${EMAIL_NOTE}`,
      outcome: { kind: 'full-refund', amount: 499, refundSent: true },
    });
    // Written before the provider was asked, so a crash or an outage cannot lose it.
    expect(whileSending).toMatchObject({
      status: 'PENDING',
      amountCents: 49_900,
      reason: 'Booking cancelled: full refund under the refund policy',
      notes: 'Cancelled by the participant: full refund of $499.00 under the refund policy, being sent to the payment provider.',
    });
    expect(callsFor(row.stripePaymentId)).toEqual([{ paymentIntentId: row.stripePaymentId, amountCents: 49_900, reason: 'booking_cancelled', idempotencyKey: `cancel-${row.id}` }]);
    const request = (await requestFor(row.id))!;
    expect(request).toMatchObject({
      status: 'APPROVED',
      amountCents: 49_900,
      reason: 'Booking cancelled: full refund under the refund policy',
      notes: 'Full refund of $499.00 sent on cancellation under the refund policy.',
      providerRefundId: `re_rules_${refundsSent}`,
    });
    expect(await bookingRow(row.id)).toMatchObject({ status: 'cancelled', cancelledAt: now, isPaid: true });
    await expectSeatFreedAndRefunded(date.id, row.stripePaymentId!, { cacheCleared, onEmailQueued });

    const [mail] = await mailsTo(row.email, 'booking-cancellation');
    expect(mail!.subject).toBe('Your booking is cancelled: Cancel: full refund');
    expect(mail!.html).toContain(`Your booking #${row.id} for Cancel: full refund (Mon, May 12, 2031, 3:00 PM – 5:00 PM UTC) is cancelled`);
    expect(mail!.html).toContain('so you get a full refund of <strong>$499.00</strong> to your card.');
    // The participant cancelled; the refund is the policy's, so the system (cancellation policy) sent it.
    expect(await audits('booking_cancelled', row.id)).toEqual([
      {
        actor: row.email,
        entity: 'booking',
        details: { by: 'participant', outcome: 'full-refund', refundCents: 49_900, creditCode: null, refundRequestId: request.id, seatFreed: true },
      },
    ]);
    expect((await audits('refund_sent', request.id)).map((entry) => entry.actor)).toEqual([CANCELLATION_POLICY]);
    expect(await db.select({ actor: refunds.actor, amountCents: refunds.amountCents, bookingId: refunds.bookingId }).from(refunds).where(eq(refunds.bookingId, row.id))).toEqual([
      { actor: CANCELLATION_POLICY, amountCents: 49_900, bookingId: row.id },
    ]);
  });

  it('7+ days ahead with the provider down: cancelled all the same, the refund "will be sent shortly", and an admin sends exactly that later', async () => {
    const date = await workshop('Cancel: provider down');
    const row = await booking(date.id);
    providerRefund = providerDown;
    const result = await cancelBooking(refundDeps().deps, participant(row), row, { email: row.email, option: 'credit' }, before(10 * DAY));
    expect(result).toEqual({
      message: `Your booking has been cancelled. Your full refund of $499.00 will be sent to your card shortly. ${EMAIL_NOTE}`,
      outcome: { kind: 'full-refund', amount: 499, refundSent: false },
    });
    const pending = (await requestFor(row.id))!;
    expect(pending).toMatchObject({
      status: 'PENDING',
      amountCents: 49_900,
      notes: 'Cancelled by the participant: the automatic full refund of $499.00 failed (provider unreachable). Approve to try again.',
    });
    expect((await bookingRow(row.id)).status).toBe('cancelled');
    expect(await seatsTaken(date.id)).toBe(0);

    // The retry: same amount, same key, so the money can only go back once; the seat was freed already.
    providerRefund = sendRefund;
    const { deps, cacheCleared } = refundDeps();
    const reviewed = await reviewRefundRequest(deps, { email: TEST_ADMIN.email }, pending.id, { status: 'APPROVED', notes: null });
    expect(reviewed.message).toBe('The refund was sent and the participant has been told.');
    expect(callsFor(row.stripePaymentId).at(-1)).toEqual({ paymentIntentId: row.stripePaymentId, amountCents: 49_900, reason: 'booking_cancelled', idempotencyKey: `cancel-${row.id}` });
    expect((await bookingRow(row.id)).status).toBe('cancelled');
    expect(await seatsTaken(date.id)).toBe(0);
    expect(await paymentStatus(row.stripePaymentId!)).toBe('refunded');
    expect(cacheCleared).not.toHaveBeenCalled();
    expect((await audits('refund_approved', pending.id))[0]!.details).toEqual({
      bookingId: row.id,
      outcome: 'policy',
      amountCents: 49_900,
      providerRefundId: `re_rules_${refundsSent}`,
      seatFreed: false,
      notes: null,
    });
  });

  it('within 7 days, choosing 50%: half the price goes back, and the payment is not marked refunded', async () => {
    const date = await workshop('Cancel: half refund');
    const row = await booking(date.id, { priceCents: 12_345 });
    const result = await cancelBooking(refundDeps().deps, participant(row), row, { email: row.email, option: 'half-refund' }, before(2 * DAY));
    expect(result).toEqual({
      message: `Your booking has been cancelled. A 50% refund of $61.73 is on its way to your card. ${EMAIL_NOTE}`,
      outcome: { kind: 'half-refund', amount: 61.73, refundSent: true },
    });
    expect(callsFor(row.stripePaymentId)).toEqual([{ paymentIntentId: row.stripePaymentId, amountCents: 6_173, reason: 'booking_cancelled', idempotencyKey: `cancel-${row.id}` }]);
    expect(await requestFor(row.id)).toMatchObject({
      status: 'APPROVED',
      amountCents: 6_173,
      reason: 'Booking cancelled: 50% refund under the refund policy',
      notes: '50% refund of $61.73 sent on cancellation under the refund policy.',
    });
    expect(await paymentStatus(row.stripePaymentId!)).toBe('succeeded');
    const [mail] = await mailsTo(row.email, 'booking-cancellation');
    expect(mail!.html).toContain('chose a 50% refund: <strong>$61.73</strong> goes back to your card.');
  });

  it('within 7 days, 50% with the provider down: it "will be sent shortly", and the retry sends the half decided at cancellation', async () => {
    const date = await workshop('Cancel: half refund later');
    const row = await booking(date.id, { priceCents: 12_345 });
    providerRefund = providerDown;
    const result = await cancelBooking(refundDeps().deps, participant(row), row, { email: row.email, option: 'half-refund' }, before(2 * DAY));
    expect(result.message).toBe(`Your booking has been cancelled. Your 50% refund of $61.73 will be sent to your card shortly. ${EMAIL_NOTE}`);
    expect(result.outcome).toEqual({ kind: 'half-refund', amount: 61.73, refundSent: false });
    const pending = (await requestFor(row.id))!;
    expect(pending.notes).toBe('Cancelled by the participant: the automatic 50% refund of $61.73 failed (provider unreachable). Approve to try again.');

    providerRefund = sendRefund;
    await reviewRefundRequest(refundDeps().deps, { email: TEST_ADMIN.email }, pending.id, { status: 'APPROVED', notes: null });
    expect(callsFor(row.stripePaymentId).at(-1)).toMatchObject({ amountCents: 6_173, idempotencyKey: `cancel-${row.id}` });
    expect(await paymentStatus(row.stripePaymentId!)).toBe('succeeded');
  });

  it('within 7 days by default: a single-use 100% credit code valid for 365 days, and no money moves', async () => {
    const date = await workshop('Cancel: credit');
    const row = await booking(date.id);
    const now = before(3 * DAY);
    const result = await cancelBooking(refundDeps().deps, participant(row), row, { email: row.email, option: 'credit' }, now);
    const code = result.outcome.creditCode!;
    expect(code).toMatch(/^CREDIT-[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{10}$/);
    expect(result).toEqual({
      message: `Your booking has been cancelled. Your credit code ${code} covers one future workshop. ${EMAIL_NOTE}`,
      outcome: { kind: 'credit', creditCode: code },
    });
    const [credit] = await db.select().from(discountCodes).where(eq(discountCodes.code, code));
    expect(credit).toMatchObject({
      description: `Credit for cancelled booking #${row.id}`,
      discountPercent: 100,
      isActive: true,
      maxUses: 1,
      currentUses: 0,
      expiresAt: new Date('2032-05-08T15:00:00.000Z'),
    });
    expect(callsFor(row.stripePaymentId)).toEqual([]);
    expect(await requestFor(row.id)).toBeUndefined();
    expect(await paymentStatus(row.stripePaymentId!)).toBe('succeeded');
    const [mail] = await mailsTo(row.email, 'booking-cancellation');
    expect(mail!.html).toContain('it covers the full price of one workshop and is valid until May 8, 2032.');
    expect(mail!.html).toContain(`<strong>${code}</strong>`);
    expect((await audits('booking_cancelled', row.id))[0]!.details).toEqual({
      by: 'participant',
      outcome: 'credit',
      refundCents: 0,
      creditCode: code,
      refundRequestId: null,
      seatFreed: true,
    });
  });

  it('an unpaid reservation: cancelled with nothing to refund; an admin may cancel it whatever e-mail they type', async () => {
    const date = await workshop('Cancel: unpaid');
    const row = await booking(date.id, { paid: false });
    const result = await cancelBooking(refundDeps().deps, ADMIN, row, { email: 'typed-by-admin@rules.test', option: 'credit' }, before(DAY));
    expect(result).toEqual({ message: `Your booking has been cancelled. ${EMAIL_NOTE}`, outcome: { kind: 'none' } });
    expect(await bookingRow(row.id)).toMatchObject({ status: 'cancelled' });
    expect(await seatsTaken(date.id)).toBe(0);
    expect(await audits('booking_cancelled', row.id)).toEqual([
      { actor: TEST_ADMIN.email, entity: 'booking', details: { by: 'admin', outcome: 'none', refundCents: 0, creditCode: null, refundRequestId: null, seatFreed: true } },
    ]);
    const [mail] = await mailsTo(row.email, 'booking-cancellation');
    expect(mail!.html).toContain('There was no payment for this booking, so there is nothing to refund.');
  });

  it('at the very instant the workshop starts it can no longer be cancelled, and nothing changes', async () => {
    const date = await workshop('Cancel: starting now');
    const row = await booking(date.id);
    await expect(cancelBooking(refundDeps().deps, participant(row), row, { email: row.email, option: 'credit' }, START)).rejects.toMatchObject({
      statusCode: 409,
      message: 'This workshop has already started, so the booking can no longer be cancelled',
    });
    expect((await bookingRow(row.id)).status).toBe('confirmed');
    expect(await seatsTaken(date.id)).toBe(1);

    const lastMoment = await cancelBooking(refundDeps().deps, participant(row), row, { email: row.email, option: 'credit' }, before(1));
    expect(lastMoment.outcome.kind).toBe('credit');
  });

  it('a booking someone else cancelled, refunded or deleted meanwhile: 409 or 404 in words, no seat freed, no e-mail', async () => {
    const date = await workshop('Cancel: changed meanwhile');
    const cases: [BookingStatus, number, string][] = [
      ['cancelled', 409, 'This booking is already cancelled'],
      ['refunded', 409, 'This booking has already been refunded, so there is nothing to cancel'],
      ['deleted', 404, 'Booking not found'],
    ];
    for (const [status, statusCode, message] of cases) {
      const row = await booking(date.id);
      await setStatus(row.id, status);
      // The participant's request read the booking before the other change.
      await expect(cancelBooking(refundDeps().deps, participant(row), row, { email: row.email, option: 'credit' }, before(10 * DAY))).rejects.toMatchObject({ statusCode, message });
      expect((await bookingRow(row.id)).status).toBe(status);
      expect(await mailsTo(row.email, 'booking-cancellation')).toHaveLength(0);
      expect(callsFor(row.stripePaymentId)).toEqual([]);
    }
    expect(await seatsTaken(date.id)).toBe(3);
  });

  it('a refund request rejected earlier is reopened by the cancellation, keeping the participant\'s reason', async () => {
    const date = await workshop('Cancel: after a rejection');
    const row = await booking(date.id);
    await requestRefund(refundDeps().deps, participant(row), row.id, 'My employer will not pay.');
    const request = (await requestFor(row.id))!;
    await reviewRefundRequest(refundDeps().deps, { email: TEST_ADMIN.email }, request.id, { status: 'REJECTED', notes: 'Too close.' });

    await cancelBooking(refundDeps().deps, participant(row), await bookingRow(row.id), { email: row.email, option: 'credit' }, before(10 * DAY));
    expect(await requestFor(row.id)).toMatchObject({ id: request.id, status: 'APPROVED', reason: 'My employer will not pay.', amountCents: 49_900 });
  });

  it('a credit code that clashes with an existing code is drawn again, five times at most', async () => {
    await createDiscountCode(db, { code: 'CREDIT-AAAAAAAAAA', discountPercent: 100, maxUses: 1 });
    const expiresAt = new Date(Date.UTC(2032, 4, 12));
    /** Draws the clashing code `clashes` times, then fresh ones; counts every draw. */
    const drawing = (clashes: number) => {
      const drawn: string[] = [];
      const draw = () => {
        drawn.push(drawn.length < clashes ? 'CREDIT-AAAAAAAAAA' : `CREDIT-BBBBBBBB${String(drawn.length).padStart(2, '2')}`);
        return drawn.at(-1)!;
      };
      return { draw, drawn };
    };

    const once = drawing(1);
    const code = await db.transaction((tx) => createCreditCode(tx, 1, expiresAt, once.draw));
    expect(code).toBe('CREDIT-BBBBBBBB21');
    expect(once.drawn).toHaveLength(2);
    const [row] = await db.select().from(discountCodes).where(eq(discountCodes.code, code));
    expect(row).toMatchObject({ description: 'Credit for cancelled booking #1', discountPercent: 100, isActive: true, maxUses: 1, expiresAt });

    const fourTimes = drawing(4);
    expect(await db.transaction((tx) => createCreditCode(tx, 2, expiresAt, fourTimes.draw))).toBe('CREDIT-BBBBBBBB24');
    expect(fourTimes.drawn).toHaveLength(5);

    const always = drawing(99);
    await expect(db.transaction((tx) => createCreditCode(tx, 3, expiresAt, always.draw))).rejects.toThrow('Could not create a unique credit code');
    expect(always.drawn).toHaveLength(5);
  });
});

describe('asking for a refund', () => {
  it('refuses, in words, a booking that is gone, cancelled, refunded or unpaid, and records nothing', async () => {
    const date = await workshop('Request: refused');
    const refuse = async (bookingId: number, statusCode: number, message: string) => {
      await expect(requestRefund(refundDeps().deps, ADMIN, bookingId, 'Please refund this booking.')).rejects.toMatchObject({ statusCode, message });
      expect(await requestFor(bookingId)).toBeUndefined();
    };
    await refuse(2_000_000_000, 404, 'Booking not found');
    const deleted = await booking(date.id);
    await setStatus(deleted.id, 'deleted');
    await refuse(deleted.id, 404, 'Booking not found');
    const cancelled = await booking(date.id);
    await setStatus(cancelled.id, 'cancelled', before(20 * DAY));
    await refuse(cancelled.id, 409, 'This booking is cancelled, so a refund cannot be requested. Your cancellation e-mail says what happens with your payment.');
    const refunded = await booking(date.id);
    await setStatus(refunded.id, 'refunded');
    await refuse(refunded.id, 409, 'This booking has already been refunded');
    const reserved = await booking(date.id, { paid: false });
    await refuse(reserved.id, 409, 'Only paid bookings can be refunded');
  });

  it('a paid booking: a pending request, an e-mail naming the workshop and the reason, and an audit row saying who asked', async () => {
    const date = await workshop('Request: accepted');
    const row = await booking(date.id);
    const { deps, onEmailQueued } = refundDeps();
    const dto = await requestRefund(deps, participant(row), row.id, 'I broke my arm, sorry.');
    expect(dto).toMatchObject({ bookingId: row.id, status: 'PENDING', reason: 'I broke my arm, sorry.', notes: null, processedAt: null });
    expect(onEmailQueued).toHaveBeenCalled();
    const [mail] = await mailsTo(row.email, 'refund-request-received');
    expect(mail!.subject).toBe('We received your refund request: Request: accepted');
    expect(mail!.html).toContain('I broke my arm, sorry.');
    expect(await audits('refund_requested', dto.id)).toEqual([{ actor: row.email, entity: 'refund_request', details: { bookingId: row.id, by: 'participant' } }]);

    const other = await booking(date.id);
    const onBehalf = await requestRefund(refundDeps().deps, ADMIN, other.id, 'Asked by phone, 5 May.');
    expect(await audits('refund_requested', onBehalf.id)).toEqual([{ actor: TEST_ADMIN.email, entity: 'refund_request', details: { bookingId: other.id, by: 'admin' } }]);
  });
});

describe("the admin's review of a refund request", () => {
  async function pendingRequest(title: string, options: Parameters<typeof booking>[1] = {}) {
    const date = await workshop(title);
    const row = await booking(date.id, options);
    const dto = await requestRefund(refundDeps().deps, participant(row), row.id, 'I can no longer attend.');
    return { date, row, id: dto.id };
  }
  const admin = { email: TEST_ADMIN.email };

  it('rejecting: the request is closed with the notes, the booking stays, the participant is told', async () => {
    const { date, row, id } = await pendingRequest('Review: rejected');
    const { deps, onEmailQueued, cacheCleared } = refundDeps();
    const result = await reviewRefundRequest(deps, admin, id, { status: 'REJECTED', notes: 'The workshop is tomorrow.' });
    expect(result.message).toBe('The refund request was rejected and the participant has been told.');
    expect(result.refundRequest).toMatchObject({ id, status: 'REJECTED', notes: 'The workshop is tomorrow.', providerRefundId: null, refundAmount: 499 });
    expect(callsFor(row.stripePaymentId)).toEqual([]);
    expect((await bookingRow(row.id)).status).toBe('confirmed');
    expect(await seatsTaken(date.id)).toBe(1);
    expect(onEmailQueued).toHaveBeenCalled();
    expect(cacheCleared).not.toHaveBeenCalled();
    const [mail] = await mailsTo(row.email, 'refund-rejected');
    expect(mail!.subject).toBe('About your refund request: Review: rejected');
    expect(mail!.html).toContain('The workshop is tomorrow.');
    expect(await audits('refund_rejected', id)).toEqual([{ actor: TEST_ADMIN.email, entity: 'refund_request', details: { bookingId: row.id, notes: 'The workshop is tomorrow.' } }]);
  });

  it('approving: the whole price goes back under the request key, the booking is refunded and its seat back on sale', async () => {
    const { date, row, id } = await pendingRequest('Review: approved');
    const { deps, onEmailQueued, cacheCleared } = refundDeps();
    const result = await reviewRefundRequest(deps, admin, id, { status: 'APPROVED', notes: 'Get well soon.' });
    const refundId = `re_rules_${refundsSent}`;
    expect(result.message).toBe('The refund was sent and the participant has been told.');
    expect(result.refundRequest).toMatchObject({ id, status: 'APPROVED', notes: 'Get well soon.', providerRefundId: refundId, refundAmount: 499 });
    expect(callsFor(row.stripePaymentId)).toEqual([{ paymentIntentId: row.stripePaymentId, amountCents: 49_900, reason: 'refund_request_approved', idempotencyKey: `refund-request-${id}` }]);
    expect(await bookingRow(row.id)).toMatchObject({ status: 'refunded', isPaid: true });
    await expectSeatFreedAndRefunded(date.id, row.stripePaymentId!, { cacheCleared, onEmailQueued });
    const [mail] = await mailsTo(row.email, 'refund-approved');
    expect(mail!.subject).toBe('Your refund is approved: Review: approved');
    expect(mail!.html).toContain(`We have refunded <strong>$499.00</strong> to your card (reference ${refundId}).`);
    expect(await audits('refund_approved', id)).toEqual([
      { actor: TEST_ADMIN.email, entity: 'refund_request', details: { bookingId: row.id, outcome: 'policy', amountCents: 49_900, providerRefundId: refundId, seatFreed: true, notes: 'Get well soon.' } },
    ]);
  });

  it('a request already decided is not decided again: 409, and no money moves', async () => {
    const { row, id } = await pendingRequest('Review: decided');
    await reviewRefundRequest(refundDeps().deps, admin, id, { status: 'REJECTED', notes: null });
    for (const status of ['APPROVED', 'REJECTED'] as const) {
      await expect(reviewRefundRequest(refundDeps().deps, admin, id, { status, notes: null })).rejects.toMatchObject({
        statusCode: 409,
        message: 'This refund request has already been processed',
      });
    }
    expect(callsFor(row.stripePaymentId)).toEqual([]);
    expect((await requestFor(row.id))!.status).toBe('REJECTED');
  });

  it('two admins approving at once: one refund, one e-mail, one seat freed, and the second admin gets the 409', async () => {
    const { date, row, id } = await pendingRequest('Review: two admins');
    let second: Promise<unknown> | undefined;
    providerRefund = async (call) => {
      // The other admin's approval runs to its end while the first one waits for the provider.
      if (!second) {
        providerRefund = sendRefund;
        second = reviewRefundRequest(refundDeps().deps, { email: 'other-admin@rules.test' }, id, { status: 'APPROVED', notes: null });
        await second;
      }
      return { refundId: `re_same_${call.idempotencyKey}`, amountCents: call.amountCents ?? 0 };
    };
    await expect(reviewRefundRequest(refundDeps().deps, admin, id, { status: 'APPROVED', notes: null })).rejects.toMatchObject({
      statusCode: 409,
      message: 'This refund request has already been processed',
    });
    expect(new Set(callsFor(row.stripePaymentId).map((call) => call.idempotencyKey))).toEqual(new Set([`refund-request-${id}`]));
    expect(await mailsTo(row.email, 'refund-approved')).toHaveLength(1);
    expect(await audits('refund_approved', id)).toHaveLength(1);
    expect(await seatsTaken(date.id)).toBe(0);
    expect((await requestFor(row.id))!.status).toBe('APPROVED');
  });

  it('a booking deleted after the request: approving is refused (its money was settled then), rejecting closes it', async () => {
    const { row, id } = await pendingRequest('Review: deleted booking');
    const deleted = await app.inject({ method: 'DELETE', url: `/api/admin/bookings/${row.id}?refund=false`, headers: adminHeaders });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const approve = await reviewOverHttp(id, { status: 'APPROVED' });
    expect(approve.statusCode).toBe(409);
    expect(approve.json()).toEqual({ message: 'This booking was deleted; its payment was settled then, so there is nothing left to refund.' });
    expect(callsFor(row.stripePaymentId)).toEqual([]);
    const reject = await reviewOverHttp(id, { status: 'REJECTED', notes: 'Settled when deleted.' });
    expect(reject.statusCode, reject.body).toBe(200);
    expect((await requestFor(row.id))!.status).toBe('REJECTED');
  });

  it('a booking paid outside the site: approving is refused with what to do instead, the request stays pending', async () => {
    const date = await workshop('Review: paid outside');
    const row = await booking(date.id, { paid: false });
    const marked = await app.inject({ method: 'POST', url: `/api/admin/bookings/${row.id}/mark-paid`, headers: adminHeaders, payload: { note: 'Bank transfer' } });
    expect(marked.statusCode, marked.body).toBe(200);
    const dto = await requestRefund(refundDeps().deps, participant(row), row.id, 'Paid by transfer, please refund.');

    const approve = await reviewOverHttp(dto.id, { status: 'APPROVED' });
    expect(approve.statusCode).toBe(409);
    expect(approve.json()).toEqual({ message: 'This booking has no card payment on record to refund. Refund it outside the site, then reject the request with a note.' });
    expect(refundCalls.filter((call) => call.idempotencyKey === `refund-request-${dto.id}`)).toEqual([]);
    expect(await requestFor(row.id)).toMatchObject({ status: 'PENDING', processedAt: null });
    expect((await bookingRow(row.id)).status).toBe('confirmed');
  });

  it('the provider refusing: 502 refund_failed, an audit row with the reason, and everything left as it was', async () => {
    const { date, row, id } = await pendingRequest('Review: provider fails');
    providerRefund = providerDown;
    const response = await reviewOverHttp(id, { status: 'APPROVED' });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      message: 'The payment provider could not refund this payment. The request is still pending; please try again later.',
      code: 'refund_failed',
    });
    expect(await audits('refund_failed', id)).toEqual([
      { actor: TEST_ADMIN.email, entity: 'refund_request', details: { bookingId: row.id, amountCents: 49_900, error: 'provider unreachable' } },
    ]);
    expect(await requestFor(row.id)).toMatchObject({ status: 'PENDING', processedAt: null, providerRefundId: null });
    expect((await bookingRow(row.id)).status).toBe('confirmed');
    expect(await seatsTaken(date.id)).toBe(1);
    expect(await mailsTo(row.email, 'refund-approved')).toHaveLength(0);
  });

  it('a request from before amounts were recorded (migration 0002), on a booking cancelled within 7 days: the policy sends half', async () => {
    const date = await workshop('Review: amount by policy');
    const late = await booking(date.id, { priceCents: 12_345 });
    const early = await booking(date.id, { priceCents: 12_345 });
    await setStatus(late.id, 'cancelled', before(3 * DAY));
    await setStatus(early.id, 'cancelled', before(10 * DAY));
    const [lateRequest, earlyRequest] = await db
      .insert(refundRequests)
      .values([
        { bookingId: late.id, reason: 'Cancelled three days before.', status: 'PENDING' },
        { bookingId: early.id, reason: 'Cancelled ten days before.', status: 'PENDING' },
      ])
      .returning();

    const reviewed = await reviewRefundRequest(refundDeps().deps, admin, lateRequest!.id, { status: 'APPROVED', notes: null });
    expect(reviewed.refundRequest.refundAmount).toBe(61.73);
    expect(callsFor(late.stripePaymentId)).toEqual([{ paymentIntentId: late.stripePaymentId, amountCents: 6_173, reason: 'booking_cancelled', idempotencyKey: `cancel-${late.id}` }]);
    expect(await paymentStatus(late.stripePaymentId!)).toBe('succeeded');

    await reviewRefundRequest(refundDeps().deps, admin, earlyRequest!.id, { status: 'APPROVED', notes: null });
    expect(callsFor(early.stripePaymentId)).toMatchObject([{ amountCents: 12_345 }]);
    expect(await paymentStatus(early.stripePaymentId!)).toBe('refunded');
  });
});
