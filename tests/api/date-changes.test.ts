/**
 * A date that changes tells its people (docs/decisions/022-dates-that-change.md): PUT
 * /api/admin/workshop-dates/{id} with notifyParticipants, its change preview, calling a date off,
 * duplicating it and repeating it weekly. Seats are bought through the real checkout against the
 * local Stripe double; calendar files are read with a real iCalendar parser (ical.js).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings, dateMessages, emailOutbox, orders, refunds, waitlistEntries, workshopDates } from '../../src/server/db/schema';
import { createBookingWorld, type Answer, type BookingWorld } from '../helpers/booking-world';
import { lifecycleSteps, type Person } from '../helpers/lifecycle-steps';
import { clientHeaders } from '../helpers/test-app';

let world: BookingWorld;
beforeAll(async () => {
  world = await createBookingWorld();
});
afterAll(async () => {
  await world.close();
});

const { person, date, code, post, reserved, complete, openPayment, seatsTaken, expectInvariants } = lifecycleSteps(() => world, { lastName: 'Changed', emailDomain: 'date-changes.test' });

const dateUrl = (id: number | string, action = '') => `/api/admin/workshop-dates/${id}${action}`;
const put = (id: number | string, payload: object) => world.send({ method: 'PUT', url: dateUrl(id), payload, admin: true });
const adminPost = (url: string, payload: object = {}) => world.send({ method: 'POST', url, payload, admin: true });

/** A date on July 4, 2031, 10:00 AM - 12:00 PM Pacific (17:00–19:00 UTC, daylight time), with a meeting link. */
const JULY_DATE = {
  date: 'July 4, 2031',
  time: '10:00 AM - 12:00 PM',
  timezone: 'PST',
  startsAt: new Date('2031-07-04T17:00:00Z'),
  endsAt: new Date('2031-07-04T19:00:00Z'),
  zoomLink: 'https://zoom.example/j/111',
  seatsTotal: 10,
  priceCents: 20_000,
};

/** Seats bought with one card payment through the checkout, confirmed by the browser. */
async function paidOrder(dateId: number, seats: number, attendees: object[] = []) {
  const buyer: Person = person('Buyer');
  const opened = await post('/api/create-payment-intent', { workshopDateId: dateId, customerInfo: buyer, seats, attendees });
  expect(opened.statusCode, opened.body).toBe(200);
  const intentId = opened.json().paymentIntentId as string;
  world.stripe.succeed(intentId);
  const done: Answer = await complete(dateId, buyer, intentId);
  expect(done.statusCode, done.body).toBe(201);
  const seatRows = await world.db.select().from(bookings).where(eq(bookings.orderId, done.json().orderId)).orderBy(asc(bookings.id));
  return { orderId: done.json().orderId as number, intentId, buyer, seats: seatRows };
}

const attendee = (name: string) => {
  const { firstName, lastName, email } = person(name);
  return { firstName, lastName, email };
};

const outboxOf = (kind: string, emails: string[]) =>
  world.db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, kind), inArray(emailOutbox.to, emails))).orderBy(asc(emailOutbox.id));

type Attachment = { filename: string; contentType: string; content: string };
const attachmentsOf = (row: { attachments: unknown }) => (row.attachments ?? []) as Attachment[];

/** The calendar file's METHOD and its one event's UID, SEQUENCE and start, as an iCalendar parser reads them. */
function parseCalendar(attachment: Attachment) {
  const text = Buffer.from(attachment.content, 'base64').toString('utf8');
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = calendar.getFirstSubcomponent('vevent')!;
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    uid: String(event.getFirstPropertyValue('uid')),
    sequence: Number(event.getFirstPropertyValue('sequence') ?? 0),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
    status: String(event.getFirstPropertyValue('status')),
  };
}

/** The calendar file a seat's confirmation carried. */
async function confirmationCalendarOf(email: string) {
  const [confirmation] = await outboxOf('booking-paid', [email]);
  expect(confirmation, `no confirmation to ${email}`).toBeDefined();
  return parseCalendar(attachmentsOf(confirmation!)[0]!);
}

describe('PUT /api/admin/workshop-dates/{id} with notifyParticipants', () => {
  it('e-mails every live seat what changed, with the same calendar event at a higher SEQUENCE', async () => {
    const open = await date(JULY_DATE);
    const order = await paidOrder(open.id, 2, [attendee('Grace')]);
    const reservedId = await reserved(open.id, person('Later'));
    const [reservation] = await world.db.select().from(bookings).where(eq(bookings.id, reservedId));
    const grace = order.seats.find((seat) => seat.firstName === 'Grace')!;
    // Grace booked from Berlin: her e-mail says when it is for her too.
    await world.db.update(bookings).set({ timeZone: 'Europe/Berlin' }).where(eq(bookings.id, grace.id));
    const seatEmails = [...order.seats.map((seat) => seat.email), reservation!.email];
    const before = await confirmationCalendarOf(grace.email);

    const preview = await adminPost(dateUrl(open.id, '/change-preview'), { time: '11:00 AM - 1:00 PM', zoomLink: 'https://zoom.example/j/222' });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({
      participants: 3,
      changes: [
        { field: 'time', label: 'Time', from: '10:00 AM - 12:00 PM', to: '11:00 AM - 1:00 PM' },
        { field: 'zoomLink', label: 'Meeting link', from: 'https://zoom.example/j/111', to: 'https://zoom.example/j/222' },
      ],
    });

    const saved = await put(open.id, { time: '11:00 AM - 1:00 PM', zoomLink: 'https://zoom.example/j/222', notifyParticipants: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ id: open.id, time: '11:00 AM - 1:00 PM', startsAt: '2031-07-04T18:00:00.000Z', notified: 3 });

    const mails = await outboxOf('date-changed', seatEmails);
    // One a seat: the buyer holding the unnamed seat, Grace, and the reservation.
    expect(mails.map((mail) => mail.to).sort()).toEqual([...seatEmails].sort());
    const [message] = await world.db.select().from(dateMessages).where(and(eq(dateMessages.workshopDateId, open.id), eq(dateMessages.kind, 'date-changed')));
    expect(message).toMatchObject({ recipients: 3, sentBy: 'admin@test.local' });
    for (const mail of mails) expect(mail.dateMessageId).toBe(message!.id);

    const berlin = mails.find((mail) => mail.to === grace.email)!;
    expect(berlin.html).toContain('10:00 AM – 12:00 PM PDT');
    expect(berlin.html).toContain('11:00 AM – 1:00 PM PDT');
    expect(berlin.html).toContain('8:00 PM – 10:00 PM CEST for you');
    expect(berlin.html).toContain('https://zoom.example/j/222');
    // A seat not paid yet hears that the meeting details changed, not what they are.
    const reservedMail = mails.find((mail) => mail.to === reservation!.email)!;
    expect(reservedMail.html).not.toContain('https://zoom.example/j/222');

    const [file] = attachmentsOf(berlin);
    expect(file!.contentType).toBe('text/calendar; method=PUBLISH; charset=utf-8');
    const after = parseCalendar(file!);
    expect(after.method).toBe('PUBLISH');
    expect(after.uid).toBe(before.uid);
    expect(after.sequence).toBeGreaterThan(before.sequence);
    expect(after.start).toBe('2031-07-04T18:00:00.000Z');
    await expectInvariants();
  });

  it('sends nothing when nothing people need changed, even when asked to notify', async () => {
    const open = await date(JULY_DATE);
    const order = await paidOrder(open.id, 1);
    const sequenceBefore = order.seats[0]!.calendarSequence;

    const preview = await adminPost(dateUrl(open.id, '/change-preview'), { title: 'Renamed', seatsTotal: 12, time: '10:00 am - 12:00 pm' });
    expect(preview.json()).toEqual({ changes: [], participants: 0 });
    const saved = await put(open.id, { title: 'Renamed', seatsTotal: 12, time: '10:00 am - 12:00 pm', notifyParticipants: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().notified).toBe(0);
    expect(await outboxOf('date-changed', [order.seats[0]!.email])).toEqual([]);
    const [seat] = await world.db.select().from(bookings).where(eq(bookings.id, order.seats[0]!.id));
    expect(seat!.calendarSequence).toBe(sequenceBefore);
  });

  it('without the flag e-mails nobody, but the seats’ calendar events still move on to a higher SEQUENCE', async () => {
    const open = await date(JULY_DATE);
    const order = await paidOrder(open.id, 1);
    const saved = await put(open.id, { date: 'July 5, 2031' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().notified).toBe(0);
    expect(await outboxOf('date-changed', [order.seats[0]!.email])).toEqual([]);
    const [seat] = await world.db.select().from(bookings).where(eq(bookings.id, order.seats[0]!.id));
    expect(seat!.calendarSequence).toBe(order.seats[0]!.calendarSequence + 1);
    const [audit] = await world.db.select().from(auditLog).where(and(eq(auditLog.action, 'workshop_date_updated'), eq(auditLog.entityId, String(open.id))));
    expect(audit!.details).toMatchObject({ changed: ['day'], notified: 0 });
  });

  it('refuses a bad flag with 400 and changes nothing; an unknown date is 404; a visitor is 401', async () => {
    const open = await date(JULY_DATE);
    const bad = await put(open.id, { time: '11:00 AM - 1:00 PM', notifyParticipants: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBeTruthy();
    const unchanged = await world.send({ method: 'GET', url: '/api/admin/workshop-dates', admin: true });
    expect(unchanged.json().find((row: { id: number }) => row.id === open.id).time).toBe('10:00 AM - 12:00 PM');
    expect((await adminPost(dateUrl(999_999, '/change-preview'), { time: '11:00 AM' })).statusCode).toBe(404);
    expect((await adminPost(dateUrl(open.id, '/change-preview'), { time: 'soon' })).statusCode).toBe(400);
    const visitor = await world.app.inject({ method: 'POST', url: dateUrl(open.id, '/change-preview'), payload: {}, headers: clientHeaders });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('POST /api/admin/workshop-dates/{id}/call-off', () => {
  it('refunds every paid seat in full, cancels the rest, releases holds and the waiting list, tells everyone with a calendar cancellation, once', async () => {
    const open = await date(JULY_DATE);
    const order = await paidOrder(open.id, 2, [attendee('Grace')]);
    const free = await code({ discountPercent: 100 });
    const freeBuyer = person('Free');
    const freeOpened = await post('/api/create-payment-intent', { workshopDateId: open.id, customerInfo: freeBuyer, discountCode: free.code });
    expect(freeOpened.json().isFree, freeOpened.body).toBe(true);
    const freeBooked = await post('/api/bookings', { workshopDateId: open.id, ...freeBuyer, stripePaymentId: 'free-booking', isPaid: false, discountCode: free.code });
    expect(freeBooked.statusCode, freeBooked.body).toBe(201);
    await reserved(open.id, person('Later'));
    // A checkout still open (a seat held, not paid) and someone in line.
    await openPayment(open.id, person('Holding'));
    const [waiting] = await world.db.insert(waitlistEntries).values({ workshopDateId: open.id, firstName: 'Queue', lastName: 'Person', email: 'queue@date-changes.test' }).returning();
    const grace = order.seats.find((seat) => seat.firstName === 'Grace')!;
    const before = await confirmationCalendarOf(grace.email);
    expect(await seatsTaken(open.id)).toBe(5);

    const answer = await adminPost(dateUrl(open.id, '/call-off'), { message: 'Our speaker is ill.\n\nWe are sorry.' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ refunded: 2, notified: 4 });

    // The money: the provider refunded the whole payment, and the ledger says the same.
    const providerRefunds = [...world.stripe.refunds.values()].filter((refund) => refund.payment_intent === order.intentId).map((refund) => refund.amount);
    expect(providerRefunds.reduce((sum, cents) => sum + cents, 0)).toBe(40_000);
    const ledger = await world.db.select().from(refunds).where(eq(refunds.orderId, order.orderId));
    expect(ledger.reduce((sum, row) => sum + row.amountCents, 0)).toBe(40_000);

    const seats = await world.db.select().from(bookings).where(eq(bookings.workshopDateId, open.id));
    expect(seats.map((seat) => seat.status)).toEqual(['cancelled', 'cancelled', 'cancelled', 'cancelled']);
    const [after] = await world.db.select().from(workshopDates).where(eq(workshopDates.id, open.id));
    expect(after).toMatchObject({ isActive: false, seatsTaken: 0 });
    expect(after!.calledOffAt).toBeInstanceOf(Date);
    const [entry] = await world.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, waiting!.id));
    expect(entry!.status).toBe('removed');
    expect(await world.db.select().from(orders).where(and(eq(orders.workshopDateId, open.id), eq(orders.status, 'pending')))).toEqual([]);

    const emails = seats.map((seat) => seat.email);
    const mails = await outboxOf('date-called-off', emails);
    expect(mails).toHaveLength(4);
    const graceMail = mails.find((mail) => mail.to === grace.email)!;
    expect(graceMail.html).toContain('<p>Our speaker is ill.</p><p>We are sorry.</p>');
    expect(graceMail.html).toContain('refunded in full');
    const [file] = attachmentsOf(graceMail);
    expect(file!.contentType).toBe('text/calendar; method=CANCEL; charset=utf-8');
    const cancel = parseCalendar(file!);
    expect(cancel).toMatchObject({ method: 'CANCEL', uid: before.uid, status: 'CANCELLED' });
    expect(cancel.sequence).toBeGreaterThan(before.sequence);
    const [message] = await world.db.select().from(dateMessages).where(and(eq(dateMessages.workshopDateId, open.id), eq(dateMessages.kind, 'called-off')));
    expect(mails.every((mail) => mail.dateMessageId === message!.id)).toBe(true);

    // Twice: nothing more happens.
    const again = await adminPost(dateUrl(open.id, '/call-off'), { message: 'Again' });
    expect(again.json()).toEqual({ refunded: 0, notified: 0 });
    expect(await outboxOf('date-called-off', emails)).toHaveLength(4);
    expect([...world.stripe.refunds.values()].filter((refund) => refund.payment_intent === order.intentId)).toHaveLength(providerRefunds.length);
    // No waiting list offer on a called-off date, however its seats freed.
    expect(await world.db.select().from(waitlistEntries).where(and(eq(waitlistEntries.workshopDateId, open.id), eq(waitlistEntries.status, 'offered')))).toEqual([]);
    const audit = await world.db.select().from(auditLog).where(and(eq(auditLog.action, 'workshop_date_called_off'), eq(auditLog.entityId, String(open.id))));
    expect(audit).toHaveLength(1);
    await world.advance(1);
    await expectInvariants();
  });

  it('refuses a bad message with 400; an unknown date is 404; a visitor is 401', async () => {
    const open = await date(JULY_DATE);
    expect((await adminPost(dateUrl(open.id, '/call-off'), { message: 42 })).statusCode).toBe(400);
    const [still] = await world.db.select().from(workshopDates).where(eq(workshopDates.id, open.id));
    expect(still).toMatchObject({ isActive: true, calledOffAt: null });
    expect((await adminPost(dateUrl(999_999, '/call-off'), { message: 'x' })).statusCode).toBe(404);
    const visitor = await world.app.inject({ method: 'POST', url: dateUrl(open.id, '/call-off'), payload: { message: 'x' }, headers: clientHeaders });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('POST /api/admin/workshop-dates/{id}/duplicate and /repeat', () => {
  /** March 3, 2031, 10:00 AM Pacific standard time: 18:00 UTC. Daylight time starts on March 9. */
  const MARCH_DATE = { ...JULY_DATE, date: 'March 3, 2031', startsAt: new Date('2031-03-03T18:00:00Z'), endsAt: new Date('2031-03-03T20:00:00Z') };

  it('duplicates a date without its bookings: no seats taken, not featured, off sale', async () => {
    // The one featured date of this file.
    const open = await date({ ...MARCH_DATE, isFeatured: true });
    await paidOrder(open.id, 1);
    const answer = await adminPost(dateUrl(open.id, '/duplicate'));
    expect(answer.statusCode, answer.body).toBe(201);
    const copy = answer.json();
    expect(copy.id).not.toBe(open.id);
    expect(copy).toMatchObject({ title: open.title, date: 'March 3, 2031', time: '10:00 AM - 12:00 PM', seatsTotal: 10, price: 200, seatsTaken: 0, bookingsCount: 0, isFeatured: false, isActive: false, zoomLink: JULY_DATE.zoomLink });
    const audit = await world.db.select().from(auditLog).where(and(eq(auditLog.action, 'workshop_date_duplicated'), eq(auditLog.entityId, String(open.id))));
    expect(audit[0]!.details).toMatchObject({ copyIds: [copy.id] });
  });

  it('repeats a date weekly at the same local time, across the change to daylight time', async () => {
    const open = await date(MARCH_DATE);
    const answer = await adminPost(dateUrl(open.id, '/repeat'), { weeks: 2 });
    expect(answer.statusCode, answer.body).toBe(201);
    const created = answer.json().created as { date: string; time: string; startsAt: string; seatsTaken: number; isFeatured: boolean; isActive: boolean }[];
    expect(created.map(({ date: day, time, startsAt }) => ({ day, time, startsAt }))).toEqual([
      { day: 'March 10, 2031', time: '10:00 AM - 12:00 PM', startsAt: '2031-03-10T17:00:00.000Z' },
      { day: 'March 17, 2031', time: '10:00 AM - 12:00 PM', startsAt: '2031-03-17T17:00:00.000Z' },
    ]);
    expect(created.every((copy) => copy.seatsTaken === 0 && !copy.isFeatured && copy.isActive)).toBe(true);
  });

  it('refuses weeks outside 1–52 and a TBC date with 400 and creates nothing; an unknown date is 404; a visitor is 401', async () => {
    const open = await date(MARCH_DATE);
    const tbc = await date({ isTBC: true, date: '', time: '', startsAt: null, endsAt: null });
    const count = async () => (await world.db.select().from(workshopDates)).length;
    const before = await count();
    for (const weeks of [0, 53, 1.5, '2']) expect((await adminPost(dateUrl(open.id, '/repeat'), { weeks })).statusCode).toBe(400);
    expect((await adminPost(dateUrl(tbc.id, '/repeat'), { weeks: 2 })).statusCode).toBe(400);
    expect(await count()).toBe(before);
    expect((await adminPost(dateUrl(999_999, '/duplicate'))).statusCode).toBe(404);
    expect((await adminPost(dateUrl(999_999, '/repeat'), { weeks: 1 })).statusCode).toBe(404);
    const visitor = await world.app.inject({ method: 'POST', url: dateUrl(open.id, '/duplicate'), payload: {}, headers: clientHeaders });
    expect(visitor.statusCode).toBe(401);
  });
});
