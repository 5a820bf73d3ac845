/** Issue 44: from the top of the Library a few Tabs reach a blank scenario (it was 32, past every card); axe passes. */
import { describe, expect, test } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import { browserSession } from './session';
import { openApp } from './driver';

const session = browserSession();

describe('library by keyboard', () => {
  test('a blank scenario is at most 8 Tabs from the Library button (the top bar buttons first), and Enter starts it', async () => {
    const page = await session.fresh();
    await page.setViewportSize({ width: 1024, height: 768 });
    await openApp(page, session.url());
    await page.getByRole('button', { name: 'Library', exact: true }).click();
    await page.waitForSelector('.library');
    let tabs = 0;
    for (; tabs < 40; tabs++) {
      const label = await page.evaluate(() => { const el = document.activeElement as HTMLElement | null; return `${el?.getAttribute('aria-label') ?? ''} ${el?.textContent ?? ''}`; });
      if (/blank scenario/i.test(label)) break;
      await page.keyboard.press('Tab');
    }
    expect(tabs).toBeLessThanOrEqual(8);
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid="scenario-title"]');
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  }, 120_000);

  test('the Library passes axe with its quick-start links', async () => {
    const page = await session.fresh();
    await page.setViewportSize({ width: 390, height: 844 });
    await openApp(page, session.url());
    await page.getByRole('button', { name: 'Library', exact: true }).click();
    await page.waitForSelector('.library');
    await page.screenshot({ path: '/tmp/hplay-shots/phone-library.png' });
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
  }, 120_000);
});
