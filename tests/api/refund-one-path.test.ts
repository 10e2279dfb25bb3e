/**
 * One path for a participant's money: the cancellation policy decides what a cancel gives and what
 * an approved refund request sends (its time, not the review's), never more than is left of the
 * seat's share; a request under review no longer blocks a cancel (the participant's or the
 * admin's), which closes it; every seat's money reads in one vocabulary (terms, admin list, CSV);
 * and the audit log names the cancellation policy, not the participant, for what the policy did.
 * Over HTTP, on this run's database.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { csvToObjects } from '../../src/common/csv';
import type { Database } from '../../src/server/db/client';
import { auditLog, bookings, discountCodes, emailOutbox, payments, refundRequests, refunds, workshopDates } from '../../src/server/db/schema';
import { CANCELLATION_POLICY } from '../../src/server/lib/audit';
import { createAppWithFlakyDemoProvider, type FlakyDemoProvider, payWithDemoCard } from '../helpers/demo-payments';
import { buyer, createWorkshopDate } from '../helpers/factories';
import { participantHeaders } from '../helpers/participant-session';
import { clientHeaders, loginAsAdmin, TEST_ADMIN, type TestApp } from '../helpers/test-app';

let app: TestApp;
let provider: FlakyDemoProvider;
let db: Database;
let admin: Record<string, string>;

beforeAll(async () => {
  ({ app, provider, db } = await createAppWithFlakyDemoProvider());
  admin = (await loginAsAdmin(app)).headers;
});
afterAll(async () => {
  await app.close();
});
beforeEach(() => {
  provider.failRefunds = false;
});

const HOUR = 3_600_000;
let people = 0;
const person = (tag = 'path') => buyer(`${tag}-${++people}`);

/** A workshop starting `days` from now, at $499 a seat. */
async function workshopIn(days: number, seatsTotal = 10) {
  const startsAt = new Date(Date.now() + days * 24 * HOUR);
  const date = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(startsAt);
  return createWorkshopDate(db, { date, startsAt, endsAt: new Date(startsAt.getTime() + 2 * HOUR), seatsTotal });
}

async function bookPaid(workshopDateId: number, who = person(), extra: object = {}) {
  const paid = await payWithDemoCard(app, { workshopDateId, customerInfo: who, amount: 1, ...extra });
  return { ...paid, who, headers: await participantHeaders(app, who.email) };
}

const askRefund = (bookingId: number, headers: Record<string, string>, reason = 'I can no longer come that week.') =>
  app.inject({ method: 'POST', url: `/api/participant/refund-request/${bookingId}`, headers, payload: { reason } });
async function pendingRequest(bookingId: number, headers: Record<string, string>) {
  const asked = await askRefund(bookingId, headers);
  expect(asked.statusCode, asked.body).toBe(201);
  return asked.json().refundRequest.id as number;
}
const review = (id: number, payload: object) => app.inject({ method: 'PUT', url: `/api/admin/refund-requests/${id}`, headers: admin, payload });
const cancel = (bookingId: number, headers: Record<string, string>, payload: object) =>
  app.inject({ method: 'POST', url: `/api/participant/cancel-booking/${bookingId}`, headers, payload });
const adminCancel = (bookingId: number, payload: object = {}) => app.inject({ method: 'POST', url: `/api/admin/bookings/${bookingId}/cancel`, headers: admin, payload });
const terms = async (bookingId: number, headers: Record<string, string>) => {
  const response = await app.inject({ url: `/api/participant/booking/${bookingId}/cancellation-terms`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

const bookingRow = async (id: number) => (await db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const requestRow = async (bookingId: number) => (await db.select().from(refundRequests).where(eq(refundRequests.bookingId, bookingId)))[0];
const ledgerOf = (bookingId: number) =>
  db.select({ amountCents: refunds.amountCents, actor: refunds.actor, reason: refunds.reason }).from(refunds).where(eq(refunds.bookingId, bookingId));
const providerCalls = (intentId: string) => provider.refunds.filter((call) => call.paymentIntentId === intentId);
const seatsTaken = async (dateId: number) => (await db.select().from(workshopDates).where(eq(workshopDates.id, dateId)))[0]!.seatsTaken;
const audits = (action: string, entityId: number) => db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))));
async function adminRequest(id: number) {
  const list = await app.inject({ url: '/api/admin/refund-requests', headers: admin });
  expect(list.statusCode).toBe(200);
  type Listed = { id: number; refund: Record<string, unknown>; policy: Record<string, unknown> & { summary: string }; outcomes: string[] };
  const found = (list.json() as Listed[]).find((row) => row.id === id);
  expect(found).toBeDefined();
  return found!;
}
async function csvRefundState(bookingId: number) {
  const response = await app.inject({ url: '/api/admin/export/bookings.csv', headers: admin });
  expect(response.statusCode).toBe(200);
  return csvToObjects(response.body.replace(/^\uFEFF/, '')).rows.find((row) => row.id === String(bookingId))?.refundState;
}

describe('approving a refund request applies the cancellation policy of the moment it was asked', () => {
  it('asked 3 days before: the default approval sends 50 %, written in the ledger by the admin; the seat reads "Partly refunded"', async () => {
    const date = await workshopIn(3);
    const { bookingId, headers, paymentIntentId, who } = await bookPaid(date.id);
    const id = await pendingRequest(bookingId, headers);

    const listed = await adminRequest(id);
    expect(listed).toMatchObject({ status: 'PENDING', refundAmount: 249.5, amountDecided: false, outcomes: ['policy', 'full', 'custom', 'credit'] });
    expect(listed.policy).toMatchObject({ kind: 'half-refund', amount: 249.5 });
    expect(listed.policy.summary).toMatch(/^Asked (2|3) days before the workshop: the policy gives a credit toward a future workshop or a 50% refund of \$249\.50\.$/);
    expect(listed.refund).toMatchObject({ state: 'Refund requested', remainingAmount: 499 });
    expect(await csvRefundState(bookingId)).toBe('Refund requested');

    // The contract's body, unchanged: the policy's refund.
    const approved = await review(id, { status: 'APPROVED', notes: 'Half, as the policy says.' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().refundRequest).toMatchObject({ status: 'APPROVED', refundAmount: 249.5, outcomes: [], refund: { state: 'Partly refunded ($249.50 of $499.00)', refundedAmount: 249.5 } });
    expect(providerCalls(paymentIntentId)).toEqual([{ paymentIntentId, amountCents: 24_950, idempotencyKey: `refund-request-${id}` }]);
    expect(await ledgerOf(bookingId)).toEqual([{ amountCents: 24_950, actor: TEST_ADMIN.email, reason: 'refund_request_approved' }]);
    expect(await requestRow(bookingId)).toMatchObject({ status: 'APPROVED', amountCents: 24_950 });
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'refunded' });
    // Half of the payment is kept: it is not marked refunded.
    expect((await db.select().from(payments).where(eq(payments.providerPaymentId, paymentIntentId)))[0]!.status).toBe('succeeded');
    const [audit] = await audits('refund_approved', id);
    expect(audit).toMatchObject({ actor: TEST_ADMIN.email, details: { outcome: 'policy', amountCents: 24_950 } });
    const [mail] = await db.select().from(emailOutbox).where(and(eq(emailOutbox.to, who.email), eq(emailOutbox.kind, 'refund-approved')));
    expect(mail!.html).toContain('$249.50');
    expect(await csvRefundState(bookingId)).toBe('Partly refunded ($249.50 of $499.00)');
    expect((await terms(bookingId, headers)).refund).toMatchObject({ kind: 'partly-refunded', state: 'Partly refunded ($249.50 of $499.00)', refundedAmount: 249.5, remainingAmount: 249.5 });
  });

  it('asked 3 days before, the admin chooses the credit: a single-use code for a whole workshop is e-mailed, the seat is released, no money moves', async () => {
    const date = await workshopIn(3);
    const { bookingId, headers, paymentIntentId, who } = await bookPaid(date.id);
    const id = await pendingRequest(bookingId, headers);
    const seatsBefore = await seatsTaken(date.id);

    const approved = await review(id, { status: 'APPROVED', notes: 'See you at the next one.', outcome: 'credit' });
    expect(approved.statusCode, approved.body).toBe(200);
    const code = approved.json().refundRequest.refund.creditCode as string;
    expect(code).toMatch(/^CREDIT-[A-Z0-9]{10}$/);
    expect(approved.json().refundRequest).toMatchObject({ status: 'APPROVED', refundAmount: 0, refund: { kind: 'credit-issued', state: 'Credit issued' } });
    expect(providerCalls(paymentIntentId)).toEqual([]);
    expect(await ledgerOf(bookingId)).toEqual([]);
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'cancelled' });
    expect(await seatsTaken(date.id)).toBe(seatsBefore - 1);
    const [credit] = await db.select().from(discountCodes).where(eq(discountCodes.code, code));
    expect(credit).toMatchObject({ discountPercent: 100, maxUses: 1, currentUses: 0, isActive: true, description: `Credit for cancelled booking #${bookingId}` });
    const mails = await db.select().from(emailOutbox).where(and(eq(emailOutbox.to, who.email), eq(emailOutbox.kind, 'booking-cancellation')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.html).toContain(code);
    expect(mails[0]!.html).toContain('See you at the next one.');
    expect((await audits('refund_approved', id))[0]).toMatchObject({ actor: TEST_ADMIN.email, details: { outcome: 'credit', creditCode: code, seatFreed: true } });
    expect(await csvRefundState(bookingId)).toBe('Credit issued');
  });

  it('asked at least 7 days before: the whole price; "full" and "custom" are the admin\'s other choices', async () => {
    const date = await workshopIn(20);
    const first = await bookPaid(date.id);
    const firstId = await pendingRequest(first.bookingId, first.headers);
    expect((await adminRequest(firstId)).policy).toMatchObject({ kind: 'full-refund', amount: 499 });
    expect((await review(firstId, { status: 'APPROVED', notes: null })).statusCode).toBe(200);
    expect(await ledgerOf(first.bookingId)).toEqual([{ amountCents: 49_900, actor: TEST_ADMIN.email, reason: 'refund_request_approved' }]);
    expect(await csvRefundState(first.bookingId)).toBe('Refunded in full');

    const second = await bookPaid(date.id);
    const secondId = await pendingRequest(second.bookingId, second.headers);
    const custom = await review(secondId, { status: 'APPROVED', notes: 'A goodwill part.', outcome: 'custom', amount: 100.25 });
    expect(custom.statusCode, custom.body).toBe(200);
    expect(providerCalls(second.paymentIntentId)).toEqual([{ paymentIntentId: second.paymentIntentId, amountCents: 10_025, idempotencyKey: `refund-request-${secondId}-10025` }]);
    expect(custom.json().refundRequest.refund).toMatchObject({ state: 'Partly refunded ($100.25 of $499.00)', remainingAmount: 398.75 });
  });

  it('never sends more than is left of the seat\'s share: the policy is capped, and a custom amount above it is a 400 that changes nothing', async () => {
    const date = await workshopIn(20);
    const { bookingId, headers, paymentIntentId } = await bookPaid(date.id);
    const id = await pendingRequest(bookingId, headers);
    // $300 of this seat went back earlier (a refund the ledger records), so $199 is left.
    const [payment] = await db.select().from(payments).where(eq(payments.providerPaymentId, paymentIntentId));
    const seat = await bookingRow(bookingId);
    await db.insert(refunds).values({ orderId: seat.orderId, bookingId, paymentId: payment!.id, providerRefundId: `re_earlier_${bookingId}`, amountCents: 30_000, reason: 'earlier', actor: 'someone' });

    const tooMuch = await review(id, { status: 'APPROVED', notes: null, outcome: 'custom', amount: 199.01 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toEqual({ message: "The refund can be at most $199.00, what is left of this seat's share.", code: 'refund_too_high' });
    expect(providerCalls(paymentIntentId)).toEqual([]);
    expect(await requestRow(bookingId)).toMatchObject({ status: 'PENDING', amountCents: null, processedAt: null });
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'confirmed' });
    expect(await ledgerOf(bookingId)).toHaveLength(1);

    const listed = await adminRequest(id);
    expect(listed).toMatchObject({ refundAmount: 199 });
    expect(listed.policy.summary).toContain("($199.00 is left of this seat's share)");
    const approved = await review(id, { status: 'APPROVED', notes: null });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(providerCalls(paymentIntentId)).toEqual([{ paymentIntentId, amountCents: 19_900, idempotencyKey: `refund-request-${id}` }]);
    expect(approved.json().refundRequest.refund).toMatchObject({ state: 'Refunded in full', remainingAmount: 0 });
  });

  it('refuses an outcome or amount the contract does not know, and a custom refund without an amount', async () => {
    const date = await workshopIn(20);
    const { bookingId, headers } = await bookPaid(date.id);
    const id = await pendingRequest(bookingId, headers);
    expect((await review(id, { status: 'APPROVED', outcome: 'double' })).statusCode).toBe(400);
    const noAmount = await review(id, { status: 'APPROVED', outcome: 'custom' });
    expect(noAmount.statusCode).toBe(400);
    expect(noAmount.json().message).toBe('Enter the amount to refund in dollars and cents, greater than $0.00');
    expect((await review(id, { status: 'APPROVED', outcome: 'custom', amount: 0 })).statusCode).toBe(400);
    expect((await review(id, { status: 'APPROVED', outcome: 'custom', amount: 1.005 })).statusCode).toBe(400);
    expect((await review(id, { status: 'APPROVED', outcome: 'full', amount: 10 })).statusCode).toBe(400);
    expect(await requestRow(bookingId)).toMatchObject({ status: 'PENDING' });
  });

  it('a request made once the workshop had started gets nothing from the policy: the admin chooses, or rejects', async () => {
    const date = await workshopIn(3);
    const { bookingId, headers, paymentIntentId } = await bookPaid(date.id);
    const id = await pendingRequest(bookingId, headers);
    await db.update(refundRequests).set({ requestedAt: new Date(date.startsAt!.getTime() + HOUR) }).where(eq(refundRequests.id, id));
    const listed = await adminRequest(id);
    expect(listed).toMatchObject({ refundAmount: 0, outcomes: ['full', 'custom', 'credit'], policy: { kind: 'none', summary: 'Asked once the workshop had started: the policy gives nothing.' } });
    const policy = await review(id, { status: 'APPROVED', notes: null });
    expect(policy.statusCode).toBe(409);
    expect(providerCalls(paymentIntentId)).toEqual([]);
    expect((await review(id, { status: 'APPROVED', notes: null, outcome: 'full' })).statusCode).toBe(200);
    expect(providerCalls(paymentIntentId)).toMatchObject([{ amountCents: 49_900 }]);
  });

  it('a provider failure leaves the request pending as it was (no amount kept), and the seat can still be cancelled', async () => {
    const date = await workshopIn(3);
    const { bookingId, headers, who } = await bookPaid(date.id);
    const id = await pendingRequest(bookingId, headers);
    provider.failRefunds = true;
    expect((await review(id, { status: 'APPROVED', notes: null })).statusCode).toBe(502);
    provider.failRefunds = false;
    expect(await requestRow(bookingId)).toMatchObject({ status: 'PENDING', amountCents: null });
    expect((await terms(bookingId, headers)).refund.state).toBe('Refund requested');
    expect((await cancel(bookingId, headers, { email: who.email, option: 'half-refund' })).statusCode).toBe(200);
  });
});

describe('a seat of a three-seat order', () => {
  it('approving one seat refunds only that seat\'s share; the other seats, their ledger and the payment are untouched', async () => {
    const date = await workshopIn(3);
    const lead = person('lead');
    const [colleague, other] = [person('colleague'), person('other')];
    const { paymentIntentId } = await payWithDemoCard(app, {
      workshopDateId: date.id,
      customerInfo: lead,
      amount: 1,
      seats: 3,
      attendees: [colleague, other].map(({ firstName, lastName, email }) => ({ firstName, lastName, email })),
    });
    const seats = await db.select().from(bookings).where(eq(bookings.stripePaymentId, paymentIntentId)).orderBy(bookings.id);
    expect(seats.map((seat) => [seat.status, seat.finalPriceCents])).toEqual(Array(3).fill(['confirmed', 49_900]));
    const asBuyer = await participantHeaders(app, lead.email);
    const target = seats.find((seat) => seat.email === colleague.email)!;
    const id = await pendingRequest(target.id, asBuyer);

    const approved = await review(id, { status: 'APPROVED', notes: null });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(providerCalls(paymentIntentId)).toEqual([{ paymentIntentId, amountCents: 24_950, idempotencyKey: `refund-request-${id}` }]);
    expect(await ledgerOf(target.id)).toEqual([{ amountCents: 24_950, actor: TEST_ADMIN.email, reason: 'refund_request_approved' }]);
    for (const seat of seats.filter((s) => s.id !== target.id)) {
      expect(await bookingRow(seat.id)).toMatchObject({ status: 'confirmed', isPaid: true });
      expect(await ledgerOf(seat.id)).toEqual([]);
      expect(await csvRefundState(seat.id)).toBe('Not refunded');
    }
    expect((await db.select().from(payments).where(eq(payments.providerPaymentId, paymentIntentId)))[0]!.status).toBe('succeeded');
    expect(await csvRefundState(target.id)).toBe('Partly refunded ($249.50 of $499.00)');
    // The same seat cannot be approved again, nor does the full outcome reach into the others' shares.
    expect((await review(id, { status: 'APPROVED', notes: null, outcome: 'full' })).statusCode).toBe(409);
  });
});

describe('a request under review no longer blocks a cancel', () => {
  it('the participant cancels 20 days ahead: the cancel goes ahead with its full refund, and the request is APPROVED with that amount', async () => {
    const date = await workshopIn(20);
    const { bookingId, headers, who, paymentIntentId } = await bookPaid(date.id);
    const id = await pendingRequest(bookingId, headers);
    const cancelled = await cancel(bookingId, headers, { email: who.email });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().outcome).toEqual({ kind: 'full-refund', amount: 499, refundSent: true });
    expect(await requestRow(bookingId)).toMatchObject({ id, status: 'APPROVED', amountCents: 49_900 });
    expect(providerCalls(paymentIntentId)).toEqual([{ paymentIntentId, amountCents: 49_900, idempotencyKey: `cancel-${bookingId}` }]);
    expect(await audits('refund_request_closed', id)).toMatchObject([{ actor: CANCELLATION_POLICY, details: { bookingId, by: 'participant', closedAs: 'APPROVED', amountCents: 49_900 } }]);
    expect((await adminRequest(id)).refund).toMatchObject({ state: 'Refunded in full' });
  });

  it('the participant cancels 3 days ahead with the credit: nothing refunded, so the request is REJECTED as closed by the cancel', async () => {
    const date = await workshopIn(3);
    const { bookingId, headers, who, paymentIntentId } = await bookPaid(date.id);
    const id = await pendingRequest(bookingId, headers);
    const cancelled = await cancel(bookingId, headers, { email: who.email, option: 'credit' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().outcome.kind).toBe('credit');
    expect(await requestRow(bookingId)).toMatchObject({ id, status: 'REJECTED', notes: 'Closed: the booking was cancelled', amountCents: null });
    expect(providerCalls(paymentIntentId)).toEqual([]);
    expect(await audits('refund_request_closed', id)).toMatchObject([{ actor: CANCELLATION_POLICY, details: { closedAs: 'REJECTED', notes: 'Closed: the booking was cancelled' } }]);
    expect(await csvRefundState(bookingId)).toBe('Credit issued');
    // Closed: an admin can no longer approve it.
    expect((await review(id, { status: 'APPROVED', notes: null })).statusCode).toBe(409);
  });

  it('the admin cancels a booking whose request waits for review: it goes ahead, refunds as chosen, and closes the request', async () => {
    const date = await workshopIn(20);
    const { bookingId, headers, paymentIntentId } = await bookPaid(date.id);
    const id = await pendingRequest(bookingId, headers);
    const cancelled = await adminCancel(bookingId, { refundAmount: 100, notify: false });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ refundAmount: 100, refundSent: true, booking: { status: 'cancelled' } });
    expect(await requestRow(bookingId)).toMatchObject({ id, status: 'APPROVED', amountCents: 10_000 });
    expect(providerCalls(paymentIntentId)).toMatchObject([{ amountCents: 10_000 }]);
    expect(await ledgerOf(bookingId)).toEqual([{ amountCents: 10_000, actor: TEST_ADMIN.email, reason: 'booking_cancelled' }]);
    expect(await audits('refund_request_closed', id)).toMatchObject([{ actor: TEST_ADMIN.email, details: { by: 'admin', closedAs: 'APPROVED', amountCents: 10_000 } }]);
    expect(await csvRefundState(bookingId)).toBe('Partly refunded ($100.00 of $499.00)');
  });

  it('the admin cancels without a refund (paid outside the site): the request is REJECTED as closed by the cancel', async () => {
    const date = await createWorkshopDate(db, { requiresImmediatePayment: false });
    const who = person('outside');
    const reserved = await app.inject({ method: 'POST', url: '/api/bookings/reserve', headers: clientHeaders, payload: { workshopDateId: date.id, ...who, paymentMode: 'pay_later' } });
    expect(reserved.statusCode, reserved.body).toBe(201);
    const bookingId = reserved.json().id as number;
    const marked = await app.inject({ method: 'POST', url: `/api/admin/bookings/${bookingId}/mark-paid`, headers: admin, payload: { note: 'Bank transfer' } });
    expect(marked.statusCode, marked.body).toBe(200);
    const id = await pendingRequest(bookingId, await participantHeaders(app, who.email));
    expect((await adminRequest(id)).outcomes).toEqual(['credit']);
    const cancelled = await adminCancel(bookingId);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await requestRow(bookingId)).toMatchObject({ id, status: 'REJECTED', notes: 'Closed: the booking was cancelled' });
    expect(await csvRefundState(bookingId)).toBe('Not refunded');
  });

  it('while an approval\'s refund is at the provider, a cancel waits (409) instead of sending a second refund', async () => {
    const date = await workshopIn(20);
    const { bookingId, headers, who, paymentIntentId } = await bookPaid(date.id);
    const id = await pendingRequest(bookingId, headers);
    let during: { participant: number; admin: number } | undefined;
    const original = provider.refund.bind(provider);
    provider.refund = async (intentId, options) => {
      during = { participant: (await cancel(bookingId, headers, { email: who.email })).statusCode, admin: (await adminCancel(bookingId)).statusCode };
      return original(intentId, options);
    };
    try {
      expect((await review(id, { status: 'APPROVED', notes: null })).statusCode).toBe(200);
    } finally {
      provider.refund = original;
    }
    expect(during).toEqual({ participant: 409, admin: 409 });
    expect(providerCalls(paymentIntentId)).toHaveLength(1);
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'refunded' });
  });
});

describe('who the audit log names', () => {
  it("a participant's cancel under the policy: the refund is the system (cancellation policy)'s, in the audit log and the ledger; the participant only cancelled", async () => {
    const date = await workshopIn(3);
    const { bookingId, headers, who } = await bookPaid(date.id);
    const cancelled = await cancel(bookingId, headers, { email: who.email, option: 'half-refund' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const request = (await requestRow(bookingId))!;
    expect((await audits('refund_sent', request.id)).map((row) => ({ actor: row.actor, details: row.details }))).toEqual([
      { actor: CANCELLATION_POLICY, details: { bookingId, amountCents: 24_950, providerRefundId: request.providerRefundId } },
    ]);
    expect(await ledgerOf(bookingId)).toEqual([{ amountCents: 24_950, actor: CANCELLATION_POLICY, reason: 'booking_cancelled' }]);
    // The participant stands only for what they did themselves, as a participant (never as an admin).
    const own = await db.select().from(auditLog).where(eq(auditLog.actor, who.email));
    expect(own.map((row) => [row.action, (row.details as { by?: string }).by])).toEqual([['booking_cancelled', 'participant']]);
  });

  it("an admin cancelling through the participant's call is named as the admin", async () => {
    const date = await workshopIn(20);
    const { bookingId } = await bookPaid(date.id);
    expect((await cancel(bookingId, admin, { email: 'typed@example.com' })).statusCode).toBe(200);
    expect((await audits('booking_cancelled', bookingId))[0]).toMatchObject({ actor: TEST_ADMIN.email, details: { by: 'admin' } });
    expect(await ledgerOf(bookingId)).toEqual([{ amountCents: 49_900, actor: TEST_ADMIN.email, reason: 'booking_cancelled' }]);
  });
});
