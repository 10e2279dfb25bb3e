import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, blogPosts } from '../../src/server/db/schema';
import { clientHeaders, TEST_ADMIN, adminTestSession } from '../helpers/test-app';

/** CONTRACT §6: blog posts in the admin area, and what visitors see of them at once. */

const session = adminTestSession();
const { call } = session;
const create = (payload: Record<string, unknown>) => call('POST', '/api/admin/blog-posts', payload);
const update = (id: number, payload: Record<string, unknown>) => call('PUT', `/api/admin/blog-posts/${id}`, payload);
const rowOf = async (id: number) => (await session.db.select().from(blogPosts).where(eq(blogPosts.id, id)))[0];
const publicList = async () => (await session.app.inject({ url: '/api/blog-posts', headers: clientHeaders })).json() as { slug: string; title: string; content: string }[];
const page = (slug: string) => session.app.inject({ url: `/blog/${slug}`, headers: { accept: 'text/html' } });
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? null;

describe('guard', () => {
  it('answers 401 without a session, for reads and writes, and writes nothing', async () => {
    const post = await session.app.inject({ method: 'POST', url: '/api/admin/blog-posts', headers: clientHeaders, payload: { title: 'Sneaky', authorName: 'x' } });
    expect(post.statusCode).toBe(401);
    const list = await session.app.inject({ url: '/api/admin/blog-posts', headers: clientHeaders });
    expect(list.statusCode).toBe(401);
    expect(await session.db.select().from(blogPosts).where(eq(blogPosts.title, 'Sneaky'))).toHaveLength(0);
  });
});

describe('POST /api/admin/blog-posts', () => {
  it('makes the slug from the title, defaults the author to the admin and stores a draft', async () => {
    const response = await create({ title: '  Café Crème: 10 Tips for Better Workshops!  ' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      id: expect.any(Number),
      slug: 'cafe-creme-10-tips-for-better-workshops',
      title: 'Café Crème: 10 Tips for Better Workshops!',
      excerpt: null,
      content: '',
      featuredImageUrl: null,
      authorName: TEST_ADMIN.email.split('@')[0],
      isPublished: false,
      publishedAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const row = await rowOf(body.id);
    expect(row).toMatchObject({ slug: 'cafe-creme-10-tips-for-better-workshops', authorName: 'admin', isPublished: false, publishedAt: null });
    const [audit] = await session.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'blog_post_created'), eq(auditLog.entityId, String(body.id))));
    expect(audit).toMatchObject({ actor: TEST_ADMIN.email, entity: 'blog_post' });
  });

  it('keeps a given slug (lower-cased) and answers 409 for a slug in use, given or made from the title', async () => {
    const first = await create({ title: 'Original', slug: ' Shared-Slug ', authorName: 'Ann' });
    expect(first.statusCode).toBe(201);
    expect(first.json().slug).toBe('shared-slug');

    const taken = await create({ title: 'Another', slug: 'shared-slug', authorName: 'Ann' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: 'A post with this slug already exists' });

    const fromTitle = await create({ title: 'Shared slug', authorName: 'Ann' });
    expect(fromTitle.statusCode).toBe(409);
    expect(fromTitle.json().message).toBe('A post with this slug already exists');
    expect(await session.db.select().from(blogPosts).where(eq(blogPosts.slug, 'shared-slug'))).toHaveLength(1);
  });

  it('refuses invalid input with the schema messages and writes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ authorName: 'Ann' }, 'Title is required'],
      [{ title: '   ', authorName: 'Ann' }, 'Title is required'],
      [{ title: 'x'.repeat(201) }, 'Title must be 200 characters or less'],
      [{ title: 'Bad slug', slug: 'bad slug!' }, 'Slug may only contain lower-case letters, digits and single hyphens (-)'],
      [{ title: 'Bad slug', slug: 'ünïcode' }, 'Slug may only contain lower-case letters, digits and single hyphens (-)'],
      [{ title: '日本語のタイトル' }, 'Please enter a slug: the title has no letters or digits to make one from'],
      [{ title: 'Bad image', featuredImageUrl: 'javascript:alert(1)' }, 'Featured image must be a web address (https://…) or an uploaded image (/uploads/…)'],
      [{ title: 'Bad date', publishedAt: 'tomorrow' }, 'Please enter a valid published date'],
      [{ title: 'Bad flag', isPublished: 'yes' }, 'isPublished must be true or false'],
      [{ title: 'Long excerpt', excerpt: 'e'.repeat(501) }, 'Excerpt must be 500 characters or less'],
      [{ title: 'Long author', authorName: 'a'.repeat(101) }, 'Author name must be 100 characters or less'],
    ];
    const before = (await session.db.select().from(blogPosts)).length;
    for (const [payload, message] of cases) {
      const response = await create(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message, JSON.stringify(payload)).toBe(message);
    }
    expect(await session.db.select().from(blogPosts)).toHaveLength(before);
  });

  it('strips hostile HTML on create and on update, keeping the safe formatting', async () => {
    const hostile = [
      '<p>Hello <strong>bold</strong> <em>it</em></p>',
      '<script>alert(1)</script>',
      '<p onclick="alert(2)" onmouseover="alert(3)">Click</p>',
      '<a href="javascript:alert(4)">bad link</a>',
      '<a href="https://example.com" target="_blank">good link</a>',
      '<svg><script>alert(5)</script><circle onload="alert(6)"/></svg>',
      '<iframe src="https://evil.test"></iframe>',
      '<img src="x" onerror="alert(7)">',
      '<h2>Heading</h2><blockquote>Quote</blockquote><ul><li>One</li></ul>',
    ].join('');
    const response = await create({ title: 'Hostile', content: hostile, authorName: 'Ann' });
    expect(response.statusCode).toBe(201);
    const stored = (await rowOf(response.json().id))!.content;
    for (const bad of ['<script', 'alert(', 'onclick', 'onmouseover', 'onerror', 'onload', 'javascript:', '<svg', '<iframe', '<circle']) {
      expect(stored, bad).not.toContain(bad);
    }
    expect(stored).toContain('<p>Hello <strong>bold</strong> <em>it</em></p>');
    expect(stored).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">good link</a>');
    expect(stored).toContain('<h2>Heading</h2><blockquote>Quote</blockquote><ul><li>One</li></ul>');
    expect(response.json().content).toBe(stored);

    const updated = await update(response.json().id, { content: '<p>ok</p><img src="https://x.test/a.png" onerror="alert(8)"><a href="JaVaScRiPt:alert(9)">x</a>' });
    expect(updated.statusCode).toBe(200);
    const after = (await rowOf(response.json().id))!.content;
    expect(after).toBe('<p>ok</p><img src="https://x.test/a.png" /><a>x</a>');
  });

  it("turns an author's h1 into an h2 (the post's title is the page's h1), on create, on update and in the preview", async () => {
    const response = await create({ title: 'Headings', content: '<h1 class="x">Big news</h1><p>Hello</p>', authorName: 'Ann' });
    expect(response.statusCode).toBe(201);
    expect(response.json().content).toBe('<h2>Big news</h2><p>Hello</p>');
    expect((await rowOf(response.json().id))!.content).toBe('<h2>Big news</h2><p>Hello</p>');

    const updated = await update(response.json().id, { content: '<h1>Again</h1><h2>Two</h2>' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().content).toBe('<h2>Again</h2><h2>Two</h2>');

    const preview = await call('POST', '/api/admin/blog-posts/preview', { content: '<h1>Seen</h1>' });
    expect(preview.statusCode).toBe(200);
    expect(JSON.stringify(preview.json())).toContain('<h2>Seen</h2>');
  });
});

describe('publishing', () => {
  it('shows a published post in /api/blog-posts and on /blog/<slug> at once, and hides it again when unpublished', async () => {
    const created = await create({ title: 'Going Live', excerpt: 'A short summary', content: '<p>Body with <strong>bold</strong></p>', authorName: 'Ann' });
    const { id, slug } = created.json();
    expect(slug).toBe('going-live');
    expect((await publicList()).map((post) => post.slug)).not.toContain('going-live');
    expect((await page(slug)).statusCode).toBe(404);
    expect((await session.app.inject({ url: `/api/blog-posts/${slug}`, headers: clientHeaders })).statusCode).toBe(404);

    const before = Date.now();
    const published = await update(id, { isPublished: true });
    expect(published.statusCode).toBe(200);
    const publishedAt = published.json().publishedAt as string;
    expect(Date.parse(publishedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(publishedAt)).toBeLessThanOrEqual(Date.now() + 1000);

    const listed = (await publicList()).find((post) => post.slug === 'going-live');
    expect(listed).toMatchObject({ title: 'Going Live', content: '<p>Body with <strong>bold</strong></p>' });
    const html = await page(slug);
    expect(html.statusCode).toBe(200);
    expect(titleOf(html.body)).toContain('Going Live');
    expect((await session.app.inject({ url: `/api/blog-posts/${slug}`, headers: clientHeaders })).json()).toMatchObject({ title: 'Going Live', excerpt: 'A short summary' });

    const unpublished = await update(id, { isPublished: false });
    expect(unpublished.statusCode).toBe(200);
    // The first publication date is kept while the post is a draft again.
    expect(unpublished.json().publishedAt).toBe(publishedAt);
    expect((await publicList()).map((post) => post.slug)).not.toContain('going-live');
    const gone = await page(slug);
    expect(gone.statusCode).toBe(404);
    expect(titleOf(gone.body)).not.toContain('Going Live');

    // Publishing again keeps the original date…
    const again = await update(id, { isPublished: true });
    expect(again.json().publishedAt).toBe(publishedAt);
    expect((await rowOf(id))!.publishedAt!.toISOString()).toBe(publishedAt);
    // …unless a new one is sent.
    const redated = await update(id, { publishedAt: '2030-01-02T03:04:05Z' });
    expect(redated.json().publishedAt).toBe('2030-01-02T03:04:05.000Z');
  });

  it('keeps a publishedAt that is sent, and dates a post created as published now', async () => {
    const dated = await create({ title: 'Dated', isPublished: true, publishedAt: '2029-05-06', authorName: 'Ann' });
    expect(dated.json().publishedAt).toBe('2029-05-06T00:00:00.000Z');
    const before = Date.now();
    const now = await create({ title: 'Now', isPublished: true, authorName: 'Ann' });
    expect(Date.parse(now.json().publishedAt)).toBeGreaterThanOrEqual(before - 1000);
    // Published with its date cleared: dated now rather than left undated.
    const cleared = await update(dated.json().id, { publishedAt: null });
    expect(Date.parse(cleared.json().publishedAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('lists posts newest first in public and every post, drafts too, in the admin list', async () => {
    const older = await create({ title: 'Older news', isPublished: true, publishedAt: '2031-01-01T00:00:00Z', authorName: 'Ann' });
    const newer = await create({ title: 'Newer news', isPublished: true, publishedAt: '2031-02-01T00:00:00Z', authorName: 'Ann' });
    const draft = await create({ title: 'Secret draft', authorName: 'Ann' });
    const slugs = (await publicList()).map((post) => post.slug);
    expect(slugs.indexOf('newer-news')).toBeLessThan(slugs.indexOf('older-news'));
    expect(slugs).not.toContain('secret-draft');

    const admin = await call('GET', '/api/admin/blog-posts');
    expect(admin.statusCode).toBe(200);
    const ids = (admin.json() as { id: number }[]).map((post) => post.id);
    expect(ids).toContain(draft.json().id);
    expect(ids.indexOf(newer.json().id)).toBeLessThan(ids.indexOf(older.json().id));
    const dbOrder = await session.db.select({ id: blogPosts.id }).from(blogPosts).orderBy(desc(blogPosts.id));
    expect(ids).toHaveLength(dbOrder.length);
  });
});

describe('PUT /api/admin/blog-posts/{id}', () => {
  it('changes the slug, makes it again from the title when sent empty, and answers 409 for one in use', async () => {
    const a = (await create({ title: 'Alpha post', authorName: 'Ann' })).json();
    const b = (await create({ title: 'Beta post', authorName: 'Ann' })).json();
    const clash = await update(b.id, { slug: 'alpha-post' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('A post with this slug already exists');
    expect((await rowOf(b.id))!.slug).toBe('beta-post');

    const renamed = await update(b.id, { title: 'Gamma Post', slug: '' });
    expect(renamed.json()).toMatchObject({ title: 'Gamma Post', slug: 'gamma-post' });
    // Its own slug again is not a clash.
    expect((await update(a.id, { slug: 'alpha-post', title: 'Alpha post!' })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown post and 400 for a bad id', async () => {
    expect((await update(999_999, { title: 'x' })).statusCode).toBe(404);
    expect((await update(999_999, { title: 'x' })).json().message).toBe('Blog post not found');
    expect((await call('PUT', '/api/admin/blog-posts/abc', { title: 'x' })).statusCode).toBe(400);
  });
});

describe('DELETE /api/admin/blog-posts/{id}', () => {
  it('deletes the post, takes it off the public site and records it', async () => {
    const { id } = (await create({ title: 'Short lived', isPublished: true, authorName: 'Ann' })).json();
    expect((await page('short-lived')).statusCode).toBe(200);
    const response = await call('DELETE', `/api/admin/blog-posts/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, id });
    expect(await rowOf(id)).toBeUndefined();
    expect((await page('short-lived')).statusCode).toBe(404);
    expect((await publicList()).map((post) => post.slug)).not.toContain('short-lived');
    const audits = await session.db.select().from(auditLog).where(and(eq(auditLog.action, 'blog_post_deleted'), eq(auditLog.entityId, String(id))));
    expect(audits).toHaveLength(1);
    expect((await call('DELETE', `/api/admin/blog-posts/${id}`)).statusCode).toBe(404);
  });
});

describe('POST /api/admin/blog-posts/preview', () => {
  it('answers the content as it would be stored, and stores nothing', async () => {
    const before = (await session.db.select().from(blogPosts)).length;
    const response = await call('POST', '/api/admin/blog-posts/preview', { content: '<p onclick="x()">Hi <strong>there</strong></p><script>alert(1)</script>' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ content: '<p>Hi <strong>there</strong></p>' });
    expect(await session.db.select().from(blogPosts)).toHaveLength(before);
  });
});
