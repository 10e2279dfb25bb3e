import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payLinkFor } from '../../src/features/booking/server/booking-links';
import { ACCESS_LINK_SENT, INVALID_EMAIL } from '../../src/features/participant/participant.schema';
import { ACCESS_EMAIL_KIND, ACCESS_EMAILS_PER_HOUR, participantLinkFor } from '../../src/features/participant/server/participant-access';
import { emailOutbox } from '../../src/server/db/schema';
import { insertBookingsWithOrders } from '../../src/server/db/single-seat-orders';
import { buyer, createWorkshopDate } from '../helpers/factories';
import { clientHeaders, createTestApp, loginAsAdmin, sessionCookieFrom, TEST_SECRET, type TestApp } from '../helpers/test-app';
import { asSent } from '../helpers/outbox';

/** CONTRACT §5: a participant gets in only through the link e-mailed to their address. */

let app: TestApp;
const BOOKED = 'booked.person@example.com';

beforeAll(async () => {
  app = await createTestApp();
  const date = await createWorkshopDate(app.database.db);
  await insertBookingsWithOrders(app.database.db, { workshopDateId: date.id, ...buyer('p'), email: 'Booked.Person@Example.com', originalPriceCents: 49900, finalPriceCents: 49900, isPaid: true });
});
afterAll(async () => {
  await app.close();
});

const requestLink = (email: unknown) => app.inject({ method: 'POST', url: '/api/participant/access', headers: clientHeaders, payload: { email } });
const accessEmails = (to: string) =>
  app.database.db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, ACCESS_EMAIL_KIND), eq(emailOutbox.to, to))).then((rows) => rows.map(asSent));
const linkIn = (html: string) => /href="(http:\/\/test\.local\/participant\?token=[^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');

describe('POST /api/participant/access', () => {
  it('answers the same for an address with bookings and one without, and e-mails only the first', async () => {
    const stranger = await requestLink('nobody@example.com');
    const booked = await requestLink(' BOOKED.person@example.com ');
    expect(stranger.statusCode).toBe(200);
    expect(booked.statusCode).toBe(200);
    expect(stranger.json()).toEqual({ success: true, message: ACCESS_LINK_SENT });
    expect(booked.body).toBe(stranger.body);
    expect(await accessEmails('nobody@example.com')).toHaveLength(0);
    const [mail] = await accessEmails(BOOKED);
    expect(linkIn(mail!.html)).toMatch(/^http:\/\/test\.local\/participant\?token=/);
  });

  it(`sends at most ${ACCESS_EMAILS_PER_HOUR} links an hour to one address, still answering the same`, async () => {
    for (let i = 0; i < ACCESS_EMAILS_PER_HOUR + 2; i++) expect((await requestLink(BOOKED)).json().message).toBe(ACCESS_LINK_SENT);
    expect(await accessEmails(BOOKED)).toHaveLength(ACCESS_EMAILS_PER_HOUR);
  });

  it("refuses an address without '@' with the spec's message", async () => {
    for (const email of ['not-an-email', '', undefined]) {
      const response = await requestLink(email);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(INVALID_EMAIL);
    }
  });
});

describe('opening the link', () => {
  it('starts a participant session for that address and drops the token from the address bar', async () => {
    const [mail] = await accessEmails(BOOKED);
    const link = new URL(linkIn(mail!.html)!);
    const opened = await app.inject({ url: `${link.pathname}${link.search}`, headers: { accept: 'text/html' } });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe('/participant');
    const cookie = sessionCookieFrom(opened);
    expect(cookie).toBeTruthy();
    const session = await app.inject({ url: '/api/participant/session', headers: { ...clientHeaders, cookie: cookie! } });
    expect(session.json()).toEqual({ email: BOOKED, isAdmin: false });

    const loggedOut = await app.inject({ method: 'POST', url: '/api/participant/logout', headers: { ...clientHeaders, cookie: cookie! } });
    expect(loggedOut.statusCode).toBe(200);
    const after = await app.inject({ url: '/api/participant/session', headers: { ...clientHeaders, cookie: cookie! } });
    expect(after.json()).toEqual({ email: null, isAdmin: false });
  });

  it('refuses a forged, expired or other-purpose token without starting a session', async () => {
    const expired = participantLinkFor(TEST_SECRET, 'http://test.local', BOOKED, Date.now() - 8 * 86_400_000);
    const forged = participantLinkFor('another-secret-another-secret-another!', 'http://test.local', BOOKED);
    const payToken = new URL(payLinkFor(TEST_SECRET, 'http://test.local', 1)).searchParams.get('token')!;
    for (const token of [new URL(expired).searchParams.get('token')!, new URL(forged).searchParams.get('token')!, payToken, 'garbage']) {
      const response = await app.inject({ url: `/participant?token=${encodeURIComponent(token)}`, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/participant?link=invalid');
      expect(sessionCookieFrom(response)).toBeNull();
    }
  });

  it('serves the page itself without a token', async () => {
    const page = await app.inject({ url: '/participant', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>My Bookings');
  });

  it('leaves an admin signed in as admin when they open a participant link', async () => {
    const { cookie } = await loginAsAdmin(app);
    const link = new URL(participantLinkFor(TEST_SECRET, 'http://test.local', BOOKED));
    const opened = await app.inject({ url: `${link.pathname}${link.search}`, headers: { accept: 'text/html', cookie } });
    expect(opened.statusCode).toBe(303);
    const session = await app.inject({ url: '/api/participant/session', headers: { ...clientHeaders, cookie } });
    expect(session.json()).toEqual({ email: null, isAdmin: true });
  });
});
