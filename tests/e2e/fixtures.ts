import { test as base, expect, type Page } from '@playwright/test';

/**
 * Every browser test fails when the page logs an unexpected console.error or throws an uncaught
 * error (pageerror). Only what is clearly external is let through by default: a resource on
 * another origin failing to load, or an error reported from a script served by another origin.
 * A test that provokes an error on purpose (a forced 500, an unknown slug answered 404) says so
 * with `consoleGuard.allow(/pattern/)`.
 */
export type Problem = { kind: 'console.error' | 'pageerror'; text: string; url: string };

export class ConsoleGuard {
  readonly problems: Problem[] = [];
  readonly allowed: { text: RegExp; url?: RegExp }[] = [];
  /** Alert/confirm dialogs the page opened (they are accepted so the page goes on). */
  readonly dialogs: string[] = [];

  /** Lets through errors whose text matches `text` (and whose source URL matches `url`, when given). */
  allow(text: RegExp, url?: RegExp): void {
    this.allowed.push({ text, url });
  }

  unexpected(appOrigin: string): Problem[] {
    return this.problems.filter(
      (p) => !isExternal(p, appOrigin) && !this.allowed.some((a) => a.text.test(p.text) && (!a.url || a.url.test(p.url))),
    );
  }
}

function isExternal(problem: Problem, appOrigin: string): boolean {
  if (problem.kind !== 'console.error' || !problem.url) return false;
  try {
    const origin = new URL(problem.url).origin;
    // data:, blob:, chrome-extension: etc. give 'null' or another scheme; only http(s) on another host counts.
    return /^https?:/.test(problem.url) && origin !== appOrigin;
  } catch {
    return false;
  }
}

type Fixtures = { consoleGuard: ConsoleGuard };

export const test = base.extend<Fixtures>({
  // Playwright requires the (empty) fixture-argument destructuring.
  // eslint-disable-next-line no-empty-pattern
  consoleGuard: async ({}, use) => {
    await use(new ConsoleGuard());
  },
  page: async ({ page, consoleGuard, baseURL }, use) => {
    const appOrigin = new URL(baseURL ?? 'http://127.0.0.1').origin;
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      consoleGuard.problems.push({ kind: 'console.error', text: message.text(), url: message.location().url });
    });
    page.on('pageerror', (error) => {
      consoleGuard.problems.push({ kind: 'pageerror', text: `${error.name}: ${error.message}`, url: '' });
    });
    page.on('dialog', (dialog) => {
      consoleGuard.dialogs.push(dialog.message());
      void dialog.accept().catch(() => {});
    });

    await use(page);

    // A route handler still running as the test ends (the page reads again on focus) would find
    // its fetched answer disposed with the page; what happens after the test is not the test's.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    const unexpected = consoleGuard.unexpected(appOrigin);
    expect(
      unexpected.map((p) => `${p.kind}: ${p.text}${p.url ? ` (${p.url})` : ''}`),
      'the page logged unexpected errors',
    ).toEqual([]);
  },
});

export { expect };

/** Expects a notice the spec calls an "alert": a window.alert() or an on-page alert/text. */
export async function expectNotice(page: Page, guard: ConsoleGuard, text: string | RegExp): Promise<void> {
  const matches = (message: string) => (typeof text === 'string' ? message.includes(text) : text.test(message));
  await expect
    .poll(
      async () => {
        if (guard.dialogs.some(matches)) return true;
        const onPage = page.getByText(text);
        const count = await onPage.count();
        for (let i = 0; i < count; i += 1) {
          if (await onPage.nth(i).isVisible()) return true;
        }
        return false;
      },
      { message: `expected the notice ${String(text)} (as an alert dialog or visible text)` },
    )
    .toBe(true);
}
