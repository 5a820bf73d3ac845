/**
 * Issue 44 in Chromium, at 1024x768 and 390x844: hidden deployment lets the player pick which unit to place next; the
 * play controls and the MDI table stay inside their panel (the table's right edge measured against the panel's);
 * axe finds nothing serious on the play view while deploying; Take back says what it took back.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { browserSession } from './session';
import { openApp } from './driver';
import { importScenario, startGame } from './playDriver';
import { smallScenario } from '../play/smallScenario';
import type { Scenario } from '../../src/rules';

const session = browserSession();

/** The small scenario with two Teutonic units left for hidden deployment. */
function twoToPlace(): Scenario {
  const s = smallScenario();
  s.sides[0]!.units.push({ id: 't-levy-1', type: 'levyInfantry' });
  return s;
}

async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

/** Right edges (px) of an element and of the panel it sits in; the page's sideways overflow. */
function edges(page: Page, selector: string): Promise<{ el: number; panel: number; viewport: number; pageOverflow: boolean }> {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel)!;
    const panel = document.querySelector('[data-testid="controls"]')!;
    return {
      el: el.getBoundingClientRect().right, panel: panel.getBoundingClientRect().right, viewport: window.innerWidth,
      pageOverflow: document.documentElement.scrollWidth > window.innerWidth,
    };
  }, selector);
}

describe.each([[1024, 768], [390, 844]])('play controls at %ix%i', (W, H) => {
  test('hidden deployment: any unplaced unit may be placed next; controls and the MDI table fit their panel; axe', async () => {
    const page = await session.fresh();
    await page.setViewportSize({ width: W, height: H });
    await openApp(page, session.url());
    await importScenario(page, twoToPlace());
    await startGame(page, { computer: 'russian' });
    await page.getByTestId('play').waitFor();
    const units = page.getByRole('list', { name: 'Units that can act' }).getByRole('button');
    // Both unplaced units are offered (was: only the first in scenario order).
    await expect.poll(() => units.count()).toBe(2);
    expect(await page.locator('[data-unit-choice="t-levy-1"]').count()).toBe(1);
    expect(await page.getByTestId('play').textContent()).toContain('in any order');
    // The pace picker reads as the speed the computer's moves are shown at, never as its difficulty.
    const pace = page.getByTestId('pace');
    expect(await pace.getAttribute('aria-label')).toBe('How fast the computer\'s moves are shown');
    expect(await page.locator('label.pace').textContent()).toMatch(/^Show its moves/);
    for (const o of await pace.locator('option').allTextContents()) expect(o).not.toMatch(/^(Easy|Normal|Hard)$|Computer/);
    await page.locator('[data-unit-choice="t-levy-1"]').click();
    expect(await page.locator('[data-unit-choice="t-levy-1"]').getAttribute('aria-pressed')).toBe('true');
    // No square is pre-chosen for it (issue 44): the confirm button waits for the player's pick and says so.
    expect(await page.getByTestId('confirm').isDisabled()).toBe(true);
    expect(await page.getByTestId('confirm').textContent()).toMatch(/Pick a square for .*t-levy-1/);
    await page.screenshot({ path: `/tmp/play44-deploy-${W}.png` });
    // The controls and the MDI table (opened) inside the panel; the page never scrolls sideways.
    const details = page.getByTestId('mdi-table');
    await details.locator('summary').click();
    await details.locator('table').scrollIntoViewIfNeeded();
    const controls = await edges(page, '[data-testid="controls"] .actions');
    const mdi = await edges(page, '[data-testid="mdi-table"] table');
    await page.screenshot({ path: `/tmp/play44-mdi-${W}.png` });
    expect(controls.pageOverflow).toBe(false);
    expect(controls.panel).toBeLessThanOrEqual(W + 0.5);
    expect(controls.el).toBeLessThanOrEqual(controls.panel + 0.5);
    expect(mdi.el, `MDI table right ${mdi.el} against the panel's ${mdi.panel}`).toBeLessThanOrEqual(mdi.panel + 0.5);
    // It fits: nothing to scroll sideways inside its own box either.
    expect(await page.locator('[data-testid="mdi-table"] .table-wrap').evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(0);
    await details.locator('summary').click();
    expect(await seriousViolations(page)).toEqual([]);

    // Place the levy first: it is on the map, and the medium infantry is still to place.
    const before = Number(await page.getByTestId('play').getAttribute('data-step'));
    await page.getByRole('button', { name: /Deploy at D2/ }).click();
    await page.getByTestId('confirm').click();
    await page.waitForFunction((n) => Number(document.querySelector('[data-testid="play"]')?.getAttribute('data-step')) > n, before);
    await expect.poll(() => units.count()).toBe(1);
    expect(await page.locator('[data-unit-choice="t-medium-inf-1"]').count()).toBe(1);

    // Take back says what it took back, in a status line screen readers read out (was: nothing said).
    await page.getByRole('button', { name: 'Take back' }).click();
    await expect.poll(() => page.getByTestId('took-back').textContent()).toMatch(/^Taken back: Teutonic Order: .*t-levy-1 deploys at D2\.$/);
    expect(await page.getByTestId('took-back').getAttribute('role')).toBe('status');
    await expect.poll(() => units.count()).toBe(2);
    await page.screenshot({ path: `/tmp/play44-took-back-${W}.png` });
  }, 120_000);
});
