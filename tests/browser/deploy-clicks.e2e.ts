/**
 * Issue 44: the editor's deployment tool moves on to the next unplaced unit after a placement, so two standard
 * divisions take one click a unit (and one to pick the first of each side), where they took two a unit (72); Undo
 * then says what it undid in the status line, which screen readers read out (role=status).
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSession } from './session';
import { clickSquare, newFromTemplate, openApp, tab } from './driver';

const session = browserSession();

/** Unplaced units of each side as the Sides panel lists them. */
const unplacedRows = (page: Page, side: number) => page.locator('ul.roster').nth(side).locator('li:not(.placed)');

describe('deployment in the editor', () => {
  test('two standard divisions: one click a unit (was 2 a unit, 72 in all); Undo says what it undid', async () => {
    const page = await session.fresh();
    await openApp(page, session.url());
    await newFromTemplate(page, 'Blank');
    await tab(page, 'Sides');
    for (const side of [0, 1]) await page.getByRole('button', { name: 'Standard roster' }).nth(side).click();
    const units = (await unplacedRows(page, 0).count()) + (await unplacedRows(page, 1).count());
    expect(units).toBeGreaterThan(20);
    const columns = 'ABCDEFGHIJKL';
    let clicks = 0;
    for (const side of [0, 1]) {
      const rows = side === 0 ? [1, 2, 3] : [12, 11, 10];
      const squares = rows.flatMap((r) => [...columns].map((c) => `${c}${r}`));
      let k = 0;
      for (let guard = 0; guard < 100 && (await unplacedRows(page, side).count()) > 0; guard++) {
        // The player picks a unit in the roster only when none waiting to be placed is selected.
        const selected = page.locator('ul.roster').nth(side).locator('li.selected:not(.placed)');
        if ((await selected.count()) === 0) { await unplacedRows(page, side).first().locator('button.pick').click(); clicks++; }
        await clickSquare(page, squares[k++]!);
        clicks++;
      }
      expect(await unplacedRows(page, side).count()).toBe(0);
    }
    console.log(`deployment clicks for ${units} units: ${clicks}`);
    // One click to pick the first unit of each side, then one a unit (a ballista brings its crew: one fewer).
    expect(clicks).toBeLessThanOrEqual(units + 2);
    await page.screenshot({ path: '/tmp/play44-deploy-clicks.png' });

    // The old habit (pick the row, then the square) still places each unit: the row of the unit the tool moved on to
    // stays selected when clicked.
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    for (const [k, sq] of [[0, 'A10'], [1, 'B10']] as const) {
      await unplacedRows(page, 1).first().locator('button.pick').click();
      await clickSquare(page, sq);
      expect(await unplacedRows(page, 1).count()).toBe(1 - k);
    }

    const last = await page.locator('ul.roster').nth(1).locator('li.placed').last().getAttribute('data-unit-row');
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    const status = page.getByTestId('status');
    await expect.poll(() => status.textContent()).toMatch(new RegExp(`Undone: [a-z ]+ ${last} placed at [A-L]1[0-2]\\.`));
    expect(await status.getAttribute('role')).toBe('status');
    await page.screenshot({ path: '/tmp/play44-undo-status.png' });
    await page.getByRole('button', { name: 'Redo', exact: true }).click();
    await expect.poll(() => status.textContent()).toMatch(new RegExp(`Redone: [a-z ]+ ${last} placed at`));
  });
});
