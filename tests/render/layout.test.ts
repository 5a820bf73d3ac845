import { describe, expect, test } from 'vitest';
import { CELL, MARGIN, boardPixels, edgeSegment, neighbour, squareAt, squareCentre } from '../../src/render/layout';
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
