import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SEAT_HOLDING_STATUSES } from '../../src/common/booking-status';
import {
  MARK_PAID_ONLY_RESERVED,
  REFUND_AMOUNT_INVALID,
  RESEND_TOO_SOON,
  refundTooHighMessage,
} from '../../src/features/admin-bookings/admin-bookings.schema';
import { SOLD_OUT_MESSAGE } from '../../src/features/booking/server/seats';
import { MOVE_DATE_UNAVAILABLE, MOVE_SAME_DATE } from '../../src/features/booking/server/move-seat';
import type { Database } from '../../src/server/db/client';
import {
  auditLog,
  bookingReminders,
  bookings,
  demoPaymentIntents,
  discountCodes,
  emailOutbox,
  emailTemplates,
  payments,
  orders,
  refundRequests,
  workshopDates,
} from '../../src/server/db/schema';
import { buyer, createDiscountCode, createWorkshopDate } from '../helpers/factories';
import { createAppWithFlakyDemoProvider, type FlakyDemoProvider, payWithDemoCard } from '../helpers/demo-payments';
import { clientHeaders, loginAsAdmin, type TestApp } from '../helpers/test-app';
import { asSent } from '../helpers/outbox';
import { reserveConfirmed } from '../helpers/reservations';

/** Issue 14 point 5: admin booking actions that never lose money (cancel, resend, move, mark paid, delete). */

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
beforeEach(() => {
  provider.failRefunds = false;
});

let people = 0;
const person = () => buyer(`action-${++people}`);
const post = (url: string, payload: object) => app.inject({ method: 'POST', url, headers: clientHeaders, payload });
const act = (id: number, action: string, payload: object = {}) => app.inject({ method: 'POST', url: `/api/admin/bookings/${id}/${action}`, headers: admin, payload });

/** A booking paid with the demo card, through the calls the checkout makes. */
async function bookPaid(workshopDateId: number, who = person(), discountCode = '') {
  return { ...(await payWithDemoCard(app, { workshopDateId, customerInfo: who, discountCode })), who };
}

/** A pay-later reservation whose address was confirmed (the date must accept them). */
async function reserve(workshopDateId: number, who = person(), discountCode = '') {
  const { id } = await reserveConfirmed(app, { workshopDateId, ...who, discountCode, subscribedToNewsletter: false });
  return { bookingId: id, who };
}

/** The pay link's payment for a reservation, opened but not paid. */
async function openReservationPayment(bookingId: number, workshopDateId: number, who: ReturnType<typeof person>) {
  const [mail] = await db.select().from(emailOutbox).where(and(eq(emailOutbox.to, who.email), eq(emailOutbox.kind, 'booking-reserved')));
  const token = new URL(/href="([^"]+)"/.exec(asSent(mail!).html)![1]!.replace(/&amp;/g, '&')).searchParams.get('token');
  const intent = await post('/api/create-payment-intent', { workshopDateId, customerInfo: who, bookingId, payToken: token });
  expect(intent.statusCode, intent.body).toBe(200);
  return (intent.json() as { paymentIntentId: string }).paymentIntentId;
}

const bookingRow = async (id: number) => (await db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const paymentOf = async (intentId: string) => (await db.select().from(payments).where(eq(payments.providerPaymentId, intentId)))[0]!;
/** The payment still pays the booking: it is the booking's payment, and it pays the booking's order. */
async function expectPaymentPays(intentId: string, bookingId: number, status: string) {
  const booking = await bookingRow(bookingId);
  expect(booking.stripePaymentId).toBe(intentId);
  expect(await paymentOf(intentId)).toMatchObject({ status, orderId: booking.orderId });
}
const refundsOf = (intentId: string) => provider.refunds.filter((refund) => refund.paymentIntentId === intentId);
const mailsTo = async (to: string, kind: string) => (await db.select().from(emailOutbox).where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, kind)))).map(asSent);
const auditsOf = (action: string, bookingId: number) =>
  db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(bookingId))));

/** The date's seat count, checked against what holds a seat on it: bookings and pending orders (the lifecycle's invariant). */
async function seatsTaken(workshopDateId: number): Promise<number> {
  const [date] = await db.select().from(workshopDates).where(eq(workshopDates.id, workshopDateId));
  const [holding] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(eq(bookings.workshopDateId, workshopDateId), inArray(bookings.status, [...SEAT_HOLDING_STATUSES])));
  const [held] = await db
    .select({ n: sql<number>`coalesce(sum(${orders.seats}), 0)::int` })
    .from(orders)
    .where(and(eq(orders.workshopDateId, workshopDateId), eq(orders.status, 'pending')));
  expect(date!.seatsTaken).toBe(holding!.n + held!.n);
  expect(date!.seatsTaken).toBeLessThanOrEqual(date!.seatsTotal);
  return date!.seatsTaken;
}

const codeUses = async (id: number) => (await db.select().from(discountCodes).where(eq(discountCodes.id, id)))[0]!.currentUses;

describe('POST /api/admin/bookings/{id}/cancel', () => {
  it('cancels a paid booking, refunds it in full by default once, records an approved refund and e-mails the participant', async () => {
    const date = await createWorkshopDate(db);
    const code = await createDiscountCode(db, { discountPercent: 10 });
    const { bookingId, paymentIntentId, who } = await bookPaid(date.id, person(), code.code);
    expect(await seatsTaken(date.id)).toBe(1);
    expect(await codeUses(code.id)).toBe(1);

    const response = await act(bookingId, 'cancel');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      refundAmount: 449.1,
      refundSent: true,
      message: 'The booking was cancelled and $449.10 was refunded. The participant has been e-mailed.',
      booking: { id: bookingId, status: 'cancelled', isPaid: true },
    });
    expect(refundsOf(paymentIntentId)).toEqual([{ paymentIntentId, amountCents: 44910, idempotencyKey: `cancel-${bookingId}` }]);
    expect((await db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, paymentIntentId)))[0]!.refundedCents).toBe(44910);
    expect(await paymentOf(paymentIntentId)).toMatchObject({ status: 'refunded' });
    const [request] = await db.select().from(refundRequests).where(eq(refundRequests.bookingId, bookingId));
    expect(request).toMatchObject({ status: 'APPROVED', providerRefundId: expect.stringMatching(/^demo_re_/) });
    expect(request!.notes).toBe('Cancelled by admin@test.local: $449.10 of $449.10 refunded.');
    expect(await seatsTaken(date.id)).toBe(0);
    expect(await codeUses(code.id)).toBe(0);
    const [mail] = await mailsTo(who.email, 'booking-cancellation');
    expect(mail!.html).toContain('refunding the full <strong>$449.10</strong>');
    expect(await auditsOf('booking_cancelled', bookingId)).toHaveLength(1);

    // Twice in a row: refused, and no second refund.
    const again = await act(bookingId, 'cancel');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'booking_closed', message: 'This booking is already cancelled, so it can no longer be changed.' });
    expect(refundsOf(paymentIntentId)).toHaveLength(1);
    expect(await mailsTo(who.email, 'booking-cancellation')).toHaveLength(1);
    expect(await seatsTaken(date.id)).toBe(0);
  });

  it('refunds a chosen part of the payment, keeps the payment succeeded, and can skip the e-mail', async () => {
    const date = await createWorkshopDate(db);
    const { bookingId, paymentIntentId, who } = await bookPaid(date.id);

    const response = await act(bookingId, 'cancel', { refundAmount: 100.5, notify: false });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ refundAmount: 100.5, refundSent: true, message: 'The booking was cancelled and $100.50 was refunded.' });
    expect(refundsOf(paymentIntentId)).toEqual([{ paymentIntentId, amountCents: 10050, idempotencyKey: `cancel-${bookingId}` }]);
    // Not all of it went back: the payment still pays (a cancelled) booking.
    await expectPaymentPays(paymentIntentId, bookingId, 'succeeded');
    const [request] = await db.select().from(refundRequests).where(eq(refundRequests.bookingId, bookingId));
    expect(request).toMatchObject({ status: 'APPROVED', notes: 'Cancelled by admin@test.local: $100.50 of $499.00 refunded.' });
    expect(await mailsTo(who.email, 'booking-cancellation')).toHaveLength(0);
    expect(await seatsTaken(date.id)).toBe(0);
  });

  it('refuses a refund above what was paid, or not in dollars and cents, and changes nothing', async () => {
    const date = await createWorkshopDate(db);
    const { bookingId, paymentIntentId } = await bookPaid(date.id);
    const cases: [object, string][] = [
      [{ refundAmount: 499.01 }, refundTooHighMessage(499)],
      [{ refundAmount: 0 }, REFUND_AMOUNT_INVALID],
      [{ refundAmount: -5 }, REFUND_AMOUNT_INVALID],
      [{ refundAmount: 10.005 }, REFUND_AMOUNT_INVALID],
      [{ refundAmount: '10' }, REFUND_AMOUNT_INVALID],
    ];
    for (const [payload, message] of cases) {
      const response = await act(bookingId, 'cancel', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'confirmed' });
    expect(refundsOf(paymentIntentId)).toHaveLength(0);
    expect(await seatsTaken(date.id)).toBe(1);
  });

  it('keeps the booking cancelled and leaves a pending refund request when the provider fails; a retry does not refund twice', async () => {
    const date = await createWorkshopDate(db);
    const { bookingId, paymentIntentId } = await bookPaid(date.id);
    provider.failRefunds = true;

    const response = await act(bookingId, 'cancel');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ refundSent: false, refundAmount: 499, booking: { status: 'cancelled' } });
    expect(response.json().message).toContain('the refund of $499.00 could not be sent now');
    const [request] = await db.select().from(refundRequests).where(eq(refundRequests.bookingId, bookingId));
    expect(request).toMatchObject({ status: 'PENDING' });
    expect(request!.notes).toContain('the refund of $499.00 failed (The payment provider is unavailable)');
    expect(await paymentOf(paymentIntentId)).toMatchObject({ status: 'succeeded' });
    expect(await seatsTaken(date.id)).toBe(0);

    // The booking is cancelled: a second cancel is refused, the retry is the Refunds panel's.
    provider.failRefunds = false;
    expect((await act(bookingId, 'cancel')).statusCode).toBe(409);
    const approved = await app.inject({ method: 'PUT', url: `/api/admin/refund-requests/${request!.id}`, headers: admin, payload: { status: 'APPROVED' } });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(refundsOf(paymentIntentId)).toEqual([{ paymentIntentId, amountCents: 49900, idempotencyKey: `cancel-${bookingId}` }]);
    expect(await paymentOf(paymentIntentId)).toMatchObject({ status: 'refunded' });
  });

  it('retries a failed partial refund from the Refunds panel with the amount the admin chose', async () => {
    const date = await createWorkshopDate(db);
    const { bookingId, paymentIntentId } = await bookPaid(date.id);
    provider.failRefunds = true;
    expect((await act(bookingId, 'cancel', { refundAmount: 100 })).json()).toMatchObject({ refundSent: false, refundAmount: 100 });
    provider.failRefunds = false;

    const [request] = await db.select().from(refundRequests).where(eq(refundRequests.bookingId, bookingId));
    const listed = (await app.inject({ url: '/api/admin/refund-requests', headers: admin })).json() as { id: number; refundAmount: number }[];
    expect(listed.find((row) => row.id === request!.id)?.refundAmount).toBe(100);
    const approved = await app.inject({ method: 'PUT', url: `/api/admin/refund-requests/${request!.id}`, headers: admin, payload: { status: 'APPROVED' } });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(refundsOf(paymentIntentId)).toEqual([{ paymentIntentId, amountCents: 10000, idempotencyKey: `cancel-${bookingId}` }]);
    // Part of it went back: the payment still pays the (cancelled) booking.
    expect(await paymentOf(paymentIntentId)).toMatchObject({ status: 'succeeded' });
  });

  it('cancels a reservation, frees its seat and code use, and cancels its open payment', async () => {
    const date = await createWorkshopDate(db, { requiresImmediatePayment: false });
    const code = await createDiscountCode(db, { discountPercent: 20 });
    const { bookingId, who } = await reserve(date.id, person(), code.code);
    const intentId = await openReservationPayment(bookingId, date.id, who);
    expect(await codeUses(code.id)).toBe(1);

    const response = await act(bookingId, 'cancel');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ refundAmount: 0, refundSent: false, booking: { status: 'cancelled' } });
    expect(await paymentOf(intentId)).toMatchObject({ status: 'canceled' });
    expect(await seatsTaken(date.id)).toBe(0);
    expect(await codeUses(code.id)).toBe(0);
    const [mail] = await mailsTo(who.email, 'booking-cancellation');
    expect(mail!.html).toContain('nothing to refund');
    expect(await db.select().from(refundRequests).where(eq(refundRequests.bookingId, bookingId))).toHaveLength(0);

    // A refund asked of a booking with nothing paid is refused (before the status check, nothing to give).
    const { bookingId: other } = await reserve(date.id);
    const refused = await act(other, 'cancel', { refundAmount: 10 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(refundTooHighMessage(0));
  });

  it('goes ahead with a booking under refund review (closing the request), refuses an expired or deleted one, and an unknown id', async () => {
    const date = await createWorkshopDate(db, { requiresImmediatePayment: false });
    const { bookingId, paymentIntentId } = await bookPaid(date.id);
    await db.insert(refundRequests).values({ bookingId, reason: 'Cannot attend any more', status: 'PENDING' });
    const pending = await act(bookingId, 'cancel');
    expect(pending.statusCode, pending.body).toBe(200);
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'cancelled' });
    expect(refundsOf(paymentIntentId)).toHaveLength(1);
    expect((await db.select().from(refundRequests).where(eq(refundRequests.bookingId, bookingId)))[0]).toMatchObject({ status: 'APPROVED', amountCents: 49_900, reason: 'Cannot attend any more' });

    const { bookingId: expired } = await reserve(date.id);
    await db.update(bookings).set({ status: 'expired' }).where(eq(bookings.id, expired));
    expect((await act(expired, 'cancel')).json()).toMatchObject({ code: 'booking_closed', message: 'This booking is already expired, so it can no longer be changed.' });
    const { bookingId: deleted } = await reserve(date.id);
    expect((await app.inject({ method: 'DELETE', url: `/api/admin/bookings/${deleted}`, headers: admin })).statusCode).toBe(200);
    const afterDelete = await act(deleted, 'cancel');
    expect(afterDelete.statusCode).toBe(409);
    expect(afterDelete.json().message).toBe('This booking was deleted, so it can no longer be changed.');
    expect((await act(987654, 'cancel')).statusCode).toBe(404);
  });

  it('is for admins only', async () => {
    const date = await createWorkshopDate(db);
    const { bookingId } = await bookPaid(date.id);
    const response = await app.inject({ method: 'POST', url: `/api/admin/bookings/${bookingId}/cancel`, headers: clientHeaders, payload: {} });
    expect(response.statusCode).toBe(401);
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'confirmed' });
  });
});

describe('POST /api/admin/bookings/{id}/resend-confirmation', () => {
  it('queues the paid confirmation again at most once a minute, however often it is clicked, and changes nothing else', async () => {
    const date = await createWorkshopDate(db);
    const { bookingId, who } = await bookPaid(date.id);
    expect(await mailsTo(who.email, 'booking-paid')).toHaveLength(1);

    const first = await act(bookingId, 'resend-confirmation');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ success: true, message: 'The confirmation e-mail was sent again.', booking: { id: bookingId, status: 'confirmed' } });
    // Nine more clicks, some at once: nothing new is sent, and the answer says why.
    const clicks = await Promise.all(Array.from({ length: 9 }, () => act(bookingId, 'resend-confirmation')));
    for (const click of clicks) {
      expect(click.statusCode).toBe(200);
      expect(click.json()).toMatchObject({ success: true, message: RESEND_TOO_SOON, booking: { id: bookingId } });
    }
    expect(await mailsTo(who.email, 'booking-paid')).toHaveLength(2);
    expect(await auditsOf('booking_confirmation_resent', bookingId)).toHaveLength(1);

    // A minute later it goes out again.
    await db.update(auditLog).set({ createdAt: sql`now() - interval '61 seconds'` }).where(and(eq(auditLog.action, 'booking_confirmation_resent'), eq(auditLog.entityId, String(bookingId))));
    expect((await act(bookingId, 'resend-confirmation')).json().message).toBe('The confirmation e-mail was sent again.');
    const mails = await mailsTo(who.email, 'booking-paid');
    expect(mails).toHaveLength(3);
    expect(mails[2]!.html).toContain('$499.00');
    expect(await seatsTaken(date.id)).toBe(1);
  });

  it('sends a reservation its pay link, and a free booking the free confirmation', async () => {
    const date = await createWorkshopDate(db, { requiresImmediatePayment: false });
    const { bookingId, who } = await reserve(date.id);
    expect((await act(bookingId, 'resend-confirmation')).statusCode).toBe(200);
    const reserved = await mailsTo(who.email, 'booking-reserved');
    expect(reserved).toHaveLength(2);
    expect(reserved[1]!.html).toMatch(/\/checkout\?booking=\d+&amp;token=/);

    const code = await createDiscountCode(db, { discountPercent: 100 });
    const free = person();
    const booked = await post('/api/bookings', { workshopDateId: date.id, ...free, discountCode: code.code, stripePaymentId: 'free-booking', isPaid: true, subscribedToNewsletter: false });
    expect(booked.statusCode, booked.body).toBe(201);
    expect((await act(booked.json().id, 'resend-confirmation')).statusCode).toBe(200);
    expect(await mailsTo(free.email, 'booking-free')).toHaveLength(2);
  });

  it('says so, and records nothing, when the confirmation template is switched off', async () => {
    const date = await createWorkshopDate(db);
    const { bookingId, who } = await bookPaid(date.id);
    await db.insert(emailTemplates).values({ type: 'booking-confirmation', subject: 'Booked', content: '<p>Booked</p>', isActive: false });
    try {
      const response = await act(bookingId, 'resend-confirmation');
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('email_template_inactive');
      expect(await mailsTo(who.email, 'booking-paid')).toHaveLength(1);
      expect(await auditsOf('booking_confirmation_resent', bookingId)).toHaveLength(0);
    } finally {
      await db.delete(emailTemplates).where(eq(emailTemplates.type, 'booking-confirmation'));
    }
  });

  it('refuses a cancelled booking', async () => {
    const date = await createWorkshopDate(db);
    const { bookingId, who } = await bookPaid(date.id);
    expect((await act(bookingId, 'cancel', { notify: false })).statusCode).toBe(200);
    const response = await act(bookingId, 'resend-confirmation');
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('booking_closed');
    expect(await mailsTo(who.email, 'booking-paid')).toHaveLength(1);
  });
});

describe('POST /api/admin/bookings/{id}/move', () => {
  it('moves a paid booking to another date in one step: seats, price, reminders, and an e-mail saying it moved', async () => {
    const from = await createWorkshopDate(db);
    const to = await createWorkshopDate(db, { priceCents: 99900 });
    const { bookingId, paymentIntentId, who } = await bookPaid(from.id);
    await db.insert(bookingReminders).values({ bookingId, kind: '24h' });

    const response = await act(bookingId, 'move', { workshopDateId: to.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: `The booking was moved to ${to.title} and the participant has been e-mailed.`,
      booking: { id: bookingId, workshopDateId: to.id, workshopDate: { id: to.id, title: to.title }, finalPrice: 499, status: 'confirmed', isPaid: true },
    });
    expect(await seatsTaken(from.id)).toBe(0);
    expect(await seatsTaken(to.id)).toBe(1);
    expect(await db.select().from(bookingReminders).where(eq(bookingReminders.bookingId, bookingId))).toHaveLength(0);
    // Its confirmation stays the one it had; the move is told in its own e-mail, naming the new date.
    expect(await mailsTo(who.email, 'booking-paid')).toHaveLength(1);
    const movedMails = await mailsTo(who.email, 'booking-moved');
    expect(movedMails).toHaveLength(1);
    expect(movedMails[0]!.html).toContain(to.title);
    await expectPaymentPays(paymentIntentId, bookingId, 'succeeded');
    expect(provider.refunds.filter((refund) => refund.paymentIntentId === paymentIntentId)).toHaveLength(0);

    // Twice in a row: the second is the same date, refused, nothing changes.
    const again = await act(bookingId, 'move', { workshopDateId: to.id });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MOVE_SAME_DATE);
    expect(await seatsTaken(to.id)).toBe(1);
    expect(await mailsTo(who.email, 'booking-moved')).toHaveLength(1);
  });

  it('moves a reservation, cancels its open payment, and e-mails the pay link for the new date', async () => {
    const from = await createWorkshopDate(db, { requiresImmediatePayment: false });
    const to = await createWorkshopDate(db, { requiresImmediatePayment: false });
    const code = await createDiscountCode(db, { discountPercent: 50 });
    const { bookingId, who } = await reserve(from.id, person(), code.code);
    const intentId = await openReservationPayment(bookingId, from.id, who);

    const response = await act(bookingId, 'move', { workshopDateId: to.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().booking).toMatchObject({ status: 'reserved', workshopDateId: to.id, finalPrice: 249.5 });
    expect(await paymentOf(intentId)).toMatchObject({ status: 'canceled' });
    expect(await mailsTo(who.email, 'booking-reserved')).toHaveLength(2);
    expect(await seatsTaken(from.id)).toBe(0);
    expect(await seatsTaken(to.id)).toBe(1);
    // The same booking keeps the same code use.
    expect(await codeUses(code.id)).toBe(1);
  });

  it('refuses a full date with the sold-out message, an inactive or unknown date, and a body without a date', async () => {
    const from = await createWorkshopDate(db);
    const full = await createWorkshopDate(db, { seatsTotal: 1 });
    const inactive = await createWorkshopDate(db, { isActive: false });
    const started = await createWorkshopDate(db, { startsAt: new Date(Date.now() - 3_600_000) });
    const { bookingId } = await bookPaid(from.id);
    await bookPaid(full.id);

    const soldOut = await act(bookingId, 'move', { workshopDateId: full.id });
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json()).toMatchObject({ code: 'sold_out', message: SOLD_OUT_MESSAGE });
    for (const workshopDateId of [inactive.id, started.id, 987654]) {
      const response = await act(bookingId, 'move', { workshopDateId });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(MOVE_DATE_UNAVAILABLE);
    }
    expect((await act(bookingId, 'move', {})).statusCode).toBe(400);
    expect(await bookingRow(bookingId)).toMatchObject({ workshopDateId: from.id, status: 'confirmed' });
    expect(await seatsTaken(from.id)).toBe(1);
    expect(await seatsTaken(full.id)).toBe(1);
    expect(await seatsTaken(inactive.id)).toBe(0);
  });

  it('refuses a cancelled booking', async () => {
    const from = await createWorkshopDate(db);
    const to = await createWorkshopDate(db);
    const { bookingId } = await bookPaid(from.id);
    expect((await act(bookingId, 'cancel', { notify: false })).statusCode).toBe(200);
    const response = await act(bookingId, 'move', { workshopDateId: to.id });
    expect(response.statusCode).toBe(409);
    expect(await seatsTaken(to.id)).toBe(0);
  });
});

describe('POST /api/admin/bookings/{id}/mark-paid', () => {
  it('confirms a reservation paid outside the site, cancels its open payment and e-mails the confirmation', async () => {
    const date = await createWorkshopDate(db, { requiresImmediatePayment: false });
    const { bookingId, who } = await reserve(date.id);
    const intentId = await openReservationPayment(bookingId, date.id, who);

    const response = await act(bookingId, 'mark-paid', { note: 'Bank transfer ref 4471' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ booking: { id: bookingId, status: 'confirmed', isPaid: true, stripePaymentId: null } });
    expect(await bookingRow(bookingId)).toMatchObject({ reservationExpiresAt: null });
    expect(await paymentOf(intentId)).toMatchObject({ status: 'canceled' });
    expect(await mailsTo(who.email, 'booking-paid')).toHaveLength(1);
    const [audit] = await auditsOf('booking_marked_paid', bookingId);
    expect(audit!.details).toMatchObject({ note: 'Bank transfer ref 4471', amountCents: 49900 });
    expect(await seatsTaken(date.id)).toBe(1);

    // Twice in a row: refused, nothing more sent.
    const again = await act(bookingId, 'mark-paid');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'not_reserved', message: MARK_PAID_ONLY_RESERVED });
    expect(await mailsTo(who.email, 'booking-paid')).toHaveLength(1);
  });

  it('a card payment that still goes through afterwards is refunded in full as already paid', async () => {
    const date = await createWorkshopDate(db, { requiresImmediatePayment: false });
    const { bookingId, who } = await reserve(date.id);
    const intentId = await openReservationPayment(bookingId, date.id, who);
    // The provider cannot cancel what it is about to take: the card is paid before the admin's call.
    await db.update(demoPaymentIntents).set({ status: 'succeeded' }).where(eq(demoPaymentIntents.id, intentId));

    expect((await act(bookingId, 'mark-paid')).statusCode).toBe(200);
    const replay = await post('/api/payments/demo/confirm', { paymentIntentId: intentId, cardNumber: '4242 4242 4242 4242' });
    expect(replay.statusCode).toBe(409);
    expect(await paymentOf(intentId)).toMatchObject({ status: 'refunded', refundReason: 'already_paid' });
    expect(refundsOf(intentId)).toHaveLength(1);
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'confirmed', isPaid: true, stripePaymentId: null });
  });

  it('refuses a confirmed booking and a note that is too long', async () => {
    const date = await createWorkshopDate(db);
    const { bookingId } = await bookPaid(date.id);
    expect((await act(bookingId, 'mark-paid')).statusCode).toBe(409);
    const reservedDate = await createWorkshopDate(db, { requiresImmediatePayment: false });
    const { bookingId: reservation } = await reserve(reservedDate.id);
    const tooLong = await act(reservation, 'mark-paid', { note: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('Note must be 500 characters or less');
    expect(await bookingRow(reservation)).toMatchObject({ status: 'reserved' });
  });
});

describe('DELETE /api/admin/bookings/{id} of a paid booking', () => {
  it('with ?refund=true refunds the payment in full, once, and e-mails the payer', async () => {
    const date = await createWorkshopDate(db);
    const { bookingId, paymentIntentId, who } = await bookPaid(date.id);

    const response = await app.inject({ method: 'DELETE', url: `/api/admin/bookings/${bookingId}?refund=true`, headers: admin });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, refunded: true });
    expect(refundsOf(paymentIntentId)).toEqual([{ paymentIntentId, amountCents: undefined, idempotencyKey: `payment-refund-${paymentIntentId}` }]);
    expect(await paymentOf(paymentIntentId)).toMatchObject({ status: 'refunded', refundReason: 'admin_deleted' });
    const [mail] = await mailsTo(who.email, 'payment-refunded');
    expect(mail!.html).toContain('$499.00');
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'deleted' });
    expect(await seatsTaken(date.id)).toBe(0);

    const again = await app.inject({ method: 'DELETE', url: `/api/admin/bookings/${bookingId}?refund=true`, headers: admin });
    expect(again.statusCode).toBe(404);
    expect(refundsOf(paymentIntentId)).toHaveLength(1);
  });

  it('with ?refund=false keeps the payment, and without a choice changes nothing', async () => {
    const date = await createWorkshopDate(db);
    const { bookingId, paymentIntentId, who } = await bookPaid(date.id);
    const unasked = await app.inject({ method: 'DELETE', url: `/api/admin/bookings/${bookingId}`, headers: admin });
    expect(unasked.statusCode).toBe(409);
    expect(unasked.json().code).toBe('refund_choice_required');

    const kept = await app.inject({ method: 'DELETE', url: `/api/admin/bookings/${bookingId}?refund=false`, headers: admin });
    expect(kept.json()).toEqual({ success: true, refunded: false });
    expect(refundsOf(paymentIntentId)).toHaveLength(0);
    await expectPaymentPays(paymentIntentId, bookingId, 'succeeded');
    expect(await mailsTo(who.email, 'payment-refunded')).toHaveLength(0);
    expect(await seatsTaken(date.id)).toBe(0);
  });
});
