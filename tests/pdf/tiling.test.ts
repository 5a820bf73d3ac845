import { describe, expect, test } from 'vitest';
import { CUT_OFFSET, PAPER_SIZES, TRUE_SQUARE_PT, axisWindows, planTiles, tilePlanFor, DEFAULT_PRINT_OPTIONS, TILE_MARGIN, TILE_OVERLAP, type TileInput } from '../../src/pdf';
import { TEMPLATES } from '../../src/scenario';

const input = (over: Partial<TileInput>): TileInput => ({
  columns: 12, rows: 12, squarePt: 288, correction: 100, paper: PAPER_SIZES.a4, margin: TILE_MARGIN, overlap: TILE_OVERLAP, ...over,
});

describe('true-scale tiling arithmetic', () => {
  test.each([
    ['15mm', 216, 3],
    ['25mm', 288, 4],
  ] as const)('a %s square is exactly %i points (%i inches) before correction', (scale, pt, inches) => {
    expect(TRUE_SQUARE_PT[scale]).toBe(pt);
    expect(TRUE_SQUARE_PT[scale]).toBe(inches * 72);
    expect(planTiles(input({ squarePt: TRUE_SQUARE_PT[scale] })).square).toBe(pt);
  });

  test.each([98, 100, 102.5])('correction %s%% scales the square and the board', (c) => {
    const plan = planTiles(input({ correction: c }));
    expect(plan.square).toBeCloseTo(288 * c / 100, 9);
    expect(plan.boardWidth).toBeCloseTo(12 * 288 * c / 100, 9);
  });

  test.each([
    // length, window, overlap, expected windows
    [100, 200, 20, [[0, 100]]],
    [200, 200, 20, [[0, 200]]],
    [380, 200, 20, [[0, 200], [180, 380]]],
    [381, 200, 20, [[0, 200], [180, 380], [360, 381]]],
  ] as const)('axis of %i pt in %i pt windows with %i pt overlap', (length, window, overlap, expected) => {
    expect(axisWindows(length, window, overlap)).toEqual(expected);
  });

  test('a window no larger than the overlap is refused with a clear message', () => {
    expect(() => axisWindows(100, 20, 20)).toThrow(/larger than the overlap/);
  });

  test.each([
    // 12 x 288 = 3456 pt: ceil((3456 - 36) / 499.28) = 7 across, ceil(3420 / 745.89) = 5 down.
    ['a4', 288, 'portrait', 7, 5],
    ['letter', 288, 'portrait', 7, 5],
    // 12 x 216 = 2592 pt: A4 window 535.28 wide -> ceil((2592 - 36) / 499.28) = 6 across, ceil(2556 / 745.89) = 4 down.
    ['a4', 216, 'portrait', 6, 4],
    // Letter window 552 x 732: ceil(2556 / 516) = 5 across, ceil(2556 / 696) = 4 down; landscape ties at 20, portrait wins.
    ['letter', 216, 'portrait', 5, 4],
  ] as const)('12x12 board on %s at %i pt squares: %s, %i x %i tiles', (paper, squarePt, orientation, cols, rows) => {
    const plan = planTiles(input({ paper: PAPER_SIZES[paper], squarePt }));
    expect(plan.orientation).toBe(orientation);
    expect([plan.tileColumns, plan.tileRows]).toEqual([cols, rows]);
    expect(plan.tiles).toHaveLength(cols * rows);
  });

  test.each(TEMPLATES.flatMap((t) => (['a4', 'letter'] as const).flatMap((paper) => (['15mm', '25mm'] as const).map((scale) => [t.id, paper, scale] as const))))(
    '%s on %s at %s: tiles cover the board edge to edge with exact overlaps',
    (id, paper, scale) => {
      const scenario = TEMPLATES.find((t) => t.id === id)!.scenario;
      const plan = tilePlanFor(scenario, { ...DEFAULT_PRINT_OPTIONS, paper, scale });
      const board = { columns: scenario.board.columns ?? 12, rows: scenario.board.rows ?? 12 };
      expect(plan.boardWidth).toBe(board.columns * plan.square);
      for (const t of plan.tiles) {
        // Every window fits the printable area of the page.
        expect(t.x1 - t.x0).toBeLessThanOrEqual(plan.windowWidth + 1e-9);
        expect(t.y1 - t.y0).toBeLessThanOrEqual(plan.windowHeight + 1e-9);
        expect(plan.windowWidth + 2 * plan.margin).toBeCloseTo(plan.pageWidth, 9);
        // Neighbours overlap by exactly the overlap margin.
        const right = plan.tiles.find((n) => n.row === t.row && n.col === t.col + 1);
        if (right) {
          expect(t.x1 - right.x0).toBeCloseTo(plan.overlap, 9);
          // The neighbour's cut line falls inside this page's printed strip, so the trimmed page glues onto print.
          expect(right.x0 + CUT_OFFSET).toBeGreaterThan(t.x1 - plan.overlap);
          expect(right.x0 + CUT_OFFSET).toBeLessThan(t.x1);
        }
        else expect(t.x1).toBe(plan.boardWidth);
        const below = plan.tiles.find((n) => n.row === t.row + 1 && n.col === t.col);
        if (below) expect(t.y1 - below.y0).toBeCloseTo(plan.overlap, 9);
        else expect(t.y1).toBe(plan.boardHeight);
        // The squares a page names are exactly those with some part in its window.
        expect(t.columns.from).toBe(Math.floor(t.x0 / plan.square + 1e-9));
        expect(t.columns.to).toBe(Math.ceil(t.x1 / plan.square - 1e-9) - 1);
        expect(t.rows.to).toBeLessThan(board.rows);
      }
      expect(plan.tiles[0]!.x0).toBe(0);
      expect(plan.tiles.at(-1)!.squares.endsWith(`${board.rows}`)).toBe(true);
    },
  );

  test('the 4 in squares of a 12x12 board on A4: first tile covers A1-B4, page R1 C2 starts inside column B', () => {
    const plan = planTiles(input({}));
    // Window 535.28 x 781.89 pt; step 499.28 across, 745.89 down; a square is 288 pt.
    const [first, second] = plan.tiles;
    expect(first!.squares).toBe('A1-B3');
    expect(second!.x0).toBeCloseTo(499.28, 6);
    expect(second!.squares).toBe('B1-D3');
    expect(plan.tiles.at(-1)!.squares).toBe('K11-L12');
  });
});
