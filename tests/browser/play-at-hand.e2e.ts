/**
 * Issue 27 items 3 and 7 in Chromium: the rules at hand (phase rules, the MDI table as compareMdi decides, the melee
 * an MDI pick is for marked on the map, the charge preview, the quick-reference sheet), the other side's moves drawn
 * until the player acts, the computer's pace (remembered; step by step; forced decisions never paced), replay on its own.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { applyAction, compareMdi, createGame, legalActions, MDIS, saveGame, viewFor, type Action, type GameState, type SavedGame } from '../../src/rules';
import { chargePreview, mdiOutcomes } from '../../src/play/odds';
import { actionUnit } from '../../src/play/describe';
import { forcedDecision } from '../../src/play/choices';
import { act, advanceTo, scenarioOf } from '../engine/helpers';
import { browserSession } from './session';
import { openApp } from './driver';
import { importScenario, screen, startGame, step, suggestAndConfirm } from './playDriver';
import { smallScenario } from '../play/smallScenario';

const session = browserSession();

/** A hot-seat game at turn 3's movement: the Teutonic knights (moved up on turn 1) are four squares from armoured infantry. */
function chargeGame(): { saved: SavedGame; state: GameState } {
  const scenario = scenarioOf([['t', 'kn', 'knights', 'E3', 'S'], ['t', 'mi', 'mediumInfantry', 'H2', 'S'], ['r', 'ai', 'armoredInfantry', 'E10', 'N'], ['r', 'rmi', 'mediumInfantry', 'H11', 'N']]);
  scenario.meta.title = 'Charge at the ford';
  let s = advanceTo(createGame(scenario, { seed: 1 }), 'move');
  s = act(s, { type: 'move', unit: 'kn', to: 'E6' });
  s = advanceTo(act(s, { type: 'endMove' }), 'move');
  s = advanceTo(act(s, { type: 'endMove' }), 'move');
  return { saved: saveGame(s), state: s };
}

async function showMyView(page: Page): Promise<void> {
  if ((await screen(page)) === 'hand-over') await page.getByRole('button', { name: /show my view/ }).click();
}

describe('the rules at hand', () => {
  test('phase rules, the MDI table from compareMdi, a charge preview equal to the engine\'s, the melee of the MDI pick marked, the reference sheet', async () => {
    const page = await session.fresh();
    await openApp(page, session.url());
    const game = chargeGame();
    await page.getByTestId('import-input').setInputFiles({ name: 'charge.game.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(game.saved)) });
    await showMyView(page);
    await page.waitForSelector('[data-testid="play"][data-phase="move"]');
    expect(await page.getByTestId('phase-rules').textContent()).toMatch(/^Movement: .*charge/);

    // The MDI table: every cell as the rule decides (wins = the row's MDI is superior).
    const cells = await page.getByTestId('mdi-table').locator('tbody tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent!.trim())));
    expect(cells).toHaveLength(6);
    MDIS.forEach((a, i) => MDIS.forEach((b, j) => expect(cells[i]![j]!.startsWith('wins'), `${a} v ${b}`).toBe(compareMdi(a, b) === 'a-superior')));

    // The charge preview: both sides' values as the engine's melee would have them, and the chances per MDI.
    await page.locator('[data-unit-choice="kn"]').click();
    await page.locator('.choice-list button').filter({ hasText: /^\s*Charge to E10 and lead a melee\s*$/ }).click();
    const preview = page.getByTestId('charge-preview');
    await preview.waitFor();
    const s = game.state;
    const charge = legalActions(s).find((a) => a.type === 'move' && a.charge && a.to === 'E10' && !a.split)!;
    const expected = chargePreview(viewFor(s, 'teutonic'), charge)!;
    for (const side of expected.sides) {
      expect(await preview.locator(`tr[data-side="${side.side}"] .value`).textContent()).toBe(String(side.value));
    }
    expect(await preview.textContent()).toContain('charging');
    const odds = mdiOutcomes(expected.sides, 'teutonic', 'teutonic');
    const lineRow = odds.byPick.find((r) => r.mdi === 'line')!;
    const shownLine = await preview.locator('tr[data-mdi-row="line"] td').allTextContents();
    expect(shownLine).toEqual(Object.values(lineRow.counts).filter((_, k) => Object.values(odds.overall)[k]! > 0).map((n) => `${n} of 6`));
    // Nothing happened yet: the preview is before the charge.
    expect(await page.locator('[data-melee]').count()).toBe(0);
    await page.getByTestId('confirm').click();
    await page.locator('[data-melee="E10"]').waitFor();

    // On to the MDI pick: the melee it is for is marked on the map, the table opens, the chances show.
    for (let guard = 0; guard < 30 && (await page.locator('.mdi-grid').count()) === 0; guard++) {
      if ((await screen(page)) === 'hand-over') await showMyView(page);
      else await suggestAndConfirm(page);
    }
    await page.locator('[data-focus="E10"]').waitFor();
    expect(await page.getByTestId('mdi-table').getAttribute('open')).not.toBeNull();
    expect(await page.getByTestId('mdi-outcomes').getAttribute('data-contact')).toBe('E10');
    expect(await page.locator('.mdi').textContent()).toContain('for the melee at E10');
    await page.screenshot({ path: '/tmp/p27b-mdi-pick.png' });

    // The quick-reference sheet, one click away, and its PDF.
    await page.getByTestId('open-reference').click();
    const dialog = page.getByTestId('reference');
    await dialog.getByRole('heading', { name: 'Nevsky quick reference' }).waitFor();
    expect(await dialog.textContent()).toContain('MDI superiority');
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), dialog.getByRole('button', { name: 'Download as PDF' }).click()]);
    expect(readFileSync((await download.path())!).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await dialog.getByRole('button', { name: 'Close' }).click();
    // The dialog goes with the next render, not within the click: wait for it (CI once counted it the instant after).
    await expect.poll(() => page.getByTestId('reference').count()).toBe(0);
  }, 120_000);
});

describe('the other side\'s moves and the computer\'s pace', () => {
  test('after the computer moves, arrows run from where its units started until the player acts; the pace is remembered', async () => {
    const page = await session.fresh();
    await openApp(page, session.url());
    // Six turns, not three: the computer's Russians may well hold their line for the first two (its own choice,
    // timed by its clock), and the test needs a turn in which they move.
    await importScenario(page, smallScenario(6));
    await startGame(page, { computer: 'russian' });
    await page.getByTestId('pace').selectOption('instant');
    let seen: string[] = [];
    for (let guard = 0; guard < 120 && seen.length === 0; guard++) {
      const now = await screen(page);
      if (now === 'result') break;
      if (now === 'thinking') { await page.waitForSelector('[data-thinking="false"]'); continue; }
      const line = await page.getByTestId('recap').textContent().catch(() => '');
      const moved = Number(/(\d+) units? moved/.exec(line ?? '')?.[1] ?? 0);
      if (moved > 0) {
        seen = await page.locator('[data-moved]').evaluateAll((els) => els.map((e) => e.getAttribute('data-moved')!));
        expect(seen).toHaveLength(moved);
        // Each arrow ends where a unit now stands: the computer's moves, and the player's own units' retreats from
        // the melees its decisions led to (a melee lost since the player's last decision).
        for (const m of seen) {
          const to = m.split('-')[1]!;
          expect(await unitSideAt(page, to), m).not.toEqual([]);
        }
        await page.screenshot({ path: '/tmp/p27b-recap.png' });
        break;
      }
      await suggestAndConfirm(page);
    }
    expect(seen.length).toBeGreaterThan(0);
    // The player acts: the computer's arrows go.
    await suggestAndConfirm(page);
    await page.waitForSelector('[data-thinking="false"]');
    const after = await page.locator('[data-moved]').evaluateAll((els) => els.map((e) => e.getAttribute('data-moved')!));
    expect(after.filter((m) => seen.includes(m))).toEqual([]);
    // The pace is remembered for the next games (and this one, after a reload).
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    expect(await page.getByTestId('pace').inputValue()).toBe('instant');
  }, 120_000);

  test('step by step waits for "Next move" after each real decision of the computer, never after a forced one; replay plays on its own', async () => {
    const page = await session.fresh();
    await openApp(page, session.url());
    // A crossbow a side far from the enemy: its holds have no choice in them.
    const scenario = smallScenario();
    scenario.sides[0]!.units.push({ id: 't-crossbows-far', type: 'crossbowmen', at: 'B3', facing: 'S' });
    scenario.sides[1]!.units.push({ id: 'r-crossbows-far', type: 'crossbowmen', at: 'K10', facing: 'N' });
    await importScenario(page, scenario);
    await startGame(page, { computer: 'russian' });
    await page.getByTestId('pace').selectOption('step');
    const prompted = new Set<number>();
    for (let guard = 0; guard < 200; guard++) {
      const now = await screen(page);
      if (now === 'result') break;
      if (now === 'thinking') {
        await page.waitForSelector('[data-testid="next-move"], [data-thinking="false"]');
        if (await page.getByTestId('next-move').count()) {
          const at = await step(page);
          prompted.add(at);
          // It waits for the player: still there after longer than the normal pace.
          await page.waitForTimeout(900);
          expect(await step(page)).toBe(at);
          await page.getByTestId('next-move').click();
        }
        continue;
      }
      await suggestAndConfirm(page);
    }
    expect(await screen(page)).toBe('result');
    expect(prompted.size).toBeGreaterThan(0);
    // From the game file: the pauses came exactly after the computer's decisions that had a choice (more than one legal
    // action, and more than one for its unit) and were followed by another of its own, once the player's forced
    // decisions in between had made themselves (the pause then shows where the computer goes on).
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('result').getByRole('button', { name: 'Export game' }).click()]);
    const saved = JSON.parse(readFileSync((await download.path())!, 'utf8')) as SavedGame;
    let s = createGame(saved.scenario, { seed: saved.seed });
    const expected = new Set<number>();
    let forced = 0, pending: number | null = null;
    saved.actions.forEach((a: Action, i) => {
      const legal = legalActions(s);
      const unit = actionUnit(a);
      const choice = legal.length > 1 && (unit === null || legal.filter((x) => actionUnit(x) === unit).length > 1);
      const madeItself = a.side !== 'russian' && forcedDecision(s, legal) !== null;
      if (pending !== null && !madeItself) { if (a.side === 'russian') expected.add(i); pending = null; }
      s = applyAction(s, a);
      if (a.side !== 'russian') return;
      if (choice) pending = i + 1; else if (s.toAct === 'russian') forced++;
    });
    expect(forced).toBeGreaterThan(0);
    expect([...prompted].sort((x, y) => x - y)).toEqual([...expected].sort((x, y) => x - y));

    // Replay on its own, fast, from the start to the end.
    await page.getByRole('button', { name: 'Replay the game' }).click();
    await page.getByTestId('replay').waitFor();
    const last = Number(await page.getByTestId('replay-slider').getAttribute('max'));
    await page.getByTestId('replay-speed').selectOption({ label: 'Fast' });
    await page.getByTestId('replay-play').click();
    await page.waitForFunction(() => /step [1-9]\d* of/.test(document.querySelector('[data-testid="replay-where"]')?.textContent ?? ''));
    await page.waitForFunction((n) => document.querySelector('[data-testid="replay-where"]')?.textContent?.includes(`step ${n} of ${n}`), last, { timeout: 60_000 });
    expect(await page.getByTestId('replay-play').getAttribute('aria-pressed')).toBe('false');
  }, 180_000);
});

/** The sides of the units drawn in a square (by where their counters are on screen). */
function unitSideAt(page: Page, square: string): Promise<string[]> {
  return page.evaluate((sq) => {
    const box = document.querySelector(`[data-square="${sq}"]`)!.getBoundingClientRect();
    return [...document.querySelectorAll('[data-unit]')].filter((u) => {
      const r = u.getBoundingClientRect();
      const cx = r.x + r.width / 2, cy = r.y + r.height / 2;
      return cx >= box.left && cx <= box.right && cy >= box.top && cy <= box.bottom;
    }).map((u) => u.getAttribute('data-side')!);
  }, square);
}
