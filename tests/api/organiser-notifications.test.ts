import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox } from '../../src/server/db/schema';
import { payLinkFor } from '../../src/features/booking/server/booking-links';
import { buyer, createDiscountCode, createWorkshopDate } from '../helpers/factories';
import { payWithDemoCard } from '../helpers/demo-payments';
import { participantHeaders } from '../helpers/participant-session';
import { adminTestSession, clientHeaders, TEST_ADMIN, TEST_SECRET } from '../helpers/test-app';
import { confirmReservation, reserveConfirmed } from '../helpers/reservations';

/**
 * Issue 18 point 4: the organiser is e-mailed about each new booking, contact message, refund
 * request and participant cancellation, at the saved Reply-To or the organiser's address, and
 * each notice can be switched off in the settings.
 */

const session = adminTestSession();
const db = () => session.app.database.db;
const post = (url: string, payload: object, headers: Record<string, string> = clientHeaders) => session.app.inject({ method: 'POST', url, headers, payload });
const saveSettings = (payload: object) => post('/api/admin/settings', payload, session.headers);
const notices = (kind: string) => db().select().from(emailOutbox).where(eq(emailOutbox.kind, kind)).orderBy(emailOutbox.id);

const paidBooking = async (tag: string, dateId: number) =>
  (await payWithDemoCard(session.app, { workshopDateId: dateId, customerInfo: buyer(tag), amount: 499 })).bookingId;

describe('organiser notifications', () => {
  it('tells the organiser of a paid booking and of a reservation: who, which workshop, the price, a link to Bookings', async () => {
    const date = await createWorkshopDate(db(), { title: 'Notice Lab', requiresImmediatePayment: false, seatsTotal: 12 });
    await paidBooking('notice-paid', date.id);
    const reserved = await post('/api/bookings/reserve', { workshopDateId: date.id, ...buyer('notice-later') });
    expect(reserved.statusCode).toBe(201);
    // An address nobody has confirmed yet may be invented: the organiser hears of it only once it is.
    expect(await notices('organiser-notifyNewBooking')).toHaveLength(1);
    expect((await confirmReservation(session.app, reserved.json().id)).statusCode).toBe(200);
    expect((await confirmReservation(session.app, reserved.json().id)).statusCode).toBe(200);

    const sent = await notices('organiser-notifyNewBooking');
    expect(sent.map((mail) => [mail.to, mail.subject])).toEqual([
      [TEST_ADMIN.email, 'New booking: Notice Lab — Ada Lovelace'],
      [TEST_ADMIN.email, 'New reservation: Notice Lab — Ada Lovelace'],
    ]);
    expect(sent[0]!.text).toContain('A seat was booked and paid for.');
    expect(sent[0]!.text).toContain('buyernotice-paid@example.com');
    expect(sent[0]!.text).toContain('$499.00');
    expect(sent[0]!.html).toContain('href="http://test.local/admin?tab=bookings"');
    expect(sent[1]!.text).toContain('A seat was reserved, to be paid later.');
    // What the date has left once each order holds its seat.
    expect(sent[0]!.text).toContain('Seats left: 11 of 12');
    expect(sent[1]!.text).toContain('Seats left: 10 of 12');
    expect(sent[0]!.text).not.toContain('Discount code');
  });

  it('names the code used, and tells of a reservation paid through its link like a booking', async () => {
    const date = await createWorkshopDate(db(), { title: 'Code Lab', requiresImmediatePayment: false, seatsTotal: 8 });
    const code = await createDiscountCode(db(), { code: 'TEAMTEN', discountPercent: 10 });
    await payWithDemoCard(session.app, { workshopDateId: date.id, customerInfo: buyer('coded'), discountCode: 'teamten', seats: 2 });
    const reserved = await reserveConfirmed(session.app, { workshopDateId: date.id, ...buyer('link-payer') });
    await payWithDemoCard(session.app, { workshopDateId: date.id, customerInfo: buyer('link-payer'), bookingId: reserved.id, payToken: new URL(payLinkFor(TEST_SECRET, 'http://test.local', reserved.id)).searchParams.get('token') });

    const sent = (await notices('organiser-notifyNewBooking')).filter((mail) => mail.subject.includes('Code Lab'));
    expect(sent.map((mail) => mail.subject)).toEqual([
      'New booking: Code Lab — Ada Lovelace',
      'New reservation: Code Lab — Ada Lovelace',
      'New booking: Code Lab — Ada Lovelace',
    ]);
    expect(sent[0]!.text).toContain(`Discount code: ${code.code}`);
    expect(sent[0]!.text).toContain('Seats: 2');
    expect(sent[0]!.text).toContain('Seats left: 6 of 8');
    // Paid through the link: the seat it paid, and the date still has the same seats left.
    expect(sent[2]!.text).toContain('A seat was booked and paid for.');
    expect(sent[2]!.text).toContain('buyerlink-payer@example.com');
    expect(sent[2]!.text).toContain('Seats left: 5 of 8');
    expect(sent[2]!.text).toContain(`#${reserved.id}`);
  });

  it('sends the notices to the saved Reply-To, and none once switched off', async () => {
    expect((await saveSettings({ emailReplyTo: 'desk@vibecoding.example', notifyNewBooking: false })).statusCode).toBe(200);
    const date = await createWorkshopDate(db(), { title: 'Quiet Lab', requiresImmediatePayment: false });
    await reserveConfirmed(session.app, { workshopDateId: date.id, ...buyer('quiet') });
    expect((await notices('organiser-notifyNewBooking')).filter((mail) => mail.subject.includes('Quiet Lab'))).toEqual([]);

    const contact = await post('/api/contact', { name: 'Grace <b>Hopper</b>', email: 'grace@example.com', subject: 'Team of six?', message: 'Can six of us join the May date?\nThanks!' });
    expect(contact.statusCode).toBe(201);
    const [notice] = await notices('organiser-notifyContactMessage');
    expect(notice).toMatchObject({ to: 'desk@vibecoding.example', subject: 'New message: Team of six?' });
    expect(notice!.text).toContain('Can six of us join the May date?');
    // The visitor's words are text in the organiser's e-mail, never markup.
    expect(notice!.html).toContain('Grace &lt;b&gt;Hopper&lt;/b&gt;');
    expect(notice!.html).not.toContain('<b>Hopper</b>');

    expect((await saveSettings({ notifyContactMessage: false })).statusCode).toBe(200);
    expect((await post('/api/contact', { name: 'Ada', email: 'ada@example.com', subject: 'Again', message: 'A second message here.' })).statusCode).toBe(201);
    expect(await notices('organiser-notifyContactMessage')).toHaveLength(1);
    expect((await saveSettings({ emailReplyTo: '', notifyNewBooking: true, notifyContactMessage: true })).statusCode).toBe(200);
  });

  it("tells the organiser of a participant's refund request and of a participant's cancellation with what it gave back", async () => {
    const date = await createWorkshopDate(db(), { title: 'Refund Lab' });
    const refundId = await paidBooking('notice-refund', date.id);
    const cancelId = await paidBooking('notice-cancel', date.id);

    const asked = await post(`/api/participant/refund-request/${refundId}`, { reason: 'A family event moved to that week.' }, await participantHeaders(session.app, 'buyernotice-refund@example.com'));
    expect(asked.statusCode, asked.body).toBe(201);
    const [request] = await notices('organiser-notifyRefundRequest');
    expect(request).toMatchObject({ to: TEST_ADMIN.email, subject: 'Refund request: Refund Lab — Ada Lovelace' });
    expect(request!.text).toContain('A family event moved to that week.');
    expect(request!.html).toContain('href="http://test.local/admin?tab=refunds"');

    const cancelled = await post(`/api/participant/cancel-booking/${cancelId}`, { email: 'buyernotice-cancel@example.com' }, await participantHeaders(session.app, 'buyernotice-cancel@example.com'));
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [cancellation] = await notices('organiser-notifyCancellation');
    expect(cancellation).toMatchObject({ to: TEST_ADMIN.email, subject: 'Cancelled: Refund Lab — Ada Lovelace' });
    expect(cancellation!.text).toMatch(/A full refund of \$499\.00/);
  });
});
