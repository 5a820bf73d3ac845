/**
 * Issue 27 item 8 in Chromium: on a 390x844 phone the map fills the width, the controls sit in a sheet over the bottom
 * of the screen that folds away, and a whole game against the computer is played by tapping.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSession } from './session';
import { openApp } from './driver';
import { importScenario, screen, startGame, step } from './playDriver';
import { smallScenario } from '../play/smallScenario';

const session = browserSession();
const W = 390, H = 844;

/** Where the map's drawing is on screen, and whether the page itself scrolls sideways. */
function layout(page: Page): Promise<{ map: { left: number; right: number; width: number }; overflowX: boolean }> {
  return page.evaluate(() => {
    const r = document.querySelector('.play-board svg')!.getBoundingClientRect();
    return { map: { left: r.left, right: r.right, width: r.width }, overflowX: document.documentElement.scrollWidth > window.innerWidth };
  });
}

describe('phone', () => {
  test('a whole game at 390x844: the map fills the width, the controls fold, every decision by tapping (Suggest, then confirm)', async () => {
    const page = await session.fresh();
    await page.setViewportSize({ width: W, height: H });
    await openApp(page, session.url());
    await importScenario(page, smallScenario());
    await startGame(page, { computer: 'russian' });
    await page.getByTestId('play').waitFor();
    const first = await layout(page);
    await page.screenshot({ path: '/tmp/p27b-phone-start.png' });
    expect(first.overflowX).toBe(false);
    expect(first.map.left).toBeGreaterThanOrEqual(0);
    expect(first.map.right).toBeLessThanOrEqual(W);
    expect(first.map.width).toBeGreaterThan(W * 0.95);
    await page.getByTestId('pace').selectOption('instant');

    // The sheet folds to a handle and back.
    const sheet = page.getByTestId('controls');
    const open = (await sheet.boundingBox())!;
    await page.getByTestId('fold-controls').click();
    const folded = (await sheet.boundingBox())!;
    expect(folded.height).toBeLessThan(50);
    expect(folded.height).toBeLessThan(open.height);
    expect(await page.getByTestId('confirm').isVisible()).toBe(false);
    await page.screenshot({ path: '/tmp/p27b-phone-folded.png' });
    await page.getByTestId('fold-controls').click();
    expect(await page.getByTestId('confirm').isVisible()).toBe(true);

    let taps = 0, shots = 0;
    for (let guard = 0; guard < 250; guard++) {
      const now = await screen(page);
      if (now === 'result') break;
      if (now === 'thinking') { await page.waitForSelector('[data-thinking="false"]'); continue; }
      const before = await step(page);
      await page.getByRole('button', { name: 'Suggest' }).click();
      const confirm = page.getByTestId('confirm');
      await confirm.scrollIntoViewIfNeeded();
      // The decision is in reach: on screen, inside the phone's width.
      const box = (await confirm.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(W);
      await confirm.click();
      taps++;
      await page.waitForFunction((n) => {
        const el = document.querySelector('[data-testid="play"]');
        return !el || Number(el.getAttribute('data-step')) !== n;
      }, before);
      if (taps % 12 === 1 && shots < 4) await page.screenshot({ path: `/tmp/p27b-phone-turn-${shots++}.png` });
      const now2 = await layout(page).catch(() => null);
      if (now2) expect(now2.overflowX).toBe(false);
    }
    expect(await screen(page)).toBe('result');
    // A quiet three-turn game of three units a side, the forced decisions made for the player, takes about ten taps
    // (CI once ended one at exactly ten: the computer's timed search plays differently under load): at least two a turn.
    expect(taps).toBeGreaterThanOrEqual(6);
    await page.screenshot({ path: '/tmp/p27b-phone-result.png', fullPage: true });
  }, 240_000);
});
