/**
 * Issue 44: the Balance panel's tables (the skill sweep's verdict column above all) fit inside the side panel at
 * 1024x768 and at 390x844, measured: each table's right edge against the panel's, and nothing left to scroll sideways;
 * axe on the panel.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { browserSession } from './session';
import { openApp } from './driver';

const session = browserSession();

/** Each table's right edge, the right edge of the panel it is in, and how far the panel itself scrolls sideways. */
function tableEdges(page: Page): Promise<Array<{ table: number; panel: number; scroll: number }>> {
  return page.evaluate(() => [...document.querySelectorAll('[role="tabpanel"] table')].map((t) => {
    const panel = t.closest('[role="tabpanel"]')!;
    return { table: t.getBoundingClientRect().right, panel: panel.getBoundingClientRect().right, scroll: panel.scrollWidth - panel.clientWidth };
  }));
}

describe('balance tables fit the side panel', () => {
  test('the sweep (verdict column) and the estimate at 1024x768 and 390x844', async () => {
    const page = await session.fresh();
    await page.setViewportSize({ width: 1024, height: 768 });
    await openApp(page, session.url());
    await page.getByRole('tab', { name: 'Balance' }).click();
    await page.getByTestId('balance-search-games').fill('2');
    await page.getByTestId('balance-search-games').press('Tab');
    await page.getByTestId('balance-games').fill('10');
    await page.getByTestId('balance-games').press('Tab');
    await page.getByTestId('balance-sweep-run').click();
    await page.getByTestId('balance-sweep').waitFor({ timeout: 240_000 });
    for (const [w, h] of [[1024, 768], [390, 844]] as const) {
      await page.setViewportSize({ width: w, height: h });
      if (!(await page.getByTestId('balance-sweep').isVisible())) await page.getByRole('tab', { name: 'Balance' }).click();
      await page.getByTestId('balance-sweep').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/play44-sweep-${w}.png` });
      const edges = await tableEdges(page);
      expect(edges.length).toBeGreaterThan(0);
      for (const e of edges) {
        expect(e.table, `at ${w}x${h}: table right ${e.table}, panel right ${e.panel}`).toBeLessThanOrEqual(e.panel + 0.5);
        expect(e.scroll, `at ${w}x${h}: the panel scrolls sideways`).toBeLessThanOrEqual(0);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
    // axe on the panel with the sweep's results (smaller table text keeps its contrast).
    const result = await new AxeBuilder({ page }).include('[role="tabpanel"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
  }, 300_000);
});
