/** Editor follow-ups: the ballista engine reads beside its crew's counter; the map pans by middle-drag or Space+drag. */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSession } from './session';
import { openApp, protectedSquares, tool } from './driver';

let page: Page;
const session = browserSession();
const url = () => session.url();

/** A fresh browser profile (empty IndexedDB) with the app open. */
async function fresh(): Promise<void> {
  page = await session.fresh();
  await openApp(page, url());
}

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) * Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
const inside = (a: Box, outer: Box) =>
  a.x >= outer.x - 0.5 && a.y >= outer.y - 0.5 && a.x + a.width <= outer.x + outer.width + 0.5 && a.y + a.height <= outer.y + outer.height + 0.5;

async function scroll(): Promise<{ left: number; top: number }> {
  return page.getByTestId('board-scroll').evaluate((el) => ({ left: el.scrollLeft, top: el.scrollTop }));
}

/** The middle of the visible map area (squares far off to the side are outside the window when zoomed in). */
async function mapMiddle(): Promise<{ x: number; y: number }> {
  const b = (await page.getByTestId('board-scroll').boundingBox())!;
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

async function zoomIn(): Promise<void> {
  await page.locator('body').click({ position: { x: 5, y: 880 } });
  for (let i = 0; i < 4; i++) await page.keyboard.press('+');
  await expect.poll(async () => page.getByTestId('board-scroll').evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
}

describe('map follow-ups', () => {
  test('a ballista with its crew: the engine glyph sits beside the counter, both inside the square', async () => {
    await fresh();
    const square = (await page.locator('[data-square="F1"]').boundingBox())!;
    const engine = (await page.locator('[data-unit="t-ballista-1"]').boundingBox())!;
    const counter = (await page.locator('[data-unit="t-crew-1"] rect').first().boundingBox())!;
    expect(overlap(engine, counter)).toBe(0);
    expect(inside(engine, square)).toBe(true);
    expect(inside(counter, square)).toBe(true);
  });

  test('middle-button drag pans the map and edits nothing', async () => {
    await fresh();
    await zoomIn();
    await tool(page, 'Protected square');
    const squaresBefore = await protectedSquares(page);
    const before = await scroll();
    const p = await mapMiddle();
    await page.mouse.move(p.x, p.y);
    await page.mouse.down({ button: 'middle' });
    await page.mouse.move(p.x - 120, p.y - 90, { steps: 4 });
    await page.mouse.up({ button: 'middle' });
    const after = await scroll();
    expect(after.left - before.left).toBeGreaterThan(100);
    expect(after.top - before.top).toBeGreaterThan(70);
    expect(await protectedSquares(page)).toEqual(squaresBefore);
    expect(await page.getByRole('button', { name: 'Undo' }).isDisabled()).toBe(true);
  });

  test('Space+drag pans; Space alone still applies the tool at the cursor', async () => {
    await fresh();
    await zoomIn();
    await tool(page, 'Protected square');
    await page.getByTestId('board').focus();
    const squaresBefore = await protectedSquares(page);
    const before = await scroll();
    const p = await mapMiddle();
    await page.keyboard.down('Space');
    await page.mouse.move(p.x, p.y);
    await page.mouse.down();
    await page.mouse.move(p.x - 100, p.y - 60, { steps: 4 });
    await page.mouse.up();
    await page.keyboard.up('Space');
    const after = await scroll();
    expect(after.left - before.left).toBeGreaterThan(80);
    expect(await protectedSquares(page)).toEqual(squaresBefore);

    await page.getByTestId('board').focus();
    await page.keyboard.press('ArrowRight');
    const sq = (await page.getByTestId('cursor-square').textContent())?.trim() ?? '';
    expect(sq).toMatch(/^[A-L]\d{1,2}$/);
    expect(squaresBefore).not.toContain(sq);
    await page.keyboard.press('Space');
    expect(await protectedSquares(page)).toEqual([...squaresBefore, sq].sort());
  });
});
