import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcements, blogPosts, testimonials, workshopDates } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../helpers/test-app';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp({ seed: true });
});
afterAll(async () => {
  await app.close();
});

async function getJson(url: string) {
  const response = await app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

describe('GET /api/workshop-dates', () => {
  it('lists only active dates, by start time with TBC last, with seats remaining and dollar prices', async () => {
    const rows = await app.database.db.select().from(workshopDates);
    const { status, body } = await getJson('/api/workshop-dates');
    expect(status).toBe(200);

    const active = rows.filter((row) => row.isActive);
    expect(body.map((d: { id: number }) => d.id).sort()).toEqual(active.map((row) => row.id).sort());
    expect(rows.some((row) => !row.isActive)).toBe(true);

    const tbcIndex = body.findIndex((d: { isTBC: boolean }) => d.isTBC);
    expect(tbcIndex).toBe(body.length - 1);
    const starts = body.filter((d: { startsAt: string | null }) => d.startsAt).map((d: { startsAt: string }) => Date.parse(d.startsAt));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));

    for (const date of body) {
      const row = rows.find((r) => r.id === date.id)!;
      expect(date.seatsRemaining).toBe(row.seatsTotal - row.seatsTaken);
      expect(date.price).toBe(row.priceCents / 100);
    }
    expect(body.some((d: { seatsRemaining: number }) => d.seatsRemaining === 0)).toBe(true);
    expect(body.find((d: { isTBC: boolean }) => d.isTBC)).toMatchObject({ date: '', time: '' });
  });

  it('hides a workshop once it has ended', async () => {
    const [past] = await app.database.db
      .insert(workshopDates)
      .values({
        title: 'Yesterday',
        date: 'January 5, 2020',
        time: '10:00 AM - 12:00 PM',
        timezone: 'PST',
        startsAt: new Date('2020-01-05T18:00:00Z'),
        endsAt: new Date('2020-01-05T20:00:00Z'),
      })
      .returning();
    const { body } = await getJson('/api/workshop-dates');
    expect(body.map((d: { id: number }) => d.id)).not.toContain(past!.id);
    expect((await getJson(`/api/workshop-dates/${past!.id}`)).status).toBe(404);
  });

  it('answers one date by id, 404 for an inactive one and 400 for a bad id', async () => {
    const [active] = await app.database.db.select().from(workshopDates).where(eq(workshopDates.isActive, true)).limit(1);
    const [inactive] = await app.database.db.select().from(workshopDates).where(eq(workshopDates.isActive, false)).limit(1);

    const one = await getJson(`/api/workshop-dates/${active!.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: active!.id, title: active!.title, seatsRemaining: active!.seatsTotal - active!.seatsTaken });

    const hidden = await getJson(`/api/workshop-dates/${inactive!.id}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({ message: 'Workshop date not found' });

    const bad = await getJson('/api/workshop-dates/abc');
    expect(bad.status).toBe(400);
    expect(typeof bad.body.message).toBe('string');
  });

  it('is not cached by browsers', async () => {
    const { headers } = await getJson('/api/workshop-dates');
    expect(headers['cache-control']).toBe('no-store');
  });
});

describe('GET /api/testimonials', () => {
  it('lists published testimonials by sortOrder, a missing order counting as 0', async () => {
    await app.database.db.insert(testimonials).values([
      { name: 'No Order', text: 'Sorted as zero' },
      { name: 'Hidden Person', text: 'Not published', isPublished: false, sortOrder: -5 },
    ]);
    const { status, body } = await getJson('/api/testimonials');
    expect(status).toBe(200);
    expect(body[0].name).toBe('No Order');
    expect(body.map((t: { name: string }) => t.name)).not.toContain('Hidden Person');
    const orders = body.map((t: { sortOrder: number | null }) => t.sortOrder ?? 0);
    expect(orders).toEqual([...orders].sort((a: number, b: number) => a - b));
    expect(body.length).toBeGreaterThanOrEqual(4);
  });
});

describe('GET /api/announcements', () => {
  it('lists published announcements and strips scripts even from rows written around the API', async () => {
    await app.database.db.insert(announcements).values({
      title: 'Hostile',
      content: '<p onclick="steal()">Hi<script>alert(1)</script><a href="javascript:alert(1)">x</a></p>',
      sortOrder: 99,
    });
    await app.database.db.insert(announcements).values({ title: 'Draft', content: 'x', isPublished: false });
    const { status, body } = await getJson('/api/announcements');
    expect(status).toBe(200);
    const hostile = body.find((a: { title: string }) => a.title === 'Hostile');
    expect(hostile.content).toContain('Hi');
    expect(hostile.content).not.toMatch(/script|onclick|javascript:/i);
    expect(body.map((a: { title: string }) => a.title)).not.toContain('Draft');
    expect(body.filter((a: { emailFormEnabled: boolean }) => a.emailFormEnabled).length).toBeGreaterThanOrEqual(1);
  });
});

describe('GET /api/blog-posts', () => {
  it('lists only published posts, newest first', async () => {
    const all = await app.database.db.select().from(blogPosts);
    const { status, body } = await getJson('/api/blog-posts');
    expect(status).toBe(200);
    expect(body.map((p: { slug: string }) => p.slug).sort()).toEqual(all.filter((p) => p.isPublished).map((p) => p.slug).sort());
    const dates = body.map((p: { publishedAt: string }) => Date.parse(p.publishedAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it('answers a published post by slug and "Post Not Found" for a draft or an unknown slug', async () => {
    const all = await app.database.db.select().from(blogPosts);
    const published = all.find((p) => p.isPublished)!;
    const draft = all.find((p) => !p.isPublished)!;

    const one = await getJson(`/api/blog-posts/${published.slug}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ slug: published.slug, title: published.title, isPublished: true });

    for (const slug of [draft.slug, 'no-such-post']) {
      const missing = await getJson(`/api/blog-posts/${slug}`);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: 'Post Not Found' });
    }
  });
});
