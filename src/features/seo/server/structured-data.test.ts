import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BRAND_NAME } from '../../../common/brand';
import type { PublicWorkshopDate } from '../../workshops';
import { jsonLdScript, structuredDataFor } from './structured-data';

const PUBLIC_URL = 'https://workshops.example';
const NOW = new Date('2031-01-01T00:00:00Z');

/** One entry as GET /api/workshop-dates answers it. */
function apiDate(overrides: Partial<PublicWorkshopDate> = {}): PublicWorkshopDate {
  return {
    id: 1,
    title: 'Introduction to Vibe Coding',
    description: 'Two hours, live.',
    date: 'July 4, 2031',
    time: '10:00 AM - 12:00 PM',
    timezone: 'PDT',
    expertiseLevel: 'beginner',
    price: 499,
    seatsTotal: 10,
    seatsRemaining: 4,
    waitlistOpen: false,
    templateId: null,
    isTBC: false,
    isFeatured: false,
    endsNextDay: false,
    timeZoneId: 'America/Los_Angeles',
    timeZoneAbbreviation: 'PDT',
    startsAt: '2031-07-04T17:00:00.000Z',
    endsAt: '2031-07-04T19:00:00.000Z',
    ...overrides,
  };
}

const tbcDate = (overrides: Partial<PublicWorkshopDate> = {}) =>
  apiDate({ date: '', time: '', isTBC: true, timeZoneAbbreviation: null, startsAt: null, endsAt: null, ...overrides });

/** Every JSON-LD script's body in an HTML fragment, parsed. */
function scripts(html: string): Record<string, unknown>[] {
  const bodies = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  // Nothing outside the script elements.
  expect(bodies.map((body) => `<script type="application/ld+json">${body}</script>`).join('')).toBe(html);
  return bodies.map((body) => JSON.parse(body) as Record<string, unknown>);
}

const ofType = (objects: Record<string, unknown>[], type: string) => objects.filter((o) => o['@type'] === type);

describe('structured data of the pages with dates', () => {
  it('gives one Event per date with a start ahead, none for a TBC date or one that has started', () => {
    const dates = [
      apiDate({ id: 1, title: 'Morning session' }),
      apiDate({ id: 2, title: 'Evening session', startsAt: '2031-08-01T01:00:00.000Z', endsAt: '2031-08-01T03:00:00.000Z' }),
      apiDate({ id: 3, title: 'Started already', startsAt: '2030-12-31T23:00:00.000Z', endsAt: '2031-01-01T01:00:00.000Z' }),
      tbcDate({ id: 4, title: 'Date to be agreed' }),
    ];
    for (const path of ['/', '/intro', '/intro/']) {
      const events = ofType(scripts(structuredDataFor({ brandName: DEFAULT_BRAND_NAME, path, dates }, PUBLIC_URL, NOW)), 'Event');
      expect(events.map((e) => e.name)).toEqual(['Morning session', 'Evening session']);
    }
  });

  it('writes the times, the online location, the organiser and the offer in dollars and USD', () => {
    const date = apiDate({ price: 349.5, seatsRemaining: 3 });
    const [event] = ofType(scripts(structuredDataFor({ brandName: DEFAULT_BRAND_NAME, path: '/', dates: [date] }, PUBLIC_URL, NOW)), 'Event');
    expect(event).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Introduction to Vibe Coding',
      description: 'Two hours, live.',
      startDate: '2031-07-04T17:00:00.000Z',
      endDate: '2031-07-04T19:00:00.000Z',
      eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
      eventStatus: 'https://schema.org/EventScheduled',
      location: { '@type': 'VirtualLocation', url: 'https://workshops.example/' },
      offers: {
        '@type': 'Offer',
        price: 349.5,
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        url: 'https://workshops.example/#booking',
      },
      organizer: { '@type': 'Organization', url: 'https://workshops.example' },
    });
    expect((event!.organizer as Record<string, unknown>)['@context']).toBeUndefined();
  });

  it('keeps a full date as an Event whose offer is SoldOut', () => {
    const dates = [apiDate({ id: 1, title: 'Full', seatsRemaining: 0 }), apiDate({ id: 2, title: 'One left', seatsRemaining: 1 })];
    const events = ofType(scripts(structuredDataFor({ brandName: DEFAULT_BRAND_NAME, path: '/', dates }, PUBLIC_URL, NOW)), 'Event');
    expect(events.map((e) => [e.name, (e.offers as { availability: string }).availability])).toEqual([
      ['Full', 'https://schema.org/SoldOut'],
      ['One left', 'https://schema.org/InStock'],
    ]);
  });

  it('carries the Organization even when there is no date', () => {
    const objects = scripts(structuredDataFor({ brandName: DEFAULT_BRAND_NAME, path: '/' }, PUBLIC_URL, NOW));
    expect(objects).toEqual([expect.objectContaining({ '@type': 'Organization', url: PUBLIC_URL, name: DEFAULT_BRAND_NAME })]);
  });

  it('names the Organization, the organizer and the publisher with the saved brand name', () => {
    const objects = scripts(structuredDataFor({ brandName: 'Acme </script> Labs', path: '/', dates: [apiDate()] }, PUBLIC_URL, NOW));
    expect(objects.find((o) => o['@type'] === 'Organization')).toMatchObject({ name: 'Acme </script> Labs' });
    expect(objects.find((o) => o['@type'] === 'Event')).toMatchObject({ organizer: { name: 'Acme </script> Labs' } });
    expect(structuredDataFor({ brandName: 'Acme </script> Labs', path: '/' }, PUBLIC_URL, NOW)).not.toContain('</script> Labs');
  });
});

describe('structured data of the blog', () => {
  const post = {
    slug: 'first-steps',
    title: 'First steps',
    excerpt: 'Where to begin.',
    authorName: 'Ada Example',
    publishedAt: '2031-02-03T04:05:06.000Z',
    updatedAt: new Date('2031-02-10T00:00:00.000Z'),
  };

  it('gives the blog list the Organization only', () => {
    expect(scripts(structuredDataFor({ brandName: DEFAULT_BRAND_NAME, path: '/blog', dates: [apiDate()] }, PUBLIC_URL, NOW)).map((o) => o['@type'])).toEqual(['Organization']);
  });

  it('gives a post a BlogPosting with its headline, dates, author, address and card image', () => {
    const objects = scripts(structuredDataFor({ brandName: DEFAULT_BRAND_NAME, path: '/blog/first-steps', post }, PUBLIC_URL, NOW));
    expect(objects.map((o) => o['@type'])).toEqual(['Organization', 'BlogPosting']);
    expect(ofType(objects, 'BlogPosting')[0]).toMatchObject({
      headline: 'First steps',
      description: 'Where to begin.',
      datePublished: '2031-02-03T04:05:06.000Z',
      dateModified: '2031-02-10T00:00:00.000Z',
      author: { '@type': 'Person', name: 'Ada Example' },
      url: 'https://workshops.example/blog/first-steps',
      image: 'https://workshops.example/api/og/blog-first-steps.png',
    });
  });

  it('leaves out dates a post does not have', () => {
    const [posting] = ofType(scripts(structuredDataFor({ brandName: DEFAULT_BRAND_NAME, path: '/blog/first-steps', post: { ...post, publishedAt: null, updatedAt: undefined } }, PUBLIC_URL, NOW)), 'BlogPosting');
    expect(posting).not.toHaveProperty('datePublished');
    expect(posting).not.toHaveProperty('dateModified');
  });

  it('gives a post that was not found, and other pages, nothing', () => {
    expect(structuredDataFor({ brandName: DEFAULT_BRAND_NAME, path: '/blog/missing', post: null }, PUBLIC_URL, NOW)).toBe('');
    expect(structuredDataFor({ brandName: DEFAULT_BRAND_NAME, path: '/checkout', dates: [apiDate()] }, PUBLIC_URL, NOW)).toBe('');
    expect(structuredDataFor({ brandName: DEFAULT_BRAND_NAME, path: '/admin' }, PUBLIC_URL, NOW)).toBe('');
  });
});

describe('the script element', () => {
  it('cannot be closed by a hostile title', () => {
    const title = '</script><script>alert(1)</script><!-- & >';
    const html = structuredDataFor({ brandName: DEFAULT_BRAND_NAME, path: '/', dates: [apiDate({ title })] }, PUBLIC_URL, NOW);
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<!--');
    expect(ofType(scripts(html), 'Event')[0]!.name).toBe(title);
  });

  it('round-trips any text and never holds "<" inside the element', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), (title, description) => {
        const html = jsonLdScript({ title, description });
        const body = html.slice('<script type="application/ld+json">'.length, -'</script>'.length);
        expect(body).not.toContain('<');
        expect(body).not.toContain('</');
        expect(JSON.parse(body)).toEqual({ title, description });
      }),
    );
  });
});
