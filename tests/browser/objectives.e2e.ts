/**
 * Issue 41 end to end: an organiser adds an objective, a briefing and notes in the editor, and they export as version
 * 2; on the play map each objective's label keeps to its squares and its holder shows as a badge.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSession } from './session';
import { checkCodes, clickSquare, newFromTemplate, openApp, tab, tool } from './driver';
import { applyAction, createGame, legalActions, objectiveHoldings, randomPolicy, saveGame } from '../../src/rules';
import { templateScenario } from '../../src/scenario';

let page: Page;
const session = browserSession({ clipboard: true });

async function exportJson(): Promise<Record<string, unknown> & { objectives?: unknown; notes?: unknown; sides: Array<{ briefing?: string }>; version: number }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
  return JSON.parse(readFileSync((await download.path())!, 'utf8'));
}

describe('objectives, briefings and notes in the editor', () => {
  test('the Objective tool places a two-square objective with label and points, drawn on the map, undone in steps', async () => {
    page = await session.fresh();
    await openApp(page, session.url());
    await newFromTemplate(page, 'Empty Field, Deploy at the Table');
    await tool(page, 'Objective');
    await clickSquare(page, 'F6');
    await clickSquare(page, 'G6');
    await page.getByLabel('Objective label').fill('The ford');
    await page.getByLabel('Objective label').press('Enter');
    await page.getByLabel('Objective points').fill('25');
    await page.getByLabel('Objective points').press('Enter');
    expect(await page.locator('[data-objective="objective-1"]').count()).toBe(1);
    expect(await page.locator('[data-objective="objective-1"]').textContent()).toContain('The ford');
    await page.screenshot({ path: '/tmp/hobj-objective-editor.png' });
    let doc = await exportJson();
    expect(doc.version).toBe(2);
    expect(doc.objectives).toEqual([{ id: 'objective-1', label: 'The ford', squares: ['F6', 'G6'], points: 25 }]);
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('button', { name: 'Undo' }).click();
    doc = await exportJson();
    expect(doc.objectives).toEqual([{ id: 'objective-1', label: 'Objective 1', squares: ['F6', 'G6'], points: 10 }]);

    await tab(page, 'Scenario');
    await page.getByTestId('scenario-notes').fill('Fords may not be crossed by infantry in turn 1.');
    await page.getByTestId('scenario-notes').blur();
    await page.getByTestId('briefing-0').fill('Seize the ford before the levy arrives.');
    await page.getByTestId('briefing-0').blur();
    await page.screenshot({ path: '/tmp/hobj-briefings.png', fullPage: true });
    doc = await exportJson();
    expect(doc.notes).toBe('Fords may not be crossed by infantry in turn 1.');
    expect(doc.sides[0]!.briefing).toBe('Seize the ford before the levy arrives.');
    expect(doc.sides[1]!.briefing).toBeUndefined();

    await tool(page, 'Objective');
    await page.getByLabel('Objective to edit').selectOption('');
    await clickSquare(page, 'C2');
    expect(await checkCodes(page)).toContain('objective-in-setup');
  });
});

describe('objectives on the play map', () => {
  test('who holds an objective is a badge in the holder\'s colours, and every label stays within its objective\'s squares', async () => {
    // A game of the hills template played at random until one side holds an objective, saved as a file.
    const scenario = templateScenario('hills')!;
    let state = createGame(scenario, { seed: 3 });
    const pick = randomPolicy(3);
    let held: { id: string; holder: string | null } | undefined;
    while (state.phase !== 'over' && !(held = objectiveHoldings(state).find((o) => o.holder !== null))) state = applyAction(state, pick(state, legalActions(state)));
    expect(held, 'a random game of hills in which some side holds an objective').toBeDefined();
    page = await session.fresh();
    await openApp(page, session.url());
    await page.getByTestId('import-input').setInputFiles({ name: 'held.game.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(saveGame(state))) });
    // Hot-seat: the game opens on the hand-over to the side to act.
    await page.getByRole('button', { name: /^I am the .*: show my view$/ }).click();
    const badge = page.locator(`[data-objective="${held!.id}"] .objective-holder`);
    await badge.waitFor();
    expect(await badge.getAttribute('data-holder')).toBe(held!.holder);
    const name = scenario.sides.find((s) => s.id === held!.holder)!.name!;
    expect(await badge.textContent()).toBe(name.charAt(0).toUpperCase());
    expect(await page.locator(`[data-objective="${held!.id}"] title`).textContent()).toContain(`held by ${name}`);
    // Each label's lines lie inside its objective's squares in the first one's row (they ran over the next square before).
    for (const o of scenario.objectives!) {
      const boxes = await Promise.all(o.squares.map(async (q) => (await page.locator(`[data-square="${q}"]`).first().boundingBox())!));
      const row = boxes.filter((b) => Math.abs(b.y - boxes[0]!.y) < 1);
      const sq = { x: boxes[0]!.x, width: Math.max(...row.map((b) => b.x + b.width)) - boxes[0]!.x };
      const lines = page.locator(`[data-objective="${o.id}"] > text`);
      expect(await lines.count()).toBeGreaterThan(0);
      for (let i = 0; i < await lines.count(); i++) {
        const b = (await lines.nth(i).boundingBox())!;
        // (The text's white halo may reach a pixel or two past its letters.)
        expect(b.x).toBeGreaterThanOrEqual(sq.x - 2);
        expect(b.x + b.width).toBeLessThanOrEqual(sq.x + sq.width + 2);
      }
    }
    await page.screenshot({ path: '/tmp/objective-held.png' });
  });
});
