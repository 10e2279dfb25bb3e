import { expect, type Locator, type Page, type Request, type Route } from '@playwright/test';

/*
 * Accessibility scans of pages while they load. A scan of a settled page never sees the loading
 * placeholders, and one that merely happens to run early sees them only sometimes: a fault in them
 * then fails one run in many and passes for timing. Holding the page's data reads makes the
 * loading state last exactly as long as the test wants, so the scan provably sees it, every time.
 */

/** What the app shows while data loads: skeletons marked aria-busy, and statuses saying 'Loading …'. */
export function loadingStates(scope: Page | Locator): Locator {
  return scope.locator('[aria-busy="true"]').or(scope.getByRole('status').filter({ hasText: /^Loading/ }));
}

/** A GET whose path starts with one of `prefixes` ('/api/admin/'): a data read, not a page or a write. */
export function dataRead(...prefixes: string[]): (request: Request) => boolean {
  return (request) => request.method() === 'GET' && prefixes.some((prefix) => new URL(request.url()).pathname.startsWith(prefix));
}

export type HeldRequests = {
  /** How many requests have been held so far. */
  count: () => number;
  /** Lets the held requests (and any later ones) through. */
  release: () => Promise<void>;
};

/**
 * Holds the page's requests that `holds` picks until `release()`: they reach the server only then.
 * Anything else goes on untouched (route.fallback leaves it to other routes, or the network), so
 * several holds can be stacked and released one after the other.
 */
export async function holdRequests(page: Page, holds: (request: Request) => boolean): Promise<HeldRequests> {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  let released = false;
  let count = 0;
  const handler = async (route: Route) => {
    if (released || !holds(route.request())) return route.fallback();
    count += 1;
    await opened;
    // The page may have navigated or closed meanwhile, taking the request with it.
    await route.fallback().catch(() => {});
  };
  await page.route('**/api/**', handler);
  return {
    count: () => count,
    release: async () => {
      released = true;
      open();
      await page.unroute('**/api/**', handler);
    },
  };
}

type LoadingScan = {
  /** Names the page in failure messages ('/admin, section Bookings'). */
  label: string;
  /** The reads held since before the page asked for them. */
  held: HeldRequests;
  /** The placeholders that must be on screen for the first scan: proof that it saw the loading state. */
  loading: Locator;
  /** The scan itself (every finding, at any impact); it fails the test on one. */
  scan: (page: Page, label: string) => Promise<void>;
  /** Where no loading state may be left once the reads are through (default: the whole page). */
  scope?: Locator;
  /** What else the settled page must show before the second scan (a chart drawn, a frame loaded). */
  settled?: () => Promise<void>;
};

/**
 * Scans the page while its held reads keep it loading, lets them through, and scans it again once
 * every loading state has given way to content.
 */
export async function scanWhileLoadingThenSettled(page: Page, { label, held, loading, scan, scope, settled }: LoadingScan): Promise<void> {
  await expect(loading.first(), `${label}: the loading state is on screen`).toBeVisible();
  // A page served with its loading state shows it before its script has asked for anything.
  await expect.poll(() => held.count(), { message: `${label}: the page asked for the held data` }).toBeGreaterThan(0);
  await scan(page, `${label} (loading)`);
  await held.release();
  await expect(loadingStates(scope ?? page), `${label}: every loading state gave way`).toHaveCount(0);
  await settled?.();
  await scan(page, `${label} (settled)`);
}
