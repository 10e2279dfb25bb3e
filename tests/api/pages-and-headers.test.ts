import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAppServingClient, createTestApp, type TestApp } from '../helpers/test-app';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp({ seed: true });
});
afterAll(async () => {
  await app.close();
});

function metaOf(html: string) {
  const attr = (pattern: RegExp) => pattern.exec(html)?.[1];
  return {
    title: attr(/<title>([^<]*)<\/title>/),
    description: attr(/<meta name="description" content="([^"]*)"/),
    ogTitle: attr(/<meta property="og:title" content="([^"]*)"/),
    ogDescription: attr(/<meta property="og:description" content="([^"]*)"/),
    ogImage: attr(/<meta property="og:image" content="([^"]*)"/),
  };
}

describe('served HTML', () => {
  it('gives every public route its own title, description and share tags before any script', async () => {
    const posts = (await app.inject('/api/blog-posts')).json();
    const paths = ['/', '/intro', '/blog', '/checkout', `/blog/${posts[0].slug}`];
    const titles = new Set<string>();
    for (const path of paths) {
      const response = await app.inject({ url: path, headers: { accept: 'text/html' } });
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      const meta = metaOf(response.body);
      expect(meta.title, path).toBeTruthy();
      expect(meta.description, path).toBeTruthy();
      expect(meta.ogTitle, path).toBe(meta.title);
      expect(meta.ogDescription, path).toBe(meta.description);
      expect(meta.ogImage, path).toMatch(/^http:\/\/test\.local\/.+\.png$/);
      titles.add(meta.title!);
    }
    expect(titles.size).toBe(paths.length);
    const postPage = await app.inject({ url: `/blog/${posts[0].slug}`, headers: { accept: 'text/html' } });
    expect(metaOf(postPage.body).title).toContain(posts[0].title);
  });

  it('serves the footer pages like the other fixed pages, whatever the Accept header', async () => {
    for (const [path, title] of [['/privacy', 'Privacy Policy'], ['/terms', 'Terms of Service'], ['/cookies', 'Cookie Policy']] as const) {
      const response = await app.inject({ url: path });
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(metaOf(response.body).title).toMatch(new RegExp(`^${title} — `));
    }
  });

  it('serves the admin screens as pages kept out of search engines; public pages stay indexable', async () => {
    for (const path of ['/admin', '/admin/login2', '/email-debug']) {
      const response = await app.inject({ url: path, headers: { accept: 'text/html' } });
      expect(response.statusCode, path).toBe(200);
      expect(response.body, path).toContain('<meta name="robots" content="noindex, nofollow" />');
      expect(metaOf(response.body).title, path).toMatch(/^(Admin Dashboard|Admin Login|Email Debugging) — /);
    }
    const landing = await app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(landing.body).not.toContain('noindex');
    // Only those three: other paths under /admin are not pages.
    expect((await app.inject({ url: '/admin/anything', headers: { accept: 'text/html' } })).statusCode).toBe(404);
  });

  it('escapes a post title that contains markup', async () => {
    const { blogPosts } = await import('../../src/server/db/schema');
    await app.database.db.insert(blogPosts).values({
      slug: 'quotes-and-tags',
      title: 'Say "hi" <script>alert(1)</script>',
      content: '<p>x</p>',
      authorName: 'A',
      isPublished: true,
      publishedAt: new Date(),
    });
    const response = await app.inject({ url: '/blog/quotes-and-tags', headers: { accept: 'text/html' } });
    expect(response.body).not.toContain('<script>alert(1)</script>');
    expect(metaOf(response.body).ogTitle).toContain('&quot;hi&quot; &lt;script&gt;');
  });

  it('answers unknown pages and unpublished posts with status 404 and the app shell', async () => {
    for (const path of ['/no-such-page', '/blog/draft-user-testing-checklist']) {
      const response = await app.inject({ url: path, headers: { accept: 'text/html' } });
      expect(response.statusCode, path).toBe(404);
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await app.inject({ url: '/api/nothing-here', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
  });

  it('sends security headers with a Content-Security-Policy', async () => {
    const response = await app.inject({ url: '/', headers: { accept: 'text/html' } });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toMatch(/script-src 'self'(?! 'unsafe-inline')/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('sends API answers the REST set: nothing may run or be framed, no caching, no sniffing', async () => {
    const response = await app.inject({ url: '/api/workshop-dates' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    expect(response.headers['cache-control']).toBe('no-store');
    // A refusal before any route runs carries them too.
    const refused = await app.inject({ url: '/api/admin/bookings' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('static client', () => {
  it('serves hashed assets with immutable caching and pages from the built index.html', async () => {
    // dist/ as the build leaves it: client/ and, beside it, prerendered/.
    const distDir = mkdtempSync(join(tmpdir(), 'dist-'));
    const clientDir = join(distDir, 'client');
    mkdirSync(join(clientDir, 'assets'), { recursive: true });
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><html><head><!--app-meta--><script type="module" crossorigin src="/assets/index-abc123.js"></script><link rel="modulepreload" crossorigin href="/assets/shared-def456.js"><link rel="stylesheet" crossorigin href="/assets/index-c55.css"></head><body><div id="root"></div></body></html>');
    writeFileSync(join(clientDir, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(join(clientDir, 'assets', 'index-c55.css'), 'h1{color:tomato}');
    // The build prerenders '/' beside the client (scripts/prerender.mjs).
    mkdirSync(join(distDir, 'prerendered'));
    writeFileSync(join(distDir, 'prerendered', 'pages.json'), JSON.stringify({ '/': '<h1>Prerendered $& heading</h1>' }));
    writeFileSync(join(distDir, 'prerendered', 'screen-chunks.json'), JSON.stringify({ '/': ['/assets/screen-789.js'] }));
    const staticApp = await buildAppServingClient(app.database, clientDir);
    try {
      const asset = await staticApp.inject('/assets/index-abc123.js');
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const page = await staticApp.inject({ url: '/intro', headers: { accept: 'text/html' } });
      expect(page.body).toContain('/assets/index-abc123.js');
      expect(metaOf(page.body).title).toMatch(/About the Workshop/);
      expect(page.body).toContain('<div id="root"></div>');
      const landing = await staticApp.inject({ url: '/', headers: { accept: 'text/html' } });
      expect(landing.body).toContain('<div id="root"><h1>Prerendered $& heading</h1></div>');
      // A prerendered page paints before its scripts are asked for: one inline script asks for the
      // entry, its chunks and the screen's after the first paint, and the page's CSP lets exactly
      // that script run (by its hash, not 'unsafe-inline'). A page without prerendered HTML links
      // the entry as the build wrote it.
      expect(landing.body).not.toContain('<script type="module"');
      const boot = /<script data-entry="([^"]+)" data-preload="([^"]+)">([\s\S]*?)<\/script>/.exec(landing.body);
      expect(boot?.slice(1, 3)).toEqual(['/assets/index-abc123.js', '/assets/shared-def456.js /assets/screen-789.js']);
      const hash = createHash('sha256').update(boot?.[3] ?? '').digest('base64');
      expect(String(landing.headers['content-security-policy'])).toContain(`script-src 'self' 'sha256-${hash}'`);
      expect(page.body).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script><link rel="modulepreload"');
      // A browser that accepts brotli or gzip gets the same page compressed, once per build.
      const brotli = await staticApp.inject({ url: '/', headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' } });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers.vary).toContain('Accept-Encoding');
      expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(landing.body);
      const gzip = await staticApp.inject({ url: '/', headers: { accept: 'text/html', 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(landing.body);
      expect(landing.headers['content-encoding']).toBeUndefined();
      expect(landing.headers.vary).toContain('Accept-Encoding');
      const unknown = await staticApp.inject({ url: '/nope', headers: { accept: 'text/html' } });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.body).not.toContain('Prerendered');
      // The fixed pages carry the stylesheet inline, so their first paint waits for no request;
      // the others link it (they are not compressed, and the browser caches the file).
      for (const fixed of [landing, page]) {
        expect(fixed.body).toContain('<style>h1{color:tomato}</style>');
        expect(fixed.body).not.toContain('rel="stylesheet"');
      }
      expect(unknown.body).toContain('<link rel="stylesheet" crossorigin href="/assets/index-c55.css">');
      expect(unknown.body).not.toContain('<style>');
    } finally {
      rmSync(distDir, { recursive: true, force: true });
      await staticApp.close();
    }
  });
});
