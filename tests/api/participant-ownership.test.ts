import { count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { NOT_YOUR_BOOKINGS, participantLinkFor } from '../../src/features/participant/server/participant-access';
import {
  auditLog,
  bookingReminders,
  bookings,
  emailOutbox,
  followUpCalls,
  participantProfiles,
  payments,
  refundRequests,
  workshopAssets,
  workshopDates,
} from '../../src/server/db/schema';
import { insertBookingsWithOrders } from '../../src/server/db/single-seat-orders';
import { registeredRoutes } from '../../src/server/plugins/auth';
import { createWorkshopDate } from '../helpers/factories';
import { clientHeaders, createTestApp, sessionCookieFrom, TEST_SECRET } from '../helpers/test-app';

/**
 * CONTRACT §5, proved for every participant route the app has: without a session 401; with the
 * session of someone who is not the booking's owner 403, an audit row, and no change anywhere.
 * The list comes from the app itself, so routes added later under /api/participant/ (refunds,
 * cancellation, calendar) are walked without touching this file.
 */

// Getting in and out is open to anyone by design (participant-access.test.ts covers it).
const OPEN = new Set(['/api/participant/access', '/api/participant/session', '/api/participant/logout']);
const PARTICIPANT_PATH = /^\/api\/participant\/|^\/api\/view-asset(\/|$)/;
const VICTIM = 'victim@example.com';
const STRANGER = 'stranger@example.com';

// Built at module level so the route table exists when the tests are collected.
const app = await createTestApp();
afterAll(async () => {
  await app.close();
});
const { db } = app.database;

const victimDate = await createWorkshopDate(db, { zoomLink: 'https://zoom.us/j/victim', zoomMeetingId: '999', zoomPassword: 'victim-pass', seatsTaken: 1 });
const strangerDate = await createWorkshopDate(db, { seatsTaken: 1 });
const booked = { lastName: 'Person', company: '', originalPriceCents: 49900, finalPriceCents: 49900, isPaid: true, status: 'confirmed' as const };
const [victimBooking] = await insertBookingsWithOrders(db, { ...booked, workshopDateId: victimDate.id, firstName: 'Victor', email: VICTIM, stripePaymentId: 'demo_pi_victim' });
await insertBookingsWithOrders(db, { ...booked, workshopDateId: strangerDate.id, firstName: 'Stan', email: STRANGER });
await db.insert(payments).values({ provider: 'demo', providerPaymentId: 'demo_pi_victim', workshopDateId: victimDate.id, orderId: victimBooking!.orderId, amountCents: 49900, status: 'succeeded' });
// A follow-up call of the victim's seat, for the routes that name a call.
const [victimCall] = await db
  .insert(followUpCalls)
  .values({ bookingId: victimBooking!.id, startsAt: new Date('2031-07-10T15:00:00Z'), endsAt: new Date('2031-07-10T15:30:00Z'), meetingLink: 'https://meet.example.com/victim' })
  .returning();
const [victimAsset] = await db
  .insert(workshopAssets)
  .values({ workshopDateId: victimDate.id, title: 'Victim slides', type: 'slides', content: '<p>Only for the victim</p>' })
  .returning();

async function sessionFor(email: string): Promise<string> {
  const link = new URL(participantLinkFor(TEST_SECRET, 'http://test.local', email));
  const opened = await app.inject({ url: `${link.pathname}${link.search}`, headers: { accept: 'text/html' } });
  const cookie = sessionCookieFrom(opened);
  if (!cookie) throw new Error(`no session for ${email}`);
  return cookie;
}
const strangerCookie = await sessionFor(STRANGER);
const victimCookie = await sessionFor(VICTIM);

/** The victim's id for each parameter a participant route may take. */
function valueFor(param: string, url: string): number {
  if (param === 'workshopDateId' || param === 'workshopId') return victimDate.id;
  if (param === 'id' && url.startsWith('/api/view-asset')) return victimAsset!.id;
  if (param === 'callId' || (param === 'id' && url.startsWith('/api/participant/calls/'))) return victimCall!.id;
  return victimBooking!.id;
}
const concrete = (pattern: string) =>
  `${pattern.replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, (_, name: string) => String(valueFor(name, pattern))).replace(/\*/g, 'x')}?email=${encodeURIComponent(VICTIM)}`;

/** A body every participant write would accept from the owner: the refusal must come from ownership, not validation. */
const PLAUSIBLE_BODY = { email: VICTIM, reason: 'I can no longer attend this workshop, sorry.', bio: 'hijacked', preferences: 'hijacked', profileImageUrl: '', optionIds: [], workshopDateId: 1, startsAt: '2031-07-11T15:00:00Z' };

const walked = registeredRoutes(app)
  .filter((route) => PARTICIPANT_PATH.test(route.url) && !OPEN.has(route.url) && route.method !== 'HEAD')
  .map((route) => ({ ...route, path: concrete(route.url) }));

const send = (route: { method: string; path: string }, headers: Record<string, string>) =>
  app.inject({ method: route.method as 'GET', url: route.path, headers, payload: route.method === 'GET' ? undefined : PLAUSIBLE_BODY });

/** Everything a participant call could change, read back whole. */
async function snapshot() {
  const [outbox] = await db.select({ n: count() }).from(emailOutbox);
  return {
    bookings: await db.select().from(bookings).orderBy(bookings.id),
    dates: await db.select({ id: workshopDates.id, seatsTaken: workshopDates.seatsTaken }).from(workshopDates).orderBy(workshopDates.id),
    refunds: await db.select().from(refundRequests),
    profiles: await db.select().from(participantProfiles),
    payments: await db.select().from(payments),
    reminders: await db.select().from(bookingReminders),
    calls: await db.select().from(followUpCalls).orderBy(followUpCalls.id),
    outbox: outbox!.n,
  };
}
const deniedRows = async () => (await db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'participant_access_denied')))[0]!.n;

describe('the participant route table', () => {
  it('is read from the app and holds at least the participant reads and the profile', () => {
    expect(walked.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining([
        'GET /api/participant/bookings',
        'GET /api/participant/booking/:bookingId/workshop-details',
        'GET /api/participant/workshop-details/:workshopDateId',
        'GET /api/participant/booking/:bookingId/assets',
        'GET /api/participant/profile/:bookingId',
        'PUT /api/participant/profile/:bookingId',
        'GET /api/view-asset/:id',
      ]),
    );
  });
});

describe.each(walked)('$method $url', (route) => {
  it('answers 401 without a session and changes nothing', async () => {
    const before = await snapshot();
    const response = await send(route, clientHeaders);
    expect(response.statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it("answers 403 to a stranger's session for the victim's booking, logs it and changes nothing", async () => {
    const before = await snapshot();
    const logged = await deniedRows();
    const response = await send(route, { ...clientHeaders, cookie: strangerCookie });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: NOT_YOUR_BOOKINGS });
    expect(response.body).not.toContain('victim-pass');
    expect(await deniedRows()).toBe(logged + 1);
    expect(await snapshot()).toEqual(before);
  });

  // Proves the walked URL names something real: the owner is let through. Writes are not replayed
  // by the owner here, so the walk never cancels or refunds the booking it is guarding.
  if (route.method === 'GET') {
    it('lets the owner through', async () => {
      const response = await send(route, { ...clientHeaders, cookie: victimCookie });
      expect([401, 403]).not.toContain(response.statusCode);
      expect(response.statusCode).toBeLessThan(400);
    });
  }
});
