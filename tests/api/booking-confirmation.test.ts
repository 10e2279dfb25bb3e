import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payLinkFor } from '../../src/features/booking/server/booking-links';
import { confirmationTokenFor } from '../../src/features/booking/server/booking-confirmation';
import { bookings } from '../../src/server/db/schema';
import { createDiscountCode, createWorkshopDate } from '../helpers/factories';
import { payWithDemoCard } from '../helpers/demo-payments';
import { confirmReservation } from '../helpers/reservations';
import { clientHeaders, testAppSession, TEST_SECRET } from '../helpers/test-app';

/**
 * Issue 18 point 1 and CONTRACT §11: the confirmation page's call. The answer to a completed booking
 * carries a token signed for this page only; with it, GET /api/bookings/{id}/confirmation answers
 * what the page shows and nothing more, however often it is reloaded.
 */

/** The booking lifecycle's clock: a month before the workshop. */
const NOW = new Date('2031-06-01T12:00:00Z');
const session = testAppSession({ clock: () => NOW });
const db = () => session.db;

/** 10:00 AM - 12:00 PM PST on Friday, July 4, 2031 is Pacific daylight time: 17:00-19:00 UTC, 7-9 PM in Berlin. */
const JULY_WORKSHOP = {
  title: 'Introduction to Vibe Coding',
  date: 'July 4, 2031',
  time: '10:00 AM - 12:00 PM',
  timezone: 'PST',
  startsAt: new Date('2031-07-04T17:00:00Z'),
  endsAt: new Date('2031-07-04T19:00:00Z'),
  zoomLink: 'https://zoom.us/j/555?pwd=only-for-paid',
  priceCents: 49900,
};
const GRACE = { firstName: 'Grace', lastName: 'Hopper', company: 'Navy', timeZone: 'Europe/Berlin' };

const { post } = session;
const confirmationOf = (bookingId: number | string, token?: string) =>
  session.app.inject({ url: `/api/bookings/${bookingId}/confirmation${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`, headers: clientHeaders });

/** Pays with the demo card and completes the booking, as the checkout does. */
async function payAndBook(workshopDateId: number, email: string) {
  const { paymentIntentId } = await payWithDemoCard(session.app, {
    workshopDateId,
    customerInfo: { firstName: GRACE.firstName, lastName: GRACE.lastName, email, company: GRACE.company },
    timeZone: GRACE.timeZone,
  });
  const booked = await post('/api/bookings', { workshopDateId, ...GRACE, email, stripePaymentId: paymentIntentId, isPaid: true });
  expect(booked.statusCode, booked.body).toBe(201);
  return booked.json() as { id: number; confirmationToken: string };
}

/** A paid booking on a new date of the July workshop. */
async function bookedOnJulyWorkshop(email: string) {
  const date = await createWorkshopDate(db(), JULY_WORKSHOP);
  return { date, booked: await payAndBook(date.id, email) };
}

describe('GET /api/bookings/{id}/confirmation', () => {
  it('answers a paid booking: reference, workshop, both zones’ inputs, what was paid, the e-mail, and the meeting link of a confirmed seat', async () => {
    const { booked } = await bookedOnJulyWorkshop('grace.paid@example.com');
    expect(booked.confirmationToken).toMatch(/^[\w-]+\.[\w-]+$/);

    const response = await confirmationOf(booked.id, booked.confirmationToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      bookingId: booked.id,
      status: 'confirmed',
      isPaid: true,
      firstName: 'Grace',
      email: 'grace.paid@example.com',
      originalPrice: 499,
      discountAmount: 0,
      finalPrice: 499,
      discountCode: '',
      reservationExpiresAt: null,
      awaitingEmailConfirmation: false,
      timeZone: 'Europe/Berlin',
      workshop: {
        title: 'Introduction to Vibe Coding',
        date: 'July 4, 2031',
        time: '10:00 AM - 12:00 PM',
        timezone: 'PST',
        isTBC: false,
        endsNextDay: false,
        startsAt: '2031-07-04T17:00:00.000Z',
        endsAt: '2031-07-04T19:00:00.000Z',
      },
      meetingLink: 'https://zoom.us/j/555?pwd=only-for-paid',
      order: {
        reference: expect.stringMatching(/^[A-HJ-NP-Z2-9]{3}-[A-HJ-NP-Z2-9]{3}$/),
        buyerFirstName: 'Grace',
        buyerEmail: 'grace.paid@example.com',
        total: 499,
        seats: [{ firstName: 'Grace', lastName: expect.any(String), named: true, status: 'confirmed' }],
      },
    });
    // Reloading is safe: the same link answers the same again.
    expect((await confirmationOf(booked.id, booked.confirmationToken)).json()).toEqual(response.json());
  });

  it('answers a free booking with the code that made it free', async () => {
    const date = await createWorkshopDate(db(), JULY_WORKSHOP);
    const code = await createDiscountCode(db(), { code: 'FREEJULY', discountPercent: 100 });
    const booked = await post('/api/bookings', {
      workshopDateId: date.id,
      ...GRACE,
      email: 'grace.free@example.com',
      discountCode: code.code,
      stripePaymentId: 'free-booking',
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const { id, confirmationToken } = booked.json();

    const response = await confirmationOf(id, confirmationToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'confirmed', isPaid: false, originalPrice: 499, discountAmount: 499, finalPrice: 0, discountCode: 'FREEJULY' });
  });

  it('answers a reservation with the amount due and until when, and never its meeting link', async () => {
    const date = await createWorkshopDate(db(), { ...JULY_WORKSHOP, requiresImmediatePayment: false });
    const reserved = await post('/api/bookings/reserve', { workshopDateId: date.id, ...GRACE, email: 'grace.later@example.com' });
    expect(reserved.statusCode, reserved.body).toBe(201);
    const { id, confirmationToken } = reserved.json();

    // Until its address is confirmed, it is held 15 minutes, like a checkout.
    const unconfirmed = await confirmationOf(id, confirmationToken);
    expect(unconfirmed.json()).toMatchObject({ status: 'reserved', awaitingEmailConfirmation: true, reservationExpiresAt: '2031-06-01T12:15:00.000Z', meetingLink: null });

    // The link in the e-mail answers the same view, confirmed, with a token for the page.
    const confirmed = await confirmReservation(session.app, id, NOW.getTime());
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().confirmation).toMatchObject({ bookingId: id, status: 'reserved', awaitingEmailConfirmation: false, reservationExpiresAt: '2031-06-03T12:00:00.000Z' });
    expect((await confirmationOf(id, confirmed.json().confirmationToken)).statusCode).toBe(200);

    const response = await confirmationOf(id, confirmationToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'reserved',
      isPaid: false,
      finalPrice: 499,
      // 48 hours (the default reservationHours) after its address was confirmed.
      reservationExpiresAt: '2031-06-03T12:00:00.000Z',
      awaitingEmailConfirmation: false,
      meetingLink: null,
    });
    expect(response.body).not.toContain('zoom.us');
  });

  it('answers a cancelled booking as cancelled, without its meeting link', async () => {
    const { booked } = await bookedOnJulyWorkshop('grace.cancelled@example.com');
    await db().update(bookings).set({ status: 'cancelled', cancelledAt: NOW }).where(eq(bookings.id, booked.id));

    const response = await confirmationOf(booked.id, booked.confirmationToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'cancelled', meetingLink: null });
  });

  it('refuses a forged token, a missing one, an expired one and another booking’s with 403, before reading anything', async () => {
    const date = await createWorkshopDate(db(), JULY_WORKSHOP);
    const mine = await payAndBook(date.id, 'grace.mine@example.com');
    const theirs = await payAndBook(date.id, 'someone.else@example.com');
    const refusal = { message: 'This confirmation link is invalid or has expired.', code: 'confirmation_link_invalid' };

    const [body] = mine.confirmationToken.split('.');
    const forged = `${body}.${'A'.repeat(43)}`;
    const expired = confirmationTokenFor(TEST_SECRET, mine.id, NOW.getTime() - 31 * 86_400_000);
    const signedElsewhere = confirmationTokenFor('another-secret-another-secret-1234', mine.id, NOW.getTime());
    for (const token of [forged, undefined, '', expired, signedElsewhere, theirs.confirmationToken]) {
      const response = await confirmationOf(mine.id, token);
      expect(response.statusCode, String(token)).toBe(403);
      expect(response.json()).toEqual(refusal);
    }
    // A guessed id with someone's genuine token tells nothing either.
    expect((await confirmationOf(999_999, mine.confirmationToken)).statusCode).toBe(403);
  });

  it('keeps its purpose: a pay link does not open the page, and the page’s token neither pays nor signs in', async () => {
    const date = await createWorkshopDate(db(), { ...JULY_WORKSHOP, requiresImmediatePayment: false });
    const reserved = await post('/api/bookings/reserve', { workshopDateId: date.id, ...GRACE, email: 'grace.purpose@example.com' });
    const { id, confirmationToken } = reserved.json();
    const payToken = new URL(payLinkFor(TEST_SECRET, 'http://test.local', id, NOW.getTime())).searchParams.get('token')!;

    expect((await confirmationOf(id, payToken)).statusCode).toBe(403);
    const asPayLink = await session.app.inject({ url: `/api/bookings/${id}/payment-details?token=${encodeURIComponent(confirmationToken)}`, headers: clientHeaders });
    expect(asPayLink.statusCode).toBe(403);
    const asSignIn = await session.app.inject({ url: `/participant?token=${encodeURIComponent(confirmationToken)}`, headers: { accept: 'text/html' } });
    expect(asSignIn.headers.location).toBe('/participant?link=invalid');
  });

  it('answers 404 for a deleted booking and for one that never existed', async () => {
    const { booked } = await bookedOnJulyWorkshop('grace.deleted@example.com');
    await db().update(bookings).set({ status: 'deleted', deletedAt: NOW }).where(eq(bookings.id, booked.id));

    const deleted = await confirmationOf(booked.id, booked.confirmationToken);
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json()).toEqual({ message: 'Booking not found' });
    const unknown = await confirmationOf(999_999, confirmationTokenFor(TEST_SECRET, 999_999, NOW.getTime()));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Booking not found' });
  });

  it('refuses an id that is not a positive whole number with 400 and a message', async () => {
    for (const id of ['abc', '0', '-3', '1.5']) {
      const response = await confirmationOf(id, 'x.y');
      expect(response.statusCode, id).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
  });
});

describe('GET /api/bookings/{id}/confirmation/calendar.ics', () => {
  it('gives the holder of the token the event, and nobody else', async () => {
    const { booked } = await bookedOnJulyWorkshop('grace.ics@example.com');

    const file = await session.app.inject({ url: `/api/bookings/${booked.id}/confirmation/calendar.ics?token=${encodeURIComponent(booked.confirmationToken)}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="workshop-${booked.id}.ics"`);
    expect(file.body).toContain('DTSTART:20310704T170000Z');
    expect(file.body).toContain('LOCATION:https://zoom.us/j/555?pwd=only-for-paid');

    const without = await session.app.inject({ url: `/api/bookings/${booked.id}/confirmation/calendar.ics` });
    expect(without.statusCode).toBe(403);
  });
});
