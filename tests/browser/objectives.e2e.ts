/** Issue 41 end to end: an organiser adds an objective, a briefing and notes in the editor, and they export as version 2. */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSession } from './session';
import { checkCodes, clickSquare, newFromTemplate, openApp, tab, tool } from './driver';

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
