/**
 * The public read cache changes only with the data. A write drops the cached reads only when what
 * the public sees changed, and only the reads that show it: before this, replaying a known
 * payment id to POST /api/bookings (or asking for a payment) cleared the whole public cache on
 * every call, and one client at 62 requests a second cut GET / from 2,617 to 496 a second.
 *
 * How it is seen from outside: after the cache is warm, rows are changed behind the app's back
 * (straight in the database). A read that still shows the old row came from the cache; one that
 * shows the new row was read again because a write dropped it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPosts, testimonials, workshopDates } from '../../src/server/db/schema';
import { payWithDemoCard } from '../helpers/demo-payments';
import { buyer, createDiscountCode } from '../helpers/factories';
import { clientHeaders, createTestApp, loginAsAdmin, type TestApp } from '../helpers/test-app';

let app: TestApp;
let admin: Record<string, string>;
let caller = 0;

beforeAll(async () => {
  // A cache that keeps answers for an hour: only a write can make a read fresh here.
  app = await createTestApp({ publicCacheMs: 3_600_000 });
  admin = (await loginAsAdmin(app)).headers;
  await app.database.db.insert(blogPosts).values({ slug: 'cache-notes', title: 'Cache notes', content: '<p>Hi</p>', authorName: 'Ada', isPublished: true, publishedAt: new Date() });
  await app.database.db.insert(testimonials).values({ name: 'Grace', text: 'Great', isPublished: true, sortOrder: 1 });
});
afterAll(async () => {
  await app.close();
});

/** A date made the way the organiser makes one, so the public reads show it. */
async function newDate(title: string, seatsTotal = 5) {
  const created = await app.inject({
    method: 'POST',
    url: '/api/admin/workshop-dates',
    headers: admin,
    payload: { title, date: 'July 4, 2031', time: '10:00 AM - 12:00 PM', timezone: 'PST', seatsTotal, price: 499, isActive: true, requiresImmediatePayment: false },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json() as { id: number };
}

/** Each call from its own address, as many visitors' would (the per-address limits are tested elsewhere). */
const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload, headers: clientHeaders, remoteAddress: `10.9.${(++caller >> 8) & 255}.${caller & 255}` });
const read = async (url: string) => (await app.inject({ method: 'GET', url })).json();

/** Renames a date, a post and a testimonial behind the app's back; answers what each read shows now. */
async function changeBehindTheAppsBack(dateId: number, mark: string) {
  const db = app.database.db;
  await db.update(workshopDates).set({ title: `Date ${mark}` }).where(eq(workshopDates.id, dateId));
  await db.update(blogPosts).set({ title: `Post ${mark}` }).where(eq(blogPosts.slug, 'cache-notes'));
  await db.update(testimonials).set({ text: `Quote ${mark}` });
}
async function whatThePublicSees(dateId: number) {
  const dates = (await read('/api/workshop-dates')) as { id: number; title: string; seatsRemaining: number }[];
  const posts = (await read('/api/blog-posts')) as { slug: string; title: string }[];
  const quotes = (await read('/api/testimonials')) as { text: string }[];
  const date = dates.find((row) => row.id === dateId)!;
  return { dateTitle: date.title, seatsRemaining: date.seatsRemaining, postTitle: posts.find((row) => row.slug === 'cache-notes')!.title, quote: quotes[0]!.text };
}

describe('the public cache', () => {
  it('is kept by calls that change nothing the public sees: replays, refusals, a payment asked again, a held seat paid', async () => {
    const date = await newDate('Date original');
    const who = buyer('cache-paid');
    const { paymentIntentId } = await payWithDemoCard(app, { workshopDateId: date.id, customerInfo: who });
    await createDiscountCode(app.database.db, { code: 'CACHEONCE', maxUses: 1 });
    const before = await whatThePublicSees(date.id);
    expect(before).toMatchObject({ dateTitle: 'Date original', seatsRemaining: 4 });

    await changeBehindTheAppsBack(date.id, 'renamed');
    // A replayed payment: the same booking, answered each time.
    for (let n = 0; n < 5; n++) expect((await post('/api/bookings', { workshopDateId: date.id, ...who, stripePaymentId: paymentIntentId, isPaid: true })).statusCode).toBe(201);
    // Refused: a payment nobody made, a code that does not exist, a date that is not there, a free booking without a code.
    expect((await post('/api/bookings', { workshopDateId: date.id, ...who, stripePaymentId: 'pi_made_up', isPaid: true })).statusCode).toBe(402);
    expect((await post('/api/create-payment-intent', { workshopDateId: date.id, customerInfo: who, discountCode: 'NO-SUCH-CODE' })).statusCode).toBe(400);
    expect((await post('/api/create-payment-intent', { workshopDateId: 987_654, customerInfo: who })).statusCode).toBe(404);
    expect((await post('/api/bookings', { workshopDateId: date.id, ...who, stripePaymentId: 'free-booking' })).statusCode).toBe(402);
    expect((await post('/api/discount-codes/check', { workshopDateId: date.id, code: 'NO-SUCH-CODE' })).statusCode).toBe(400);
    expect(await whatThePublicSees(date.id)).toEqual(before);
  });

  it('is kept when a payment is asked for again in its hold window, and when a held seat is paid: the seats shown do not change', async () => {
    const date = await newDate('Date held');
    const who = buyer('cache-held');
    const opened = await post('/api/create-payment-intent', { workshopDateId: date.id, customerInfo: who });
    expect(opened.statusCode).toBe(200);
    const before = await whatThePublicSees(date.id);
    expect(before.seatsRemaining).toBe(4);

    await changeBehindTheAppsBack(date.id, 'held again');
    expect((await post('/api/create-payment-intent', { workshopDateId: date.id, customerInfo: who })).json().paymentIntentId).toBe(opened.json().paymentIntentId);
    const paid = await post('/api/payments/demo/confirm', { paymentIntentId: opened.json().paymentIntentId, cardNumber: '4242 4242 4242 4242' });
    expect(paid.statusCode).toBe(200);
    expect(await whatThePublicSees(date.id)).toEqual(before);
  });

  it('drops only the dates when seats change, and only the posts when a post changes', async () => {
    const date = await newDate('Date before');
    await whatThePublicSees(date.id);
    await changeBehindTheAppsBack(date.id, 'after a hold');

    // A new seat hold changes the seats left: the dates are read again; posts and quotes are not.
    expect((await post('/api/create-payment-intent', { workshopDateId: date.id, customerInfo: buyer('cache-new') })).statusCode).toBe(200);
    const afterHold = await whatThePublicSees(date.id);
    expect(afterHold).toMatchObject({ dateTitle: 'Date after a hold', seatsRemaining: 4 });
    expect(afterHold.postTitle).not.toBe('Post after a hold');
    expect(afterHold.quote).not.toBe('Quote after a hold');

    // An admin's post: the posts are read again; the dates are not.
    await changeBehindTheAppsBack(date.id, 'after a post');
    const created = await app.inject({ method: 'POST', url: '/api/admin/blog-posts', headers: admin, payload: { title: 'Another', slug: 'another-post', content: '<p>x</p>', isPublished: true } });
    expect(created.statusCode, created.body).toBe(201);
    const afterPost = await whatThePublicSees(date.id);
    expect(afterPost.postTitle).toBe('Post after a post');
    expect(afterPost.dateTitle).toBe('Date after a hold');
    expect(afterPost.quote).not.toBe('Quote after a post');

    // A free booking takes a seat: the dates again.
    await createDiscountCode(app.database.db, { code: 'CACHEFREE', discountPercent: 100 });
    expect((await post('/api/bookings', { workshopDateId: date.id, ...buyer('cache-free'), discountCode: 'CACHEFREE', stripePaymentId: 'free-booking' })).statusCode).toBe(201);
    expect(await whatThePublicSees(date.id)).toMatchObject({ dateTitle: 'Date after a post', seatsRemaining: 3 });
  });
});
