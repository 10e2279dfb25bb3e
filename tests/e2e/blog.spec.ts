import { test, expect } from './fixtures';
import { exactText, formatLongDate, formatShortDate, getBlogPosts, getUnpublishedPosts, htmlText } from './support/api';

const blogListCall = /\/api\/blog-posts(\?.*)?$/;

test.describe('blog', () => {
  test('lists only the published posts with author, date, read time and Read More', async ({ page, request }) => {
    const posts = await getBlogPosts(request);
    expect(posts.length, 'the demo seed has two published posts').toBeGreaterThanOrEqual(2);
    expect(posts.every((p) => p.isPublished), 'the public list holds only published posts').toBe(true);
    const unpublished = await getUnpublishedPosts();
    expect(unpublished.length, 'the demo seed has an unpublished post').toBeGreaterThanOrEqual(1);

    await page.goto('/blog');
    await expect(page.getByRole('heading', { name: /^blog$/i })).toBeVisible();
    await expect(page.getByRole('link', { name: /back to home/i }).first()).toHaveAttribute('href', /^(https?:\/\/[^/]+)?\/$/);
    await expect(page.getByText(/read more/i)).toHaveCount(posts.length);

    for (const post of posts) {
      const title = page.getByRole('link', { name: post.title }).first();
      await expect(title).toBeVisible();
      await expect(title).toHaveAttribute('href', new RegExp(`/blog/${post.slug}$`));
      await expect(page.getByText(post.authorName).first()).toBeVisible();
      if (post.publishedAt) await expect(page.getByText(formatShortDate(post.publishedAt)).first()).toBeVisible();
      const minutes = Math.max(1, Math.ceil(post.content.length / 1000));
      await expect(page.getByText(new RegExp(`(^|\\D)${minutes} min read`)).first()).toBeVisible();
      if (post.excerpt) await expect(page.getByText(post.excerpt.slice(0, 40)).first()).toBeVisible();
    }
    for (const hidden of unpublished) {
      await expect(page.getByText(hidden.title, { exact: true })).toHaveCount(0);
    }
  });

  test('a card leads to the post, which links back', async ({ page, request }) => {
    const [post] = await getBlogPosts(request);
    await page.goto('/blog');
    await page.getByRole('link', { name: post!.title }).first().click();
    await expect(page).toHaveURL(new RegExp(`/blog/${post!.slug}$`));
    await expect(page.getByRole('heading', { name: post!.title, level: 1 })).toBeVisible();
    await expect(page.getByText(post!.authorName).first()).toBeVisible();
    if (post!.publishedAt) await expect(page.getByText(formatLongDate(post!.publishedAt)).first()).toBeVisible();
    const words = htmlText(post!.content).split(' ').filter(Boolean).length;
    await expect(page.getByText(new RegExp(`(^|\\D)${Math.max(1, Math.ceil(words / 200))} min read`)).first()).toBeVisible();
    const firstWords = htmlText(post!.content).split(' ').slice(0, 6).join(' ');
    await expect(page.getByText(firstWords).first()).toBeVisible();

    const allPosts = page.getByRole('link', { name: /all posts/i }).last();
    await expect(allPosts).toHaveAttribute('href', /\/blog$/);
    await expect(page.getByRole('link', { name: /back to home/i }).last()).toHaveAttribute('href', /^(https?:\/\/[^/]+)?\/$/);
    await allPosts.click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole('heading', { name: /^blog$/i })).toBeVisible();
  });

  test('an unknown or unpublished slug shows Post Not Found', async ({ page, consoleGuard }) => {
    const unpublished = await getUnpublishedPosts();
    // The post call answers 404 (and the document may too): that error is the point of this test.
    consoleGuard.allow(/status of 404/);
    for (const slug of ['no-such-post-e2e', ...unpublished.map((p) => p.slug)]) {
      await page.goto(`/blog/${slug}`);
      await expect(page.getByText('Post Not Found')).toBeVisible();
      await expect(
        page.getByText(exactText("The blog post you're looking for doesn't exist or has been removed.")),
      ).toBeVisible();
      const viewAll = page.getByRole('link', { name: /view all posts/i }).or(page.getByRole('button', { name: /view all posts/i }));
      await expect(viewAll.first()).toBeVisible();
    }
    await page.getByRole('link', { name: /view all posts/i }).or(page.getByRole('button', { name: /view all posts/i })).first().click();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test('a failing list shows the error text', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 500/, /\/api\/blog-posts/);
    await page.route(blogListCall, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'boom' }) }),
    );
    await page.goto('/blog');
    await expect(page.getByText('Failed to load blog posts. Please try again later.')).toBeVisible();
    await expect(page.getByText(/read more/i)).toHaveCount(0);
  });

  test('an empty list shows the empty state', async ({ page }) => {
    await page.route(blogListCall, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }));
    await page.goto('/blog');
    await expect(page.getByText('No posts yet')).toBeVisible();
    await expect(page.getByText('Check back soon for exciting content!')).toBeVisible();
  });
});
