import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxWorker } from '../../src/server/email/outbox-worker';
import { smtpTransportFromUrl } from '../../src/server/email/transport';
import { buyer, createDiscountCode, createWorkshopDate } from '../helpers/factories';
import { SmtpCatcher } from '../helpers/smtp-catcher';
import { clientHeaders, createTestApp, TEST_SECRET, type TestApp } from '../helpers/test-app';
import { reserveConfirmed } from '../helpers/reservations';

let app: TestApp;
let smtp: SmtpCatcher;
let worker: OutboxWorker;

beforeAll(async () => {
  smtp = await SmtpCatcher.start();
  app = await createTestApp();
  worker = new OutboxWorker({ db: app.database.db, secret: TEST_SECRET, getTransport: () => smtpTransportFromUrl(smtp.url), backoff: () => 0 });
});
afterAll(async () => {
  await worker.stop();
  await app.close();
  await smtp.stop();
});

const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload, headers: clientHeaders });

describe('booking e-mails', () => {
  it('delivers the confirmation of a paid, a free and a reserved booking over SMTP', async () => {
    const date = await createWorkshopDate(app.database.db, { title: 'Prototype Lab', requiresImmediatePayment: false });
    await createDiscountCode(app.database.db, { code: 'MAILFREE', discountPercent: 100 });

    const paidIntent = (await post('/api/create-payment-intent', { workshopDateId: date.id, customerInfo: buyer('mail-paid') })).json();
    await post('/api/payments/demo/confirm', { paymentIntentId: paidIntent.paymentIntentId, cardNumber: '4242424242424242' });
    await post('/api/bookings', { workshopDateId: date.id, ...buyer('mail-free'), discountCode: 'MAILFREE', stripePaymentId: 'free-booking' });
    await reserveConfirmed(app, { workshopDateId: date.id, ...buyer('mail-later') });

    const result = await worker.runOnce();
    // The reservation's address got the link to confirm it, then (confirmed) the pay link.
    expect(result.sent).toBe(4);
    expect(smtp.messages.filter((mail) => mail.recipients[0] === 'buyermail-later@example.com').map((mail) => mail.subject)).toEqual([
      'Confirm your reservation: Prototype Lab',
      'Your spot is reserved: Prototype Lab',
    ]);
    const byRecipient = Object.fromEntries(smtp.messages.map((mail) => [mail.recipients[0], mail]));
    expect(byRecipient['buyer1@example.com']).toBeUndefined();
    expect(byRecipient['buyermail-paid@example.com']?.subject).toBe('Your seat is booked: Prototype Lab');
    expect(byRecipient['buyermail-paid@example.com']?.html).toContain('$499.00');
    expect(byRecipient['buyermail-free@example.com']?.html).toContain('free of charge');
    expect(byRecipient['buyermail-later@example.com']?.subject).toBe('Your spot is reserved: Prototype Lab');
    expect(byRecipient['buyermail-later@example.com']?.html).toMatch(/href="http:\/\/test\.local\/checkout\?booking=\d+&amp;token=/);
    for (const mail of smtp.messages) expect(mail.html).toContain(date.date);
  });

  it('escapes what the visitor typed', async () => {
    smtp.clear();
    const date = await createWorkshopDate(app.database.db, { requiresImmediatePayment: false });
    await post('/api/bookings/reserve', { workshopDateId: date.id, ...buyer('mail-evil'), firstName: '<img src=x onerror=alert(1)>' });
    await worker.runOnce();
    const [mail] = smtp.messages;
    expect(mail?.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail?.html).not.toContain('<img src=x');
  });
});
