import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BIO_TOO_LONG,
  BOOKING_CANCELLED,
  EMAIL_REQUIRED_FOR_ADMIN,
  PREFERENCES_TOO_LONG,
  PROFILE_IMAGE_INVALID,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_TOO_LARGE,
} from '../../src/features/participant/participant.schema';
import { NOT_YOUR_BOOKINGS, SIGN_IN_FIRST } from '../../src/features/participant/server/participant-access';
import { auditLog, bookings, discountCodes, participantProfiles, payments, refundRequests, refunds, workshopAssets } from '../../src/server/db/schema';
import { insertBookingsWithOrders } from '../../src/server/db/single-seat-orders';
import { createWorkshopDate } from '../helpers/factories';
import { participantHeaders } from '../helpers/participant-session';
import { clientHeaders, createTestApp, loginAsAdmin, type TestApp } from '../helpers/test-app';

/** Spec §2, §7 and CONTRACT §5: what a participant sees of their own bookings, and nothing more. */

let app: TestApp;
let owner: Record<string, string>;
let other: Record<string, string>;
let admin: Record<string, string>;
const ids = {} as Record<'dateA' | 'dateB' | 'inactive' | 'confirmed' | 'reserved' | 'cancelled' | 'refunded' | 'othersBooking', number>;
const assets = {} as Record<'slidesA' | 'tipsAll' | 'slidesB' | 'laterA', number>;

const OWNER = 'owner@example.com';
const OTHER = 'other@example.com';
/** Workshop A's details as stored, and as its confirmed participant reads them. */
const DATE_A_DETAILS = {
  title: 'Prototype Lab',
  expertiseLevel: 'some_expertise',
  zoomLink: 'https://zoom.us/j/555',
  zoomMeetingId: '555 000 111',
  zoomPassword: 'secret-pass',
  additionalInfo: 'Bring a laptop.',
} as const;
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);


const get = (url: string, headers: Record<string, string> = clientHeaders) => app.inject({ method: 'GET', url, headers });
const putProfile = (bookingId: number, payload: unknown, headers: Record<string, string>) =>
  app.inject({ method: 'PUT', url: `/api/participant/profile/${bookingId}`, headers, payload: payload as object });
const deniedRows = async () => (await app.database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'participant_access_denied')))[0]!.n;

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
function pngDataUrl(bytes: number): string {
  const buffer = Buffer.alloc(bytes);
  Buffer.from(PNG_HEAD).copy(buffer);
  return `data:image/png;base64,${buffer.toString('base64')}`;
}

beforeAll(async () => {
  app = await createTestApp();
  const { db } = app.database;
  const dateA = await createWorkshopDate(db, {
    ...DATE_A_DETAILS,
    materialLinks: 'https://example.com/guide\njavascript:alert(1)\nnot a link\n http://example.com/tools ',
  });
  const dateB = await createWorkshopDate(db, { title: 'Teams Lab', date: '', time: '', isTBC: true, startsAt: null, endsAt: null, zoomLink: 'https://zoom.us/j/777', zoomMeetingId: '777', zoomPassword: 'pw-b' });
  const inactive = await createWorkshopDate(db, { isActive: false });
  Object.assign(ids, { dateA: dateA.id, dateB: dateB.id, inactive: inactive.id });

  const base = { firstName: 'Olive', lastName: 'Owner', company: 'Acme', originalPriceCents: 49900, finalPriceCents: 44910, discountAmountCents: 4990 };
  const rows = await insertBookingsWithOrders(db, [
    { ...base, workshopDateId: dateA.id, email: 'Owner@Example.com', isPaid: true, status: 'confirmed', createdAt: daysAgo(10) },
    { ...base, workshopDateId: dateB.id, email: OWNER, isPaid: false, status: 'reserved', paymentMode: 'pay_later', createdAt: daysAgo(5) },
    { ...base, workshopDateId: dateA.id, email: OWNER, isPaid: true, status: 'cancelled', createdAt: daysAgo(1) },
    { ...base, workshopDateId: dateB.id, email: OWNER, isPaid: true, status: 'refunded', createdAt: daysAgo(7) },
    { ...base, workshopDateId: dateA.id, firstName: 'Otto', email: OTHER, isPaid: true, status: 'confirmed', createdAt: daysAgo(3) },
  ]);
  Object.assign(ids, { confirmed: rows[0]!.id, reserved: rows[1]!.id, cancelled: rows[2]!.id, refunded: rows[3]!.id, othersBooking: rows[4]!.id });
  await db.insert(refundRequests).values({ bookingId: ids.refunded, reason: 'I cannot make it after all', status: 'APPROVED', notes: 'Refunded in full', processedAt: daysAgo(6), requestedAt: daysAgo(6.5) });

  const assetRows = await db
    .insert(workshopAssets)
    .values([
      { workshopDateId: dateA.id, title: 'Slides A', description: 'Day one', type: 'slides', content: '<h1>Welcome to A</h1>', sortOrder: 2 },
      { workshopDateId: null, title: 'Tips for all', type: 'tips', content: '<p>Sleep well</p>', sortOrder: 1 },
      { workshopDateId: dateB.id, title: 'Slides B', type: 'slides', content: '<h1>B only</h1>', sortOrder: 0 },
      { workshopDateId: dateA.id, title: 'Later A', type: 'tips', content: '<p>After</p>', sortOrder: 5 },
    ])
    .returning({ id: workshopAssets.id });
  Object.assign(assets, { slidesA: assetRows[0]!.id, tipsAll: assetRows[1]!.id, slidesB: assetRows[2]!.id, laterA: assetRows[3]!.id });

  owner = await participantHeaders(app, OWNER);
  other = await participantHeaders(app, OTHER);
  admin = (await loginAsAdmin(app)).headers;
});
afterAll(async () => {
  await app.close();
});

describe('GET /api/participant/bookings', () => {
  it('answers 401 without a session', async () => {
    const response = await get(`/api/participant/bookings?email=${OWNER}`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: SIGN_IN_FIRST });
  });

  it("lists the session's bookings newest first, without cancelled ones, money in dollars", async () => {
    const response = await get('/api/participant/bookings', owner);
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.map((b: { id: number }) => b.id)).toEqual([ids.reserved, ids.refunded, ids.confirmed]);
    expect(list.map((b: { status: string }) => b.status)).toEqual(['reserved', 'refunded', 'confirmed']);
    const confirmed = list[2];
    expect(confirmed).toMatchObject({
      firstName: 'Olive',
      lastName: 'Owner',
      email: 'Owner@Example.com',
      company: 'Acme',
      isPaid: true,
      finalPrice: 449.1,
      originalPrice: 499,
      discountAmount: 49.9,
      paymentMode: 'pay_now',
      refundRequest: null,
      workshopDate: { id: ids.dateA, title: 'Prototype Lab', expertiseLevel: 'some_expertise', timezone: 'UTC', isTBC: false, time: '10:00 AM - 12:00 PM' },
    });
    expect(new Date(confirmed.createdAt).toISOString()).toBe(confirmed.createdAt);
    expect(typeof confirmed.workshopDate.startsAt).toBe('string');
    expect(list[0].workshopDate).toMatchObject({ id: ids.dateB, isTBC: true, date: '', time: '', startsAt: null });
    expect(list[0].paymentMode).toBe('pay_later');
    expect(list[1].refundRequest).toMatchObject({ status: 'APPROVED', reason: 'I cannot make it after all', notes: 'Refunded in full' });
    expect(typeof list[1].refundRequest.processedAt).toBe('string');
  });

  it('takes its own address in any case as the same address', async () => {
    const response = await get('/api/participant/bookings?email=OWNER%40example.COM', owner);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(3);
  });

  it("refuses another address with 403 and logs the attempt", async () => {
    const before = await deniedRows();
    const response = await get(`/api/participant/bookings?email=${OTHER}`, owner);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: NOT_YOUR_BOOKINGS });
    expect(await deniedRows()).toBe(before + 1);
    const [row] = await app.database.db.select().from(auditLog).where(eq(auditLog.action, 'participant_access_denied')).orderBy(auditLog.id);
    expect(row!.actor).toBe(OWNER);
  });

  it('shows an admin the bookings of the address they name, and asks them to name one', async () => {
    const response = await get(`/api/participant/bookings?email=${OTHER}`, admin);
    expect(response.statusCode).toBe(200);
    expect(response.json().map((b: { id: number }) => b.id)).toEqual([ids.othersBooking]);
    const unnamed = await get('/api/participant/bookings', admin);
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().message).toBe(EMAIL_REQUIRED_FOR_ADMIN);
  });

  it('answers an empty list for a session whose address has no bookings left', async () => {
    const response = await get('/api/participant/bookings', await participantHeaders(app, 'nobody@example.com'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });
});

describe('GET /api/participant/bookings/cancelled', () => {
  it('lists the cancelled bookings with what each cancellation gave back: a refund (sent or pending), a credit code, or nothing', async () => {
    const { db } = app.database;
    const base = { firstName: 'Olive', lastName: 'Owner', email: OWNER, originalPriceCents: 20000, finalPriceCents: 20000, isPaid: true, status: 'cancelled' as const };
    const [sent, pending, credited] = await insertBookingsWithOrders(db, [
      { ...base, workshopDateId: ids.dateA, cancelledAt: daysAgo(0.3) },
      { ...base, workshopDateId: ids.dateB, cancelledAt: daysAgo(0.2) },
      { ...base, workshopDateId: ids.dateA, cancelledAt: daysAgo(0.1) },
    ]);
    await db.insert(refundRequests).values([
      { bookingId: sent!.id, reason: 'Cancelled by the participant', status: 'APPROVED', amountCents: 20000, processedAt: daysAgo(0.3) },
      { bookingId: pending!.id, reason: 'Cancelled by the participant', status: 'PENDING', amountCents: 10000 },
    ]);
    await db.insert(discountCodes).values({ code: 'CREDIT-OLIVE', description: `Credit for cancelled booking #${credited!.id}`, discountPercent: 100, maxUses: 1 });
    // The refund the provider took is in the ledger: half of the sent one's price went back.
    const [payment] = await db
      .insert(payments)
      .values({ provider: 'demo', providerPaymentId: `pi_cancelled_${sent!.id}`, workshopDateId: ids.dateA, orderId: sent!.orderId, amountCents: 20000, status: 'succeeded' })
      .returning();
    await db.insert(refunds).values({ orderId: sent!.orderId, bookingId: sent!.id, paymentId: payment!.id, providerRefundId: `re_cancelled_${sent!.id}`, amountCents: 10000, reason: 'test', actor: 'test' });

    try {
      const response = await get('/api/participant/bookings/cancelled', owner);
      expect(response.statusCode).toBe(200);
      const list = response.json();
      // Newest cancellation first; one without a time of its own goes by its booking's (a day ago).
      expect(list.map((b: { id: number }) => b.id)).toEqual([credited!.id, pending!.id, sent!.id, ids.cancelled]);
      expect(list[0]).toMatchObject({ refund: null, creditCode: 'CREDIT-OLIVE', workshopDate: { id: ids.dateA, title: 'Prototype Lab' } });
      expect(list[1]).toMatchObject({ refund: { amount: 100, state: 'pending' }, creditCode: null, workshopDate: { title: 'Teams Lab', isTBC: true } });
      expect(list[2]).toMatchObject({ refund: { amount: 200, state: 'sent' }, creditCode: null });
      // Each in the words the admin's lists and the CSV use.
      expect(list.map((b: { refundState: { label: string } }) => b.refundState.label)).toEqual([
        'Credit issued',
        'Refund being sent',
        'Partly refunded ($100.00 of $200.00)',
        'Not refunded',
      ]);
      expect(typeof list[2].cancelledAt).toBe('string');
      expect(list[3]).toMatchObject({ id: ids.cancelled, refund: null, creditCode: null, cancelledAt: null });
      // The list of bookings itself still leaves them out (spec §2: cancelling removes the booking from the list).
      const active = (await get('/api/participant/bookings', owner)).json().map((b: { id: number }) => b.id);
      expect(active).not.toContain(sent!.id);
    } finally {
      await db.delete(refunds).where(eq(refunds.bookingId, sent!.id));
      await db.delete(payments).where(eq(payments.providerPaymentId, `pi_cancelled_${sent!.id}`));
      await db.delete(bookings).where(inArray(bookings.id, [sent!.id, pending!.id, credited!.id]));
    }
  });

  it("guards it like the list: another address is 403, an admin names the address", async () => {
    expect((await get(`/api/participant/bookings/cancelled?email=${OTHER}`, owner)).statusCode).toBe(403);
    expect((await get('/api/participant/bookings/cancelled')).statusCode).toBe(401);
    const asAdmin = await get(`/api/participant/bookings/cancelled?email=${OWNER}`, admin);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().map((b: { id: number }) => b.id)).toEqual([ids.cancelled]);
    expect((await get('/api/participant/bookings/cancelled', admin)).statusCode).toBe(400);
  });
});

describe('GET /api/participant/booking/:bookingId/workshop-details', () => {
  it('gives a confirmed booking the meeting details and only the http(s) material links', async () => {
    const response = await get(`/api/participant/booking/${ids.confirmed}/workshop-details`, owner);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ...DATE_A_DETAILS,
      materialLinks: ['https://example.com/guide', 'http://example.com/tools'],
      workshopDate: { date: expect.any(String), time: '10:00 AM - 12:00 PM', timezone: 'UTC', isTBC: false },
      meetingDetailsPending: false,
    });
  });

  it('keeps the meeting room from a reservation that is not paid yet', async () => {
    const response = await get(`/api/participant/booking/${ids.reserved}/workshop-details`, owner);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ title: 'Teams Lab', zoomLink: null, zoomMeetingId: null, zoomPassword: null, meetingDetailsPending: true, workshopDate: { isTBC: true } });
  });

  it('answers 404 for the owner of a cancelled booking', async () => {
    const response = await get(`/api/participant/booking/${ids.cancelled}/workshop-details`, owner);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(BOOKING_CANCELLED);
  });

  it("refuses someone else's booking and a booking that does not exist alike", async () => {
    const before = await deniedRows();
    for (const id of [ids.othersBooking, 999_999]) {
      const response = await get(`/api/participant/booking/${id}/workshop-details`, owner);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: NOT_YOUR_BOOKINGS });
    }
    expect(await deniedRows()).toBe(before + 2);
  });

  it('shows an admin everything', async () => {
    const response = await get(`/api/participant/booking/${ids.reserved}/workshop-details`, admin);
    expect(response.json()).toMatchObject({ zoomLink: 'https://zoom.us/j/777', zoomPassword: 'pw-b', meetingDetailsPending: false });
  });
});

describe('GET /api/participant/workshop-details/:workshopDateId', () => {
  it('answers the details for a date the caller has a confirmed booking for', async () => {
    const response = await get(`/api/participant/workshop-details/${ids.dateA}`, owner);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ title: 'Prototype Lab', zoomMeetingId: '555 000 111', meetingDetailsPending: false });
  });

  it('withholds the meeting room when the only bookings for the date are a reservation and a refund', async () => {
    const response = await get(`/api/participant/workshop-details/${ids.dateB}`, owner);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ zoomLink: null, meetingDetailsPending: true });
  });

  it('refuses (403, logged) a date without a booking, and one that does not exist', async () => {
    const before = await deniedRows();
    for (const id of [ids.dateB, ids.inactive, 999_999]) {
      const response = await get(`/api/participant/workshop-details/${id}`, other);
      expect(response.statusCode).toBe(403);
    }
    expect(await deniedRows()).toBe(before + 3);
    const [last] = await app.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'participant_access_denied'), eq(auditLog.actor, OTHER)));
    expect(last!.details).toMatchObject({ workshopDateId: ids.dateB, method: 'GET', url: `/api/participant/workshop-details/${ids.dateB}` });
  });

  it('answers 401 without a session and lets an admin read any date', async () => {
    expect((await get(`/api/participant/workshop-details/${ids.dateA}`)).statusCode).toBe(401);
    expect((await get(`/api/participant/workshop-details/${ids.dateB}`, admin)).json()).toMatchObject({ zoomLink: 'https://zoom.us/j/777' });
    expect((await get('/api/participant/workshop-details/999999', admin)).statusCode).toBe(404);
  });
});

describe('GET /api/participant/booking/:bookingId/assets', () => {
  it("lists the booking's workshop assets and those for every workshop, by sortOrder", async () => {
    const response = await get(`/api/participant/booking/${ids.confirmed}/assets`, owner);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: assets.tipsAll, asset: { id: assets.tipsAll, title: 'Tips for all', description: null, type: 'tips', content: '<p>Sleep well</p>', sortOrder: 1 } },
      { id: assets.slidesA, asset: { id: assets.slidesA, title: 'Slides A', description: 'Day one', type: 'slides', content: '<h1>Welcome to A</h1>', sortOrder: 2 } },
      { id: assets.laterA, asset: { id: assets.laterA, title: 'Later A', description: null, type: 'tips', content: '<p>After</p>', sortOrder: 5 } },
    ]);
  });

  it('lists the other date its own assets', async () => {
    const response = await get(`/api/participant/booking/${ids.reserved}/assets`, owner);
    expect(response.json().map((item: { id: number }) => item.id)).toEqual([assets.slidesB, assets.tipsAll]);
  });

  it('lists a refunded booking no materials: the seat went back with the money', async () => {
    const response = await get(`/api/participant/booking/${ids.refunded}/assets`, owner);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it("refuses someone else's booking", async () => {
    const response = await get(`/api/participant/booking/${ids.othersBooking}/assets`, owner);
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /api/public/workshop-assets/:workshopId', () => {
  it('lists titles without content for an active date, to anyone', async () => {
    const response = await get(`/api/public/workshop-assets/${ids.dateA}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: assets.tipsAll, title: 'Tips for all', description: null, type: 'tips', sortOrder: 1 },
      { id: assets.slidesA, title: 'Slides A', description: 'Day one', type: 'slides', sortOrder: 2 },
      { id: assets.laterA, title: 'Later A', description: null, type: 'tips', sortOrder: 5 },
    ]);
    expect(response.body).not.toContain('Welcome to A');
  });

  it('answers 404 for an inactive or unknown date', async () => {
    expect((await get(`/api/public/workshop-assets/${ids.inactive}`)).statusCode).toBe(404);
    expect((await get('/api/public/workshop-assets/999999')).statusCode).toBe(404);
  });
});

describe('GET /api/view-asset/:id', () => {
  it('serves the slides as a sandboxed page to a participant with a booking for the workshop', async () => {
    const response = await get(`/api/view-asset/${assets.slidesA}`, owner);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<h1>Welcome to A</h1>');
    expect(response.body).toContain('<title>Slides A</title>');
    const csp = String(response.headers['content-security-policy']);
    expect(csp.split(';').map((part) => part.trim())).toEqual([
      'sandbox',
      "default-src 'none'",
      'img-src https: data:',
      "style-src 'unsafe-inline'",
      "frame-ancestors 'self'",
    ]);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('sets the asset as a readable page: back to My Bookings, its place, and links to the slides before and after it', async () => {
    const { db } = app.database;
    const [second, third] = await db
      .insert(workshopAssets)
      .values([
        { workshopDateId: ids.dateA, title: 'Slides A2 <b>', type: 'slides', content: '<p>Two</p>', sortOrder: 3 },
        { workshopDateId: ids.dateA, title: 'Slides A3', type: 'slides', description: 'Wrap-up', content: '<p>Three</p>', sortOrder: 4 },
      ])
      .returning({ id: workshopAssets.id });
    try {
      const first = (await get(`/api/view-asset/${assets.slidesA}`, owner)).body;
      expect(first).toContain('<a href="/participant">← My Bookings</a>');
      expect(first).toContain('Slides 1 of 3');
      expect(first).not.toContain('rel="prev"');
      expect(first).toContain(`<a rel="next" href="/api/view-asset/${second!.id}">Next: Slides A2 &lt;b&gt; →</a>`);
      expect(first).toContain('<p class="description">Day one</p>');

      const middle = (await get(`/api/view-asset/${second!.id}`, owner)).body;
      expect(middle).toContain('Slides 2 of 3');
      expect(middle).toContain(`<a rel="prev" href="/api/view-asset/${assets.slidesA}">← Previous: Slides A</a>`);
      expect(middle).toContain(`<a rel="next" href="/api/view-asset/${third!.id}">Next: Slides A3 →</a>`);

      const last = (await get(`/api/view-asset/${third!.id}`, owner)).body;
      expect(last).toContain('Slides 3 of 3');
      expect(last).not.toContain('rel="next"');
      // Tips are not slides: a lone tip has no count and no pager.
      const tip = (await get(`/api/view-asset/${assets.tipsAll}`, owner)).body;
      expect(tip).not.toContain(' of ');
      expect(tip).not.toContain('class="pager"');
    } finally {
      await db.delete(workshopAssets).where(inArray(workshopAssets.id, [second!.id, third!.id]));
    }
  });

  it('refuses (403) the slides of a workshop whose only booking was refunded', async () => {
    const refundedOnly = await participantHeaders(app, 'refunded-only@example.com');
    await insertBookingsWithOrders(app.database.db, { workshopDateId: ids.dateB, firstName: 'R', lastName: 'Fund', email: 'refunded-only@example.com', originalPriceCents: 100, finalPriceCents: 100, isPaid: true, status: 'refunded' });
    expect((await get(`/api/view-asset/${assets.slidesB}`, refundedOnly)).statusCode).toBe(403);
  });

  it('serves an asset for every workshop to anyone with a booking, and a reservation its own workshop', async () => {
    expect((await get(`/api/view-asset/${assets.tipsAll}`, other)).statusCode).toBe(200);
    expect((await get(`/api/view-asset/${assets.slidesB}`, owner)).statusCode).toBe(200);
  });

  it('refuses (403, logged) an asset of another workshop, a missing asset, and a participant whose only booking is cancelled', async () => {
    const cancelledOnly = await participantHeaders(app, 'gone@example.com');
    await insertBookingsWithOrders(app.database.db, { workshopDateId: ids.dateA, firstName: 'G', lastName: 'One', email: 'gone@example.com', originalPriceCents: 100, finalPriceCents: 100, status: 'cancelled' });
    const before = await deniedRows();
    for (const [headers, id] of [
      [other, assets.slidesB],
      [other, 999_999],
      [cancelledOnly, assets.tipsAll],
    ] as const) {
      const response = await get(`/api/view-asset/${id}`, headers);
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain('B only');
    }
    expect(await deniedRows()).toBe(before + 3);
  });

  it('answers 401 without a session and serves an admin any asset', async () => {
    expect((await get(`/api/view-asset/${assets.slidesA}`)).statusCode).toBe(401);
    expect((await get(`/api/view-asset/${assets.slidesB}`, admin)).statusCode).toBe(200);
    expect((await get('/api/view-asset/999999', admin)).statusCode).toBe(404);
  });
});

describe('the participant profile', () => {
  const profileRows = () => app.database.db.select().from(participantProfiles).where(eq(participantProfiles.bookingId, ids.confirmed));

  it('is empty until saved', async () => {
    const response = await get(`/api/participant/profile/${ids.confirmed}`, owner);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ bio: '', preferences: '', profileImageUrl: '' });
  });

  it('saves and updates one row per booking', async () => {
    const first = await putProfile(ids.confirmed, { bio: 'Designer', preferences: 'Vegetarian', profileImageUrl: 'https://example.com/me.png' }, owner);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ bio: 'Designer', preferences: 'Vegetarian', profileImageUrl: 'https://example.com/me.png' });
    const second = await putProfile(ids.confirmed, { bio: 'x'.repeat(500), preferences: 'y'.repeat(500), profileImageUrl: '' }, owner);
    expect(second.statusCode).toBe(200);
    const rows = await profileRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ bio: 'x'.repeat(500), preferences: 'y'.repeat(500), profileImageUrl: null });
    expect((await get(`/api/participant/profile/${ids.confirmed}`, owner)).json()).toEqual({ bio: 'x'.repeat(500), preferences: 'y'.repeat(500), profileImageUrl: '' });
  });

  it('stores an uploaded image of up to 2 MB (more than the default 1 MB body limit)', async () => {
    const image = pngDataUrl(PROFILE_IMAGE_MAX_BYTES);
    const response = await putProfile(ids.confirmed, { bio: '', preferences: '', profileImageUrl: image }, owner);
    expect(response.statusCode).toBe(200);
    expect((await profileRows())[0]!.profileImageUrl).toBe(image);
  });

  it.each([
    [{ bio: 'x'.repeat(501) }, BIO_TOO_LONG],
    [{ preferences: 'y'.repeat(501) }, PREFERENCES_TOO_LONG],
    [{ profileImageUrl: 'javascript:alert(1)' }, PROFILE_IMAGE_INVALID],
    [{ profileImageUrl: 'ftp://example.com/me.png' }, PROFILE_IMAGE_INVALID],
    [{ profileImageUrl: `data:image/svg+xml;base64,${Buffer.from('<svg onload="x()"/>').toString('base64')}` }, PROFILE_IMAGE_INVALID],
    [{ profileImageUrl: `data:image/png;base64,${Buffer.from('<html><script>x()</script>').toString('base64')}` }, PROFILE_IMAGE_INVALID],
    [{ profileImageUrl: pngDataUrl(PROFILE_IMAGE_MAX_BYTES + 1) }, PROFILE_IMAGE_TOO_LARGE],
  ])('refuses %# with its message and keeps what was saved', async (input, message) => {
    const before = await profileRows();
    const response = await putProfile(ids.confirmed, { bio: '', preferences: '', profileImageUrl: '', ...input }, owner);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await profileRows()).toEqual(before);
  });

  it("refuses someone else's booking (403) and a caller without a session (401), saving nothing", async () => {
    const stranger = await putProfile(ids.othersBooking, { bio: 'hijack' }, owner);
    expect(stranger.statusCode).toBe(403);
    const anonymous = await putProfile(ids.othersBooking, { bio: 'hijack' }, clientHeaders);
    expect(anonymous.statusCode).toBe(401);
    const rows = await app.database.db.select().from(participantProfiles).where(eq(participantProfiles.bookingId, ids.othersBooking));
    expect(rows).toEqual([]);
    expect((await get(`/api/participant/profile/${ids.othersBooking}`, owner)).statusCode).toBe(403);
  });

  it('refuses a stranger before reading a large body', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: `/api/participant/profile/${ids.othersBooking}`,
      headers: { ...owner, 'content-type': 'application/json' },
      payload: '{"bio": not json at all',
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses the session cookie without X-Client-Source (CSRF)', async () => {
    const response = await putProfile(ids.confirmed, { bio: 'csrf' }, { cookie: owner.cookie! });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('csrf_rejected');
  });

  it('lets an admin read and save a participant profile', async () => {
    const saved = await putProfile(ids.othersBooking, { bio: 'Set by admin' }, admin);
    expect(saved.statusCode).toBe(200);
    expect((await get(`/api/participant/profile/${ids.othersBooking}`, admin)).json()).toMatchObject({ bio: 'Set by admin' });
  });
});
