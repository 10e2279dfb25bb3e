import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { holdRequests, waitForAppTakeover } from './support/page';
import { getBlogPosts, getTestimonials, getWorkshopDates, htmlText, isTbc, usdPattern, type WorkshopDate } from './support/api';

/*
 * Issue 19: /, /intro, /blog and each post are rendered by the server with their data (CONTRACT
 * §8). What a crawler, a link preview or a visitor without scripts gets is the raw HTML, so most
 * checks here read it without a browser; the browser checks that the app adopts that HTML
 * (hydrates) instead of drawing the page again, and that nothing is lost while it does.
 */

const SERVER_RENDERED = ['/', '/intro', '/blog'] as const;

async function rawHtml(page: Page, path: string): Promise<string> {
  const response = await page.request.get(path, { headers: { Accept: 'text/html' } });
  expect(response.status(), path).toBe(200);
  return response.text();
}

/** The text a date shows in the booking list before the visitor's zone is known: as the organiser wrote it. */
/** The day and the organiser's time as the page shows them: the typed range with an en dash. */
function dateLine(date: WorkshopDate) {
  // The page names the zone's abbreviation on that day (PDT for a summer date typed as PST), as the list does.
  return { day: date.date, time: `${date.time.replace(' - ', ' – ')} ${date.timeZoneAbbreviation ?? date.timezone}`.trim() };
}

type JsonLd = Record<string, unknown> & { '@type': string };

function jsonLdOf(html: string): JsonLd[] {
  return Array.from(html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g), (match) => JSON.parse(match[1]!) as JsonLd);
}

test.describe('raw HTML', () => {
  test('the landing page and /intro hold every upcoming date with its time, seats left and price', async ({ page }) => {
    for (const path of ['/', '/intro']) {
      // Other tests book seats meanwhile: the page and the list are read again until they agree.
      await expect(async () => {
        const dates = await getWorkshopDates(page.request);
        const dated = dates.filter((date) => !isTbc(date));
        expect(dated.length, 'the demo seed has dated workshops').toBeGreaterThanOrEqual(2);
        const text = htmlText(await rawHtml(page, path));
        for (const date of dated) {
          const { day, time } = dateLine(date);
          expect(text, `${path}: ${date.title} on ${day}`).toContain(day);
          expect(text, `${path}: the time of ${day}`).toContain(time);
          if (date.seatsRemaining > 0) {
            expect(text, `${path}: seats of ${day}`).toContain(`${date.seatsRemaining} seats remaining`);
            expect(text, `${path}: price of ${day}`).toMatch(usdPattern(date.price ?? 499));
          }
        }
        if (dates.some((date) => date.seatsRemaining <= 0)) expect(text, path).toContain('BOOKED OUT!');
      }).toPass({ timeout: 20_000 });
    }
  });

  test('the landing page holds the testimonials and the FAQ answers; the blog its posts', async ({ page }) => {
    const landing = htmlText(await rawHtml(page, '/'));
    for (const testimonial of await getTestimonials(page.request)) {
      expect(landing).toContain(testimonial.name);
      expect(landing).toContain(htmlText(testimonial.text));
    }
    expect(landing).toContain('Frequently asked questions');
    // An answer (the accordion is closed): present for readers without scripts.
    expect(landing).toContain('If you can describe what you want in plain words');

    const posts = await getBlogPosts(page.request);
    expect(posts.length, 'the demo seed has published posts').toBeGreaterThanOrEqual(1);
    const blog = htmlText(await rawHtml(page, '/blog'));
    for (const post of posts) expect(blog).toContain(post.title);
    const [first] = posts;
    const postHtml = htmlText(await rawHtml(page, `/blog/${first!.slug}`));
    expect(postHtml).toContain(first!.title);
    // The post's own words, not only its title (the meta tags carry that).
    const firstSentence = htmlText(first!.content).split(/[.!?]/)[0]!.trim();
    expect(postHtml).toContain(firstSentence);
  });

  test('each page carries the data its app starts from, and says nothing the page does not show', async ({ page }) => {
    for (const path of SERVER_RENDERED) {
      // Other specs book seats on the same server meanwhile: the page and the API read are taken
      // again until no booking fell between them (a stale page would never match).
      await expect(async () => {
        const html = await rawHtml(page, path);
        const dates = await getWorkshopDates(page.request);
        const state = /<script id="page-state" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
        expect(state, `${path} carries its page state`).not.toBeNull();
        const queries = (JSON.parse(state![1]!) as { queries: { queryKey: unknown[]; state: { data: unknown } }[] }).queries;
        const keys = queries.map((query) => query.queryKey[0]);
        if (path === '/blog') expect(keys).toEqual(['/api/blog-posts']);
        else {
          expect(keys).toContain('/api/workshop-dates');
          const shown = queries.find((query) => query.queryKey[0] === '/api/workshop-dates')!.state.data as WorkshopDate[];
          expect(shown.map((date) => [date.id, date.seatsRemaining])).toEqual(dates.map((date) => [date.id, date.seatsRemaining]));
        }
      }).toPass({ timeout: 10_000 });
    }
  });

  test("JSON-LD: an Event per bookable date, in stock or sold out as the database says; a post's BlogPosting", async ({ page, baseURL }) => {
    const dates = await getWorkshopDates(page.request);
    const bookable = dates.filter((date) => !isTbc(date) && Date.parse((date as WorkshopDate & { startsAt: string }).startsAt) > Date.now());
    expect(bookable.some((date) => date.seatsRemaining <= 0), 'the demo seed has a booked-out date').toBe(true);
    for (const path of ['/', '/intro']) {
      const data = jsonLdOf(await rawHtml(page, path));
      const organization = data.find((item) => item['@type'] === 'Organization');
      expect(organization?.url, path).toBe(baseURL);
      const events = data.filter((item) => item['@type'] === 'Event');
      expect(events, path).toHaveLength(bookable.length);
      for (const date of bookable) {
        const { startsAt, endsAt } = date as WorkshopDate & { startsAt: string; endsAt: string };
        const event = events.find((item) => item.startDate === startsAt && item.name === date.title);
        expect(event, `${path}: an Event for ${date.date}`).toBeDefined();
        expect(event).toMatchObject({
          endDate: endsAt,
          eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
          location: { '@type': 'VirtualLocation' },
          eventStatus: 'https://schema.org/EventScheduled',
          offers: {
            price: date.price ?? 499,
            priceCurrency: 'USD',
            availability: date.seatsRemaining > 0 ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
          },
        });
        expect((event!.offers as { url: string }).url.startsWith(baseURL!)).toBe(true);
        expect(event!.organizer).toBeDefined();
      }
    }
    const [post] = await getBlogPosts(page.request);
    const posting = jsonLdOf(await rawHtml(page, `/blog/${post!.slug}`)).find((item) => item['@type'] === 'BlogPosting');
    expect(posting).toMatchObject({ headline: post!.title, url: `${baseURL}/blog/${post!.slug}` });
  });

  test('each page names its canonical address and the blog’s feed', async ({ page, baseURL }) => {
    const [post] = await getBlogPosts(page.request);
    for (const path of [...SERVER_RENDERED, `/blog/${post!.slug}`]) {
      const html = await rawHtml(page, path);
      expect(html, path).toContain(`<link rel="canonical" href="${baseURL}${path}" />`);
      expect(html, path).toContain(`<link rel="alternate" type="application/rss+xml" title="Blog" href="${baseURL}/blog/feed.xml" />`);
    }
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a visitor reads the dates, prices, seats, testimonials, posts and FAQ, and is told booking needs JavaScript', async ({ page }) => {
    // A browser with scripts off shows what <noscript> holds. Chromium with scripts turned off by
    // the test still parses it as a browser running scripts does (the switch does not reach its
    // HTML parser), so the pages are handed over as that parser reads them: the tags dropped.
    await page.route(
      (url) => !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/assets/'),
      async (route) => {
        if (route.request().resourceType() !== 'document') return route.continue();
        const response = await route.fetch();
        await route.fulfill({ response, body: (await response.text()).replace(/<\/?noscript>/g, '') });
      },
    );
    const testimonials = await getTestimonials(page.request);
    const booking = page.locator('#booking');
    // Other tests book seats meanwhile: the page and the list are read again until they agree.
    await expect(async () => {
      const dates = (await getWorkshopDates(page.request)).filter((date) => !isTbc(date) && date.seatsRemaining > 0);
      await page.goto('/');
      for (const date of dates) {
        const card = booking.locator(`label[for="workshop-date-${date.id}"]`);
        await expect(card).toContainText(date.date, { timeout: 1000 });
        await expect(card).toContainText(`${date.seatsRemaining} seats remaining`, { timeout: 1000 });
        await expect(card).toContainText(usdPattern(date.price ?? 499), { timeout: 1000 });
      }
    }).toPass({ timeout: 20_000 });
    await expect(booking.getByText('Booking needs JavaScript')).toBeVisible();
    await expect(booking.getByRole('button', { name: 'Continue to payment' })).toBeDisabled();
    // All of them, though the carousel shows a page of them at a time.
    for (const testimonial of testimonials) {
      await expect(page.locator('#testimonials').getByText(testimonial.name).filter({ visible: true })).toHaveCount(1);
    }
    // Every FAQ answer can be read: the accordion cannot open without scripts.
    await expect(page.locator('#faq').getByText(/If you can describe what you want in plain words/)).toBeVisible();

    const [post] = await getBlogPosts(page.request);
    await page.goto('/blog');
    await expect(page.getByRole('heading', { name: post!.title })).toBeVisible();
    await page.goto(`/blog/${post!.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: post!.title })).toBeVisible();
  });
});

test.describe('hydration', () => {
  test('the app adopts the server HTML: the nodes stay, and no page logs a hydration error', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (/hydrat|#418|#421|#422|#423|#425/i.test(message.text())) problems.push(`${page.url()}: ${message.text()}`);
    });
    const [post] = await getBlogPosts(page.request);
    // The nodes the server sent are marked as soon as the document is parsed, before any script.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        for (const node of document.querySelectorAll('#root h1, #root h2, #root footer')) (node as Element & { fromServer?: boolean }).fromServer = true;
      });
    });
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      for (const path of [...SERVER_RENDERED, `/blog/${post!.slug}`]) {
        await page.goto(path);
        await page.waitForFunction(() => Object.keys(document.querySelector('#root h1') ?? {}).some((key) => key.startsWith('__reactFiber')));
        // Down to the end of the page, so that every lazy part arrives and hydrates too.
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await page.waitForLoadState('networkidle');
        const kept = await page.evaluate(() =>
          // Headings an admin wrote (an announcement's, a post's) are HTML React sets, not nodes it renders.
          Array.from(document.querySelectorAll('#root h1, #root h2, #root footer'))
            .filter((node) => !node.closest('.rich-text'))
            .map((node) => ({
              server: (node as Element & { fromServer?: boolean }).fromServer === true,
              react: Object.keys(node).some((key) => key.startsWith('__reactFiber')),
            })),
        );
        expect(kept.length, path).toBeGreaterThan(0);
        expect(kept.every((node) => node.server && node.react), `${path} at ${viewport.width} px: every heading is the server's node, now React's`).toBe(true);
      }
    }
    expect(problems).toEqual([]);
  });

  test('a tap on the menu while the page hydrates opens it', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // A slow phone: hydration takes long enough for the tap to land in the middle of it.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
    // The tap comes the moment hydration starts (main.tsx marks it), before React reaches the header.
    await page.addInitScript(() => {
      new PerformanceObserver((list, observer) => {
        if (!list.getEntriesByName('hydration-start').length) return;
        observer.disconnect();
        const button = document.querySelector<HTMLButtonElement>('button[aria-controls]');
        const hydrated = !!button && Object.keys(button).some((key) => key.startsWith('__reactProps'));
        (window as unknown as { tapped: unknown }).tapped = { found: !!button, hydrated };
        button?.click();
      }).observe({ type: 'mark' });
    });
    await page.goto('/');
    await page.waitForFunction(() => 'tapped' in window);
    expect(await page.evaluate(() => (window as unknown as { tapped: unknown }).tapped)).toEqual({ found: true, hydrated: false });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('#mobile-menu').getByRole('link', { name: 'BLOG' })).toBeVisible();
  });

  test('a date tapped before the booking section has its code is chosen once it has', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // The sections' code is held back: the app has the page, the sections are still the server's HTML.
    const release = await holdRequests(page, /\/assets\/landing-sections-[\w-]+\.js$/);
    await page.goto('/#booking');
    await waitForAppTakeover(page);
    const radio = page.locator('#booking').getByRole('radio', { disabled: false }).first();
    expect(await radio.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps')))).toBe(false);
    await page.locator(`#booking label[for="${await radio.getAttribute('id')}"]`).click();
    await expect(radio).not.toBeChecked();
    release();
    await expect(radio).toBeChecked();
  });

  test('a tap on an FAQ question before the app has even run opens it once the app has', async ({ page }) => {
    // The entry is held back: the page is the server's HTML, with no React at all.
    const release = await holdRequests(page, /\/assets\/index-[\w-]+\.js$/);
    await page.goto('/');
    const question = page.getByRole('button', { name: /coding experience/i }).last();
    await question.click();
    await expect(question).toHaveAttribute('aria-expanded', 'false');
    release();
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    // Made again once, not once more by React: it stays open.
    await page.waitForLoadState('networkidle');
    await expect(question).toHaveAttribute('aria-expanded', 'true');
  });
});
