/** Issue 13 item 2: problems you can reach (pan and zoom to them, tooltips on marked squares) and advice apart. */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { templateScenario } from '../../src/scenario';
import { browserSession } from './session';
import { importScenario } from './measure';
import { newFromTemplate, openApp, squarePoint, tab } from './driver';

let page: Page;
const session = browserSession();

async function fresh(): Promise<void> {
  page = await session.fresh();
  await openApp(page, session.url());
}

/** True when the square lies wholly inside the visible part of the map. */
async function inView(sq: string): Promise<boolean> {
  const s = (await page.locator(`[data-square="${sq}"]`).boundingBox())!;
  const v = (await page.getByTestId('board-scroll').boundingBox())!;
  return s.x >= v.x && s.y >= v.y && s.x + s.width <= v.x + v.width && s.y + s.height <= v.y + v.height;
}

describe('problems you can reach', () => {
  test('a river gives advice, not a problem: the finished scenario shows no problems', async () => {
    await fresh();
    await newFromTemplate(page, 'The Ford and the Bridge');
    expect((await page.getByRole('tab', { name: /^Checks/ }).textContent())?.trim()).toBe('Checks (0)');
    await tab(page, 'Checks');
    await page.getByTestId('no-problems').waitFor();
    expect(await page.getByTestId('advice').locator('[data-advice="advice-terrain"]').count()).toBe(1);
    expect(await page.locator('[data-warning]').count()).toBe(0);
  });

  test('clicking a problem while zoomed in brings its square into view, focuses the map there and explains it', async () => {
    await fresh();
    const s = templateScenario('open-field')!;
    s.meta.title = 'Stray knights';
    const unit = s.sides[0]!.units.find((u) => u.type === 'knights')!;
    unit.at = 'L7';
    await importScenario(page, s);
    for (let i = 0; i < 6; i++) await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByTestId('board-scroll').evaluate((el) => { el.scrollLeft = 0; el.scrollTop = 0; });
    expect(await inView('L7')).toBe(false);
    await tab(page, 'Checks');
    await page.locator('[data-code="deploy-outside-zone"]').click();
    await expect.poll(() => inView('L7')).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('board');
    expect(await page.getByTestId('cursor-square').textContent()).toBe('L7');
    const tip = page.getByTestId('board-tip');
    expect(await tip.textContent()).toContain('L7');
    expect(await page.getByTestId('board').getAttribute('aria-describedby')).toBe('board-tip');
    // The keyboard cursor leaving the square hides the tooltip; coming back shows it.
    await page.keyboard.press('ArrowLeft');
    expect(await tip.count()).toBe(0);
    await page.keyboard.press('ArrowRight');
    expect(await tip.textContent()).toMatch(/set-up|zone/i);
    // Hovering the marked square shows it too.
    await page.getByRole('button', { name: 'Fit map' }).click();
    await tab(page, 'Scenario');
    const p = await squarePoint(page, 'L7');
    await page.mouse.move(p.x, p.y);
    await tip.waitFor();
    await page.screenshot({ path: '/tmp/editor-tooltip.png' });
  });

  test('an item whose squares are too far apart for the window zooms out until they all fit', async () => {
    await fresh();
    const s = templateScenario('open-field')!;
    s.meta.title = 'A forest everywhere';
    const spread = ['A4', 'C5', 'E6', 'G7', 'I8', 'L9', 'L4', 'A9', 'F5', 'H6', 'D8', 'J5', 'B7', 'K7'];
    s.terrain = { protected: spread.map((at) => ({ at, kind: 'woods' as const })) };
    await importScenario(page, s);
    for (let i = 0; i < 8; i++) await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByTestId('board-scroll').evaluate((el) => { el.scrollLeft = 0; el.scrollTop = 0; });
    expect(await inView('L9')).toBe(false);
    await tab(page, 'Checks');
    await page.locator('[data-advice="advice-terrain"]').first().click();
    for (const sq of ['A4', 'L4', 'A9', 'L9']) await expect.poll(() => inView(sq)).toBe(true);
  });
});
