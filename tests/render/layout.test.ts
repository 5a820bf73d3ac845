import { describe, expect, test } from 'vitest';
import { CELL, MARGIN, boardPixels, edgeSegment, facingArrowPoints, neighbour, squareAt, squareCentre } from '../../src/render/layout';
import { FACINGS, FACING_VECTORS } from '../../src/rules';
import { compressRun, roadSquares } from '../../src/render/roads';

const board = { columns: 12, rows: 12 };

describe('board layout', () => {
  test.each([
    ['A1', 'N', 0.5, 0.1], ['A1', 'W', 0.1, 0.5], ['C4', 'S', 0.5, 0.9], ['L12', 'E', 0.9, 0.5],
  ] as const)('a point in %s near its %s side maps back to that square and side', (sq, side, fx, fy) => {
    const c = squareCentre(sq);
    const hit = squareAt(c.x - CELL / 2 + fx * CELL, c.y - CELL / 2 + fy * CELL, board);
    expect(hit).toEqual({ square: sq, side });
  });

  test('points in the label margins are off the board', () => {
    expect(squareAt(MARGIN / 2, MARGIN + 5, board)).toBeNull();
    const { width, height } = boardPixels(board);
    expect(squareAt(width - 2, height - 2, board)).toBeNull();
    expect(boardPixels({ columns: 48, rows: 24 })).toEqual({ width: 48 * CELL + 2 * MARGIN, height: 24 * CELL + 2 * MARGIN });
  });

  test('an edge is drawn on the side the two squares share; neighbours stop at the board edge', () => {
    expect(edgeSegment('B5', 'B6')).toEqual({ x1: MARGIN + CELL, y1: MARGIN + 5 * CELL, x2: MARGIN + 2 * CELL, y2: MARGIN + 5 * CELL });
    expect(edgeSegment('C3', 'D3')).toEqual({ x1: MARGIN + 3 * CELL, y1: MARGIN + 2 * CELL, x2: MARGIN + 3 * CELL, y2: MARGIN + 3 * CELL });
    expect(edgeSegment('C3', 'D4')).toBeNull();
    expect(neighbour('A1', 'N', board)).toBeNull();
    expect(neighbour('A1', 'E', board)).toBe('B1');
  });

  test.each([
    [['A6', 'D6', 'D8'], ['A6', 'B6', 'C6', 'D6', 'D7', 'D8']],
    [['F1', 'F3'], ['F1', 'F2', 'F3']],
  ])('3D road %j covers every square of its straight runs and compresses back to its corners', (path, squares) => {
    expect(roadSquares(path)).toEqual(squares);
    expect(compressRun(squares)).toEqual(path);
  });
});

describe('facing arrows', () => {
  // A counter is 0.78 x 0.5 of a square (GLYPH): wider than tall.
  const halfW = 0.39 * CELL, halfH = 0.25 * CELL;
  const inside = ([x, y]: [number, number]) => Math.abs(x) < halfW && Math.abs(y) < halfH;
  test.each(FACINGS.map((f) => [f]))('an arrow facing %s lies wholly outside its counter, points the right way and stays near its square', (facing) => {
    const pts = facingArrowPoints(0, 0, facing, halfW, halfH);
    for (const p of pts) expect(inside(p), `${facing} point ${p.join(',')} is under the counter`).toBe(false);
    const [vx, vy] = FACING_VECTORS[facing];
    const [tx, ty] = pts[0]!;
    expect(Math.sign(Math.round(tx))).toBe(Math.sign(vx));
    expect(Math.sign(Math.round(ty))).toBe(Math.sign(vy));
    // No further than a little past the square's edge in that direction.
    expect(Math.hypot(tx, ty)).toBeLessThanOrEqual(CELL / 2 / Math.max(Math.abs(vx), Math.abs(vy)) * Math.hypot(vx, vy) + 0.06 * CELL + 1e-9);
    // Long enough to see: at least a sixth of its own width from base to tip.
    const bx = (pts[1]![0] + pts[2]![0]) / 2, by = (pts[1]![1] + pts[2]![1]) / 2;
    expect(Math.hypot(tx - bx, ty - by)).toBeGreaterThan(CELL * 0.12);
  });
});
