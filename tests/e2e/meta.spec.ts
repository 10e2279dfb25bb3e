import { test, expect } from '@playwright/test';
import { getBlogPosts } from './support/api';

/** Attributes of every <meta> tag in raw HTML. */
function metaTags(html: string): Record<string, string>[] {
  return [...html.matchAll(/<meta\b([^>]*)>/gi)].map((m) => {
    const attributes: Record<string, string> = {};
    for (const a of m[1]!.matchAll(/([\w:-]+)\s*=\s*("([^"]*)"|'([^']*)')/g)) {
      attributes[a[1]!.toLowerCase()] = decode(a[3] ?? a[4] ?? '');
    }
    return attributes;
  });
}

function decode(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function headOf(html: string) {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1]?.trim();
  const tags = metaTags(html);
  const named = (key: string) => tags.find((t) => t.name === key)?.content;
  const property = (key: string) => tags.find((t) => t.property === key)?.content;
  return {
    title: title ? decode(title) : undefined,
    description: named('description'),
    ogTitle: property('og:title'),
    ogDescription: property('og:description'),
    ogImage: property('og:image'),
  };
}

test('each public page carries its own title, description and share image before any script runs', async ({
  request,
}) => {
  const [post] = await getBlogPosts(request);
  expect(post, 'a published blog post').toBeTruthy();
  const routes = ['/', '/intro', '/blog', `/blog/${post!.slug}`];
  const heads = [];
  for (const route of routes) {
    const response = await request.get(route, { headers: { Accept: 'text/html' } });
    expect(response.status(), `GET ${route}`).toBe(200);
    expect(response.headers()['content-type'], `GET ${route}`).toContain('text/html');
    const head = headOf(await response.text());
    for (const [key, value] of Object.entries(head)) {
      expect(value?.trim(), `${route}: ${key}`).toBeTruthy();
    }
    // Link previews fetch og:image from elsewhere, so it must be an absolute URL.
    expect(head.ogImage, `${route}: og:image is absolute`).toMatch(/^https?:\/\//);
    const image = await request.get(new URL(head.ogImage!, 'http://e2e.invalid').pathname);
    expect(image.status(), `${route}: og:image ${head.ogImage}`).toBe(200);
    expect(image.headers()['content-type'], `${route}: og:image`).toMatch(/^image\//);
    heads.push(head);
  }
  expect(heads[3]!.title, 'the post page is titled after the post').toContain(post!.title);
  expect(heads[3]!.ogTitle).toContain(post!.title);
  const titles = heads.map((h) => h.title);
  expect(new Set(titles).size, `titles differ per route: ${titles.join(' | ')}`).toBe(routes.length);
});
