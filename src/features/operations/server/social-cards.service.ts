/**
 * Social cards: the share image of each route and blog post,
 * drawn on the server from the page's title in the site's look, as a 1200×630 PNG. satori lays
 * the card out as SVG; resvg rasterises it. The font ships with the app (@fontsource/inter), so a
 * machine without system fonts draws the same card. Both are loaded on the first drawing, not at
 * start: together they hold about 20 MB the server otherwise never needs (docs/decisions/007-performance.md).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { documentTitle } from '../../../common/brand';
import { blogPostMeta, routeMetaFor, WORKSHOP_DESCRIPTION, type RouteMeta } from '../../../common/route-meta';
import type { Database } from '../../../server/db/client';
import { getPublishedBlogPost, listPublishedBlogPosts } from '../../content/server';
import { SOCIAL_CARD_HEIGHT, SOCIAL_CARD_WIDTH, type SocialCard } from '../operations.schema';

const PAPER = '#fbf7ee';
const INK = '#121212';
const INK_SOFT = '#3b3b3b';
const ACCENT = '#ff7a1a';

/** The card of each route key, and the page that uses it. 'default' is every other page's. */
const ROUTE_CARDS: readonly { key: string; path: string }[] = [
  { key: 'home', path: '/' },
  { key: 'intro', path: '/intro' },
  { key: 'blog', path: '/blog' },
  { key: 'checkout', path: '/checkout' },
  { key: 'participant', path: '/participant' },
  { key: 'admin', path: '/admin' },
];

/** Any other page (the not-found one among them): the brand and the workshop, without a page's name. */
const defaultCard = (brandName: string): RouteMeta => ({ title: brandName, description: WORKSHOP_DESCRIPTION, ogImageKey: 'default' });

const BLOG_KEY_PREFIX = 'blog-';

/** `title`: the page's own name, the headline; `brandName`: the organiser's, at the foot. */
export type CardContent = { key: string; title: string; description: string; kind: 'route' | 'post'; brandName: string };

/**
 * What a key's card shows: a route's title, a published post's (null when no published post has
 * that slug, so its card answers 404), or the default card for any other key.
 */
export async function cardContentFor(db: Database, key: string, brandName: string): Promise<CardContent | null> {
  if (key.startsWith(BLOG_KEY_PREFIX)) {
    const slug = key.slice(BLOG_KEY_PREFIX.length);
    const post = /^[a-z0-9-]{1,200}$/.test(slug) ? await getPublishedBlogPost(db, slug) : null;
    if (!post) return null;
    const meta = blogPostMeta(post);
    return { key: meta.ogImageKey, title: meta.title, description: meta.description, kind: 'post', brandName };
  }
  const route = ROUTE_CARDS.find((card) => card.key === key);
  const meta = route ? routeMetaFor(route.path) : defaultCard(brandName);
  return { key: route ? key : 'default', title: meta.title, description: meta.description, kind: 'route', brandName };
}

export function socialCardUrl(publicUrl: string, key: string): string {
  return `${publicUrl}/api/og/${key}.png`;
}

/**
 * Every card the site uses, for the admin's Social Cards tab: the routes', then each published
 * post's, each with the title its page is shared with ('{page} — {brand}').
 */
export async function listSocialCards(db: Database, publicUrl: string, brandName: string): Promise<SocialCard[]> {
  const routes = [...ROUTE_CARDS, { key: 'default', path: '/*' }].map(({ key, path }): SocialCard => {
    const meta = key === 'default' ? defaultCard(brandName) : routeMetaFor(path);
    return { key, path, title: key === 'default' ? brandName : documentTitle(meta.title, brandName), description: meta.description, imageUrl: socialCardUrl(publicUrl, key), kind: 'route' };
  });
  const posts = (await listPublishedBlogPosts(db)).map((post): SocialCard => {
    const meta = blogPostMeta(post);
    return {
      key: meta.ogImageKey,
      path: `/blog/${post.slug}`,
      title: documentTitle(meta.title, brandName),
      description: meta.description,
      imageUrl: socialCardUrl(publicUrl, meta.ogImageKey),
      kind: 'post',
    };
  });
  return [...routes, ...posts];
}

// ---------------------------------------------------------------- drawing

type FontWeight = 500 | 800;
type Font = { name: string; data: Buffer; weight: FontWeight; style: 'normal' };

const SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese'];
let fonts: Font[] | null = null;

/**
 * Inter in the two weights the card uses and every script subset it ships. Each subset has its own
 * family name: satori keeps one font per name and weight, and falls back across families for a
 * character the first one lacks.
 */
function loadFonts(): Font[] {
  if (fonts) return fonts;
  const require = createRequire(import.meta.url);
  fonts = ([800, 500] as const).flatMap((weight) =>
    SUBSETS.map((subset) => ({
      name: subset === 'latin' ? 'Inter' : `Inter ${subset}`,
      weight,
      style: 'normal' as const,
      data: readFileSync(require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`)),
    })),
  );
  return fonts;
}

/** A satori node: the element shape it reads, without JSX on the server. */
type CardNode = { type: string; props: { style?: Record<string, string | number>; children?: CardNode | string | (CardNode | string)[] } };

const node = (type: string, style: Record<string, string | number>, children?: CardNode['props']['children']): CardNode => ({
  type,
  props: { style, children },
});

function clip(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  // At a word's end when one is near, so the line does not stop mid-word.
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:-]+$/, '')}…`;
}

function layout(content: CardContent, siteHost: string): CardNode {
  // The page's own name: the footer names the brand.
  const headline = clip(content.title, 110);
  const headlineSize = headline.length > 75 ? 52 : headline.length > 45 ? 60 : headline.length > 22 ? 68 : 80;
  const label = content.kind === 'post' ? 'From the blog' : 'Live online workshop';
  return node(
    'div',
    {
      // satori sizes boxes as content-box unless told.
      boxSizing: 'border-box',
      width: SOCIAL_CARD_WIDTH,
      height: SOCIAL_CARD_HEIGHT,
      display: 'flex',
      // The right and bottom margins also hold the 10 px shadow.
      padding: '36px 46px 46px 36px',
      backgroundColor: PAPER,
      fontFamily: 'Inter',
      color: INK,
    },
    node(
      'div',
      {
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        flexGrow: 1,
        padding: '40px 52px 36px',
        backgroundColor: '#ffffff',
        border: `2px solid ${INK}`,
        borderRadius: 16,
        boxShadow: `10px 10px 0 ${INK}`,
      },
      [
        node('div', { display: 'flex', alignItems: 'center', justifyContent: 'space-between' }, [
          node(
            'div',
            {
              display: 'flex',
              padding: '10px 20px',
              backgroundColor: ACCENT,
              border: `2px solid ${INK}`,
              borderRadius: 10,
              fontSize: 26,
              fontWeight: 800,
              textTransform: 'uppercase',
              letterSpacing: 1,
            },
            label,
          ),
          node('div', { display: 'flex', width: 64, height: 24, backgroundColor: INK, borderRadius: 6 }),
        ]),
        node('div', { display: 'flex', flexDirection: 'column' }, [
          node('div', { display: 'flex', fontSize: headlineSize, fontWeight: 800, lineHeight: 1.08, letterSpacing: -1.5 }, headline),
          node('div', { display: 'flex', marginTop: 22, fontSize: 28, fontWeight: 500, lineHeight: 1.35, color: INK_SOFT }, clip(content.description, 120)),
        ]),
        node(
          'div',
          {
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            paddingTop: 20,
            borderTop: `2px solid ${INK}`,
            fontSize: 26,
            fontWeight: 800,
          },
          [node('div', { display: 'flex', flexShrink: 1, marginRight: 24 }, clip(content.brandName, 60)), node('div', { display: 'flex', flexShrink: 0, fontWeight: 500, color: INK_SOFT }, siteHost)],
        ),
      ],
    ),
  );
}

/** Draws the card: a 1200×630 PNG. */
export async function renderSocialCard(content: CardContent, siteHost: string): Promise<Buffer> {
  const [{ default: satori }, { Resvg }] = await Promise.all([import('satori'), import('@resvg/resvg-js')]);
  // satori's types ask for a React element; the plain { type, props } object is what it reads.
  const svg = await satori(layout(content, siteHost) as unknown as Parameters<typeof satori>[0], {
    width: SOCIAL_CARD_WIDTH,
    height: SOCIAL_CARD_HEIGHT,
    fonts: loadFonts(),
  });
  return new Resvg(svg, { fitTo: { mode: 'width', value: SOCIAL_CARD_WIDTH }, font: { loadSystemFonts: false } }).render().asPng();
}

/**
 * Rendered cards in memory, keyed by what they show (a changed post title draws a new card), so
 * a link preview burst costs one drawing. Bounded: the oldest entry leaves first.
 */
export class SocialCardCache {
  private readonly entries = new Map<string, Promise<Buffer>>();

  constructor(private readonly maxEntries = 200) {}

  static keyOf(content: CardContent, siteHost: string): string {
    return createHash('sha256').update(JSON.stringify([content.key, content.title, content.description, content.kind, content.brandName, siteHost])).digest('hex');
  }

  get(content: CardContent, siteHost: string): Promise<Buffer> {
    const key = SocialCardCache.keyOf(content, siteHost);
    const cached = this.entries.get(key);
    if (cached) return cached;
    const rendering = renderSocialCard(content, siteHost);
    this.entries.set(key, rendering);
    // A failed drawing is not kept: the next request tries again.
    rendering.catch(() => this.entries.delete(key));
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return rendering;
  }
}
