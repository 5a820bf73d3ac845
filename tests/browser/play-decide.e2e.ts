/**
 * Issue 44 in Chromium, at a phone (390x844) and a tablet (1024x768): the Play set-up dialog takes focus; nothing
 * the player did not pick is confirmed by Enter or the confirm button (after a move nothing is pre-chosen); one click
 * ends a phase step; focus never falls to the page body after a decision; the play view passes axe.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { browserSession } from './session';
import { openApp } from './driver';
import { importScenario, screen, step, suggestAndConfirm } from './playDriver';
import { smallScenario } from '../play/smallScenario';

const session = browserSession();

const phase = (page: Page) => page.getByTestId('play').getAttribute('data-phase');
const focusOnBody = (page: Page) => page.evaluate(() => !document.activeElement || document.activeElement === document.body);

async function toMovement(page: Page): Promise<void> {
  for (let guard = 0; guard < 60; guard++) {
    const now = await screen(page);
    if (now === 'hand-over') { await page.getByTestId('hand-over').getByRole('button').click(); continue; }
    if (now === 'play' && (await phase(page)) === 'move' && (await page.locator('[data-action="move"], [data-unit-choice]').count()) > 0) return;
    await suggestAndConfirm(page);
  }
  throw new Error('the game never reached a movement phase');
}

describe.each([[390, 844, 'phone'], [1024, 768, 'tablet']])('play decisions at %ix%i', (W, H, name) => {
  test('set-up takes focus; Enter never moves a unit the player did not pick; one click ends movement; focus stays off the body', async () => {
    const page = await session.fresh();
    await page.setViewportSize({ width: W, height: H });
    await openApp(page, session.url());
    await importScenario(page, smallScenario());
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    // The set-up dialog has the keyboard: the chosen way to play is focused.
    await page.waitForSelector('.play-setup');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('mode');
    await page.screenshot({ path: `/tmp/hplay-shots/${name}-setup.png` });
    await page.getByRole('button', { name: 'Start the game' }).click();
    await toMovement(page);
    // The controls (a sheet over the bottom of a phone's screen) cover no row of the map.
    const box = await page.evaluate(() => ({
      map: document.querySelector('.play-board svg')!.getBoundingClientRect().bottom,
      sheet: document.querySelector('[data-testid="controls"]')!.getBoundingClientRect().top,
    }));
    if (name === 'phone') expect(box.map).toBeLessThanOrEqual(box.sheet + 1);

    // Select a unit: none of its moves is pre-chosen, so the confirm button and Enter do nothing.
    const unit = page.locator('[data-unit-choice]').first();
    await unit.click();
    const before = await step(page);
    expect(await page.getByTestId('confirm').isDisabled()).toBe(true);
    await page.locator('body').press('Enter');
    await page.waitForTimeout(300);
    expect(await step(page)).toBe(before);
    await page.screenshot({ path: `/tmp/hplay-shots/${name}-nothing-chosen.png` });

    // Pick a move and confirm it: it applies, and nothing is pre-chosen for the next unit.
    const move = page.locator('[data-action="move"]').first();
    if (await move.count()) {
      await move.click();
      await page.getByTestId('confirm').click();
      await page.waitForFunction((n) => Number(document.querySelector('[data-testid="play"]')?.getAttribute('data-step')) !== n, before);
      if ((await phase(page)) === 'move') {
        expect(await page.getByTestId('confirm').isDisabled()).toBe(true);
        const at = await step(page);
        await page.locator('body').press('Enter');
        await page.waitForTimeout(300);
        expect(await step(page)).toBe(at);
      }
      expect(await focusOnBody(page)).toBe(false);
    }

    // One click ends the movement step.
    if ((await phase(page)) === 'move') {
      const at = await step(page);
      const who = await page.getByTestId('play').getAttribute('data-to-act');
      await page.locator('[data-action="endMove"]').click();
      await page.waitForFunction((n) => {
        const el = document.querySelector('[data-testid="play"]');
        return !el || Number(el.getAttribute('data-step')) !== n || document.querySelector('[data-testid="hand-over"]');
      }, at);
      // The movement step of this side is over: another phase, the other side to act, or the hand-over screen.
      const over = await page.evaluate((w) => {
        const el = document.querySelector('[data-testid="play"]');
        return !el || el.getAttribute('data-phase') !== 'move' || el.getAttribute('data-to-act') !== w;
      }, who);
      expect(over).toBe(true);
      await page.waitForTimeout(100);
      expect(await focusOnBody(page)).toBe(false);
    }
    await page.screenshot({ path: `/tmp/hplay-shots/${name}-after-end.png` });

    if (name === 'tablet') {
      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
      const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
      expect(serious).toEqual([]);
    }
  }, 180_000);
});
