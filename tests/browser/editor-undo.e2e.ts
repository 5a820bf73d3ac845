/** Issue 13 item 3: undo belongs to what is on screen; on the Library page Ctrl+Z undoes library actions only. */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSession } from './session';
import { clickSquare, openApp, protectedSquares, settle, tool } from './driver';

let page: Page;
const session = browserSession();
const titles = () => page.locator('[data-entry] h3').allTextContents();

describe('undo on the Library page', () => {
  test('Ctrl+Z undoes delete and rename there, never the scenario edit that is off screen', async () => {
    page = await session.fresh();
    await openApp(page, session.url());
    await tool(page, 'Protected square');
    await clickSquare(page, 'E6');
    const painted = await protectedSquares(page);
    expect(painted).toContain('E6');

    await page.getByRole('button', { name: 'Library' }).click();
    // Nothing done on this page yet: Ctrl+Z does nothing at all.
    expect(await page.getByRole('button', { name: 'Undo' }).isDisabled()).toBe(true);
    await page.keyboard.press('Control+Z');
    await page.getByRole('button', { name: 'Duplicate Open Field' }).click();
    await page.locator('[data-entry]').nth(1).waitFor();
    await page.getByRole('button', { name: 'Rename Open Field (copy)' }).click();
    await page.getByLabel('New title for Open Field (copy)').fill('Night march');
    await page.getByLabel('New title for Open Field (copy)').press('Enter');
    await page.locator('[data-entry] h3', { hasText: 'Night march' }).waitFor();
    // Renaming the open scenario from its card is a library action too.
    await page.getByRole('button', { name: 'Rename Open Field', exact: true }).click();
    await page.getByLabel('New title for Open Field', { exact: true }).fill('Ice and fire');
    await page.getByLabel('New title for Open Field', { exact: true }).press('Enter');
    await page.locator('[data-entry] h3', { hasText: 'Ice and fire' }).waitFor();
    await page.getByRole('button', { name: 'Delete Night march' }).click();
    await expect.poll(titles).toEqual(['Ice and fire']);

    await page.locator('h2#lib-title').click();
    await page.keyboard.press('Control+Z');
    await expect.poll(async () => (await titles()).sort()).toEqual(['Ice and fire', 'Night march']);
    await page.keyboard.press('Control+Z');
    await expect.poll(async () => (await titles()).sort()).toEqual(['Night march', 'Open Field']);
    await page.keyboard.press('Control+Y');
    await expect.poll(async () => (await titles()).sort()).toEqual(['Ice and fire', 'Night march']);
    await page.keyboard.press('Control+Z');
    await page.keyboard.press('Control+Z');
    await expect.poll(async () => (await titles()).sort()).toEqual(['Open Field', 'Open Field (copy)']);
    // The library history is used up; more Ctrl+Z presses must not reach the scenario.
    for (let i = 0; i < 3; i++) await page.keyboard.press('Control+Z');
    await settle(page);
    expect(await page.getByRole('button', { name: 'Undo' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Back to map' }).click();
    expect(await page.getByTestId('scenario-title').textContent()).toBe('“Open Field”');
    expect(await protectedSquares(page)).toEqual(painted);
    // On the map, Ctrl+Z is the map's again. The open scenario's title changes (rename, its undo, redo and undo
    // again) are steps of its own history, then comes the painted square.
    await page.getByTestId('board').focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('Control+Z');
    expect(await protectedSquares(page)).toEqual(painted);
    await page.keyboard.press('Control+Z');
    expect(await protectedSquares(page)).toEqual(painted.filter((sq) => sq !== 'E6'));
  });
});
