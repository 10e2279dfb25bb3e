import { expect, type Locator, type Page } from '@playwright/test';

/** A call to action that may be a link or a button. */
export function cta(scope: Page | Locator, name: RegExp): Locator {
  return scope.getByRole('link', { name }).or(scope.getByRole('button', { name }));
}

/** The page has scrolled so that the element's top is at (or just below a sticky header at) the viewport top. */
export async function expectScrolledTo(page: Page, selector: string): Promise<void> {
  await expect
    .poll(
      () => page.locator(selector).evaluate((el) => Math.round(el.getBoundingClientRect().top)),
      { message: `${selector} should be scrolled to the top of the viewport` },
    )
    .toBeGreaterThanOrEqual(-10);
  await expect
    .poll(() => page.locator(selector).evaluate((el) => Math.round(el.getBoundingClientRect().top)))
    .toBeLessThanOrEqual(200);
}

/** Text shown to the eye: visible and inside the viewport (not clipped away in a carousel track). */
export async function expectShown(locator: Locator): Promise<void> {
  await expect(locator).toBeVisible();
  await expect(locator).toBeInViewport();
}

/** Not shown: absent, hidden, or outside the viewport (e.g. on another carousel page). */
export async function expectNotShown(locator: Locator): Promise<void> {
  await expect(async () => {
    const count = await locator.count();
    for (let i = 0; i < count; i += 1) {
      const item = locator.nth(i);
      if (await item.isVisible()) await expect(item).not.toBeInViewport({ timeout: 250 });
    }
  }).toPass({ timeout: 10_000 });
}

/** The page-wide seats badge text, '{n} SEATS LEFT'. */
export function seatsBadge(n: number): RegExp {
  return new RegExp(`^\\s*${n}\\s+SEATS LEFT\\s*$`, 'i');
}

/** Top of an element in document coordinates. */
export function documentTop(locator: Locator): Promise<number> {
  return locator.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Starts recording the page's layout shifts; call before page.goto. Read them with layoutShiftTotal. */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    new PerformanceObserver((list) => list.getEntries().forEach((entry) => shifts.push((entry as PerformanceEntry & { value: number }).value))).observe({
      type: 'layout-shift',
      buffered: true,
    });
    (window as unknown as { __layoutShifts: number[] }).__layoutShifts = shifts;
  });
}

/** The sum of the layout shifts recorded since the page loaded (CLS as one session window, or more). */
export function layoutShiftTotal(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __layoutShifts: number[] }).__layoutShifts.reduce((sum, value) => sum + value, 0));
}

/**
 * Waits until the app has taken over the prerendered landing page: React has rendered into #root
 * (it marks the container) and its effects have run. Before that the page's buttons do nothing.
 */
export async function waitForAppTakeover(page: Page): Promise<void> {
  await page.waitForFunction(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
}

/** Holds back the page's requests to `url` until the returned release() is called. */
export async function holdRequests(page: Page, url: RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** With SCREENSHOT_DIR set, a part of the page (the main content by default) at 1280 and 390 pixels wide. */
export async function shootAtTwoWidths(page: Page, name: string, part: Locator = page.locator('main')): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await part.screenshot({ path: `${dir}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
