import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALREADY_CANCELLED,
  CANCEL_EMAIL_MISMATCH,
  CANCEL_WORKSHOP_STARTED,
  CONFIRMATION_EMAIL_NOTE,
} from '../../src/features/refunds/refunds.schema';
import type { Database } from '../../src/server/db/client';
import { auditLog, bookings, demoPaymentIntents, discountCodes, emailOutbox, payments, refundRequests, workshopDates } from '../../src/server/db/schema';
import { insertBookingsWithOrders } from '../../src/server/db/single-seat-orders';
import { buyer, createWorkshopDate } from '../helpers/factories';
import { createAppWithFlakyDemoProvider, type FlakyDemoProvider, payWithDemoCard } from '../helpers/demo-payments';
import { participantHeaders } from '../helpers/participant-session';
import { clientHeaders, loginAsAdmin, type TestApp } from '../helpers/test-app';

/**
 * Issue 5 point 5: cancelling frees the seat in the same transaction, sends the cancellation
 * e-mail, and the FAQ refund policy decides the money: a full refund 7+ days before, otherwise a
 * credit (default) or 50 %.
 */

let app: TestApp;
let provider: FlakyDemoProvider;
let db: Database;

beforeAll(async () => {
  ({ app, provider, db } = await createAppWithFlakyDemoProvider());
});
afterAll(async () => {
  await app.close();
});

const HOUR = 3_600_000;
let people = 0;
const person = () => buyer(`cancel-${++people}`);

/** A workshop starting `hours` from now (null: TBC). */
async function workshopIn(hours: number | null) {
  if (hours === null) return createWorkshopDate(db, { requiresImmediatePayment: false, isTBC: true, date: '', time: '', startsAt: null, endsAt: null });
  const startsAt = new Date(Date.now() + hours * HOUR);
  const date = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(startsAt);
  return createWorkshopDate(db, { requiresImmediatePayment: false, date, startsAt, endsAt: new Date(startsAt.getTime() + 2 * HOUR) });
}

async function bookPaid(workshopDateId: number, who = person()) {
  const paid = await payWithDemoCard(app, { workshopDateId, customerInfo: who, amount: 1 });
  return { ...paid, who, headers: await participantHeaders(app, who.email) };
}

async function reserve(workshopDateId: number, who = person()) {
  const response = await app.inject({ method: 'POST', url: '/api/bookings/reserve', headers: clientHeaders, payload: { workshopDateId, ...who, paymentMode: 'pay_later' } });
  expect(response.statusCode, response.body).toBe(201);
  return { bookingId: (response.json() as { id: number }).id, who, headers: await participantHeaders(app, who.email) };
}

const cancel = (bookingId: number, headers: Record<string, string>, payload: object) =>
  app.inject({ method: 'POST', url: `/api/participant/cancel-booking/${bookingId}`, headers, payload });
const terms = (bookingId: number, headers: Record<string, string>) => app.inject({ url: `/api/participant/booking/${bookingId}/cancellation-terms`, headers });

const bookingRow = async (id: number) => (await db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const seatsTaken = async (id: number) => (await db.select().from(workshopDates).where(eq(workshopDates.id, id)))[0]!.seatsTaken;
const refundedCents = async (intentId: string) => (await db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, intentId)))[0]!.refundedCents;
const requestFor = async (bookingId: number) => (await db.select().from(refundRequests).where(eq(refundRequests.bookingId, bookingId)))[0];
const cancellationMails = (to: string) => db.select().from(emailOutbox).where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, 'booking-cancellation')));
const paymentRow = async (intentId: string) => (await db.select().from(payments).where(eq(payments.providerPaymentId, intentId)))[0]!;

describe('GET /api/participant/booking/{bookingId}/cancellation-terms', () => {
  it('offers a full refund 7 or more days ahead', async () => {
    const date = await workshopIn(30 * 24);
    const { bookingId, headers } = await bookPaid(date.id);
    const response = await terms(bookingId, headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      bookingId,
      canCancel: true,
      blockedReason: null,
      daysUntilWorkshop: 29,
      isPaid: true,
      amountPaid: 499,
      options: [{ kind: 'full-refund', refundAmount: 499 }],
    });
    expect(response.json().summary).toContain('full refund of $499.00');
  });

  it('offers the credit or 50% within 7 days', async () => {
    const date = await workshopIn(72);
    const { bookingId, headers } = await bookPaid(date.id);
    const body = (await terms(bookingId, headers)).json();
    expect(body.daysUntilWorkshop).toBe(2);
    expect(body.options.map((o: { kind: string; refundAmount: number }) => [o.kind, o.refundAmount])).toEqual([
      ['credit', 0],
      ['half-refund', 249.5],
    ]);
  });

  it('counts a TBC workshop as far away, and has nothing to refund for a reservation', async () => {
    const tbc = await workshopIn(null);
    const paid = await bookPaid(tbc.id);
    expect((await terms(paid.bookingId, paid.headers)).json()).toMatchObject({ daysUntilWorkshop: null, options: [{ kind: 'full-refund', refundAmount: 499 }] });
    const reserved = await reserve(tbc.id);
    expect((await terms(reserved.bookingId, reserved.headers)).json()).toMatchObject({ isPaid: false, amountPaid: 0, options: [{ kind: 'none', refundAmount: 0 }] });
  });

  it("refuses someone else's booking", async () => {
    const date = await workshopIn(30 * 24);
    const { bookingId } = await bookPaid(date.id);
    expect((await terms(bookingId, await participantHeaders(app, 'nosy@example.com'))).statusCode).toBe(403);
    expect((await terms(bookingId, clientHeaders)).statusCode).toBe(401);
  });
});

describe('POST /api/participant/cancel-booking/{bookingId}', () => {
  it('7+ days ahead: cancels, frees the seat, refunds in full through the provider and e-mails', async () => {
    const date = await workshopIn(10 * 24);
    const { bookingId, headers, who, paymentIntentId } = await bookPaid(date.id);
    const seatsBefore = await seatsTaken(date.id);

    const response = await cancel(bookingId, headers, { email: who.email.toUpperCase() });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, outcome: { kind: 'full-refund', amount: 499, refundSent: true } });
    expect(body.message).toMatch(new RegExp(`${CONFIRMATION_EMAIL_NOTE.replace('.', '\\.')}$`));

    const row = await bookingRow(bookingId);
    expect(row.status).toBe('cancelled');
    expect(row.cancelledAt).toBeInstanceOf(Date);
    expect(await seatsTaken(date.id)).toBe(seatsBefore - 1);
    expect(await refundedCents(paymentIntentId)).toBe(49_900);
    const request = await requestFor(bookingId);
    expect(request).toMatchObject({ status: 'APPROVED' });
    expect(request!.providerRefundId).toMatch(/^demo_re_/);
    expect((await paymentRow(paymentIntentId)).status).toBe('refunded');
    const [mail] = await cancellationMails(who.email);
    expect(mail!.html).toContain('full refund');
    expect(mail!.html).toContain('$499.00');
    expect(await db.select().from(auditLog).where(and(eq(auditLog.action, 'booking_cancelled'), eq(auditLog.entityId, String(bookingId))))).toHaveLength(1);

    const again = await cancel(bookingId, headers, { email: who.email });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ALREADY_CANCELLED);
    expect(await seatsTaken(date.id)).toBe(seatsBefore - 1);
    expect(await refundedCents(paymentIntentId)).toBe(49_900);
  });

  it('frees exactly one seat when two cancels race', async () => {
    const date = await workshopIn(10 * 24);
    const { bookingId, headers, who } = await bookPaid(date.id);
    const seatsBefore = await seatsTaken(date.id);
    const answers = await Promise.all([cancel(bookingId, headers, { email: who.email }), cancel(bookingId, headers, { email: who.email })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await seatsTaken(date.id)).toBe(seatsBefore - 1);
    expect(await cancellationMails(who.email)).toHaveLength(1);
  });

  it('within 7 days: the default credit is a working single-use 100% code, and no money moves', async () => {
    const date = await workshopIn(3 * 24);
    const { bookingId, headers, who, paymentIntentId } = await bookPaid(date.id);
    const response = await cancel(bookingId, headers, { email: who.email });
    expect(response.statusCode, response.body).toBe(200);
    const { outcome } = response.json() as { outcome: { kind: string; creditCode: string } };
    expect(outcome.kind).toBe('credit');
    expect(outcome.creditCode).toMatch(/^CREDIT-[A-Z0-9]{10}$/);
    expect(await refundedCents(paymentIntentId)).toBe(0);
    expect(await requestFor(bookingId)).toBeUndefined();

    const [code] = await db.select().from(discountCodes).where(eq(discountCodes.code, outcome.creditCode));
    expect(code).toMatchObject({ discountPercent: 100, maxUses: 1, currentUses: 0, isActive: true, description: `Credit for cancelled booking #${bookingId}` });
    const yearAhead = Date.now() + 365 * 86_400_000;
    expect(Math.abs(code!.expiresAt!.getTime() - yearAhead)).toBeLessThan(60_000);
    const [mail] = await cancellationMails(who.email);
    expect(mail!.html).toContain(outcome.creditCode);

    // The code books a future workshop for free, once.
    const next = await workshopIn(40 * 24);
    const book = (n: string) =>
      app.inject({
        method: 'POST',
        url: '/api/bookings',
        headers: clientHeaders,
        payload: { workshopDateId: next.id, ...buyer(n), email: who.email, discountCode: outcome.creditCode.toLowerCase(), stripePaymentId: 'free-booking', isPaid: true },
      });
    const first = await book('credit-1');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ finalPrice: 0 });
    const second = await book('credit-2');
    expect(second.statusCode).toBe(400);
    expect(second.json().code).toBe('discount_code_invalid');
  });

  it('within 7 days: the 50% choice refunds half the price', async () => {
    const date = await workshopIn(24);
    const { bookingId, headers, who, paymentIntentId } = await bookPaid(date.id);
    const response = await cancel(bookingId, headers, { email: who.email, option: 'half-refund' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().outcome).toEqual({ kind: 'half-refund', amount: 249.5, refundSent: true });
    expect(await refundedCents(paymentIntentId)).toBe(24_950);
    expect(await requestFor(bookingId)).toMatchObject({ status: 'APPROVED' });
    // Half the payment is still kept: the payment is not marked refunded.
    expect((await paymentRow(paymentIntentId)).status).toBe('succeeded');
    expect((await bookingRow(bookingId)).status).toBe('cancelled');
    const [mail] = await cancellationMails(who.email);
    expect(mail!.html).toContain('$249.50');
  });

  it('a TBC workshop counts as 7+ days: full refund', async () => {
    const date = await workshopIn(null);
    const { bookingId, headers, who, paymentIntentId } = await bookPaid(date.id);
    const response = await cancel(bookingId, headers, { email: who.email, option: 'half-refund' });
    expect(response.json().outcome).toMatchObject({ kind: 'full-refund', amount: 499 });
    expect(await refundedCents(paymentIntentId)).toBe(49_900);
  });

  it('an unpaid reservation: cancelled, seat freed, nothing to refund, e-mail sent', async () => {
    const date = await workshopIn(2 * 24);
    const { bookingId, headers, who } = await reserve(date.id);
    const seatsBefore = await seatsTaken(date.id);
    const response = await cancel(bookingId, headers, { email: who.email });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().outcome).toEqual({ kind: 'none' });
    expect(response.json().message).toBe(`Your booking has been cancelled. ${CONFIRMATION_EMAIL_NOTE}`);
    expect((await bookingRow(bookingId)).status).toBe('cancelled');
    expect(await seatsTaken(date.id)).toBe(seatsBefore - 1);
    expect(await requestFor(bookingId)).toBeUndefined();
    const [mail] = await cancellationMails(who.email);
    expect(mail!.html).toContain('nothing to refund');
  });

  it('when the provider fails, the booking is still cancelled and a pending request keeps the refund owed for an admin', async () => {
    const date = await workshopIn(10 * 24);
    const { bookingId, headers, who, paymentIntentId } = await bookPaid(date.id);
    provider.failRefunds = true;
    let response;
    try {
      response = await cancel(bookingId, headers, { email: who.email });
    } finally {
      provider.failRefunds = false;
    }
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().outcome).toEqual({ kind: 'full-refund', amount: 499, refundSent: false });
    expect((await bookingRow(bookingId)).status).toBe('cancelled');
    expect(await refundedCents(paymentIntentId)).toBe(0);
    const pending = await requestFor(bookingId);
    expect(pending).toMatchObject({ status: 'PENDING', providerRefundId: null });
    expect(pending!.notes).toContain('failed');

    // The admin retries from the review panel: the same refund goes through.
    const admin = (await loginAsAdmin(app)).headers;
    const approved = await app.inject({ method: 'PUT', url: `/api/admin/refund-requests/${pending!.id}`, headers: admin, payload: { status: 'APPROVED' } });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await refundedCents(paymentIntentId)).toBe(49_900);
    expect((await paymentRow(paymentIntentId)).status).toBe('refunded');
    expect((await bookingRow(bookingId)).status).toBe('cancelled');
  });

  it('goes ahead while a refund request is pending, and the request is closed with what the cancel refunded', async () => {
    const date = await workshopIn(10 * 24);
    const { bookingId, headers, who, paymentIntentId } = await bookPaid(date.id);
    const requested = await app.inject({ method: 'POST', url: `/api/participant/refund-request/${bookingId}`, headers, payload: { reason: 'Changed my mind about it.' } });
    expect(requested.statusCode).toBe(201);
    expect((await terms(bookingId, headers)).json()).toMatchObject({ canCancel: true, blockedReason: null, canRequestReview: false, refund: { state: 'Refund requested' } });
    const seatsBefore = await seatsTaken(date.id);
    const response = await cancel(bookingId, headers, { email: who.email });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().outcome).toEqual({ kind: 'full-refund', amount: 499, refundSent: true });
    expect((await bookingRow(bookingId)).status).toBe('cancelled');
    expect(await seatsTaken(date.id)).toBe(seatsBefore - 1);
    expect(await refundedCents(paymentIntentId)).toBe(49_900);
    expect(await requestFor(bookingId)).toMatchObject({ status: 'APPROVED', amountCents: 49_900, reason: 'Changed my mind about it.' });
  });

  it('refuses once the workshop has started', async () => {
    const date = await workshopIn(-1);
    const who = person();
    const [row] = await insertBookingsWithOrders(db, { workshopDateId: date.id, ...who, originalPriceCents: 49_900, finalPriceCents: 49_900, isPaid: false, status: 'reserved' });
    const response = await cancel(row!.id, await participantHeaders(app, who.email), { email: who.email });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(CANCEL_WORKSHOP_STARTED);
    expect((await bookingRow(row!.id)).status).toBe('reserved');
  });

  it("refuses an e-mail that is not the booking's, a stranger and a caller without a session, changing nothing", async () => {
    const date = await workshopIn(10 * 24);
    const { bookingId, headers, who, paymentIntentId } = await bookPaid(date.id);
    const seatsBefore = await seatsTaken(date.id);

    const mismatch = await cancel(bookingId, headers, { email: 'someone.else@example.com' });
    expect(mismatch.statusCode).toBe(403);
    expect(mismatch.json().message).toBe(CANCEL_EMAIL_MISMATCH);
    // The stranger even knows the owner's address.
    expect((await cancel(bookingId, await participantHeaders(app, 'stranger@example.com'), { email: who.email })).statusCode).toBe(403);
    expect((await cancel(bookingId, clientHeaders, { email: who.email })).statusCode).toBe(401);

    expect((await bookingRow(bookingId)).status).toBe('confirmed');
    expect(await seatsTaken(date.id)).toBe(seatsBefore);
    expect(await refundedCents(paymentIntentId)).toBe(0);
    expect(await cancellationMails(who.email)).toHaveLength(0);
    const denied = await db.select().from(auditLog).where(and(eq(auditLog.action, 'participant_access_denied'), eq(auditLog.actor, 'stranger@example.com')));
    expect(denied.length).toBeGreaterThanOrEqual(1);
  });

  it('an admin may cancel any booking', async () => {
    const date = await workshopIn(10 * 24);
    const { bookingId } = await bookPaid(date.id);
    const admin = (await loginAsAdmin(app)).headers;
    const response = await cancel(bookingId, admin, { email: 'admin-typed@example.com' });
    expect(response.statusCode, response.body).toBe(200);
    expect((await bookingRow(bookingId)).status).toBe('cancelled');
  });
});
