/** Issue 13 item 4: small screens. The tool column and side panel collapse (remembered); a phone gets a read-only map. */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSession } from './session';
import { clickSquare, openApp, protectedSquares } from './driver';

let page: Page;
const session = browserSession();

async function at(width: number, height: number): Promise<void> {
  page = await session.fresh();
  await page.setViewportSize({ width, height });
  await openApp(page, session.url());
}

const width = async (testId: string) => (await page.getByTestId(testId).boundingBox())!.width;

describe('small screens', () => {
  test('at 800x600 the map gets most of the width; collapsing is remembered after a reload', async () => {
    await at(800, 600);
    expect(await width('board-scroll')).toBeGreaterThan(0.8 * 800);
    // The whole board is on screen at the fitted zoom.
    const board = (await page.getByTestId('board').boundingBox())!;
    expect(board.x + board.width).toBeLessThanOrEqual(800);
    expect(board.y + board.height).toBeLessThanOrEqual(600);
    // Tools still work by name from the collapsed column.
    await page.getByRole('toolbar', { name: 'Map tools' }).getByRole('button', { name: 'Protected square' }).click();
    await clickSquare(page, 'E6');
    expect(await protectedSquares(page)).toContain('E6');
    // Open the side panel on a tab; the map narrows but keeps the room the panel leaves.
    await page.getByRole('tab', { name: 'Sides' }).click();
    expect(await page.locator('[data-unit-row]').count()).toBeGreaterThan(0);
    expect(await width('side-panel')).toBeGreaterThan(300);
    await page.getByRole('button', { name: 'Show tool names' }).click();
    expect(await width('tools')).toBeGreaterThan(120);
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    expect(await width('tools')).toBeGreaterThan(120);
    expect(await width('side-panel')).toBeGreaterThan(300);
    await page.getByRole('button', { name: 'Collapse side panel' }).click();
    await page.getByRole('button', { name: 'Collapse tools' }).click();
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    expect(await width('board-scroll')).toBeGreaterThan(0.8 * 800);
    await page.screenshot({ path: '/tmp/editor-small-800.png' });
  });

  test('at 1280x800 both columns start open', async () => {
    await at(1280, 800);
    expect(await width('tools')).toBeGreaterThan(120);
    expect(await width('side-panel')).toBeGreaterThan(300);
  });

  test('at 390x844 (a phone) the library works and the map is shown read-only', async () => {
    await at(390, 844);
    const board = (await page.getByTestId('board').boundingBox())!;
    expect(board.x).toBeGreaterThanOrEqual(0);
    expect(board.x + board.width).toBeLessThanOrEqual(390);
    await page.getByTestId('read-only').waitFor();
    expect(await page.getByRole('toolbar', { name: 'Map tools' }).count()).toBe(0);
    const before = await protectedSquares(page);
    await page.keyboard.press('p');
    await clickSquare(page, 'E6');
    expect(await page.getByTestId('cursor-square').textContent()).toBe('E6');
    expect(await protectedSquares(page)).toEqual(before);
    // Nothing can be changed here: no Undo or Redo in the top bar.
    expect(await page.getByRole('button', { name: /^(Undo|Redo)$/ }).count()).toBe(0);
    // The Checks tab opens under the map.
    await page.getByRole('tab', { name: /^Checks/ }).click();
    await page.getByText('No problems').waitFor();
    await page.screenshot({ path: '/tmp/editor-phone.png' });

    await page.getByRole('button', { name: 'Library' }).click();
    // The library can be changed on a phone (delete, rename), so its Undo is there.
    expect(await page.getByRole('button', { name: 'Undo' }).count()).toBe(1);
    const card = page.locator('[data-entry]').first();
    const box = (await card.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: 'New from template The Ford and the Bridge' }).click();
    await expect.poll(() => page.getByTestId('scenario-title').textContent()).toBe('“The Ford and the Bridge”');
    await page.getByTestId('board').waitFor();
    await page.getByRole('button', { name: 'Library' }).click();
    expect(await page.locator('[data-entry]').count()).toBe(2);
    await page.screenshot({ path: '/tmp/library-phone.png', fullPage: true });
  });
});
