/** Playing in the browser (issue 10): hot-seat to the end, hidden information, resume, against the computer, replay. */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { MDIS, replayGame, stateHash, type SavedGame } from '../../src/rules';
import { ROOT } from './harness';
import { pdfText } from '../pdf/pdf-text';
import { browserSession } from './session';
import { openApp } from './driver';
import { htmlWithoutPicker, importScenario, screen, startGame, step, suggestAndConfirm } from './playDriver';
import { smallScenario } from '../play/smallScenario';

const session = browserSession();
const shot = (name: string) => `/tmp/play-${name}.png`;

describe('hot-seat', () => {
  test('a whole game through the UI keeps secrets out of the DOM and its exported log replays to the same hash', async () => {
    const page = await session.fresh();
    await openApp(page, session.url());
    await importScenario(page, smallScenario());
    await startGame(page);
    let handOvers = 0, deployChecked = false, mdiChecked = false, fireChecked = false, moveChecked = false, picked: string | null = null;
    for (let guard = 0; guard < 200; guard++) {
      const now = await screen(page);
      if (now === 'result') break;
      if (now === 'hand-over') {
        handOvers++;
        if (handOvers === 1) await page.screenshot({ path: shot('hand-over') });
        await page.getByRole('button', { name: /show my view/ }).click();
        continue;
      }
      const play = page.getByTestId('play');
      const phase = await play.getAttribute('data-phase');
      const side = await play.getAttribute('data-to-act');
      if (phase === 'deploy' && side === 'russian') {
        // The Teutonic unit deployed in secret is nowhere in the Russian player's page.
        expect(await page.content()).not.toContain('t-medium-inf-1');
        deployChecked = true;
        await page.screenshot({ path: shot('deploy') });
      }
      if (await page.locator('.mdi-grid').count()) {
        expect(await page.locator('[data-melee-preview]').count()).toBeGreaterThan(0);
        if (picked && !mdiChecked) {
          // The other side's pending pick is not in this side's page.
          expect(await htmlWithoutPicker(page)).not.toContain(picked);
          mdiChecked = true;
          await page.screenshot({ path: shot('mdi') });
          // Both sides' counters in the contact square show: neither covers most of the other.
          expect(await worstCounterOverlap(page)).toBeLessThan(0.35);
        }
        if (!picked) {
          // The first side picks an unusual MDI with the mouse; the other side then looks for it.
          picked = 'pincers';
          await page.locator(`[data-mdi="${picked}"]`).click();
          const before = await step(page);
          await page.getByTestId('confirm').click();
          await page.waitForFunction((n) => !document.querySelector(`[data-testid="play"][data-step="${n}"]`), before);
          continue;
        }
      }
      if (phase === 'missile' && !fireChecked && (await page.locator('[data-action="fire"]').count()) > 0) {
        // Before a shot is declared its odds are shown.
        await page.locator('[data-action="fire"]').first().click();
        expect(await page.getByTestId('fire-odds').textContent()).toMatch(/Chance of at least one hit: \d+%.*expected hits \d\.\d\d/);
        expect(await page.locator('[data-target][data-kind="fire"]').count()).toBeGreaterThan(0);
        fireChecked = true;
        await page.screenshot({ path: shot('fire') });
      }
      if (phase === 'move' && !moveChecked) {
        // Selecting a unit (U) marks where it can go: rings for moves, diamonds for charges.
        await page.locator('body').press('u');
        expect(await page.locator('[data-target][data-kind="move"], [data-target][data-kind="charge"]').count()).toBeGreaterThan(0);
        moveChecked = true;
        await page.screenshot({ path: shot('move') });
      }
      await suggestAndConfirm(page);
    }
    expect(await screen(page)).toBe('result');
    expect(deployChecked).toBe(true);
    expect(mdiChecked).toBe(true);
    expect(fireChecked).toBe(true);
    expect(moveChecked).toBe(true);
    // Before the melee was fought both sides' values were on screen; after, the log tells it.
    expect(await page.getByLabel('Game log').textContent()).toMatch(/Melee at [A-L]\d+: .* vs .*/);
    expect(handOvers).toBeGreaterThanOrEqual(3);
    await page.screenshot({ path: shot('result') });
    const hash = (await page.getByTestId('state-hash').textContent())!.trim();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('result').getByRole('button', { name: 'Export game' }).click()]);
    const file = '/tmp/play-hotseat.game.json';
    await download.saveAs(file);
    const saved = JSON.parse(readFileSync(file, 'utf8')) as SavedGame;
    expect(stateHash(replayGame(saved))).toBe(hash);
    const out = execFileSync(process.execPath, [`${ROOT}/bin/nevsky.mjs`, 'replay', file], { encoding: 'utf8' });
    expect(out).toContain(`State hash: ${hash}`);
    // The battle report of the finished game downloads as a PDF that carries the scenario's title.
    const [report] = await Promise.all([page.waitForEvent('download'), page.getByTestId('result').getByRole('button', { name: 'Battle report (PDF)' }).click()]);
    expect(report.suggestedFilename()).toMatch(/-report\.pdf$/);
    const pdf = readFileSync((await report.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await pdfText(new Uint8Array(pdf))).pages.join(' ')).toContain(saved.scenario.meta.title);
  }, 240_000);

  test('a reload in the middle resumes at the same decision, behind the hand-over screen', async () => {
    const page = await session.fresh();
    await openApp(page, session.url());
    await importScenario(page, smallScenario());
    await startGame(page);
    for (let i = 0; i < 8; i++) {
      if ((await screen(page)) === 'hand-over') await page.getByRole('button', { name: /show my view/ }).click();
      else await suggestAndConfirm(page);
    }
    if ((await screen(page)) === 'hand-over') await page.getByRole('button', { name: /show my view/ }).click();
    const before = { step: await step(page), banner: await page.getByTestId('banner').textContent() };
    expect(before.step).toBeGreaterThan(3);
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    expect(await screen(page)).toBe('hand-over');
    await page.getByRole('button', { name: /show my view/ }).click();
    expect(await step(page)).toBe(before.step);
    expect(await page.getByTestId('banner').textContent()).toBe(before.banner);
  }, 60_000);
});

describe('against the computer', () => {
  test('a game reaches its end, the computer thinking in a worker; the replay steps back to the start', async () => {
    const page = await session.fresh();
    await openApp(page, session.url());
    await importScenario(page, smallScenario());
    await startGame(page, { computer: 'russian' });
    // The computer may think for less time than one look at the page takes: the page records every time it starts.
    await page.evaluate(() => {
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="play"][data-thinking="true"]')) (window as unknown as { sawThinking: boolean }).sawThinking = true;
      }).observe(document.body, { attributes: true, subtree: true, childList: true, attributeFilter: ['data-thinking'] });
    });
    let sawThinking = false;
    for (let guard = 0; guard < 200; guard++) {
      const now = await screen(page);
      expect(now).not.toBe('hand-over');
      if (now === 'result') break;
      if (now === 'thinking') {
        sawThinking = true;
        if (guard < 3) await page.screenshot({ path: shot('thinking') });
        await page.getByRole('button', { name: 'Skip to my turn' }).click().catch(() => undefined);
        await page.waitForSelector('[data-thinking="false"]');
        continue;
      }
      await suggestAndConfirm(page);
    }
    sawThinking ||= await page.evaluate(() => (window as unknown as { sawThinking?: boolean }).sawThinking === true);
    expect(sawThinking).toBe(true);
    expect(await screen(page)).toBe('result');
    const text = await page.getByTestId('result').textContent();
    expect(text).toMatch(/Surviving.*Off-board.*Half-killed/);
    // 10G: the result says why the game ended, in words.
    expect((await page.getByTestId('end-reason').textContent())!.trim()).toMatch(/gave up the field|no troops left on the board|points at the end of turn \d+/);
    await page.getByRole('button', { name: 'Replay the game' }).click();
    await page.getByTestId('replay').waitFor();
    const last = Number((await page.getByTestId('replay-slider').getAttribute('max'))!);
    expect(last).toBeGreaterThan(10);
    await page.getByRole('button', { name: 'Previous turn' }).click();
    await page.getByRole('button', { name: 'Previous decision' }).click();
    await page.getByRole('button', { name: 'To the start' }).click();
    expect(await page.getByTestId('replay-where').textContent()).toContain(`step 0 of ${last}`);
    expect(await page.getByTestId('replay-line').textContent()).toBe('The start of the game.');
    await page.getByRole('button', { name: 'Next decision' }).click();
    expect(await page.getByTestId('replay-where').textContent()).toContain(`step 1 of ${last}`);
    await page.screenshot({ path: shot('replay') });
    // Back to the editor: the scenario the game was started from, unchanged.
    await page.getByRole('button', { name: 'Close the replay' }).click();
    await page.getByTestId('result').getByRole('button', { name: 'Back to the editor' }).click();
    await page.getByRole('tab', { name: /^Checks/ }).waitFor();
    expect(await page.getByTestId('scenario-title').textContent()).toBe('“Skirmish at the Ford”');
    expect(await page.locator('[data-unit="t-medium-inf-1"]').count()).toBe(0);
    await page.getByRole('button', { name: 'Library' }).click();
    expect(await page.locator('[data-kind="game"]').count()).toBe(1);
    expect(await page.locator('[data-kind="game"] .kind').textContent()).toContain('finished');
  }, 180_000);
});

describe('library', () => {
  test('a template card has a Play button; an imported game file opens as a game', async () => {
    const page = await session.fresh();
    await openApp(page, session.url());
    await page.getByRole('button', { name: 'Library' }).click();
    await page.screenshot({ path: shot('library') });
    await page.getByRole('button', { name: 'Play Open Field' }).click();
    await page.getByRole('button', { name: 'Start the game' }).waitFor();
    await page.screenshot({ path: shot('setup') });
    await page.getByRole('button', { name: 'Cancel' }).click();
    const saved: SavedGame = { format: 'nevsky-game', version: 3, scenario: smallScenario(), seed: 7, actions: [] };
    writeFileSync('/tmp/play-empty.game.json', JSON.stringify(saved));
    await page.getByTestId('import-input').setInputFiles('/tmp/play-empty.game.json');
    expect(await screen(page)).toBe('hand-over');
    expect(MDIS.length).toBe(6);
  }, 60_000);
});

describe('keyboard and take-back', () => {
  test('deployment by keyboard alone (U unit, T next square, F facing, Enter); take-back refused once the set-up is revealed, allowed for a move', async () => {
    const page = await session.fresh();
    await openApp(page, session.url());
    await importScenario(page, smallScenario());
    await startGame(page, { computer: 'russian' });
    await page.getByTestId('play').waitFor();
    const confirm = page.getByTestId('confirm');
    // No square is pre-chosen (issue 44; was "Deploy at A1 facing south", which Enter applied): the button asks for
    // one and Enter deploys nothing.
    expect(await confirm.isDisabled()).toBe(true);
    expect(await confirm.textContent()).toMatch(/Pick a square for .*t-medium-inf-1/);
    const unplaced = await step(page);
    await page.locator('body').press('Enter');
    await page.waitForTimeout(300);
    expect(await step(page)).toBe(unplaced);
    expect(await page.locator('[data-unit="t-medium-inf-1"]').count()).toBe(0);
    await page.locator('body').press('u');
    await page.locator('body').press('t');
    // The square picked, the facing starts towards the enemy.
    expect(await confirm.textContent()).toContain('Deploy at A1 facing south');
    await page.locator('body').press('t');
    await page.locator('body').press('t');
    await page.locator('body').press('f');
    const label = (await confirm.textContent())!;
    expect(label).toMatch(/Deploy at C1 facing (?!south)/);
    await page.locator('body').press('Enter');
    // The unit stands where the keyboard put it, on the map and in the log.
    await page.locator('[data-unit="t-medium-inf-1"]').waitFor();
    expect(await page.getByLabel('Game log').textContent()).toContain('deploys at C1');
    // The computer answers, and hidden deployment ends: its set-up is revealed, so the deployment can no longer
    // be taken back (issue 27: a take-back never shows what the other side or chance would do), and the page says why.
    await page.waitForSelector('[data-thinking="false"][data-phase="ballista"], [data-thinking="false"][data-phase="missile"], [data-thinking="false"][data-phase="move"]');
    const before = await step(page);
    expect(await page.getByRole('button', { name: 'Take back' }).isDisabled()).toBe(true);
    expect(await page.getByTestId('take-back-why').textContent()).toContain('A secret was revealed after your last decision');
    await page.locator('body').press('Control+z');
    expect(await step(page)).toBe(before);
    // A plain move (no dice, no secret) can still be taken back.
    await page.waitForSelector('[data-thinking="false"][data-phase="move"]');
    const moving = await step(page);
    // No move is pre-chosen (issue 44): the player picks one, then Enter confirms it.
    const mover = page.locator('[data-unit-choice]').first();
    await mover.click();
    expect(await page.getByTestId('confirm').isDisabled()).toBe(true);
    await page.locator('[data-action="move"]').first().click();
    expect(await page.getByTestId('confirm').textContent()).toMatch(/^\s*(Move|Charge) to/);
    await page.locator('body').press('Enter');
    await page.waitForFunction((n) => Number(document.querySelector('[data-testid="play"]')?.getAttribute('data-step')) > n, moving);
    await page.getByRole('button', { name: 'Take back' }).click();
    await page.waitForFunction((n) => Number(document.querySelector('[data-testid="play"]')?.getAttribute('data-step')) === n, moving);
    expect(await page.getByTestId('banner').textContent()).toContain('Movement');
  }, 60_000);
});

/**
 * The largest share of a counter's body that another counter in the same square covers (0: none). Counters are the
 * first rect of each [data-unit] group; two are in the same square when their centres are under a square apart.
 */
async function worstCounterOverlap(page: Page): Promise<number> {
  return page.evaluate(() => {
    const boxes = [...document.querySelectorAll('[data-unit] > rect:first-of-type')].map((r) => r.getBoundingClientRect());
    const cell = (document.querySelector('[data-square]') as Element | null)?.getBoundingClientRect().width ?? 40;
    let worst = 0;
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!, b = boxes[j]!;
        if (Math.abs(a.x + a.width / 2 - (b.x + b.width / 2)) > cell || Math.abs(a.y + a.height / 2 - (b.y + b.height / 2)) > cell) continue;
        const w = Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left));
        const h = Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
        worst = Math.max(worst, (w * h) / Math.min(a.width * a.height, b.width * b.height));
      }
    }
    return worst;
  });
}
