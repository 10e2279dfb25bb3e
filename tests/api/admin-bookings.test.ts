import { and, eq, ne, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { auditLog, bookings, emailOutbox, payments, workshopDates } from '../../src/server/db/schema';
import { insertBookingsWithOrders } from '../../src/server/db/single-seat-orders';
import { enqueueEmail } from '../../src/server/email/outbox';
import { buyer, createWorkshopDate } from '../helpers/factories';
import { clientHeaders, adminTestSession } from '../helpers/test-app';

/** The admin Bookings tab's calls and the outbox list. */

let db: Database;

const session = adminTestSession({ seed: false });
beforeAll(() => {
  db = session.db;
});

type BookingInsert = typeof bookings.$inferInsert;
let counter = 0;
async function book(workshopDateId: number, row: Partial<BookingInsert> = {}) {
  const [created] = await insertBookingsWithOrders(db, { workshopDateId, ...buyer(`b${++counter}`), originalPriceCents: 49900, finalPriceCents: 49900, ...row });
  return created!;
}

async function seatsTaken(workshopDateId: number): Promise<number> {
  const [row] = await db.select({ seatsTaken: workshopDates.seatsTaken }).from(workshopDates).where(eq(workshopDates.id, workshopDateId));
  return row!.seatsTaken;
}

const { call } = session;

describe('GET /api/admin/bookings', () => {
  it('lists bookings newest first, with dollars and the nested workshop date', async () => {
    const date = await createWorkshopDate(db, { title: 'Prototype in a Day', date: 'July 4, 2031', time: '10:00 AM - 12:00 PM', timezone: 'PST' });
    const older = await book(date.id, {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      company: 'Navy',
      isPaid: true,
      originalPriceCents: 49900,
      discountAmountCents: 12475,
      finalPriceCents: 37425,
      discountCode: 'SPRING25',
      stripePaymentId: 'pi_test_123',
      createdAt: new Date('2026-01-01T10:00:00.000Z'),
    });
    const newer = await book(date.id, {
      firstName: 'Alan',
      lastName: 'Turing',
      email: 'alan@example.com',
      isPaid: false,
      status: 'reserved',
      paymentMode: 'pay_later',
      createdAt: new Date('2026-02-01T10:00:00.000Z'),
    });

    const response = await call('GET', '/api/admin/bookings');
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.map((b: { id: number }) => b.id)).toEqual([newer.id, older.id]);
    expect(list[1]).toEqual({
      id: older.id,
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      company: 'Navy',
      workshopDateId: date.id,
      workshopDate: { id: date.id, title: 'Prototype in a Day', date: 'July 4, 2031', time: '10:00 AM - 12:00 PM', timezone: 'PST' },
      isPaid: true,
      finalPrice: 374.25,
      originalPrice: 499,
      discountAmount: 124.75,
      discountCode: 'SPRING25',
      stripePaymentId: 'pi_test_123',
      hasAttended: false,
      status: 'confirmed',
      paymentMode: 'pay_now',
      createdAt: '2026-01-01T10:00:00.000Z',
      // A booking that arrived without an order is an order of one seat, bought by the person on it.
      orderId: older.orderId,
      orderReference: expect.stringMatching(/^[A-Z2-9]{3}-[A-Z2-9]{3}$/),
      buyerEmail: 'grace@example.com',
      buyerName: 'Grace Hopper',
      orderSeats: 1,
      named: true,
      refundedAmount: 0,
      // Confirmed and paid, but no payment the site took is on record: nothing can go back by card.
      refundableAmount: 0,
    });
    expect(list[0]).toMatchObject({ status: 'reserved', paymentMode: 'pay_later', isPaid: false, stripePaymentId: null, discountCode: '', orderId: newer.orderId, refundedAmount: 0 });
    expect(list[0].orderReference).not.toBe(list[1].orderReference);
  });

  it('answers 401 without a session', async () => {
    const response = await session.app.inject({ method: 'GET', url: '/api/admin/bookings', headers: clientHeaders });
    expect(response.statusCode).toBe(401);
  });
});

describe('PUT /api/admin/bookings/:id/attendance', () => {
  it('stores attendance and answers with the booking', async () => {
    const date = await createWorkshopDate(db);
    const booking = await book(date.id);

    const marked = await call('PUT', `/api/admin/bookings/${booking.id}/attendance`, { hasAttended: true });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ id: booking.id, hasAttended: true, workshopDate: { id: date.id } });
    const [stored] = await db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(stored!.hasAttended).toBe(true);

    const unmarked = await call('PUT', `/api/admin/bookings/${booking.id}/attendance`, { hasAttended: false });
    expect(unmarked.json().hasAttended).toBe(false);
    const [again] = await db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(again!.hasAttended).toBe(false);
  });

  it('answers 404 for an unknown booking and 400 for a body without a boolean', async () => {
    const missing = await call('PUT', '/api/admin/bookings/999999/attendance', { hasAttended: true });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Booking not found');

    const date = await createWorkshopDate(db);
    const booking = await book(date.id);
    const invalid = await call('PUT', `/api/admin/bookings/${booking.id}/attendance`, { hasAttended: 'yes' });
    expect(invalid.statusCode).toBe(400);
  });
});

describe('DELETE /api/admin/bookings/:id', () => {
  it('deletes a confirmed booking and frees exactly one seat', async () => {
    const date = await createWorkshopDate(db, { seatsTotal: 10, seatsTaken: 3 });
    const booking = await book(date.id, { status: 'confirmed', isPaid: true });

    const response = await call('DELETE', `/api/admin/bookings/${booking.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, refunded: false });
    // Kept for its payment and the audit log, marked deleted, and gone from the list.
    const [row] = await db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ status: 'deleted' });
    expect(row!.deletedAt).toBeInstanceOf(Date);
    const listed = (await call('GET', '/api/admin/bookings')).json() as { id: number }[];
    expect(listed.map((b) => b.id)).not.toContain(booking.id);
    expect(await seatsTaken(date.id)).toBe(2);
  });

  it('frees the seat of a reservation too', async () => {
    const date = await createWorkshopDate(db, { seatsTotal: 10, seatsTaken: 1 });
    const booking = await book(date.id, { status: 'reserved', paymentMode: 'pay_later' });
    expect((await call('DELETE', `/api/admin/bookings/${booking.id}`)).statusCode).toBe(200);
    expect(await seatsTaken(date.id)).toBe(0);
  });

  it('frees no seat for a cancelled or refunded booking', async () => {
    const date = await createWorkshopDate(db, { seatsTotal: 10, seatsTaken: 2 });
    const cancelled = await book(date.id, { status: 'cancelled', cancelledAt: new Date() });
    const refunded = await book(date.id, { status: 'refunded', isPaid: true });

    expect((await call('DELETE', `/api/admin/bookings/${cancelled.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/admin/bookings/${refunded.id}`)).statusCode).toBe(200);
    expect(await seatsTaken(date.id)).toBe(2);
  });

  it('answers 404 for an unknown booking, and for the second delete of the same booking', async () => {
    const date = await createWorkshopDate(db, { seatsTaken: 1 });
    const booking = await book(date.id);
    expect((await call('DELETE', `/api/admin/bookings/${booking.id}`)).statusCode).toBe(200);
    const second = await call('DELETE', `/api/admin/bookings/${booking.id}`);
    expect(second.statusCode).toBe(404);
    expect(second.json().message).toBe('Booking not found');
    expect(await seatsTaken(date.id)).toBe(0);
  });

  it('asks what happens to a paid booking\'s money, and keeps it linked to the payment when the admin keeps it', async () => {
    const date = await createWorkshopDate(db, { seatsTaken: 1 });
    const booking = await book(date.id, { isPaid: true, stripePaymentId: 'pi_fk_check' });
    const [payment] = await db
      .insert(payments)
      .values({ provider: 'demo', providerPaymentId: 'pi_fk_check', workshopDateId: date.id, orderId: booking.orderId, amountCents: 49900, status: 'succeeded' })
      .returning();

    const unasked = await call('DELETE', `/api/admin/bookings/${booking.id}`);
    expect(unasked.statusCode).toBe(409);
    expect(unasked.json()).toMatchObject({ code: 'refund_choice_required', message: 'This booking is paid. Choose whether to refund the payment before deleting it.' });
    expect((await db.select().from(bookings).where(eq(bookings.id, booking.id)))[0]!.status).toBe('confirmed');
    expect(await seatsTaken(date.id)).toBe(1);

    const kept = await call('DELETE', `/api/admin/bookings/${booking.id}?refund=false`);
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toEqual({ success: true, refunded: false });
    const [stillPaid] = await db.select().from(payments).where(eq(payments.id, payment!.id));
    expect(stillPaid).toMatchObject({ orderId: booking.orderId, status: 'succeeded' });
    expect((await db.select().from(bookings).where(eq(bookings.id, booking.id)))[0]).toMatchObject({ status: 'deleted', stripePaymentId: 'pi_fk_check' });
    expect(await seatsTaken(date.id)).toBe(0);
    const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.action, 'booking_deleted'), eq(auditLog.entityId, String(booking.id))));
    expect(audit!.details).toMatchObject({ payment: 'kept', seatFreed: true });
  });

  it('asks about the money of a paid booking with no payment on record too, and only lets the admin keep it', async () => {
    const date = await createWorkshopDate(db, { seatsTaken: 1 });
    const booking = await book(date.id, { isPaid: true, stripePaymentId: 'pi_imported_elsewhere' });
    expect((await call('DELETE', `/api/admin/bookings/${booking.id}`)).json().code).toBe('refund_choice_required');
    const refund = await call('DELETE', `/api/admin/bookings/${booking.id}?refund=true`);
    expect(refund.statusCode).toBe(409);
    expect(refund.json().code).toBe('payment_not_on_record');
    expect(await seatsTaken(date.id)).toBe(1);
    expect((await call('DELETE', `/api/admin/bookings/${booking.id}?refund=false`)).statusCode).toBe(200);
    expect(await seatsTaken(date.id)).toBe(0);
  });

  it('needs the client header (CSRF guard) like every state-changing admin call', async () => {
    const date = await createWorkshopDate(db, { seatsTaken: 1 });
    const booking = await book(date.id);
    const response = await session.app.inject({ method: 'DELETE', url: `/api/admin/bookings/${booking.id}`, headers: { cookie: session.headers.cookie! } });
    expect(response.statusCode).toBe(403);
    expect(await db.select().from(bookings).where(eq(bookings.id, booking.id))).toHaveLength(1);
  });
});

describe('POST /api/admin/bookings/export-emails', () => {
  it('answers the unique addresses of the given bookings, lower-cased and sorted', async () => {
    const date = await createWorkshopDate(db);
    const a = await book(date.id, { email: 'Zoe@Example.com' });
    const b = await book(date.id, { email: 'zoe@example.com' });
    const c = await book(date.id, { email: 'amy@example.com' });
    const notAsked = await book(date.id, { email: 'nobody@example.com' });

    const response = await call('POST', '/api/admin/bookings/export-emails', { bookingIds: [a.id, b.id, c.id, 987654] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ emails: ['amy@example.com', 'zoe@example.com'], count: 2 });
    expect(response.json().emails).not.toContain(notAsked.email);
  });

  it('refuses an empty or missing list with the spec message', async () => {
    for (const payload of [{ bookingIds: [] }, {}]) {
      const response = await call('POST', '/api/admin/bookings/export-emails', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Please select at least one booking to export emails.');
    }
  });
});

describe('GET /api/admin/outbox', () => {
  it('lists queued e-mails newest first with their delivery state', async () => {
    const first = await db.transaction((tx) => enqueueEmail(tx, { to: 'one@example.com', subject: 'First', html: '<p>1</p>', kind: 'test' }));
    const second = await db.transaction((tx) => enqueueEmail(tx, { to: 'two@example.com', subject: 'Second', html: '<p>2</p>', kind: 'test' }));
    await db.update(emailOutbox).set({ status: 'failed', attempts: 8, lastError: 'ECONNREFUSED' }).where(eq(emailOutbox.id, first.id));

    const response = await call('GET', '/api/admin/outbox');
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.slice(0, 2)).toEqual([
      { id: second.id, to: 'two@example.com', subject: 'Second', status: 'pending', attempts: 0, lastError: null, dateMessage: null, createdAt: expect.any(String) },
      { id: first.id, to: 'one@example.com', subject: 'First', status: 'failed', attempts: 8, lastError: 'ECONNREFUSED', dateMessage: null, createdAt: expect.any(String) },
    ]);
    expect(new Date(list[0].createdAt).toISOString()).toBe(list[0].createdAt);
  });

  it('is for admins only', async () => {
    const response = await session.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: clientHeaders });
    expect(response.statusCode).toBe(401);
  });
});

describe('a large list', () => {
  it('returns all of 5,000 bookings in one answer, newest first', async () => {
    const date = await createWorkshopDate(db, { title: 'Bulk workshop' });
    const before = (await db.select({ n: sql<number>`count(*)::int` }).from(bookings).where(ne(bookings.status, 'deleted')))[0]!.n;
    // One statement, as a bulk import would: an order of one seat each, spaced a minute apart, bulk1 newest.
    await db.execute(sql`
      with placed as (
        insert into orders (reference, workshop_date_id, buyer_first_name, buyer_last_name, buyer_email, company, seat_original_cents, seat_final_cents, created_at)
        select 'BULK-' || n, ${date.id}, 'First' || n, 'Last' || n, 'bulk' || n || '@example.com', 'Co', 49900, 49900,
               timestamptz '2030-01-01T00:00:00Z' - n * interval '1 minute'
        from generate_series(1, 5000) as n
        returning id, workshop_date_id, buyer_first_name, buyer_last_name, buyer_email, company, created_at
      )
      insert into bookings (order_id, workshop_date_id, first_name, last_name, email, company, original_price_cents, final_price_cents, is_paid, created_at)
      select id, workshop_date_id, buyer_first_name, buyer_last_name, buyer_email, company, 49900, 49900, true, created_at
      from placed
    `);

    const started = performance.now();
    const response = await call('GET', '/api/admin/bookings');
    const elapsed = performance.now() - started;
    expect(response.statusCode).toBe(200);
    const list = response.json() as { email: string; workshopDate: { title: string } | null }[];
    expect(list).toHaveLength(before + 5000);
    expect(list[0]).toMatchObject({ email: 'bulk1@example.com', workshopDate: { title: 'Bulk workshop' }, orderReference: 'BULK-1', buyerEmail: 'bulk1@example.com', orderSeats: 1, refundedAmount: 0 });
    expect(list[4999]!.email).toBe('bulk5000@example.com');
    expect(new Set(list.map((b) => b.email)).size).toBeGreaterThanOrEqual(5000);
    // Generous: one joined query answers in well under a second even on a busy machine.
    expect(elapsed).toBeLessThan(10_000);

    // Exporting every address at once stays one statement too.
    const ids = (await db.select({ id: bookings.id }).from(bookings)).map((row) => row.id);
    const exported = await call('POST', '/api/admin/bookings/export-emails', { bookingIds: ids });
    expect(exported.statusCode).toBe(200);
    expect(exported.json().emails).toContain('bulk5000@example.com');
    expect(exported.json().count).toBeGreaterThanOrEqual(5000);
  });
});
