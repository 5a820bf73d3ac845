/** Helpers that drive the editor like a user: pointer on squares, keyboard, tabs, library. */
import type { Page } from 'playwright-core';

export type Side = 'N' | 'E' | 'S' | 'W' | 'C';

/**
 * Open the app and the scenario it keeps open behind the library (the last one opened; on a first visit the
 * open-field template), and wait until the editor has drawn it. The bare address opens the library (issue 45).
 */
export async function openApp(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]');
  const back = page.getByRole('button', { name: 'Back to map' });
  if (await back.count()) await back.click();
  await page.waitForSelector('[data-testid="board"] [data-square="A1"]');
}

/** Screen point of a square's centre, or near one of its sides (for river edges). */
export async function squarePoint(page: Page, sq: string, side: Side = 'C'): Promise<{ x: number; y: number }> {
  const box = await page.locator(`[data-square="${sq}"]`).boundingBox();
  if (!box) throw new Error(`square ${sq} is not on screen`);
  const cx = box.x + box.width / 2, cy = box.y + box.height / 2;
  const d = box.width * 0.4;
  const off = { C: [0, 0], N: [0, -d], S: [0, d], E: [d, 0], W: [-d, 0] }[side];
  return { x: cx + off[0]!, y: cy + off[1]! };
}

export async function clickSquare(page: Page, sq: string, side: Side = 'C'): Promise<void> {
  const p = await squarePoint(page, sq, side);
  await page.mouse.click(p.x, p.y);
}

/** Press on the first square, move through the others, release on the last: one gesture. */
export async function dragSquares(page: Page, squares: ReadonlyArray<string | [string, Side]>): Promise<void> {
  const pts = [];
  for (const s of squares) pts.push(typeof s === 'string' ? await squarePoint(page, s) : await squarePoint(page, s[0], s[1]));
  await page.mouse.move(pts[0]!.x, pts[0]!.y);
  await page.mouse.down();
  for (const p of pts.slice(1)) await page.mouse.move(p.x, p.y, { steps: 3 });
  await page.mouse.up();
}

export async function tool(page: Page, name: string): Promise<void> {
  await page.getByRole('toolbar', { name: 'Map tools' }).getByRole('button', { name, exact: true }).click();
}

export async function tab(page: Page, name: 'Scenario' | 'Sides' | 'Checks' | 'Balance'): Promise<void> {
  await page.getByRole('tab', { name: new RegExp(`^${name}`) }).click();
}

/** Codes of the diagnostics listed in the Checks panel. */
export async function checkCodes(page: Page): Promise<string[]> {
  await tab(page, 'Checks');
  return page.locator('[data-code]').evaluateAll((els) => els.map((e) => e.getAttribute('data-code') ?? ''));
}

/** Protected squares drawn on the map. */
export function protectedSquares(page: Page): Promise<string[]> {
  return page.locator('[data-protected]').evaluateAll((els) => els.map((e) => e.getAttribute('data-protected') ?? '').sort());
}

/** Wait until pending IndexedDB writes are done (autosave is immediate but asynchronous). */
export async function settle(page: Page): Promise<void> {
  await page.waitForTimeout(150);
}

/** Make a new library entry from a template (by its title) and open it. */
export async function newFromTemplate(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: 'Library' }).click();
  await page.getByRole('button', { name: title === 'Blank' ? 'New blank scenario' : `New from template ${title}` }).click();
  // The library's thumbnails carry squares too: wait for the map itself.
  await page.getByTestId('board').waitFor();
}

/** Screen point on the edge two squares share: `along` 0..1 from one end, `off` squares to one side of the line. */
export async function edgePoint(page: Page, a: string, b: string, along = 0.5, off = 0): Promise<{ x: number; y: number }> {
  const p = await squarePoint(page, a);
  const q = await squarePoint(page, b);
  const cell = (await page.locator(`[data-square="${a}"]`).boundingBox())!.width;
  const mx = (p.x + q.x) / 2, my = (p.y + q.y) / 2;
  // The edge runs across the line joining the two centres.
  return Math.abs(p.x - q.x) > Math.abs(p.y - q.y)
    ? { x: mx + off * cell, y: my + (along - 0.5) * cell }
    : { x: mx + (along - 0.5) * cell, y: my + off * cell };
}

/** The scenario file the Export button writes. */
export async function exportedScenario(page: Page): Promise<{ terrain?: Record<string, unknown> } & Record<string, unknown>> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
  const { readFileSync } = await import('node:fs');
  return JSON.parse(readFileSync((await download.path())!, 'utf8')) as { terrain?: Record<string, unknown> } & Record<string, unknown>;
}
