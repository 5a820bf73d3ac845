/**
 * Issue 31 item 5: each page of a true-scale map draws only what lies on its tile. Read back with pdf.js: every
 * river edge sets the river's edge colour once, so its count on a page is the number of river edges drawn there.
 */
import { describe, expect, test } from 'vitest';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { buildPrintPdf, tilePlanFor, type PrintOptions } from '../../src/pdf';
import { squareName, type Scenario, type Square } from '../../src/rules';
import { templateScenario } from '../../src/scenario';
import { TERRAIN_STYLE } from '../../src/scenario/symbology';

/** Every edge of a board between orthogonal neighbours, as [column, row, vertical] of its west or north end. */
function edges(columns: number, rows: number): Array<{ a: Square; b: Square; x: number; y: number; vertical: boolean }> {
  const out: Array<{ a: Square; b: Square; x: number; y: number; vertical: boolean }> = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      if (c + 1 < columns) out.push({ a: squareName(c, r), b: squareName(c + 1, r), x: c + 1, y: r, vertical: true });
      if (r + 1 < rows) out.push({ a: squareName(c, r), b: squareName(c, r + 1), x: c, y: r + 1, vertical: false });
    }
  }
  return out;
}

/** A board with terrain on every square: woods, a hill per column, a road every two rows and a river on every edge, twice. */
function covered(columns: number, rows: number): Scenario {
  const s = templateScenario('empty-board')!;
  s.board = { columns, rows };
  const all = edges(columns, rows).map((e): [Square, Square] => [e.a, e.b]);
  s.terrain = {
    protected: Array.from({ length: columns * rows }, (_, i) => ({ at: squareName(i % columns, Math.floor(i / columns)), kind: 'woods' as const })),
    hills: Array.from({ length: columns }, (_, c) => ({ squares: Array.from({ length: rows }, (_, r) => squareName(c, r)) })),
    roads: Array.from({ length: rows / 2 }, (_, r) => ({ path: [squareName(0, 2 * r), squareName(columns - 1, 2 * r)] })),
    // The second river repeats every edge of the first: a file may, and the edge looks the same drawn once.
    rivers: [{ edges: all }, { edges: all.map(([a, b]): [Square, Square] => [b, a]) }],
  };
  return s;
}

const options = (over: Partial<PrintOptions> = {}): PrintOptions => ({
  paper: 'a4', scale: '15mm', ink: 'color', correction: 100, documents: ['map'], printedOn: '2026-11-26', ...over,
});

/** Per page: the operator count and how many times the river's edge colour is set for strokes. */
async function pageOps(bytes: Uint8Array): Promise<Array<{ ops: number; riverEdges: number }>> {
  const doc = await getDocument({ data: bytes.slice(), verbosity: 0, isEvalSupported: false }).promise;
  const out: Array<{ ops: number; riverEdges: number }> = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const list = await (await doc.getPage(i)).getOperatorList();
    const riverEdges = list.fnArray.filter((fn, k) => fn === OPS.setStrokeRGBColor && list.argsArray[k]?.[0] === TERRAIN_STYLE.river.edge).length;
    out.push({ ops: list.fnArray.length, riverEdges });
  }
  await doc.destroy();
  return out;
}

describe('true-scale tiles draw only their own part of the board', { timeout: 120_000 }, () => {
  test.each([['a4', '15mm'], ['letter', '25mm']] as const)('on %s at %s, each tile draws the river edges on it and none far from it, each once', async (paper, scale) => {
    const [columns, rows] = [16, 8];
    const s = covered(columns, rows);
    const plan = tilePlanFor(s, options({ paper, scale }));
    const pages = await pageOps(await buildPrintPdf(s, options({ paper, scale })));
    expect(pages).toHaveLength(plan.tiles.length + 1);
    const all = edges(columns, rows);
    for (const [i, t] of plan.tiles.entries()) {
      // The tile's window in squares, and the edges that cross it (must be drawn) or come within a square of it (may be).
      const w = { x0: t.x0 / plan.square, y0: t.y0 / plan.square, x1: t.x1 / plan.square, y1: t.y1 / plan.square };
      const within = (pad: number) => all.filter((e) => {
        const [x1, y1] = e.vertical ? [e.x, e.y + 1] : [e.x + 1, e.y];
        return x1 > w.x0 - pad && e.x < w.x1 + pad && y1 > w.y0 - pad && e.y < w.y1 + pad
          && (e.vertical ? e.x > w.x0 - pad && e.x < w.x1 + pad : e.y > w.y0 - pad && e.y < w.y1 + pad);
      }).length;
      const drawn = pages[i + 1]!.riverEdges;
      expect(drawn, `tile ${t.label}`).toBeGreaterThanOrEqual(within(0));
      expect(drawn, `tile ${t.label}`).toBeLessThanOrEqual(within(1));
    }
    // The assembly index shows the whole board: every edge, once although the file names each twice.
    expect(pages[0]!.riverEdges).toBe(all.length);
  });

  test('a tile of a board four times as large, covered the same way, takes about as many drawing operations', async () => {
    const small = await pageOps(await buildPrintPdf(covered(16, 8), options()));
    const large = await pageOps(await buildPrintPdf(covered(32, 16), options()));
    // The first tile of each shows the same squares; the grid and frame run across the whole board either way.
    expect(large[1]!.ops).toBeLessThan(small[1]!.ops * 1.1);
    expect(large[1]!.riverEdges).toBe(small[1]!.riverEdges);
  });
});
