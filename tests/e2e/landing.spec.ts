import type { Locator, Page } from '@playwright/test';
import { test, expect, expectNotice } from './fixtures';
import {
  exactText,
  expertiseLabel,
  getAnnouncements,
  getTestimonials,
  getWorkshopDates,
  htmlText,
  isTbc,
  usdPattern,
  expectCurrentPromo,
  adminRequest,
  adminGetJson,
  type Testimonial,
} from './support/api';
import { dateRadios } from './support/booking';
import { cta, documentTop, expectNotShown, expectScrolledTo, expectShown, seatsBadge, escapeRegExp, waitForAppTakeover } from './support/page';

const testimonialsHeading = 'What our participants say';

test.describe('landing page', () => {
  test('shows the ten sections in order', async ({ page }) => {
    await page.goto('/');
    const sections: [string, Locator][] = [
      ['hero', cta(page, /explore workshops/i).first()],
      ['about', page.locator('#about')],
      ['workshops', page.locator('#workshops')],
      ['instructor', page.locator('#instructor')],
      ['testimonials', page.getByRole('heading', { name: testimonialsHeading })],
      ['announcements', page.getByRole('heading', { name: 'Announcements', exact: true })],
      ['booking', page.locator('#booking')],
      ['faq', page.getByRole('button', { name: /coding experience/i })],
      ['contact', page.locator('#contact')],
      ['footer', page.getByRole('contentinfo')],
    ];
    for (const [name, locator] of sections) await expect(locator, `section ${name}`).toBeVisible();
    // Measured once every section is there: a section that loads late moves the ones below it,
    // so a top read while it was still loading could put two sections out of order.
    const tops: number[] = [];
    for (const [, locator] of sections) tops.push(await documentTop(locator));
    const order = sections.map(([name], i) => ({ name, top: tops[i]! }));
    expect(
      [...order].sort((a, b) => a.top - b.top).map((s) => s.name),
      'sections top to bottom',
    ).toEqual(order.map((s) => s.name));
  });

  test('hero calls to action jump to workshops and booking', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText(/no coding experience/i).first()).toBeVisible();
    // Let the sections above the booking section finish loading: testimonials and announcements
    // appear only once their data arrives and push the later sections down.
    await expect(page.getByRole('heading', { name: testimonialsHeading })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Announcements', exact: true })).toBeVisible();
    await cta(page, /^\s*explore workshops\s*$/i).first().click();
    await expectScrolledTo(page, '#workshops');
    await cta(page, /^\s*book now\s*$/i).first().click();
    await expectScrolledTo(page, '#booking');
  });

  test('about lists the five steps of the approach', async ({ page }) => {
    await page.goto('/');
    const about = page.locator('#about');
    for (const step of [/concept mapping/i, /tool selection/i, /rapid prototyping/i, /user testing/i, /team exploration/i]) {
      await expect(about.getByText(step).first(), String(step)).toBeVisible();
    }
  });

  test("featured workshop card shows the admin's Featured date (else the first), its own seats left and its level's sentence", async ({ page, request }) => {
    await page.goto('/');
    const workshops = page.locator('#workshops');
    const dates = await getWorkshopDates(request);
    expect(dates.length, 'the demo seed has at least three active workshop dates').toBeGreaterThanOrEqual(3);
    // The date the admin marked Featured (the seed marks one), else the first.
    const first = dates.find((date) => date.isFeatured) ?? dates[0]!;

    // Title in upper case (as rendered), expertise badge, price, format, learning list, promo badge.
    await expect(workshops.getByText(first.title).first()).toBeVisible();
    await expect
      .poll(async () => (await workshops.getByText(first.title).allInnerTexts()).some((t) => t.includes(first.title.toUpperCase())))
      .toBe(true);
    await expect(workshops.getByText(expertiseLabel[first.expertiseLevel], { exact: false }).first()).toBeVisible();
    await expect(workshops.getByText(usdPattern(first.price ?? 499)).first()).toBeVisible();
    await expect(workshops.getByText('1x 2 hour group session').first()).toBeVisible();
    await expectCurrentPromo(workshops, request);
    const sentence = { beginner: 'Requires no technical expertise, just an attitude to explore!', some_expertise: 'Some prior coding experience recommended but not required.', expert: 'Designed for those with advanced experience who want to level up.' }[first.expertiseLevel];
    await expect(workshops.getByText(sentence)).toBeVisible();
    expect(await workshops.getByRole('listitem').count(), 'what attendees learn').toBeGreaterThanOrEqual(3);

    // '{n} SEATS LEFT' with n the featured date's own seats. Other tests may hold seats meanwhile,
    // so compare with a fresh answer and reload until both agree.
    await expect(async () => {
      const own = (await getWorkshopDates(request)).find((date) => date.id === first.id)!.seatsRemaining;
      await page.reload();
      await expect(workshops.getByText(seatsBadge(own))).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 25_000 });
  });

  test('instructor shows the experience badge and links', async ({ page }) => {
    await page.goto('/');
    const instructor = page.locator('#instructor');
    await expect(instructor.getByText('20+ years experience')).toBeVisible();
    const links = instructor.getByRole('link');
    expect(await links.count(), 'own sites and a professional network profile').toBeGreaterThanOrEqual(2);
  });

  test('testimonials show title, subtitle and the first page in sortOrder', async ({ page, request }) => {
    await page.goto('/');
    const items = await getTestimonials(request);
    expect(items.length, 'the demo seed has at least four testimonials').toBeGreaterThanOrEqual(4);
    const heading = page.getByRole('heading', { name: testimonialsHeading });
    await expect(heading).toBeVisible();
    await expect(
      page.getByText(exactText("Don't just take our word for it. Hear from those who've experienced our workshops.")),
    ).toBeVisible();

    // 1280 px wide: three per row, two rows, so six per page.
    const perPage = 6;
    const pages = Math.ceil(items.length / perPage);
    const firstPage = items.slice(0, perPage);
    const tops: { x: number; y: number }[] = [];
    for (const item of firstPage) {
      const name = page.getByText(item.name, { exact: true }).first();
      await expect(name).toBeVisible();
      const quote = page.getByText(item.text.slice(0, 40), { exact: false }).first();
      await expect(quote).toBeVisible();
      if (item.role && item.organization) {
        await expect(page.getByText(`${item.role}, ${item.organization}`).first()).toBeVisible();
      }
      const initials = initialsOf(item);
      if (initials) await expect(page.getByText(initials, { exact: true }).first()).toBeVisible();
      const box = (await quote.boundingBox())!;
      tops.push({ x: Math.round(box.x), y: Math.round(box.y) });
    }
    // Reading order (row by row, left to right) follows the API order, which is by sortOrder.
    const readingOrder = tops
      .map((p, i) => ({ ...p, i }))
      .sort((a, b) => (Math.abs(a.y - b.y) > 40 ? a.y - b.y : a.x - b.x))
      .map((p) => p.i);
    expect(readingOrder).toEqual(firstPage.map((_, i) => i));
    await expect(page.getByRole('button', { name: /^Go to page \d+$/ })).toHaveCount(pages > 1 ? pages : 0);
  });

  test('announcements show the cards and the interest form', async ({ page, request, consoleGuard }) => {
    await page.goto('/');
    const announcements = await getAnnouncements(request);
    expect(announcements.length, 'the demo seed has two announcements').toBeGreaterThanOrEqual(2);
    await expect(page.getByRole('heading', { name: 'Announcements', exact: true })).toBeVisible();
    for (const a of announcements) {
      await expect(page.getByText(a.title, { exact: true }).first()).toBeVisible();
      const snippet = htmlText(a.content).split(/\s+/).slice(0, 5).join(' ');
      if (snippet) await expect(page.getByText(snippet).first()).toBeVisible();
    }
    const withForm = announcements.filter((a) => a.emailFormEnabled);
    expect(withForm.length, 'one seeded announcement has the interest form').toBeGreaterThanOrEqual(1);
    await expect(page.getByText('Interested? Let us know:')).toHaveCount(withForm.length);

    const submit = page.getByRole('button', { name: /^\s*submit\s*$/i }).first();
    const form = submit.locator('xpath=ancestor::form[1]');
    const email = form.getByRole('textbox');
    await expect(email).toHaveAttribute('type', 'email');

    // Accepted by the browser's type=email check, refused by the text@text.text rule.
    await email.fill('someone@localhost');
    await submit.click();
    await expectNotice(page, consoleGuard, 'Please enter a valid email address');

    const address = `interest-${Date.now()}@example.com`;
    await email.fill(address);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/announcements/interest') && r.request().method() === 'POST'),
      submit.click(),
    ]);
    expect(response.status(), 'POST /api/announcements/interest').toBeLessThan(300);
    await expectNotice(page, consoleGuard, exactText("Thank you for your interest! We'll be in touch soon."));
    await expect(email).toHaveValue('');

    // Server side: the admin sees the interest on that announcement.
    const admin = await adminRequest('interest stored (GET /api/admin/announcements/{id}/interest)');
    try {
      const interest = await adminGetJson<{ email: string }[]>(admin, `/api/admin/announcements/${withForm[0]!.id}/interest`, 'interest stored');
      expect(interest.map((i) => i.email)).toContain(address);
    } finally {
      await admin.dispose();
    }
  });

  test('booking section lists the dates with their states', async ({ page, request }) => {
    await page.goto('/');
    const dates = await getWorkshopDates(request);
    const booking = page.locator('#booking');
    const bookedOut = dates.filter((d) => d.seatsRemaining === 0);
    const tbc = dates.filter(isTbc);
    expect(bookedOut.length, 'the demo seed has a booked-out date').toBeGreaterThanOrEqual(1);
    expect(tbc.length, 'the demo seed has a TBC date').toBeGreaterThanOrEqual(1);

    await expect(dateRadios(page)).toHaveCount(dates.length);
    await expect(booking.getByRole('radio', { disabled: true })).toHaveCount(bookedOut.length);
    await expect(booking.getByText(/^\s*booked out!\s*$/i)).toHaveCount(bookedOut.length);
    await expect(booking.getByText('This workshop is fully booked')).toHaveCount(bookedOut.length);
    await expect(booking.getByText('Actual Date Will Be Set Via Participant Poll')).toHaveCount(tbc.length);
    await expect(booking.getByText(/\bTBC\b/).first()).toBeVisible();
    for (const d of dates.filter((x) => x.seatsRemaining > 0)) {
      await expect(booking.getByText(new RegExp(`(^|\\D)${d.seatsRemaining} seats remaining`, 'i')).first()).toBeVisible();
      await expect(booking.getByText(usdPattern(d.price ?? 499)).first()).toBeVisible();
    }
    for (const level of new Set(dates.map((d) => expertiseLabel[d.expertiseLevel]))) {
      await expect(booking.getByText(level).first()).toBeVisible();
    }
    // Newsletter subscription is on by default.
    await expect(booking.getByRole('checkbox', { name: /newsletter/ })).toBeChecked();
    // So is taking the first seat oneself.
    await expect(booking.getByRole('checkbox', { name: /I’m attending/ })).toBeChecked();
  });

  test('FAQ opens one question at a time and is collapsible', async ({ page }) => {
    await page.goto('/');
    const questions = [/coding experience/i, /tools/i, /follow.?up/i, /afford/i, /refund/i, /prepar/i].map((name) =>
      page.getByRole('button', { name }).last(),
    );
    for (const q of questions) await expect(q).toBeVisible();
    for (const q of questions) await expect(q).toHaveAttribute('aria-expanded', 'false');

    const [first, , , , refund] = questions;
    await first!.click();
    await expect(first!).toHaveAttribute('aria-expanded', 'true');
    await refund!.click();
    await expect(refund!).toHaveAttribute('aria-expanded', 'true');
    await expect(first!).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText(/7 days/).first()).toBeVisible();
    for (const q of questions.filter((q) => q !== refund)) await expect(q).toHaveAttribute('aria-expanded', 'false');
    await refund!.click();
    await expect(refund!).toHaveAttribute('aria-expanded', 'false');
  });

  test('footer shows the current year and the placeholder links', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(String(new Date().getFullYear()));
    for (const name of [/privacy/i, /terms/i, /cookie/i]) await expect(footer.getByText(name).first()).toBeVisible();
  });

  test('header navigation links to the sections, the blog and my bookings', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    const link = (name: string) => header.getByRole('link', { name: new RegExp(`^\\s*${escapeRegExp(name)}\\s*$`, 'i') });
    await expect(link('about')).toHaveAttribute('href', /#about$/);
    await expect(link('workshops')).toHaveAttribute('href', /#workshops$/);
    await expect(link('instructor')).toHaveAttribute('href', /#instructor$/);
    await expect(link('contact')).toHaveAttribute('href', /#contact$/);
    await expect(link('blog')).toHaveAttribute('href', /^(https?:\/\/[^/]+)?\/blog$/);
    await expect(link('my bookings')).toHaveAttribute('href', /^(https?:\/\/[^/]+)?\/participant$/);
    await expect(header.locator('a[href="/"]').first()).toBeVisible();

    await link('instructor').click();
    await expectScrolledTo(page, '#instructor');
    await link('blog').click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole('heading', { name: /^blog$/i })).toBeVisible();
    await header.locator('a[href="/"]').first().click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('#about')).toBeVisible();
  });
});

test.describe('landing page at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the code of the sections below About loads only as the visitor heads for them; their HTML is there at once', async ({ page }) => {
    const chunks: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/landing-sections-[^/]+\.js$/.test(request.url())) chunks.push(request.url());
    });
    await page.goto('/');
    // The app has taken over and the page is quiet: the sections are the server's HTML, not yet React's.
    await waitForAppTakeover(page);
    await page.waitForLoadState('networkidle');
    expect(chunks).toEqual([]);
    const testimonials = page.getByRole('heading', { name: testimonialsHeading });
    await expect(testimonials).toBeAttached();
    expect(await testimonials.evaluate((heading) => Object.keys(heading).some((key) => key.startsWith('__reactFiber')))).toBe(false);
    // Scrolling toward them brings their code, well before they reach the screen, and they hydrate.
    await page.locator('#about').evaluate((about) => about.scrollIntoView({ block: 'start' }));
    await expect.poll(() => testimonials.evaluate((heading) => Object.keys(heading).some((key) => key.startsWith('__reactFiber')))).toBe(true);
    expect(chunks).toHaveLength(1);
  });

  test('a key press brings the code of the sections below About, so Tab reaches working controls', async ({ page }) => {
    const chunk = page.waitForRequest(/\/assets\/landing-sections-[^/]+\.js$/);
    await page.goto('/');
    await waitForAppTakeover(page);
    await page.keyboard.press('Tab');
    await chunk;
    await expect.poll(() => page.locator('#workshops').evaluate((section) => Object.keys(section).some((key) => key.startsWith('__reactFiber')))).toBe(true);
  });

  test('mobile menu opens and closes when a link is chosen', async ({ page }) => {
    await page.goto('/');
    await waitForAppTakeover(page);
    const open = page.getByRole('button', { name: 'Open menu' });
    await expect(open).toBeVisible();
    const workshopsLink = page.getByRole('link', { name: /^\s*workshops\s*$/i });
    await expect(workshopsLink).toHaveCount(0);
    await open.click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible();
    await expect(workshopsLink).toBeVisible();
    await expect(page.getByRole('link', { name: /^\s*my bookings\s*$/i })).toBeVisible();
    await workshopsLink.click();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    await expect(workshopsLink).toHaveCount(0);
    await expectScrolledTo(page, '#workshops');
  });

  test('testimonial dots switch pages', async ({ page, request }) => {
    const items = await getTestimonials(request);
    await page.goto('/');
    await scrollTowardTheSections(page);
    // Below 768 px: one per row, two rows, so two per page.
    const pages = Math.ceil(items.length / 2);
    const dots = page.getByRole('button', { name: /^Go to page \d+$/ });
    await expect(dots).toHaveCount(pages);
    await page.getByRole('heading', { name: testimonialsHeading }).scrollIntoViewIfNeeded();
    await page.getByRole('heading', { name: testimonialsHeading }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await expectShown(nameOf(page, items[0]!));
    await expectNotShown(nameOf(page, items[2]!));

    await page.getByRole('button', { name: 'Go to page 2' }).click();
    await page.getByRole('heading', { name: testimonialsHeading }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await expectShown(nameOf(page, items[2]!));
    await expectNotShown(nameOf(page, items[0]!));

    await page.getByRole('button', { name: 'Go to page 1' }).click();
    await page.getByRole('heading', { name: testimonialsHeading }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await expectShown(nameOf(page, items[0]!));
  });

  test('testimonial carousel advances every 15 seconds', async ({ page, request }) => {
    const items = await getTestimonials(request);
    await page.clock.install();
    await page.goto('/');
    await scrollTowardTheSections(page);
    const heading = page.getByRole('heading', { name: testimonialsHeading });
    await expect(heading).toBeVisible();
    await heading.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await expectShown(nameOf(page, items[0]!));
    // The first page is in the server's HTML before the app starts the timer: run the clock once it runs.
    await expect(page.locator('#testimonials [data-auto-advance="on"]')).toBeAttached();
    await page.clock.runFor(15_000);
    await heading.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await expectShown(nameOf(page, items[2]!));
    await expectNotShown(nameOf(page, items[0]!));
  });
});

/**
 * On a phone the sections below About load as the visitor scrolls toward them: scroll to the end
 * of About. (Not to the loading placeholder itself: React replaces it when the sections start
 * loading.) The scroll comes after the app has taken over; a scroll before that has its own test
 * in prerender.spec.ts.
 */
async function scrollTowardTheSections(page: Page) {
  await waitForAppTakeover(page);
  await page.locator('#about').evaluate((about) => about.scrollIntoView({ block: 'end' }));
}

function nameOf(page: Page, item: Testimonial) {
  return page.getByText(item.name, { exact: true });
}

/** Initials of a two-word name; other names are not checked (the spec leaves longer names open). */
function initialsOf(item: Testimonial): string | null {
  if (item.profileImageUrl) return null;
  const words = item.name.trim().split(/\s+/);
  if (words.length !== 2) return null;
  return words.map((w) => w[0]!.toUpperCase()).join('');
}
