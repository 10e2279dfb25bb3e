import type { BlogPosting, Event, Organization, WithContext } from 'schema-dts';
import { SITE_TAGLINE } from '../../../common/brand';
import { WORKSHOP_DESCRIPTION, blogPostMeta, routeMetaFor } from '../../../common/route-meta';
import type { BlogPost } from '../../content/server';
import type { PublicWorkshopDate } from '../../workshops';

/**
 * schema.org descriptions of the public pages, written by the page renderer into
 * `<script type="application/ld+json">` from the data the page already shows. Pure: no database,
 * no clock unless given one. Why these rules: docs/decisions/016-search-and-sharing.md.
 */

/** What a BlogPosting needs of a post: the public API's fields, and the last edit when the caller has it. */
export type StructuredDataPost = Pick<BlogPost, 'slug' | 'title' | 'excerpt' | 'authorName' | 'publishedAt'> & {
  updatedAt?: string | Date | null;
};

export type StructuredDataPage = {
  /** The organiser's name as saved in Settings › General. */
  brandName: string;
  /** The page's path ('/', '/intro', '/blog', '/blog/{slug}'); a trailing slash is ignored. */
  path: string;
  /** The upcoming dates as GET /api/workshop-dates answers them. */
  dates?: readonly PublicWorkshopDate[];
  /** The post of a '/blog/{slug}' page; without it (not found) the page gets no structured data. */
  post?: StructuredDataPost | null;
};

const CONTEXT = 'https://schema.org';

const ogImage = (publicUrl: string, key: string) => `${publicUrl}/api/og/${key}.png`;

/** The organiser: the brand's name, the site's address and its logo. */
export function organization(publicUrl: string, brandName: string): WithContext<Organization> {
  return { '@context': CONTEXT, ...organizer(publicUrl, brandName) };
}

/** The organiser as a property of another object (no @context, which belongs at the top only). */
function organizer(publicUrl: string, brandName: string) {
  return {
    '@type': 'Organization',
    '@id': `${publicUrl}/#organization`,
    name: brandName,
    description: SITE_TAGLINE,
    url: publicUrl,
    logo: `${publicUrl}/favicon.svg`,
  } satisfies Organization;
}

/**
 * A date is bookable, and so an Event, when it has a start (not TBC) that is still ahead: the
 * booking service refuses a date that has started. A TBC date is bookable but has no time for a
 * calendar, so it is left out rather than given a made-up one.
 */
export function isBookableDate(date: PublicWorkshopDate, now: Date): date is PublicWorkshopDate & { startsAt: string } {
  return !date.isTBC && date.startsAt !== null && Date.parse(date.startsAt) > now.getTime();
}

/**
 * One bookable date. A full date stays an Event with a SoldOut offer: it is still taking place,
 * and a search result should say it is full rather than lose it.
 */
export function workshopEvent(date: PublicWorkshopDate & { startsAt: string }, publicUrl: string, brandName: string): WithContext<Event> {
  return {
    '@context': CONTEXT,
    '@type': 'Event',
    name: date.title,
    description: date.description?.trim() || WORKSHOP_DESCRIPTION,
    image: ogImage(publicUrl, routeMetaFor('/').ogImageKey),
    startDate: date.startsAt,
    ...(date.endsAt ? { endDate: date.endsAt } : {}),
    eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
    eventStatus: 'https://schema.org/EventScheduled',
    location: { '@type': 'VirtualLocation', url: `${publicUrl}/` },
    offers: {
      '@type': 'Offer',
      price: date.price,
      priceCurrency: 'USD',
      availability: date.seatsRemaining <= 0 ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
      url: `${publicUrl}/#booking`,
    },
    organizer: organizer(publicUrl, brandName),
  };
}

const isoDate = (value: string | Date | null | undefined): string | undefined => {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
};

export function blogPosting(post: StructuredDataPost, publicUrl: string, brandName: string): WithContext<BlogPosting> {
  const meta = blogPostMeta(post);
  const url = `${publicUrl}/blog/${post.slug}`;
  const published = isoDate(post.publishedAt);
  const modified = isoDate(post.updatedAt);
  return {
    '@context': CONTEXT,
    '@type': 'BlogPosting',
    headline: post.title,
    description: meta.description,
    url,
    mainEntityOfPage: url,
    image: ogImage(publicUrl, meta.ogImageKey),
    ...(published ? { datePublished: published } : {}),
    ...(modified ? { dateModified: modified } : {}),
    author: { '@type': 'Person', name: post.authorName },
    publisher: organizer(publicUrl, brandName),
  };
}

/**
 * JSON-LD inside a script element. JSON may hold any text, but the HTML parser ends the element
 * at the first `</script` whatever the JSON means, and `<!--` changes how it reads on: `<`, `>`
 * and `&` are written as \u escapes, which JSON.parse turns back into the same characters. U+2028
 * and U+2029 too, for older script engines that took them for line ends.
 */
export function jsonLdScript(data: object): string {
  const json = JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `<script type="application/ld+json">${json}</script>`;
}

/** The objects a page carries: Organization and Events on '/' and '/intro', Organization on '/blog', BlogPosting on a post. */
export function structuredDataObjects(page: StructuredDataPage, publicUrl: string, now = new Date()): object[] {
  const path = page.path.replace(/\/+$/, '') || '/';
  const brand = page.brandName;
  if (path === '/' || path === '/intro') {
    const events = (page.dates ?? []).filter((date) => isBookableDate(date, now)).map((date) => workshopEvent(date, publicUrl, brand));
    return [organization(publicUrl, brand), ...events];
  }
  if (path === '/blog') return [organization(publicUrl, brand)];
  if (/^\/blog\/[^/]+$/.test(path)) return page.post ? [organization(publicUrl, brand), blogPosting(page.post, publicUrl, brand)] : [];
  return [];
}

/** The HTML for a page's head or body: zero or more `<script type="application/ld+json">` elements. */
export function structuredDataFor(page: StructuredDataPage, publicUrl: string, now = new Date()): string {
  return structuredDataObjects(page, publicUrl, now).map(jsonLdScript).join('');
}
