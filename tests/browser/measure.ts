/** Edit-to-paint timing in the browser: scenarios to measure on and a driver that makes edits and reads the measures. */
import type { Page } from 'playwright-core';
import { deploymentRows, squareName, type Scenario, type SideSpec } from '../../src/rules';
import { blankScenario, serializeScenario, standardSide, templateScenario, TEMPLATES } from '../../src/scenario';
import { squarePoint } from './driver';

/** A 48x24 board with four standard divisions a side, every unit deployed in its zone. */
export function bigScenario(): Scenario {
  const s = blankScenario('Four divisions a side, 48x24');
  s.board = { columns: 48, rows: 24 };
  const deploy = (side: SideSpec): SideSpec => {
    const { from, to } = deploymentRows(side.edge, 24);
    const squares: string[] = [];
    for (let r = from; r <= to; r++) for (let c = 0; c < 48; c += 2) squares.push(squareName(c + (r % 2), r));
    let i = 0;
    let ballistaAt: string | null = null;
    const units = side.units.map((u) => {
      if (u.type === 'ballistarii' && ballistaAt) { const at = ballistaAt; ballistaAt = null; return { ...u, at }; }
      const at = squares[i++]!;
      if (u.type === 'ballista') ballistaAt = at;
      return { ...u, at };
    });
    // Crews follow their engines: put each crew in an engine's square in order.
    const engines = units.filter((u) => u.type === 'ballista').map((u) => u.at);
    let e = 0;
    return { ...side, units: units.map((u) => (u.type === 'ballistarii' ? { ...u, at: engines[e++] ?? u.at } : u)) };
  };
  s.sides = [deploy(standardSide('teutonic', 'teutonic', 'north', 4)), deploy(standardSide('russian', 'russian', 'south', 4))];
  return s;
}

/** The template with the largest file. */
export function largestTemplate(): Scenario {
  const id = [...TEMPLATES].sort((a, b) => serializeScenario(b.scenario).length - serializeScenario(a.scenario).length)[0]!.id;
  return templateScenario(id)!;
}

/** Open a scenario in the editor through the Import button. */
export async function importScenario(page: Page, s: Scenario): Promise<void> {
  await page.getByTestId('import-input').setInputFiles({ name: 'bench.json', mimeType: 'application/json', buffer: Buffer.from(serializeScenario(s)) });
  await page.waitForFunction((title) => document.querySelector('[data-testid="scenario-title"]')?.textContent === `“${title}”`, s.meta.title);
}

/**
 * Paint then erase `count` squares of the open ground one click at a time and return each edit's edit-to-paint time
 * in milliseconds (performance marks set by the store, measured after the next frame).
 */
export async function measureEdits(page: Page, squares: readonly string[]): Promise<number[]> {
  await page.evaluate(() => { performance.clearMeasures('edit-to-paint'); performance.clearMeasures('edit-to-render'); });
  await page.getByRole('toolbar', { name: 'Map tools' }).getByRole('button', { name: 'Protected square', exact: true }).click();
  for (const sq of squares) {
    const p = await squarePoint(page, sq);
    await page.mouse.click(p.x, p.y);
    await page.waitForTimeout(20);
  }
  await page.getByRole('toolbar', { name: 'Map tools' }).getByRole('button', { name: 'Erase', exact: true }).click();
  for (const sq of squares) {
    const p = await squarePoint(page, sq);
    await page.mouse.click(p.x, p.y);
    await page.waitForTimeout(20);
  }
  await page.waitForTimeout(100);
  return page.evaluate(() => performance.getEntriesByName('edit-to-paint').map((e) => e.duration));
}

/** Script time of the edits measured by the last `measureEdits` (edit mark to the end of the redraw). */
export function renderTimes(page: Page): Promise<number[]> {
  return page.evaluate(() => performance.getEntriesByName('edit-to-render').map((e) => e.duration));
}

/** Squares of the open ground between the zones of a board of `columns` x `rows`. */
export function openGround(columns: number, rows: number, n: number): string[] {
  const out: string[] = [];
  const mid = Math.floor(rows / 2) - 1;
  for (let i = 0; out.length < n; i++) out.push(squareName((i * 5) % columns, mid + (Math.floor(i / columns) % 2)));
  return out;
}
