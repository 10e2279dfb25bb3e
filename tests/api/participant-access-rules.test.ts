import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestParticipantLink, participantLinkFor } from '../../src/features/participant/server/participant-access';
import type { Database } from '../../src/server/db/client';
import { auditLog, emailOutbox, emailTemplates } from '../../src/server/db/schema';
import { insertBookingsWithOrders } from '../../src/server/db/single-seat-orders';
import { createWorkshopDate } from '../helpers/factories';
import { participantHeaders } from '../helpers/participant-session';
import { clientHeaders, createTestApp, loginAsAdmin, sessionCookieFrom, TEST_SECRET, type TestApp } from '../helpers/test-app';

/**
 * The rules of src/features/participant/server/participant-access.ts, one per test: when an access
 * e-mail is queued, how addresses are compared, what a refusal says, and what it leaves behind
 * (an audit row and a warning in the log). Expected values are written out here.
 */

let app: TestApp;
let db: Database;
/** The app's log lines at warning level and above, parsed. */
const logLines: Record<string, unknown>[] = [];

const ANN = 'ann@example.com';
const BEN = 'ben@example.com';
let annBooking: number;
let benBooking: number;
let deletedBooking: number;
let adminHeaders: Record<string, string>;

beforeAll(async () => {
  app = await createTestApp({
    logger: { level: 'warn', stream: { write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>) } },
  });
  db = app.database.db;

  const date = await createWorkshopDate(db);
  const booked = { workshopDateId: date.id, lastName: 'Person', company: '', originalPriceCents: 49900, finalPriceCents: 49900, isPaid: true, status: 'confirmed' as const };
  const rows = await insertBookingsWithOrders(db, [
    { ...booked, firstName: 'Ann', email: 'Ann@Example.com' },
    { ...booked, firstName: 'Ben', email: BEN },
    { ...booked, firstName: 'Gone', email: ANN, status: 'deleted' },
    { ...booked, firstName: 'Capped', email: 'capped@example.com' },
    { ...booked, firstName: 'Muted', email: 'muted@example.com' },
  ]);
  [annBooking, benBooking, deletedBooking] = rows.map((row) => row.id) as [number, number, number];
  adminHeaders = (await loginAsAdmin(app)).headers;
});
afterAll(async () => {
  await app.close();
});

const link = (email: string) => requestParticipantLink(db, { publicUrl: 'http://test.local' }, email);
const accessEmailsTo = (to: string) => db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, 'participant-access'), eq(emailOutbox.to, to)));

const get = (url: string, headers: Record<string, string> = clientHeaders) => app.inject({ method: 'GET', url, headers });
const latestDenial = async (actor: string) =>
  (await db.select().from(auditLog).where(and(eq(auditLog.action, 'participant_access_denied'), eq(auditLog.actor, actor))).orderBy(desc(auditLog.id)).limit(1))[0];
const denialLogLines = () => logLines.filter((line) => line.msg === 'participant asked for what is not theirs');

describe('asking for the access e-mail', () => {
  it('answers {queued: false} and queues nothing for an address without bookings', async () => {
    expect(await link('nobody@example.com')).toStrictEqual({ queued: false });
    expect(await accessEmailsTo('nobody@example.com')).toHaveLength(0);
  });

  it('trims and lower-cases the address: " Ann@EXAMPLE.com " finds the bookings of ann@example.com and queues {queued: true}', async () => {
    expect(await link(' Ann@EXAMPLE.com ')).toStrictEqual({ queued: true });
    const mails = await accessEmailsTo('ann@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.html).toContain('http://test.local/participant?token=');
  });

  it('answers {queued: false} once 3 e-mails went to the address within the hour', async () => {
    for (let i = 0; i < 3; i++) expect(await link('capped@example.com')).toStrictEqual({ queued: true });
    expect(await link('capped@example.com')).toStrictEqual({ queued: false });
    expect(await accessEmailsTo('capped@example.com')).toHaveLength(3);
  });

  it("answers {queued: false} and queues nothing while the admin has the 'participant-access' template switched off", async () => {
    await db.insert(emailTemplates).values({ type: 'participant-access', subject: 'Your bookings', content: '<p>{{participantLink}}</p>', isActive: false });
    try {
      expect(await link('muted@example.com')).toStrictEqual({ queued: false });
      expect(await accessEmailsTo('muted@example.com')).toHaveLength(0);
    } finally {
      await db.delete(emailTemplates).where(eq(emailTemplates.type, 'participant-access'));
    }
    expect(await link('muted@example.com')).toStrictEqual({ queued: true });
  });
});

describe('who sees which bookings', () => {
  it('asks a caller without a session to open the e-mailed link (401)', async () => {
    const response = await get(`/api/participant/bookings?email=${ANN}`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Open the link we e-mailed you to see your bookings.' });
  });

  it('compares the asked address trimmed and lower-cased with the session', async () => {
    const response = await get(`/api/participant/bookings?email=${encodeURIComponent(' ANN@Example.COM ')}`, await participantHeaders(app, ANN));
    expect(response.statusCode).toBe(200);
    expect(response.json().map((b: { id: number }) => b.id)).toEqual([annBooking]);
  });

  it("refuses another address with 403, an audit row naming the asked address and a warning in the log", async () => {
    const before = denialLogLines().length;
    const response = await get(`/api/participant/bookings?email=${encodeURIComponent('Ben@Example.com')}`, await participantHeaders(app, ANN));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'You can only see your own bookings. Open the link we e-mailed you.' });

    expect(await latestDenial(ANN)).toMatchObject({
      actor: 'ann@example.com',
      action: 'participant_access_denied',
      entity: 'participant',
      details: { askedEmail: 'ben@example.com', method: 'GET', url: '/api/participant/bookings' },
    });
    const logged = denialLogLines().slice(before);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 40,
      msg: 'participant asked for what is not theirs',
      participant: 'ann@example.com',
      askedEmail: 'ben@example.com',
      url: '/api/participant/bookings?email=Ben%40Example.com',
    });
  });

  it("refuses someone else's booking with 403, an audit row naming the booking id and a warning in the log", async () => {
    const before = denialLogLines().length;
    const url = `/api/participant/booking/${benBooking}/workshop-details`;
    const response = await get(url, await participantHeaders(app, ANN));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'You can only see your own bookings. Open the link we e-mailed you.' });

    expect(await latestDenial(ANN)).toMatchObject({
      action: 'participant_access_denied',
      entity: 'participant',
      details: { bookingId: benBooking, method: 'GET', url },
    });
    const logged = denialLogLines().slice(before);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 40, msg: 'participant asked for what is not theirs', participant: 'ann@example.com', bookingId: benBooking, url });
  });

  it("refuses a participant a deleted booking of their own address like anyone else's (403)", async () => {
    const response = await get(`/api/participant/booking/${deletedBooking}/workshop-details`, await participantHeaders(app, ANN));
    expect(response.statusCode).toBe(403);
    expect(await latestDenial(ANN)).toMatchObject({ details: { bookingId: deletedBooking } });
  });

  it("lets an admin view any participant's bookings and booking details", async () => {
    const list = await get(`/api/participant/bookings?email=${BEN}`, adminHeaders);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((b: { id: number }) => b.id)).toEqual([benBooking]);
    expect((await get(`/api/participant/booking/${benBooking}/workshop-details`, adminHeaders)).statusCode).toBe(200);
  });

  it("answers an admin 404 'Booking not found' for a booking that does not exist or was deleted", async () => {
    for (const id of [deletedBooking, 987_654]) {
      const response = await get(`/api/participant/booking/${id}/workshop-details`, adminHeaders);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Booking not found' });
    }
  });
});

describe('an admin opening a participant link', () => {
  it('is sent on to the bookings page (not told the link is invalid) and stays signed in as admin', async () => {
    const url = new URL(participantLinkFor(TEST_SECRET, 'http://test.local', BEN));
    const opened = await app.inject({ url: `${url.pathname}${url.search}`, headers: { accept: 'text/html', cookie: adminHeaders.cookie! } });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe('/participant');
    // No participant session replaces the admin's (a slid admin cookie would carry the same token).
    expect(sessionCookieFrom(opened) ?? adminHeaders.cookie).toBe(adminHeaders.cookie);
    expect((await get('/api/participant/session', adminHeaders)).json()).toEqual({ email: null, isAdmin: true });
  });
});
