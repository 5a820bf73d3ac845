/** Issue 28 item 6: the Hint button shows the computer's top three choices, with chances, worked out in a worker. */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSession } from './session';
import { openApp } from './driver';
import { importScenario, screen, startGame, suggestAndConfirm } from './playDriver';
import { smallScenario } from '../play/smallScenario';

const session = browserSession();

/** Play on as the human (Suggest, Enter), the computer answering, until the human's move phase. */
async function toMyMove(page: Page): Promise<void> {
  for (let guard = 0; guard < 80; guard++) {
    const now = await screen(page);
    const play = page.getByTestId('play');
    if (now === 'play' && (await play.getAttribute('data-phase')) === 'move' && (await play.getAttribute('data-to-act')) === 'teutonic') return;
    if (now === 'thinking') { await page.waitForSelector('[data-thinking="false"]'); continue; }
    if (now !== 'play') throw new Error(`unexpected screen ${now}`);
    await suggestAndConfirm(page);
  }
  throw new Error('never reached the move phase');
}

describe('Hint', () => {
  test('shows three choices with their chances of winning and why, from a worker; Cancel stops it', async () => {
    const page = await session.fresh();
    const workers: string[] = [];
    page.on('worker', (w) => workers.push(w.url()));
    await openApp(page, session.url());
    await importScenario(page, smallScenario());
    await startGame(page, { computer: 'russian' });
    await toMyMove(page);
    const before = workers.filter((u) => u.includes('opponent')).length;

    // Cancel: the work stops and Hint can be asked again.
    await page.getByTestId('hint-button').click();
    const cancel = page.getByTestId('hint-cancel');
    if (await cancel.count()) await cancel.click().catch(() => undefined);
    await page.getByTestId('hint-button').waitFor();
    expect(await page.getByTestId('hint-progress').count()).toBe(0);

    await page.getByTestId('hint-button').click();
    await page.waitForSelector('[data-testid="hint-choice"]', { timeout: 30_000 });
    const choices = page.getByTestId('hint-choice');
    expect(await choices.count()).toBe(3);
    const chances = await page.getByTestId('hint-chance').allTextContents();
    expect(chances).toHaveLength(3);
    for (const c of chances) expect(c).toMatch(/^\d{1,3}%$/);
    // Best first.
    const values = chances.map((c) => Number(c.slice(0, -1)));
    expect(values).toEqual([...values].sort((a, b) => b - a));
    for (const text of await choices.allTextContents()) expect(text).toMatch(/^.+\d{1,3}% to win\s*— .{5,}/s);
    // Worked out in a worker started for it, not on the page's thread.
    expect(workers.filter((u) => u.includes('opponent')).length).toBeGreaterThan(before);
    await page.screenshot({ path: '/tmp/play-hint.png' });

    // The hint belongs to its decision: once the player acts it goes away.
    await suggestAndConfirm(page);
    expect(await page.getByTestId('hint-choice').count()).toBe(0);
  }, 120_000);
});
