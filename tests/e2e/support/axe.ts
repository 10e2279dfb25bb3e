import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Serious or critical axe findings on the page as it is now (an open dialog included), or only
 * within `include` (a selector) where given.
 */
export async function expectNoSeriousViolations(page: Page, label: string, include?: string) {
  const builder = new AxeBuilder({ page });
  const results = await (include === undefined ? builder : builder.include(include)).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `${label}: serious or critical accessibility violations`).toEqual([]);
}
