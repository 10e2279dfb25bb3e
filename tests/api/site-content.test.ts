import { describe, expect, it } from 'vitest';
import { adminTestSession, clientHeaders } from '../helpers/test-app';

/** Issue 18 point 6: the promo sticker and the footer's legal pages, written by the admin. */

const session = adminTestSession();
const get = (url: string) => session.app.inject({ method: 'GET', url, headers: clientHeaders });
const save = (payload: object) => session.app.inject({ method: 'POST', url: '/api/admin/settings', headers: session.headers, payload });
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe('the promo sticker', () => {
  it("shows the specification's text until an admin writes another", async () => {
    expect((await get('/api/site-content')).json()).toEqual({ promo: 'Only $5 until June 21!' });
  });

  it('shows the saved text through its last day, and hides it after that day or when emptied', async () => {
    expect((await save({ promoText: ' Early bird: $399 until May 1 ', promoEndsOn: day(0) })).statusCode).toBe(200);
    expect((await get('/api/site-content')).json()).toEqual({ promo: 'Early bird: $399 until May 1' });
    expect((await save({ promoEndsOn: day(-1) })).statusCode).toBe(200);
    expect((await get('/api/site-content')).json()).toEqual({ promo: null });
    expect((await save({ promoEndsOn: '' })).json()).toMatchObject({ promoText: 'Early bird: $399 until May 1', promoEndsOn: null });
    expect((await get('/api/site-content')).json()).toEqual({ promo: 'Early bird: $399 until May 1' });
    expect((await save({ promoText: '' })).statusCode).toBe(200);
    expect((await get('/api/site-content')).json()).toEqual({ promo: null });
  });

  it.each([
    [{ promoEndsOn: '2027-02-30' }, 'Promo end date must be a date like 2027-06-21'],
    [{ promoEndsOn: 'next friday' }, 'Promo end date must be a date like 2027-06-21'],
    [{ promoText: 'x'.repeat(61) }, 'Promo text must be 60 characters or less'],
  ])('refuses %j with 400 and changes nothing', async (payload, message) => {
    const before = (await get('/api/site-content')).body;
    const response = await save(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message });
    expect((await get('/api/site-content')).body).toBe(before);
  });
});

describe('the legal pages', () => {
  it.each([
    ['privacy', 'Privacy Policy', /your name, e-mail address/],
    ['terms', 'Terms of Service', /Cancel at least 7 days before/],
    ['cookies', 'Cookie Policy', /one cookie/],
  ])('/api/legal/%s starts with a plain default under its title', async (page, title, text) => {
    const response = await get(`/api/legal/${page}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ title });
    expect(response.json().content).toMatch(text);
  });

  it("answers the admin's own text once saved, and 404 for a page that does not exist", async () => {
    expect((await save({ privacyPolicy: '## Who we are\n\nSam Rivera, running workshops.' })).statusCode).toBe(200);
    const page = (await get('/api/legal/privacy')).json();
    expect(page).toMatchObject({ title: 'Privacy Policy', content: '## Who we are\n\nSam Rivera, running workshops.' });
    expect(typeof page.updatedAt).toBe('string');
    const missing = await get('/api/legal/constructor');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Page not found' });
  });
});
