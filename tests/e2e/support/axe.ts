import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * The frames that hold admin-written slides and tips are sandboxed without scripts, so axe-core
 * cannot run inside them (it would wait for them, then Chromium logs the refused script). Scans
 * of pages that show them leave those frames out: their content is the admin's, not the page's.
 */
const SANDBOXED_FRAMES = 'iframe[sandbox]';

/**
 * An axe scan of the page, run inside the page itself (axe's single-run mode). The default mode
 * opens a blank tab per scan to merge the frames' results; in long runs Chromium refused that tab
 * ("Target.createTarget: Failed to open a new tab") in a context the test had opened itself, and
 * the scan hung until the test timed out. Our pages have no cross-origin frames to merge, so
 * nothing is lost by scanning in place, and every scan saves a tab.
 */
export function axeOn(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true);
}

/**
 * Waits for the page's finite animations (a toast fading in, a dialog opening) to end: axe reads
 * colours as they are drawn, and text halfway through fading in fails the contrast check it
 * passes a moment later. Endless ones (a spinner) are not waited for.
 */
async function finiteAnimationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity), undefined, { timeout: 5_000 });
}

/**
 * No axe finding at any impact (minor and moderate too) on the page as it is now, loading or not,
 * an open dialog included, or only within `include` (a selector) where given. Sandboxed frames are
 * left out (above).
 */
export async function expectNoViolations(page: Page, label: string, include?: string): Promise<void> {
  await finiteAnimationsDone(page);
  const builder = axeOn(page).exclude(SANDBOXED_FRAMES);
  const results = await (include === undefined ? builder : builder.include(include)).analyze();
  const violations = results.violations.map((v) => `[${v.impact}] ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(violations, `axe violations on ${label}`).toEqual([]);
}

/**
 * No axe finding at any impact on a page once it has settled: nothing loading and every frame
 * loaded. Not 'networkidle': other tests add and remove workshop materials meanwhile, so a page
 * showing them may never fall quiet; a frame still loading made axe fail on ':root' once.
 */
export async function expectNoViolationsOnceSettled(page: Page, label: string): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await framesLoaded(page);
  await expectNoViolations(page, label);
}

/** Waits until every frame on the page has loaded. */
export async function framesLoaded(page: Page): Promise<void> {
  for (const frame of page.frames()) await frame.waitForLoadState('load');
}
