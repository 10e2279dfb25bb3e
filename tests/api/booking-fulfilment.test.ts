import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, discountCodes, emailOutbox, payments, workshopDates } from '../../src/server/db/schema';
import { releaseExpiredHolds } from '../../src/features/booking/server/seats';
import { buyer, createDiscountCode, createWorkshopDate } from '../helpers/factories';
import { testAppSession } from '../helpers/test-app';
import { asSent } from '../helpers/outbox';
import { endHoldAt, orderOfPayment } from '../helpers/checkout-orders';

const session = testAppSession();
const { post } = session;
const db = () => session.db;
const dateRow = async (id: number) => (await db().select().from(workshopDates).where(eq(workshopDates.id, id)))[0]!;
const bookingsFor = (workshopDateId: number) => db().select().from(bookings).where(eq(bookings.workshopDateId, workshopDateId));
const outboxTo = async (email: string) => (await db().select().from(emailOutbox).where(eq(emailOutbox.to, email))).map(asSent);

function bookingPayload(workshopDateId: number, who = buyer(), extra: object = {}) {
  return { workshopDateId, ...who, discountCode: '', subscribedToNewsletter: false, ...extra };
}

async function openPayment(workshopDateId: number, who = buyer()) {
  const response = await post('/api/create-payment-intent', { workshopDateId, customerInfo: who });
  expect(response.statusCode).toBe(200);
  return response.json().paymentIntentId as string;
}

describe('paid bookings', () => {
  it('books only after the provider confirms the payment, once per payment id', async () => {
    const date = await createWorkshopDate(db());
    const who = buyer('paid');
    const intentId = await openPayment(date.id, who);

    const early = await post('/api/bookings', bookingPayload(date.id, who, { stripePaymentId: intentId, isPaid: true, finalPrice: 1 }));
    expect(early.statusCode).toBe(402);
    expect(await bookingsFor(date.id)).toHaveLength(0);

    const declined = await post('/api/payments/demo/confirm', { paymentIntentId: intentId, cardNumber: '4000 0000 0000 0002' });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toBe('Your card was declined.');

    const paid = await post('/api/payments/demo/confirm', { paymentIntentId: intentId, cardNumber: '4242 4242 4242 4242' });
    expect(paid.statusCode).toBe(200);
    // The demo card form books at once, like Stripe's webhook would, before the browser calls back.
    expect(await bookingsFor(date.id)).toHaveLength(1);

    const first = await post('/api/bookings', bookingPayload(date.id, who, { stripePaymentId: intentId, isPaid: true }));
    const second = await post('/api/bookings', bookingPayload(date.id, who, { stripePaymentId: intentId, isPaid: true }));
    expect(first.statusCode).toBe(201);
    expect(second.json().id).toBe(first.json().id);
    expect(first.json()).toMatchObject({ isPaid: true, status: 'confirmed', finalPrice: 499, email: who.email });
    expect(await bookingsFor(date.id)).toHaveLength(1);
    expect((await dateRow(date.id)).seatsTaken).toBe(1);
    // The checkout's order held the seat until paid; now placed, with that one booking as its seat.
    const order = await orderOfPayment(db(), intentId);
    expect(order).toMatchObject({ status: 'placed', seats: 1, holdExpiresAt: null });
    expect(first.json()).toMatchObject({ orderId: order.id, orderReference: order.reference, seats: 1 });

    const mail = await outboxTo(who.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain(date.title);
  });

  it('refuses a forged payment id with 402 and changes nothing', async () => {
    const date = await createWorkshopDate(db());
    for (const stripePaymentId of ['pi_forged_123', 'demo_pi_0000']) {
      const response = await post('/api/bookings', bookingPayload(date.id, buyer('forger'), { stripePaymentId, isPaid: true }));
      expect(response.statusCode).toBe(402);
    }
    expect(await bookingsFor(date.id)).toHaveLength(0);
    expect((await dateRow(date.id)).seatsTaken).toBe(0);
  });

  it('gives an unpaid hold\'s seat back when it expires, and still books a late payment while seats remain', async () => {
    const date = await createWorkshopDate(db(), { seatsTotal: 2 });
    const intentId = await openPayment(date.id, buyer('late'));
    expect((await dateRow(date.id)).seatsTaken).toBe(1);

    await endHoldAt(db(), intentId, new Date(Date.now() - 1000));
    expect(await releaseExpiredHolds(db())).toBe(1);
    expect(await releaseExpiredHolds(db())).toBe(0);
    expect((await dateRow(date.id)).seatsTaken).toBe(0);
    expect((await orderOfPayment(db(), intentId)).status).toBe('lapsed');

    await post('/api/payments/demo/confirm', { paymentIntentId: intentId, cardNumber: '4242424242424242' });
    expect(await bookingsFor(date.id)).toHaveLength(1);
    expect((await dateRow(date.id)).seatsTaken).toBe(1);
    expect((await orderOfPayment(db(), intentId)).status).toBe('placed');
  });

  it('refunds a payment that succeeds after its hold expired when no seat is left, and tells the buyer', async () => {
    const date = await createWorkshopDate(db(), { seatsTotal: 1 });
    const late = buyer('too-late');
    const intentId = await openPayment(date.id, late);
    await endHoldAt(db(), intentId, new Date(Date.now() - 1000));
    await releaseExpiredHolds(db());
    // Someone else takes the last seat meanwhile.
    await createDiscountCode(db(), { code: 'LASTSEAT', discountPercent: 100 });
    expect((await post('/api/bookings', bookingPayload(date.id, buyer('winner'), { stripePaymentId: 'free-booking', discountCode: 'LASTSEAT' }))).statusCode).toBe(201);

    const response = await post('/api/payments/demo/confirm', { paymentIntentId: intentId, cardNumber: '4242424242424242' });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('sold_out_refunded');
    const [payment] = await db().select().from(payments).where(eq(payments.providerPaymentId, intentId));
    expect(payment!.status).toBe('refunded');
    expect((await bookingsFor(date.id)).map((b) => b.email)).toEqual([buyer('winner').email]);
    expect((await orderOfPayment(db(), intentId)).status).toBe('void');
    const mail = await outboxTo(late.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toMatch(/Refund/);

    // Asking again changes nothing and sends nothing more.
    expect((await post('/api/bookings', bookingPayload(date.id, late, { stripePaymentId: intentId, isPaid: true }))).statusCode).toBe(409);
    expect(await outboxTo(late.email)).toHaveLength(1);
  });
});

describe('free bookings', () => {
  it('books free with a 100 % code, storing the server\'s figures and counting a use', async () => {
    const date = await createWorkshopDate(db());
    const code = await createDiscountCode(db(), { code: 'FREESEAT', discountPercent: 100, maxUses: 5 });
    const response = await post(
      '/api/bookings',
      bookingPayload(date.id, buyer('free'), { stripePaymentId: 'free-booking', discountCode: 'freeseat', isPaid: true, finalPrice: 0, originalPrice: 1 }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ isPaid: false, finalPrice: 0, originalPrice: 499, discountAmount: 499, status: 'confirmed' });
    expect((await dateRow(date.id)).seatsTaken).toBe(1);
    expect((await db().select().from(discountCodes).where(eq(discountCodes.id, code.id)))[0]!.currentUses).toBe(1);
    expect(await outboxTo(buyer('free').email)).toHaveLength(1);
  });

  it('refuses "free-booking" without a code that covers the full price', async () => {
    const date = await createWorkshopDate(db());
    await createDiscountCode(db(), { code: 'HALF', discountPercent: 50 });
    for (const discountCode of ['', 'HALF']) {
      const response = await post('/api/bookings', bookingPayload(date.id, buyer('cheat'), { stripePaymentId: 'free-booking', discountCode, finalPrice: 0 }));
      expect(response.statusCode).toBe(402);
    }
    expect(await bookingsFor(date.id)).toHaveLength(0);
    expect((await dateRow(date.id)).seatsTaken).toBe(0);
  });

  it('validates the booking form with the specification\'s messages', async () => {
    const response = await post('/api/bookings', { stripePaymentId: 'free-booking', firstName: 'Ada', lastName: 'L', email: 'a@b.co' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please select a workshop date');
  });
});

describe('reserve now, pay later', () => {
  it('holds a seat, e-mails a link to confirm the address, then a pay link that pays for the same booking', async () => {
    const date = await createWorkshopDate(db(), { requiresImmediatePayment: false });
    const who = buyer('later');
    const reserved = await post('/api/bookings/reserve', bookingPayload(date.id, who));
    expect(reserved.statusCode).toBe(201);
    expect(reserved.json()).toMatchObject({ status: 'reserved', isPaid: false, finalPrice: 499 });
    expect((await dateRow(date.id)).seatsTaken).toBe(1);

    // The first e-mail asks to confirm the address; its link opens the confirmation page, which sends the token on.
    const [confirmMail] = await outboxTo(who.email);
    expect(confirmMail!.kind).toBe('reservation-confirm');
    expect(confirmMail!.subject).toBe(`Confirm your reservation: ${date.title}`);
    const confirmLink = new URL(/href="([^"]+)"/.exec(confirmMail!.html)![1]!.replace(/&amp;/g, '&'));
    expect(confirmLink.pathname).toBe('/booking/confirmed');
    expect(confirmLink.searchParams.get('booking')).toBe(String(reserved.json().id));
    const confirmed = await post(`/api/bookings/${reserved.json().id}/confirm-reservation`, { token: confirmLink.searchParams.get('confirm') });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const mail = (await outboxTo(who.email)).find((row) => row.kind === 'booking-reserved');
    const link = /href="([^"]+)"/.exec(mail!.html)?.[1]?.replace(/&amp;/g, '&');
    expect(link).toMatch(/^http:\/\/test\.local\/checkout\?booking=\d+&token=/);
    const url = new URL(link!);
    const bookingId = Number(url.searchParams.get('booking'));

    const details = await session.app.inject(`/api/bookings/${bookingId}/payment-details?token=${encodeURIComponent(url.searchParams.get('token')!)}`);
    expect(details.json()).toMatchObject({ bookingId, workshopDateId: date.id, email: who.email, finalPrice: 499, status: 'reserved' });
    expect((await session.app.inject(`/api/bookings/${bookingId}/payment-details?token=forged.token`)).statusCode).toBe(403);
    expect((await session.app.inject(`/api/bookings/${bookingId + 1}/payment-details?token=${encodeURIComponent(url.searchParams.get('token')!)}`)).statusCode).toBe(403);

    const forged = await post('/api/create-payment-intent', { workshopDateId: date.id, customerInfo: who, bookingId, payToken: 'forged.token' });
    expect(forged.statusCode).toBe(403);

    const intent = await post('/api/create-payment-intent', { workshopDateId: date.id, customerInfo: who, bookingId, payToken: url.searchParams.get('token') });
    expect(intent.statusCode).toBe(200);
    expect(intent.json()).toMatchObject({ amount: 499, isFree: false });
    // The reservation already holds the seat.
    expect((await dateRow(date.id)).seatsTaken).toBe(1);

    await post('/api/payments/demo/confirm', { paymentIntentId: intent.json().paymentIntentId, cardNumber: '4242424242424242' });
    const [row] = await db().select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row).toMatchObject({ isPaid: true, status: 'confirmed' });
    expect(await bookingsFor(date.id)).toHaveLength(1);
  });
});
