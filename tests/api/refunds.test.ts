import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NOTES_TOO_LONG,
  REASON_TOO_LONG,
  REASON_TOO_SHORT,
  REFUND_ALREADY_PROCESSED,
  REFUND_ONLY_PAID,
  REFUND_PROVIDER_FAILED,
  REFUND_REQUEST_EXISTS,
  REFUND_REQUEST_SUBMITTED,
} from '../../src/features/refunds/refunds.schema';
import type { Database } from '../../src/server/db/client';
import { auditLog, bookings, demoPaymentIntents, emailOutbox, payments, refundRequests, workshopDates } from '../../src/server/db/schema';
import { insertBookingsWithOrders } from '../../src/server/db/single-seat-orders';
import { buyer, createWorkshopDate } from '../helpers/factories';
import { createAppWithFlakyDemoProvider, type FlakyDemoProvider, payWithDemoCard } from '../helpers/demo-payments';
import { participantHeaders } from '../helpers/participant-session';
import { startStripeDouble, stripeDoubleEnv, type StripeDouble } from '../helpers/stripe-double';
import { clientHeaders, createTestApp, loginAsAdmin, type TestApp } from '../helpers/test-app';

/** Issue 5 point 4: a participant asks for a refund of a paid booking; an admin approves or rejects it. */

let app: TestApp;
let provider: FlakyDemoProvider;
let admin: Record<string, string>;
let db: Database;

beforeAll(async () => {
  ({ app, provider, db } = await createAppWithFlakyDemoProvider());
  admin = (await loginAsAdmin(app)).headers;
});
afterAll(async () => {
  await app.close();
});

let people = 0;
const person = () => buyer(`refund-${++people}`);

/** A booking paid with the demo card, through the same calls the checkout makes. */
async function bookPaid(workshopDateId: number, who = person()) {
  const paid = await payWithDemoCard(app, { workshopDateId, customerInfo: who, amount: 1 });
  return { ...paid, who, headers: await participantHeaders(app, who.email) };
}

const requestRefund = (bookingId: number, headers: Record<string, string>, payload: unknown = { reason: 'I can no longer attend on that day.' }) =>
  app.inject({ method: 'POST', url: `/api/participant/refund-request/${bookingId}`, headers, payload: payload as object });

const review = (id: number, payload: object) => app.inject({ method: 'PUT', url: `/api/admin/refund-requests/${id}`, headers: admin, payload });

const requestsFor = (bookingId: number) => db.select().from(refundRequests).where(eq(refundRequests.bookingId, bookingId));
const bookingRow = async (id: number) => (await db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const seatsTaken = async (id: number) => (await db.select().from(workshopDates).where(eq(workshopDates.id, id)))[0]!.seatsTaken;
const mailsTo = (to: string, kind: string) => db.select().from(emailOutbox).where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, kind)));
const ledger = async (intentId: string) => (await db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, intentId)))[0]!;

describe('POST /api/participant/refund-request/{bookingId}', () => {
  it("refuses a reason outside 10 to 500 characters with the spec's messages, and records nothing", async () => {
    const date = await createWorkshopDate(db);
    const { bookingId, headers } = await bookPaid(date.id);
    const cases: [unknown, string][] = [
      [{ reason: 'Too short' }, REASON_TOO_SHORT],
      [{ reason: '   short    ' }, REASON_TOO_SHORT],
      [{}, REASON_TOO_SHORT],
      [{ reason: 'x'.repeat(501) }, REASON_TOO_LONG],
    ];
    for (const [payload, message] of cases) {
      const response = await requestRefund(bookingId, headers, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect(await requestsFor(bookingId)).toHaveLength(0);
  });

  it('accepts exactly 10 and exactly 500 characters', async () => {
    const date = await createWorkshopDate(db);
    const ten = await bookPaid(date.id);
    const fiveHundred = await bookPaid(date.id);
    expect((await requestRefund(ten.bookingId, ten.headers, { reason: '0123456789' })).statusCode).toBe(201);
    expect((await requestRefund(fiveHundred.bookingId, fiveHundred.headers, { reason: 'y'.repeat(500) })).statusCode).toBe(201);
  });

  it('creates a pending request, confirms it by e-mail with the review time, and allows only one', async () => {
    const date = await createWorkshopDate(db);
    const { bookingId, headers, who } = await bookPaid(date.id);
    const response = await requestRefund(bookingId, headers, { reason: '  My plans changed, sorry.  ' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ success: true, message: REFUND_REQUEST_SUBMITTED, refundRequest: { status: 'PENDING', reason: 'My plans changed, sorry.', bookingId, processedAt: null } });
    expect(Number.isNaN(Date.parse(body.refundRequest.requestedAt))).toBe(false);

    const [row] = await requestsFor(bookingId);
    expect(row).toMatchObject({ status: 'PENDING', reason: 'My plans changed, sorry.', notes: null, processedAt: null });
    const [mail] = await mailsTo(who.email, 'refund-request-received');
    expect(mail!.html).toContain('2-3 business days');
    expect(mail!.html).toContain('My plans changed, sorry.');
    const audits = await db.select().from(auditLog).where(and(eq(auditLog.action, 'refund_requested'), eq(auditLog.entityId, String(row!.id))));
    expect(audits).toHaveLength(1);

    const again = await requestRefund(bookingId, headers, { reason: 'Asking a second time here.' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REFUND_REQUEST_EXISTS);
    expect(await requestsFor(bookingId)).toHaveLength(1);
    // The booking itself is untouched until an admin decides.
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'confirmed', isPaid: true });
  });

  it('lets only one of two concurrent requests through', async () => {
    const date = await createWorkshopDate(db);
    const { bookingId, headers } = await bookPaid(date.id);
    const answers = await Promise.all([
      requestRefund(bookingId, headers, { reason: 'First of two at the same time.' }),
      requestRefund(bookingId, headers, { reason: 'Second of two at the same time.' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe(REFUND_REQUEST_EXISTS);
    expect(await requestsFor(bookingId)).toHaveLength(1);
  });

  it('is only for paid bookings: a reservation and a free booking get 409', async () => {
    const date = await createWorkshopDate(db, { requiresImmediatePayment: false });
    const reserved = person();
    const reservation = await app.inject({ method: 'POST', url: '/api/bookings/reserve', headers: clientHeaders, payload: { workshopDateId: date.id, ...reserved, paymentMode: 'pay_later' } });
    expect(reservation.statusCode, reservation.body).toBe(201);
    const free = person();
    const [freeRow] = await insertBookingsWithOrders(db, { workshopDateId: date.id, ...free, originalPriceCents: 49_900, discountAmountCents: 49_900, finalPriceCents: 0, isPaid: false });
    for (const [bookingId, email] of [
      [(reservation.json() as { id: number }).id, reserved.email],
      [freeRow!.id, free.email],
    ] as const) {
      const response = await requestRefund(bookingId, await participantHeaders(app, email));
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(REFUND_ONLY_PAID);
      expect(await requestsFor(bookingId)).toHaveLength(0);
    }
  });

  it("refuses someone else's booking (403, logged) and a caller without a session (401), changing nothing", async () => {
    const date = await createWorkshopDate(db);
    const { bookingId } = await bookPaid(date.id);
    const stranger = await participantHeaders(app, 'stranger@example.com');
    const denied = await requestRefund(bookingId, stranger);
    expect(denied.statusCode).toBe(403);
    expect((await requestRefund(bookingId, clientHeaders)).statusCode).toBe(401);
    expect(await requestsFor(bookingId)).toHaveLength(0);
    const logged = await db.select().from(auditLog).where(and(eq(auditLog.action, 'participant_access_denied'), eq(auditLog.actor, 'stranger@example.com')));
    expect(logged.length).toBeGreaterThanOrEqual(1);
  });
});

/** A paid booking whose participant has asked for a refund: the date, the booking and the pending request. */
async function pendingRefundRequest() {
  const date = await createWorkshopDate(db);
  const paid = await bookPaid(date.id);
  expect((await requestRefund(paid.bookingId, paid.headers)).statusCode).toBe(201);
  const [request] = await requestsFor(paid.bookingId);
  return { ...paid, date, request };
}

describe('the admin review (GET/PUT /api/admin/refund-requests)', () => {
  it('is for admins only', async () => {
    expect((await app.inject({ url: '/api/admin/refund-requests', headers: clientHeaders })).statusCode).toBe(401);
    const participant = await participantHeaders(app, 'someone@example.com');
    expect((await app.inject({ url: '/api/admin/refund-requests', headers: participant })).statusCode).toBe(403);
    expect((await app.inject({ method: 'PUT', url: '/api/admin/refund-requests/1', headers: participant, payload: { status: 'APPROVED' } })).statusCode).toBe(403);
  });

  it('lists requests with their booking, pending first', async () => {
    const date = await createWorkshopDate(db, { title: 'Listing workshop' });
    const first = await bookPaid(date.id);
    const second = await bookPaid(date.id);
    await requestRefund(first.bookingId, first.headers, { reason: 'The first request in the list.' });
    await requestRefund(second.bookingId, second.headers, { reason: 'The second request in the list.' });
    const [firstRequest] = await requestsFor(first.bookingId);
    expect((await review(firstRequest!.id, { status: 'REJECTED', notes: 'Not this time.' })).statusCode).toBe(200);

    const response = await app.inject({ url: '/api/admin/refund-requests', headers: admin });
    expect(response.statusCode).toBe(200);
    const list = response.json() as { id: number; bookingId: number; status: string }[];
    const firstProcessed = list.findIndex((r) => r.status !== 'PENDING');
    expect(list.slice(firstProcessed).every((r) => r.status !== 'PENDING')).toBe(true);
    const pending = list.find((r) => r.bookingId === second.bookingId);
    expect(pending).toMatchObject({
      status: 'PENDING',
      reason: 'The second request in the list.',
      notes: null,
      processedAt: null,
      refundAmount: 499,
      booking: { firstName: 'Ada', lastName: 'Lovelace', email: second.who.email, finalPrice: 499, isPaid: true, status: 'confirmed', workshopTitle: 'Listing workshop', workshopDate: date.date },
    });
    expect(list.find((r) => r.bookingId === first.bookingId)).toMatchObject({ status: 'REJECTED', notes: 'Not this time.' });
  });

  it('approving refunds the whole price through the provider, marks the booking refunded, frees the seat and e-mails', async () => {
    const { date, request, bookingId, who, paymentIntentId } = await pendingRefundRequest();
    const seatsBefore = await seatsTaken(date.id);

    const response = await review(request!.id, { status: 'APPROVED', notes: 'Approved, sorry to miss you.' });
    expect(response.statusCode).toBe(200);
    expect(response.json().refundRequest).toMatchObject({ id: request!.id, status: 'APPROVED', notes: 'Approved, sorry to miss you.' });

    const [after] = await requestsFor(bookingId);
    expect(after!.status).toBe('APPROVED');
    expect(after!.providerRefundId).toMatch(/^demo_re_/);
    expect(after!.processedAt).toBeInstanceOf(Date);
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'refunded', isPaid: true });
    expect(await seatsTaken(date.id)).toBe(seatsBefore - 1);
    expect((await ledger(paymentIntentId)).refundedCents).toBe(49_900);
    const [payment] = await db.select().from(payments).where(eq(payments.providerPaymentId, paymentIntentId));
    expect(payment!.status).toBe('refunded');
    const [mail] = await mailsTo(who.email, 'refund-approved');
    expect(mail!.html).toContain('$499.00');
    expect(mail!.html).toContain('Approved, sorry to miss you.');
    expect(await db.select().from(auditLog).where(and(eq(auditLog.action, 'refund_approved'), eq(auditLog.entityId, String(request!.id))))).toHaveLength(1);

    const again = await review(request!.id, { status: 'APPROVED' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REFUND_ALREADY_PROCESSED);
    expect((await review(request!.id, { status: 'REJECTED' })).statusCode).toBe(409);
    expect(await seatsTaken(date.id)).toBe(seatsBefore - 1);
  });

  it('rejecting records the notes, leaves the booking as it is and e-mails the participant', async () => {
    const { date, request, bookingId, who, paymentIntentId } = await pendingRefundRequest();
    const seatsBefore = await seatsTaken(date.id);

    const response = await review(request!.id, { status: 'REJECTED', notes: 'The workshop is tomorrow & full.' });
    expect(response.statusCode).toBe(200);
    const [after] = await requestsFor(bookingId);
    expect(after).toMatchObject({ status: 'REJECTED', notes: 'The workshop is tomorrow & full.', providerRefundId: null });
    expect(after!.processedAt).toBeInstanceOf(Date);
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'confirmed', isPaid: true });
    expect(await seatsTaken(date.id)).toBe(seatsBefore);
    expect((await ledger(paymentIntentId)).refundedCents).toBe(0);
    const [mail] = await mailsTo(who.email, 'refund-rejected');
    expect(mail!.html).toContain('The workshop is tomorrow &amp; full.');
    expect(await db.select().from(auditLog).where(and(eq(auditLog.action, 'refund_rejected'), eq(auditLog.entityId, String(request!.id))))).toHaveLength(1);
  });

  it('refuses a bad decision or notes that are too long', async () => {
    const { request, bookingId } = await pendingRefundRequest();
    expect((await review(request!.id, { status: 'MAYBE' })).statusCode).toBe(400);
    const long = await review(request!.id, { status: 'REJECTED', notes: 'n'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(NOTES_TOO_LONG);
    expect((await review(999_999, { status: 'REJECTED' })).statusCode).toBe(404);
    expect((await requestsFor(bookingId))[0]!.status).toBe('PENDING');
  });

  it('when the provider fails, answers 502 and leaves the request pending and the booking as it was', async () => {
    const { date, request, bookingId, who, paymentIntentId } = await pendingRefundRequest();
    const seatsBefore = await seatsTaken(date.id);

    provider.failRefunds = true;
    try {
      const response = await review(request!.id, { status: 'APPROVED' });
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toBe(REFUND_PROVIDER_FAILED);
    } finally {
      provider.failRefunds = false;
    }
    expect((await requestsFor(bookingId))[0]).toMatchObject({ status: 'PENDING', processedAt: null, providerRefundId: null });
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'confirmed' });
    expect(await seatsTaken(date.id)).toBe(seatsBefore);
    expect(await mailsTo(who.email, 'refund-approved')).toHaveLength(0);

    // Once the provider is back, the same approval goes through.
    expect((await review(request!.id, { status: 'APPROVED' })).statusCode).toBe(200);
    expect((await ledger(paymentIntentId)).refundedCents).toBe(49_900);
  });
});

describe('approval through Stripe (the real SDK against the local Stripe double)', () => {
  let stripe: StripeDouble;
  let stripeApp: TestApp;

  beforeAll(async () => {
    stripe = await startStripeDouble();
    stripeApp = await createTestApp({ env: stripeDoubleEnv(stripe, '123', 'whsec_x') });
  });
  afterAll(async () => {
    await stripeApp.close();
    await stripe.close();
  });

  it('refunds the payment intent in full with the request as idempotency key and marks the booking refunded', async () => {
    const date = await createWorkshopDate(stripeApp.database.db);
    const who = buyer('stripe-refund');
    const intent = await stripeApp.inject({ method: 'POST', url: '/api/create-payment-intent', headers: clientHeaders, payload: { workshopDateId: date.id, customerInfo: who, amount: 1 } });
    const { paymentIntentId } = intent.json() as { paymentIntentId: string };
    stripe.succeed(paymentIntentId);
    const booked = await stripeApp.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: clientHeaders,
      payload: { workshopDateId: date.id, ...who, stripePaymentId: paymentIntentId, isPaid: true },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const bookingId = (booked.json() as { id: number }).id;

    const participant = await participantHeaders(stripeApp, who.email);
    const requested = await stripeApp.inject({ method: 'POST', url: `/api/participant/refund-request/${bookingId}`, headers: participant, payload: { reason: 'Paid by card, please refund.' } });
    expect(requested.statusCode).toBe(201);
    const requestId = (requested.json() as { refundRequest: { id: number } }).refundRequest.id;

    const stripeAdmin = (await loginAsAdmin(stripeApp)).headers;
    const approved = await stripeApp.inject({ method: 'PUT', url: `/api/admin/refund-requests/${requestId}`, headers: stripeAdmin, payload: { status: 'APPROVED' } });
    expect(approved.statusCode, approved.body).toBe(200);

    const refunds = [...stripe.refunds.values()].filter((r) => r.payment_intent === paymentIntentId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.amount).toBe(49_900);
    const call = stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/refunds');
    expect(call?.idempotencyKey).toBe(`refund-request-${requestId}`);

    const [row] = await stripeApp.database.db.select().from(refundRequests).where(eq(refundRequests.id, requestId));
    expect(row).toMatchObject({ status: 'APPROVED', providerRefundId: refunds[0]!.id });
    const [booking] = await stripeApp.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(booking).toMatchObject({ status: 'refunded', isPaid: true });
    const [payment] = await stripeApp.database.db.select().from(payments).where(eq(payments.providerPaymentId, paymentIntentId));
    expect(payment!.status).toBe('refunded');
  });

  it('answers 502 and keeps the request pending when Stripe refuses the refund', async () => {
    const db2 = stripeApp.database.db;
    const date = await createWorkshopDate(db2);
    const who = buyer('stripe-refused');
    const intent = await stripeApp.inject({ method: 'POST', url: '/api/create-payment-intent', headers: clientHeaders, payload: { workshopDateId: date.id, customerInfo: who, amount: 1 } });
    const { paymentIntentId } = intent.json() as { paymentIntentId: string };
    stripe.succeed(paymentIntentId);
    const booked = await stripeApp.inject({ method: 'POST', url: '/api/bookings', headers: clientHeaders, payload: { workshopDateId: date.id, ...who, stripePaymentId: paymentIntentId, isPaid: true } });
    const bookingId = (booked.json() as { id: number }).id;
    const participant = await participantHeaders(stripeApp, who.email);
    const requested = await stripeApp.inject({ method: 'POST', url: `/api/participant/refund-request/${bookingId}`, headers: participant, payload: { reason: 'Please refund this one.' } });
    const requestId = (requested.json() as { refundRequest: { id: number } }).refundRequest.id;
    // Refunded elsewhere (the Stripe dashboard): Stripe now refuses a second refund.
    stripe.intents.get(paymentIntentId)!.amount_received = 0;

    const stripeAdmin = (await loginAsAdmin(stripeApp)).headers;
    const approved = await stripeApp.inject({ method: 'PUT', url: `/api/admin/refund-requests/${requestId}`, headers: stripeAdmin, payload: { status: 'APPROVED' } });
    expect(approved.statusCode).toBe(502);
    expect(approved.json().message).toBe(REFUND_PROVIDER_FAILED);
    const [row] = await db2.select().from(refundRequests).where(eq(refundRequests.id, requestId));
    expect(row!.status).toBe('PENDING');
    const [booking] = await db2.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(booking!.status).toBe('confirmed');
  });
});
