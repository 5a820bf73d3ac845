/** Issue 13 item 1: rivers drawn by mouse follow the pointer along square edges. */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSession } from './session';
import { blankScenario } from '../../src/scenario';
import { importScenario } from './measure';
import { edgePoint, exportedScenario, newFromTemplate, openApp, tool } from './driver';

let page: Page;
const session = browserSession();

async function fresh(): Promise<void> {
  page = await session.fresh();
  await openApp(page, session.url());
  await newFromTemplate(page, 'Empty Field, Deploy at the Table');
}

type Pt = { x: number; y: number };
/** Press, move through the points with small steps (a hand is never perfectly straight), release. */
async function drag(points: Pt[], steps = 8): Promise<void> {
  await page.mouse.move(points[0]!.x, points[0]!.y);
  await page.mouse.down();
  for (const p of points.slice(1)) await page.mouse.move(p.x, p.y, { steps });
  await page.mouse.up();
}

async function rivers(): Promise<string[][][]> {
  const s = await exportedScenario(page);
  return ((s.terrain?.rivers ?? []) as Array<{ edges: string[][] }>).map((r) => r.edges);
}

describe('rivers by mouse', () => {
  test('a drag along a row of edges, wobbling across the corners, gives exactly those edges as one river', async () => {
    await fresh();
    await tool(page, 'River');
    // Along the line between rows 5 and 6 from column B to column F, drifting a little above and below it.
    const pts: Pt[] = [await edgePoint(page, 'B5', 'B6', 0.3, 0.05)];
    for (const [col, off] of [['C', -0.08], ['D', 0.1], ['E', -0.1], ['F', 0.06]] as const) {
      pts.push(await edgePoint(page, `${col}5`, `${col}6`, 0.02, off)); // right over a grid corner
      pts.push(await edgePoint(page, `${col}5`, `${col}6`, 0.6, -off));
    }
    await drag(pts);
    expect(await rivers()).toEqual([[['B5', 'B6'], ['C5', 'C6'], ['D5', 'D6'], ['E5', 'E6'], ['F5', 'F6']]]);
    expect(await page.locator('[data-river] [data-edge]').count()).toBe(5);
    // One gesture is one undo step.
    await page.keyboard.press('Control+Z');
    expect(await rivers()).toEqual([]);
  });

  test('a second stroke that meets the river at a corner is stored in the same river', async () => {
    await fresh();
    await tool(page, 'River');
    await drag([await edgePoint(page, 'B5', 'B6', 0.4), await edgePoint(page, 'C5', 'C6', 0.6)]);
    await drag([await edgePoint(page, 'C6', 'D6', 0.3), await edgePoint(page, 'C7', 'D7', 0.7)]);
    expect(await rivers()).toEqual([[['B5', 'B6'], ['C5', 'C6'], ['C6', 'D6'], ['C7', 'D7']]]);
  });

  test('clicking an existing edge with River removes it; Erase over a river removes only the edge pointed at', async () => {
    await fresh();
    await tool(page, 'River');
    await drag([await edgePoint(page, 'B5', 'B6', 0.4), await edgePoint(page, 'F5', 'F6', 0.6)]);
    const c = await edgePoint(page, 'C5', 'C6', 0.5, 0.05);
    await page.mouse.click(c.x, c.y);
    expect(await rivers()).toEqual([[['B5', 'B6'], ['D5', 'D6'], ['E5', 'E6'], ['F5', 'F6']]]);
    await page.mouse.click(c.x, c.y);
    expect((await rivers())[0]).toContainEqual(['C5', 'C6']);

    await tool(page, 'Protected square');
    const e5 = await edgePoint(page, 'E5', 'E4');
    await page.mouse.click(e5.x, e5.y + 2);
    await tool(page, 'Erase');
    const d = await edgePoint(page, 'D5', 'D6', 0.5, -0.1);
    await page.mouse.click(d.x, d.y);
    const left = (await rivers()).flat();
    expect(left).toHaveLength(4);
    expect(left).not.toContainEqual(['D5', 'D6']);
    // Erasing the woods square above the river keeps the river edge under it.
    const woods = await page.locator('[data-protected]').evaluateAll((els) => els.map((e) => e.getAttribute('data-protected')));
    expect(woods).toHaveLength(1);
    const inside = (await page.locator(`[data-square="${woods[0]}"]`).boundingBox())!;
    await page.mouse.click(inside.x + inside.width / 2, inside.y + inside.height / 2);
    expect(await page.locator('[data-protected]').count()).toBe(0);
    expect((await rivers()).flat()).toHaveLength(4);
  });

  test('a stroke pressed at the end of a river carries it on; the middle of an edge is where a click removes', async () => {
    await fresh();
    await tool(page, 'River');
    await drag([await edgePoint(page, 'B5', 'B6', 0.4), await edgePoint(page, 'C5', 'C6', 0.6)]);
    // Press right at the river's east end (the corner after C5/C6) and carry on east.
    await drag([await edgePoint(page, 'C5', 'C6', 0.97, 0.05), await edgePoint(page, 'E5', 'E6', 0.6)]);
    expect(await rivers()).toEqual([[['B5', 'B6'], ['C5', 'C6'], ['D5', 'D6'], ['E5', 'E6']]]);
  });

  test('an Erase drag across a river between two woods erases the woods and leaves the river whole', async () => {
    await fresh();
    await tool(page, 'River');
    await drag([await edgePoint(page, 'B5', 'B6', 0.4), await edgePoint(page, 'F5', 'F6', 0.6)]);
    await tool(page, 'Protected square');
    for (const sq of ['D5', 'D6']) {
      const box = (await page.locator(`[data-square="${sq}"]`).boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    }
    expect(await page.locator('[data-protected]').count()).toBe(2);
    await tool(page, 'Erase');
    const from = (await page.locator('[data-square="D5"]').boundingBox())!;
    const to = (await page.locator('[data-square="D6"]').boundingBox())!;
    await drag([{ x: from.x + from.width / 2, y: from.y + from.height / 2 }, { x: to.x + to.width / 2, y: to.y + to.height / 2 }]);
    expect(await page.locator('[data-protected]').count()).toBe(0);
    expect((await rivers()).flat()).toHaveLength(5);
  });

  test('an old file that stored each edge as its own river is exported with touching edges as one river', async () => {
    page = await session.fresh();
    await openApp(page, session.url());
    const s = blankScenario('Many little rivers');
    s.terrain = { rivers: [{ edges: [['A5', 'A6']] }, { edges: [['B5', 'B6']] }, { edges: [['C5', 'C6']] }, { edges: [['J5', 'J6']] }] };
    await importScenario(page, s);
    expect(await rivers()).toEqual([[['A5', 'A6'], ['B5', 'B6'], ['C5', 'C6']], [['J5', 'J6']]]);
  });

  test('fords and bridges snap to the edge nearest the pointer', async () => {
    await fresh();
    await tool(page, 'River');
    await drag([await edgePoint(page, 'B5', 'B6', 0.4), await edgePoint(page, 'D5', 'D6', 0.6)]);
    await tool(page, 'Ford');
    const f = await edgePoint(page, 'C5', 'C6', 0.8, 0.15);
    await page.mouse.click(f.x, f.y);
    await tool(page, 'Bridge');
    const b = await edgePoint(page, 'D5', 'D6', 0.3, -0.2);
    await page.mouse.click(b.x, b.y);
    const s = await exportedScenario(page);
    expect(s.terrain?.crossings).toEqual([{ edge: ['C5', 'C6'], kind: 'ford' }, { edge: ['D5', 'D6'], kind: 'bridge' }]);
  });
});
