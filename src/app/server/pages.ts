import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { documentTitle, fillBrandSlots } from '../../common/brand';
import { PAGE_PATHS, blogPostMeta, blogPostSlug, isBlogSlug, isKnownPagePath, routeMetaFor, screenPathOf, type RouteMeta } from '../../common/route-meta';
import { getPublishedBlogPost } from '../../features/content/server/content.service';
import { openParticipantLink } from '../../features/participant/server/participant-access';
import { cachedBrandName } from '../../features/settings/server';
import type { AppDeps } from '../../server/deps';
import { chooseEncoding, compressForOne, compressOnce, type CompressedBody } from '../../server/lib/compressed-body';
import { PUBLIC_READS } from '../../server/lib/read-cache';
import { withScriptsAfterPaint } from '../../server/lib/scripts-after-paint';
import { structuredDataFor, type StructuredDataPost } from '../../features/seo/server';
import type { PublicWorkshopDate } from '../../features/workshops';
import { dataFingerprint, loadServerRenderer, readData, readsShownBy, stateScript, type ServerRenderer } from './page-render';

const META_PLACEHOLDER = '<!--app-meta-->';
const ROOT_ELEMENT = '<div id="root"></div>';
/** Used when the client has not been built (API-only tests, a server started before `vite build`). */
const FALLBACK_TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1" />${META_PLACEHOLDER}</head><body><div id="root"></div></body></html>`;

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * What the server adds to a page: the app's HTML for #root when it rendered it (else the build's
 * frame stays), what goes in the <head> beside the meta tags, and what follows #root.
 */
type RenderedHtml = { html?: string; head: string; tail: string };
/** A page's reads, answered, as the server's renderer gives them. */
type PageData = Awaited<ReturnType<ServerRenderer['readPage']>>;
/** `reads`: the public reads the page shows (readsShownBy), so it is dropped with them. */
type RenderedPage = { body: CompressedBody; renderMs: number; reads: readonly string[] };

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The <head>'s tags of a page: its title ('{page} — {brand}'), description, share tags and the brand name. */
export function renderMetaTags(meta: RouteMeta, pageUrl: string, publicUrl: string, brandName: string): string {
  const title = escapeAttribute(documentTitle(meta.title, brandName));
  const description = escapeAttribute(meta.description);
  // The route's (or post's) social card, drawn by the server from its title (features/operations).
  const image = escapeAttribute(`${publicUrl}/api/og/${meta.ogImageKey}.png`);
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    ...(meta.noindex ? ['<meta name="robots" content="noindex, nofollow" />'] : []),
    `<link rel="canonical" href="${escapeAttribute(pageUrl)}" />`,
    // Feed readers find the blog's feed from any page (features/seo).
    `<link rel="alternate" type="application/rss+xml" title="Blog" href="${escapeAttribute(`${publicUrl}/blog/feed.xml`)}" />`,
    `<meta property="og:type" content="website" />`,
    // The brand name the page was made with: the app starts from it (client/lib/brand-name.tsx).
    `<meta property="og:site_name" content="${escapeAttribute(brandName)}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:image" content="${image}" />`,
    `<meta property="og:image:width" content="1200" />`,
    `<meta property="og:image:height" content="630" />`,
    `<meta property="og:url" content="${escapeAttribute(pageUrl)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<meta name="twitter:image" content="${image}" />`,
  ].join('\n    ');
}

/**
 * What scripts/prerender.mjs wrote to dist/prerendered beside dist/client, by path: `pages.json`,
 * the HTML of the pages rendered at build time, and `screen-chunks.json`, the chunks of each one's
 * screen beyond the entry's. Empty when the build made none.
 */
function readPrerendered<T>(clientDir: string | null, name: 'pages.json' | 'screen-chunks.json'): Record<string, T> {
  const file = clientDir ? join(clientDir, '..', 'prerendered', name) : null;
  return file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, T>) : {};
}

/**
 * The template with its stylesheet inside a <style> element instead of linked. The stylesheet was
 * the one request a first paint waited for: a round trip on a phone line before anything showed
 * (Lighthouse's simulated LCP of '/' went from 2.1 s to 1.6 s). For the fixed pages only, which
 * are compressed once (47 KB of CSS adds about 7 KB of brotli); other pages keep the link, which
 * the browser caches.
 */
function withStylesheetInline(template: string, clientDir: string | null): string {
  if (!clientDir) return template;
  return template.replace(/<link rel="stylesheet"[^>]*\shref="(\/assets\/[\w.-]+\.css)"[^>]*>/, (link, href: string) => {
    const file = join(clientDir, href);
    const css = existsSync(file) ? readFileSync(file, 'utf8') : '';
    return css && !css.includes('</') ? `<style>${css}</style>` : link;
  });
}

/**
 * Serves the built client: hashed assets with immutable caching (pre-compressed copies when the
 * build made them), and every page as index.html with that route's title, description and share
 * tags already in the <head>, so link previews work without running scripts.
 */
export async function registerPages(app: FastifyInstance, { db, env, secret, publicCache }: AppDeps, clientDir: string | null): Promise<void> {
  const indexPath = clientDir ? join(clientDir, 'index.html') : null;
  const template = indexPath && existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : FALLBACK_TEMPLATE;
  const fixedPageTemplate = withStylesheetInline(template, clientDir);
  const prerendered = readPrerendered<string>(clientDir, 'pages.json');
  const screenChunks = readPrerendered<string[]>(clientDir, 'screen-chunks.json');
  const renderer = await loadServerRenderer(app, clientDir);

  if (clientDir && existsSync(clientDir)) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      wildcard: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        const hashed = /[/\\]assets[/\\]/.test(filePath);
        res.header('Cache-Control', hashed ? IMMUTABLE : 'public, max-age=3600');
      },
    });
  }

  /**
   * index.html with the route's meta tags and, when the build prerendered the path, its HTML,
   * which paints before the scripts are asked for.
   */
  const pageHtml = (brandName: string, meta: RouteMeta, path: string, status: number, base = template, rendered?: RenderedHtml): string => {
    // A frame made at build time names the brand with stand-ins; a page rendered now has it already.
    const frame = status === 200 ? prerendered[path] : undefined;
    const body = rendered?.html ?? (frame === undefined ? undefined : fillBrandSlots(frame, brandName));
    return (
      (body ? withScriptsAfterPaint(base, screenChunks[screenPathOf(path)]) : base)
        // Functions as replacements: '$' in a title or a price is text, not a replacement pattern.
        .replace(META_PLACEHOLDER, () => renderMetaTags(meta, `${env.PUBLIC_URL}${path}`, env.PUBLIC_URL, brandName) + (rendered?.head ?? ''))
        // A page the server rendered is hydrated by the app; a frame is replaced (main.tsx).
        .replace(ROOT_ELEMENT, () => (body ? `<div id="root"${rendered?.html ? ' data-server-rendered' : ''}>${body}</div>${rendered?.tail ?? ''}` : ROOT_ELEMENT))
    );
  };

  /**
   * The pages the server renders with their data, each kept in the public reads' cache (one
   * second, dropped by the writes that change a read it shows) and compressed once per
   * render; a render whose data has not changed is not made again, so a quiet page costs its
   * reads once a second and nothing more.
   */
  function serverRenderedPages(ssr: ServerRenderer, assemble: (brandName: string, meta: RouteMeta, path: string, rendered: RenderedHtml) => string) {
    const lastRenders = new Map<string, { fingerprint: string; page: RenderedPage }>();
    // Every page shows the brand name, which is saved with the site content: a new one drops them all.
    return (brandName: string, meta: RouteMeta, path: string): Promise<RenderedPage> =>
      publicCache.remember(`page ${path}`, async () => {
        const started = performance.now();
        const data = await ssr.readPage(path, brandName);
        try {
          return await renderIfChanged(brandName, meta, path, data, started);
        } finally {
          data.release();
        }
      }, (page) => [...page.reads, PUBLIC_READS.siteContent]);

    /** The page from its reads: the last render when they have not changed, else a new one. */
    async function renderIfChanged(brandName: string, meta: RouteMeta, path: string, data: PageData, started: number): Promise<RenderedPage> {
      const fingerprint = dataFingerprint(data.state) + JSON.stringify([brandName, meta]);
      const last = lastRenders.get(path);
      if (last?.fingerprint === fingerprint) return last.page;
      const reads = readsShownBy(data.state);
      const html = await data.render();
      // Search engines and link previews read the offer from the same data the page shows.
      const head = structuredDataFor(
        {
          brandName,
          path,
          dates: readData(data.state, [PUBLIC_READS.workshopDates]) as PublicWorkshopDate[] | undefined,
          post: readData(data.state, ['/api/blog-posts', blogPostSlug(path)]) as StructuredDataPost | undefined,
        },
        env.PUBLIC_URL,
      );
      const page = { body: compressOnce(assemble(brandName, meta, path, { html, head, tail: stateScript(data.state) })), renderMs: performance.now() - started, reads };
      lastRenders.set(path, { fingerprint, page });
      return page;
    }
  }

  const sendPage = (reply: FastifyReply, html: string | Buffer, status = 200, cacheControl = 'no-cache') =>
    reply.status(status).header('Cache-Control', cacheControl).type('text/html; charset=utf-8').send(html);

  const brandNow = () => cachedBrandName(db, publicCache);

  const render = async (meta: RouteMeta, request: FastifyRequest, reply: FastifyReply, status = 200) =>
    sendPage(reply, pageHtml(await brandNow(), meta, request.url.split('?')[0] ?? '/', status), status);

  // The fixed pages are the same for every visit: their HTML is built once per brand name and each
  // compressed copy made once, not per request. Compressed, the prerendered landing page is a
  // quarter of its size on a slow phone line.
  const sendFixedPage = (request: FastifyRequest, reply: FastifyReply, body: CompressedBody, cacheControl?: string) => {
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    reply.header('Vary', 'Accept-Encoding');
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    return sendPage(reply, body(encoding), 200, cacheControl);
  };
  const serverRendered = renderer
    ? serverRenderedPages(renderer, (brandName, meta, path, rendered) => pageHtml(brandName, meta, path, 200, fixedPageTemplate, rendered))
    : null;
  const sendServerRendered = async (request: FastifyRequest, reply: FastifyReply, meta: RouteMeta, path: string) => {
    const page = await serverRendered!(await brandNow(), meta, path);
    reply.header('Server-Timing', `render;dur=${page.renderMs.toFixed(1)}`);
    return sendFixedPage(request, reply, page.body);
  };

  /** A fixed page's body for the brand name now: made once per name (the last name's are let go). */
  const fixedBodies = new Map<string, CompressedBody>();
  let fixedBodiesBrand: string | null = null;
  const fixedBody = (brandName: string, path: string): CompressedBody => {
    if (fixedBodiesBrand !== brandName) {
      fixedBodies.clear();
      fixedBodiesBrand = brandName;
    }
    let body = fixedBodies.get(path);
    if (!body) {
      body = compressOnce(pageHtml(brandName, routeMetaFor(path), path, 200, fixedPageTemplate));
      fixedBodies.set(path, body);
    }
    return body;
  };

  for (const path of PAGE_PATHS) {
    if (serverRendered && renderer?.isServerRendered(path)) {
      app.get(path, (request, reply) => sendServerRendered(request, reply, routeMetaFor(path), path));
      continue;
    }
    if (path === '/checkout' && renderer) {
      app.get<{ Querystring: Record<string, string | undefined> }>(path, async (request, reply) => {
        const brandName = await brandNow();
        return sendCheckout(renderer, request, reply, brandName, fixedBody(brandName, path));
      });
      continue;
    }
    app.get(path, async (request, reply) => sendFixedPage(request, reply, fixedBody(await brandNow(), path)));
  }

  /**
   * A pay-later link's checkout: the frame, as for any checkout, with the reads it starts from in
   * the page (the reservation, its date, the payment provider), a round trip or two the visitor's
   * phone does not make. The reservation is the link holder's own: never stored by a cache.
   */
  async function sendCheckout(
    ssr: ServerRenderer,
    request: FastifyRequest<{ Querystring: Record<string, string | undefined> }>,
    reply: FastifyReply,
    brandName: string,
    frame: CompressedBody,
  ) {
    const bookingId = Number(request.query.booking);
    const token = request.query.token;
    if (!Number.isInteger(bookingId) || bookingId <= 0 || !token || token.length > 512) return sendFixedPage(request, reply, frame);
    const state = await ssr.readPayLinkState(bookingId, token);
    const html = pageHtml(brandName, routeMetaFor('/checkout'), '/checkout', 200, fixedPageTemplate, { head: '', tail: stateScript(state) });
    return sendFixedPage(request, reply, (encoding) => compressForOne(html, encoding), 'no-store');
  }

  // A sign-in link from an e-mail: start the participant session, then show the page without the
  // token in the address bar (so it is not kept in history or sent on as a referrer).
  app.get<{ Querystring: { token?: string } }>('/participant', async (request, reply) => {
    const token = request.query.token;
    if (token === undefined) return render(routeMetaFor('/participant'), request, reply);
    const opened = await openParticipantLink(request, reply, secret, token);
    return reply.header('Cache-Control', 'no-store').redirect(opened ? '/participant' : '/participant?link=invalid', 303);
  });

  app.get<{ Params: { slug: string } }>('/blog/:slug', async (request, reply) => {
    const slug = request.params.slug;
    // Behind the public reads' cache like the post's own read: a shared link brings many visitors at once.
    const post = isBlogSlug(slug) ? await publicCache.remember(`post ${slug}`, () => getPublishedBlogPost(db, slug), [PUBLIC_READS.blogPosts]) : null;
    if (!post) return render({ ...routeMetaFor('/blog'), title: 'Post Not Found' }, request, reply, 404);
    if (serverRendered) return sendServerRendered(request, reply, blogPostMeta(post), `/blog/${slug}`);
    return render(blogPostMeta(post), request, reply);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' && !path.startsWith('/api/') && (request.headers.accept ?? '').includes('text/html');
    if (wantsPage) return render(routeMetaFor(path), request, reply, isKnownPagePath(path) ? 200 : 404);
    return reply.status(404).send({ message: 'Not found' });
  });
}
