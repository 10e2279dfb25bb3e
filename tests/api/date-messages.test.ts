import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sendDueScheduledMessages } from '../../src/features/date-messages/server';
import { auditLog, bookings, dateMessages, emailOutbox, scheduledMessages } from '../../src/server/db/schema';
import { insertBookingsWithOrders } from '../../src/server/db/single-seat-orders';
import { createWorkshopDate } from '../helpers/factories';
import { asSent } from '../helpers/outbox';
import { participantHeaders } from '../helpers/participant-session';
import { adminTestSession, clientHeaders, sessionCookieFrom, TEST_ADMIN } from '../helpers/test-app';

/** Messages to everyone on a date: sent by hand, logged with their delivery, and scheduled relative to the start. */

const session = adminTestSession();
const db = () => session.db;
const call = session.json;
const schedule = { publicUrl: 'http://test.local' };

const HOUR = 3_600_000;
const MINUTE = 60_000;

type Status = 'confirmed' | 'reserved' | 'cancelled' | 'refunded' | 'expired';

/** 10:00 AM – 12:00 PM PST on July `day`, 2031: Pacific daylight time, so 17:00 UTC. */
async function dateOn(day: number, overrides: Parameters<typeof createWorkshopDate>[1] = {}) {
  const startsAt = new Date(Date.UTC(2031, 6, day, 17));
  return createWorkshopDate(db(), {
    title: `Message Lab ${day}`,
    date: `July ${day}, 2031`,
    time: '10:00 AM - 12:00 PM',
    timezone: 'PST',
    startsAt,
    endsAt: new Date(startsAt.getTime() + 2 * HOUR),
    zoomLink: 'https://zoom.us/j/777?pwd=msg',
    zoomMeetingId: '777 0001',
    zoomPassword: 'owl-3',
    ...overrides,
  });
}

async function seat(workshopDateId: number, person: { firstName?: string; lastName?: string; email: string }, status: Status = 'confirmed', deleted = false) {
  const [row] = await insertBookingsWithOrders(db(), {
    workshopDateId,
    firstName: person.firstName ?? 'Grace',
    lastName: person.lastName ?? 'Hopper',
    email: person.email,
    originalPriceCents: 49900,
    finalPriceCents: 49900,
    isPaid: status === 'confirmed',
    status,
    deletedAt: deleted ? new Date() : null,
  });
  return row!;
}

const copiesOf = (dateMessageId: number) => db().select().from(emailOutbox).where(eq(emailOutbox.dateMessageId, dateMessageId)).orderBy(asc(emailOutbox.id));
const messagesOfDate = (workshopDateId: number) => db().select().from(dateMessages).where(eq(dateMessages.workshopDateId, workshopDateId)).orderBy(asc(dateMessages.id));
const send = (id: number, payload: object) => call('POST', `/api/admin/workshop-dates/${id}/messages`, payload);
const log = (id: number) => call('GET', `/api/admin/workshop-dates/${id}/messages`);

describe('POST /api/admin/workshop-dates/{id}/messages', () => {
  it('sends one e-mail per distinct address, only to live seats, with the first seat’s name', async () => {
    const date = await dateOn(2);
    await seat(date.id, { firstName: 'Ada', lastName: 'First', email: 'Team@Example.com' });
    await seat(date.id, { firstName: 'Bob', lastName: 'Second', email: 'team@example.com' });
    await seat(date.id, { firstName: 'Rita', email: 'reserved@example.com' }, 'reserved');
    await seat(date.id, { email: 'cancelled@example.com' }, 'cancelled');
    await seat(date.id, { email: 'refunded@example.com' }, 'refunded');
    await seat(date.id, { email: 'expired@example.com' }, 'expired');
    await seat(date.id, { email: 'deleted@example.com' }, 'confirmed', true);
    const other = await dateOn(3);
    await seat(other.id, { email: 'other-date@example.com' });

    const { status, body } = await send(date.id, { subject: 'Hello {{firstName}}', html: '<p>Hi {{firstName}} {{lastName}}</p>' });
    expect(status).toBe(202);
    expect(body).toEqual({ queued: 2 });

    const [message] = await messagesOfDate(date.id);
    expect(message).toMatchObject({ kind: 'message', subject: 'Hello {{firstName}}', html: '<p>Hi {{firstName}} {{lastName}}</p>', recipients: 2, sentBy: TEST_ADMIN.email });
    const copies = await copiesOf(message!.id);
    expect(copies.map((copy) => [copy.to, copy.subject])).toEqual([
      ['Team@Example.com', 'Hello Ada'],
      ['reserved@example.com', 'Hello Rita'],
    ]);
    expect(copies[0]!.html).toContain('Hi Ada First');
    expect(copies[0]!.text).toContain('Hi Ada First');
    expect(copies.every((copy) => copy.status === 'pending' && copy.kind === 'date-message')).toBe(true);

    const audit = await db().select().from(auditLog).where(and(eq(auditLog.action, 'date_message_sent'), eq(auditLog.entityId, String(message!.id))));
    expect(audit).toHaveLength(1);
  });

  it('fills every placeholder, escapes the values, and shows the time in the date’s own zone', async () => {
    const date = await dateOn(4);
    await seat(date.id, { firstName: '<script>alert(1)</script>', lastName: 'O\'Brien & Co', email: 'escape@example.com' });
    const html =
      '<p>{{firstName}}|{{lastName}}|{{workshopTitle}}|{{workshopDate}}|{{zoomMeetingId}}|{{zoomPassword}}</p>' +
      '<p><a href="{{zoomLink}}">Join</a></p><p><a href="{{participantLink}}">Your booking</a></p><script>alert(2)</script>';
    expect((await send(date.id, { subject: 'For {{firstName}} on {{workshopDate}}', html })).status).toBe(202);

    const [message] = await messagesOfDate(date.id);
    // Stored sanitised, placeholders kept for each copy.
    expect(message!.html).not.toContain('<script>');
    expect(message!.html).toContain('href="{{participantLink}}"');
    const [copy] = await copiesOf(message!.id);
    const sent = asSent(copy!);
    expect(sent.subject).toBe('For <script>alert(1)</script> on Fri, July 4, 2031, 10:00 AM – 12:00 PM PDT');
    expect(sent.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;|O&#39;Brien &amp; Co|Message Lab 4|Fri, July 4, 2031, 10:00 AM – 12:00 PM PDT|777 0001|owl-3');
    expect(sent.html).not.toContain('<script>');
    expect(sent.html).toContain('href="https://zoom.us/j/777?pwd=msg"');
    // The table holds no working token; the sent e-mail's link signs its person in.
    expect(copy!.html).not.toMatch(/participant\?token=[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{43}/);
    const link = /href="(http:\/\/test\.local\/participant\?token=[^"]+)"/.exec(sent.html)?.[1];
    expect(link).toBeDefined();
    const url = new URL(link!.replace(/&amp;/g, '&'));
    const opened = await session.app.inject({ url: `${url.pathname}${url.search}`, headers: { accept: 'text/html' } });
    const cookie = sessionCookieFrom(opened);
    expect(cookie).not.toBeNull();
    const bookings = await session.app.inject({ url: '/api/participant/bookings?email=escape@example.com', headers: { ...clientHeaders, cookie: cookie! } });
    expect(bookings.statusCode).toBe(200);
  });

  it("says 'To be confirmed' for a TBC date", async () => {
    const date = await createWorkshopDate(db(), { title: 'Someday Lab', isTBC: true, date: '', time: '', startsAt: null, endsAt: null });
    await seat(date.id, { email: 'tbc@example.com' });
    expect((await send(date.id, { subject: 'When?', html: '<p>{{workshopDate}}</p>' })).status).toBe(202);
    const [message] = await messagesOfDate(date.id);
    const [copy] = await copiesOf(message!.id);
    expect(copy!.html).toContain('<p>To be confirmed</p>');
  });

  it.each([
    ['an empty subject', { subject: '  ', html: '<p>Hi</p>' }, 'Subject is required'],
    ['an empty body', { subject: 'Hi', html: '   ' }, 'Message is required'],
    ['a missing body', { subject: 'Hi' }, 'Message is required'],
    ['a body that is only a script', { subject: 'Hi', html: '<script>alert(1)</script>' }, 'The message is empty once scripts and unsafe markup are removed.'],
  ])('refuses %s with 400 and sends nothing', async (_name, payload, message) => {
    const date = await dateOn(6);
    await seat(date.id, { email: 'refused@example.com' });
    const { status, body } = await send(date.id, payload);
    expect(status).toBe(400);
    expect(body.message).toBe(message);
    expect(await messagesOfDate(date.id)).toHaveLength(0);
  });

  it('refuses an unknown placeholder, naming it, so a typo reaches nobody', async () => {
    const date = await dateOn(7);
    await seat(date.id, { email: 'typo@example.com' });
    const { status, body } = await send(date.id, { subject: 'Hi {{fristName}}', html: '<p>{{ zoomLnk }}</p>' });
    expect(status).toBe(400);
    expect(body.message).toContain('{{fristName}}');
    expect(body.message).toContain('{{zoomLnk}}');
    expect(await messagesOfDate(date.id)).toHaveLength(0);
  });

  it('refuses a date nobody holds a seat on', async () => {
    const date = await dateOn(8);
    await seat(date.id, { email: 'gone@example.com' }, 'cancelled');
    const { status, body } = await send(date.id, { subject: 'Hi', html: '<p>Hi</p>' });
    expect(status).toBe(400);
    expect(body.message).toBe('Nobody holds a seat on this date, so there is no one to message.');
    expect(await messagesOfDate(date.id)).toHaveLength(0);
  });

  it('answers 404 for an unknown date, 401 without a session and 403 for a participant', async () => {
    const payload = { subject: 'Hi', html: '<p>Hi</p>' };
    expect((await send(999_999, payload)).status).toBe(404);
    expect((await call('GET', '/api/admin/workshop-dates/999999/messages')).status).toBe(404);
    const date = await dateOn(9);
    await seat(date.id, { email: 'guard@example.com' });
    for (const url of [`/api/admin/workshop-dates/${date.id}/messages`, `/api/admin/workshop-dates/${date.id}/messages/preview`, `/api/admin/workshop-dates/${date.id}/messages/test`]) {
      expect((await session.app.inject({ method: 'POST', url, headers: clientHeaders, payload })).statusCode).toBe(401);
    }
    const participant = await participantHeaders(session.app, 'guard@example.com');
    expect((await session.app.inject({ method: 'POST', url: `/api/admin/workshop-dates/${date.id}/messages`, headers: participant, payload })).statusCode).toBe(403);
    expect((await session.app.inject({ method: 'GET', url: `/api/admin/workshop-dates/${date.id}/messages`, headers: clientHeaders })).statusCode).toBe(401);
    expect(await messagesOfDate(date.id)).toHaveLength(0);
  });
});

describe('the log: GET /api/admin/workshop-dates/{id}/messages', () => {
  it('lists each message with its recipients and delivery counted from the outbox', async () => {
    const date = await dateOn(10);
    for (const n of [1, 2, 3, 4]) await seat(date.id, { email: `log${n}@example.com` });
    await send(date.id, { subject: 'First', html: '<p>One</p>' });
    await send(date.id, { subject: 'Second', html: '<p>Two</p>' });
    const [first] = await messagesOfDate(date.id);
    const copies = await copiesOf(first!.id);
    await db().update(emailOutbox).set({ status: 'sent', sentAt: new Date() }).where(inArray(emailOutbox.id, [copies[0]!.id, copies[1]!.id]));
    await db().update(emailOutbox).set({ status: 'failed', lastError: 'mailbox full' }).where(eq(emailOutbox.id, copies[2]!.id));

    const { status, body } = await log(date.id);
    expect(status).toBe(200);
    expect(body.workshopDateId).toBe(date.id);
    expect(body.recipients).toBe(4);
    expect(body.messages.map((m: { subject: string }) => m.subject)).toEqual(['Second', 'First']);
    expect(body.messages[1]).toMatchObject({ kind: 'message', sentBy: TEST_ADMIN.email, recipients: 4, delivery: { sent: 2, pending: 1, failed: 1 } });
    expect(body.messages[0]).toMatchObject({ recipients: 4, delivery: { sent: 0, pending: 4, failed: 0 } });
    expect(body.scheduled).toEqual([]);
  });
});

describe('preview and test send', () => {
  it('previews with the first attendee’s values without queueing anything', async () => {
    const date = await dateOn(12);
    await seat(date.id, { firstName: 'Katherine', lastName: 'Johnson', email: 'kj@example.com' });
    await seat(date.id, { firstName: 'Dorothy', email: 'dv@example.com' });
    const outboxBefore = (await db().select().from(emailOutbox)).length;
    const { status, body } = await call('POST', `/api/admin/workshop-dates/${date.id}/messages/preview`, { subject: 'Hi {{firstName}}', html: '<p>Dear {{firstName}} {{lastName}}, {{workshopDate}}</p>' });
    expect(status).toBe(200);
    expect(body.subject).toBe('Hi Katherine');
    expect(body.html).toContain('Dear Katherine Johnson, Sat, July 12, 2031, 10:00 AM – 12:00 PM PDT');
    expect(body.filledFor).toEqual({ firstName: 'Katherine', lastName: 'Johnson', email: 'kj@example.com' });
    expect(body.recipients).toBe(2);
    expect((await db().select().from(emailOutbox)).length).toBe(outboxBefore);
  });

  it('previews with sample values while nobody holds a seat', async () => {
    const date = await dateOn(13);
    const { status, body } = await call('POST', `/api/admin/workshop-dates/${date.id}/messages/preview`, { subject: 'Hi {{firstName}}', html: '<p>{{firstName}}</p>' });
    expect(status).toBe(200);
    expect(body.filledFor).toBeNull();
    expect(body.subject).toBe('Hi Ada');
    expect(body.recipients).toBe(0);
  });

  it('sends one test copy to the signed-in admin only, kept out of the log', async () => {
    const date = await dateOn(14);
    await seat(date.id, { firstName: 'Mary', email: 'mary@example.com' });
    const { status, body } = await call('POST', `/api/admin/workshop-dates/${date.id}/messages/test`, { subject: 'Hi {{firstName}}', html: '<p>Hello {{firstName}}</p>' });
    expect(status).toBe(202);
    expect(body).toEqual({ queued: 1, to: TEST_ADMIN.email });
    const tests = await db().select().from(emailOutbox).where(eq(emailOutbox.kind, 'date-message-test'));
    expect(tests.map((row) => [row.to, row.subject, row.dateMessageId])).toEqual([[TEST_ADMIN.email, '[Test] Hi Mary', null]]);
    expect(tests[0]!.html).toContain('Hello Mary');
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.to, 'mary@example.com'))).toHaveLength(0);
    expect(await messagesOfDate(date.id)).toHaveLength(0);
    expect((await log(date.id)).body.messages).toEqual([]);
  });
});

describe('scheduled messages', () => {
  const defaults = [
    { offsetMinutes: -1440, subject: 'Tomorrow: {{workshopTitle}}', html: '<p>See you tomorrow, {{firstName}}</p>' },
    { offsetMinutes: 1440, subject: 'Thanks', html: '<p>Thank you, {{firstName}}</p>' },
  ];

  it('start empty; a new date gets copies of the defaults the organiser saved, an older one on request', async () => {
    expect((await call('GET', '/api/admin/date-message-defaults')).body.messages).toEqual([]);
    const before = await call('POST', '/api/admin/workshop-dates', { title: 'Before defaults', date: 'July 16, 2031', time: '10:00 AM - 12:00 PM', timezone: 'PST' });
    expect(before.status).toBe(201);
    expect((await call('GET', `/api/admin/workshop-dates/${before.body.id}/scheduled-messages`)).body).toEqual([]);

    const saved = await call('PUT', '/api/admin/date-message-defaults', { messages: defaults });
    expect(saved.status).toBe(200);
    expect(saved.body.messages).toEqual(defaults);
    expect(saved.body.presets.map((p: { offsetMinutes: number }) => p.offsetMinutes)).toEqual([-1440, -60, 1440]);

    const created = await call('POST', '/api/admin/workshop-dates', { title: 'After defaults', date: 'July 16, 2031', time: '10:00 AM - 12:00 PM', timezone: 'PST' });
    expect(created.status).toBe(201);
    const listed = await call('GET', `/api/admin/workshop-dates/${created.body.id}/scheduled-messages`);
    expect(listed.body.map((m: { offsetMinutes: number; subject: string; dueAt: string; status: string }) => [m.offsetMinutes, m.subject, m.dueAt, m.status])).toEqual([
      [-1440, 'Tomorrow: {{workshopTitle}}', '2031-07-15T17:00:00.000Z', 'pending'],
      [1440, 'Thanks', '2031-07-17T17:00:00.000Z', 'pending'],
    ]);

    const applied = await call('POST', `/api/admin/workshop-dates/${before.body.id}/scheduled-messages/apply-defaults`);
    expect(applied.status).toBe(200);
    expect(applied.body).toHaveLength(2);
    expect((await call('POST', `/api/admin/workshop-dates/${before.body.id}/scheduled-messages/apply-defaults`)).body).toHaveLength(2);

    expect((await call('PUT', '/api/admin/date-message-defaults', { messages: [{ ...defaults[0], subject: '{{nope}}' }] })).status).toBe(400);
    expect((await call('PUT', '/api/admin/date-message-defaults', { messages: [] })).body.messages).toEqual([]);
  });

  it('adds, edits and deletes a date’s scheduled messages', async () => {
    const date = await dateOn(18);
    const url = `/api/admin/workshop-dates/${date.id}/scheduled-messages`;
    const added = await call('POST', url, { offsetMinutes: -60, subject: 'Soon', html: '<p>Soon</p>' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject([{ offsetMinutes: -60, subject: 'Soon', dueAt: '2031-07-18T16:00:00.000Z', status: 'pending', sentAt: null }]);
    const id = added.body[0].id;
    const edited = await call('PUT', `${url}/${id}`, { offsetMinutes: -120, subject: 'In two hours', html: '<p>Two</p>' });
    expect(edited.body).toMatchObject([{ id, offsetMinutes: -120, subject: 'In two hours', dueAt: '2031-07-18T15:00:00.000Z' }]);
    expect((await call('POST', url, { offsetMinutes: -60, subject: '', html: '<p>x</p>' })).status).toBe(400);
    expect((await call('POST', url, { offsetMinutes: 999_999, subject: 'x', html: '<p>x</p>' })).status).toBe(400);
    expect((await call('PUT', `${url}/999999`, { offsetMinutes: -60, subject: 'x', html: '<p>x</p>' })).status).toBe(404);
    expect((await call('DELETE', `${url}/${id}`)).body).toEqual([]);
    expect((await call('DELETE', `${url}/${id}`)).status).toBe(404);
    expect((await call('GET', '/api/admin/workshop-dates/999999/scheduled-messages')).status).toBe(404);
  });

  it('sends a due message once, even when two sweeps run at once, to the seats live at that moment', async () => {
    const date = await dateOn(20);
    await seat(date.id, { firstName: 'Stays', email: 'stays@example.com' });
    const leaving = await seat(date.id, { firstName: 'Leaves', email: 'leaves@example.com' });
    const [planned] = await db().insert(scheduledMessages).values({ workshopDateId: date.id, offsetMinutes: -1440, subject: 'Tomorrow, {{firstName}}', html: '<p>{{workshopDate}}</p>' }).returning();
    const dueAt = new Date(Date.UTC(2031, 6, 19, 17));

    await sendDueScheduledMessages(db(), schedule, new Date(dueAt.getTime() - MINUTE));
    expect(await messagesOfDate(date.id)).toHaveLength(0);

    // Cancelled before the moment: gets nothing.
    await db().update(bookings).set({ status: 'cancelled', cancelledAt: new Date() }).where(eq(bookings.id, leaving.id));

    const now = new Date(dueAt.getTime() + 30_000);
    await Promise.all([sendDueScheduledMessages(db(), schedule, now), sendDueScheduledMessages(db(), schedule, now)]);
    await sendDueScheduledMessages(db(), schedule, new Date(now.getTime() + MINUTE));

    const messages = await messagesOfDate(date.id);
    expect(messages.map((m) => [m.kind, m.sentBy, m.recipients])).toEqual([['scheduled', 'the system (schedule)', 1]]);
    const copies = await copiesOf(messages[0]!.id);
    expect(copies.map((copy) => [copy.to, copy.subject])).toEqual([['stays@example.com', 'Tomorrow, Stays']]);
    expect(copies[0]!.html).toContain('Sun, July 20, 2031, 10:00 AM – 12:00 PM PDT');

    const listed = (await call('GET', `/api/admin/workshop-dates/${date.id}/scheduled-messages`)).body;
    expect(listed).toMatchObject([{ id: planned!.id, status: 'sent', sentAt: now.toISOString(), dateMessageId: messages[0]!.id, recipients: 1 }]);
    expect((await call('PUT', `/api/admin/workshop-dates/${date.id}/scheduled-messages/${planned!.id}`, { offsetMinutes: -60, subject: 'x', html: '<p>x</p>' })).status).toBe(409);
    expect((await log(date.id)).body.messages[0]).toMatchObject({ kind: 'scheduled', recipients: 1, delivery: { sent: 0, pending: 1, failed: 0 } });
  });

  it('follows the date when it moves', async () => {
    const date = await dateOn(22);
    await seat(date.id, { email: 'mover@example.com' });
    await db().insert(scheduledMessages).values({ workshopDateId: date.id, offsetMinutes: -60, subject: 'In an hour', html: '<p>Soon</p>' });
    const moved = await call('PUT', `/api/admin/workshop-dates/${date.id}`, { date: 'July 24, 2031', time: '10:00 AM - 12:00 PM', timezone: 'PST' });
    expect(moved.status).toBe(200);

    // The old moment (July 22, 16:00 UTC) passes: nothing.
    await sendDueScheduledMessages(db(), schedule, new Date(Date.UTC(2031, 6, 22, 16, 1)));
    expect(await messagesOfDate(date.id)).toHaveLength(0);
    const listed = (await call('GET', `/api/admin/workshop-dates/${date.id}/scheduled-messages`)).body;
    expect(listed).toMatchObject([{ dueAt: '2031-07-24T16:00:00.000Z', status: 'pending' }]);

    await sendDueScheduledMessages(db(), schedule, new Date(Date.UTC(2031, 6, 24, 16, 1)));
    expect((await messagesOfDate(date.id)).map((m) => m.recipients)).toEqual([1]);
  });

  it('sends nothing for a TBC date', async () => {
    const date = await createWorkshopDate(db(), { title: 'TBC Lab', isTBC: true, date: '', time: '', startsAt: null, endsAt: null });
    await seat(date.id, { email: 'tbc.schedule@example.com' });
    await db().insert(scheduledMessages).values({ workshopDateId: date.id, offsetMinutes: -60, subject: 'Never', html: '<p>x</p>' });
    await sendDueScheduledMessages(db(), schedule, new Date(Date.UTC(2040, 0, 1)));
    expect(await messagesOfDate(date.id)).toHaveLength(0);
    expect((await call('GET', `/api/admin/workshop-dates/${date.id}/scheduled-messages`)).body).toMatchObject([{ dueAt: null, status: 'pending' }]);
  });

  it('skips a moment that passed more than an hour ago instead of sending it late', async () => {
    const date = await dateOn(26);
    await seat(date.id, { email: 'late@example.com' });
    const [late] = await db().insert(scheduledMessages).values({ workshopDateId: date.id, offsetMinutes: -1440, subject: 'Tomorrow', html: '<p>x</p>' }).returning();
    const [onTime] = await db().insert(scheduledMessages).values({ workshopDateId: date.id, offsetMinutes: -60, subject: 'In an hour', html: '<p>x</p>' }).returning();
    // Three hours before the start: the day-before moment is 21 hours gone, the hour-before one still ahead.
    await sendDueScheduledMessages(db(), schedule, new Date(Date.UTC(2031, 6, 26, 14)));
    expect(await messagesOfDate(date.id)).toHaveLength(0);
    await sendDueScheduledMessages(db(), schedule, new Date(Date.UTC(2031, 6, 26, 16, 30)));
    const messages = await messagesOfDate(date.id);
    expect(messages.map((m) => m.subject)).toEqual(['In an hour']);
    const listed = (await call('GET', `/api/admin/workshop-dates/${date.id}/scheduled-messages`)).body as { id: number; status: string }[];
    expect(listed.map((m) => [m.id, m.status])).toEqual([
      [late!.id, 'skipped'],
      [onTime!.id, 'sent'],
    ]);
  });
});

describe('the outbox names the message each copy belongs to', () => {
  it('GET /api/admin/outbox carries the message and its date', async () => {
    const date = await dateOn(28);
    await seat(date.id, { email: 'outbox.view@example.com' });
    await send(date.id, { subject: 'Outbox {{firstName}}', html: '<p>x</p>' });
    const [message] = await messagesOfDate(date.id);
    const { body } = await call('GET', '/api/admin/outbox');
    const row = (body as { to: string; dateMessage: unknown }[]).find((entry) => entry.to === 'outbox.view@example.com');
    expect(row?.dateMessage).toEqual({ id: message!.id, subject: 'Outbox {{firstName}}', workshopDateId: date.id, workshopTitle: 'Message Lab 28' });
  });
});
