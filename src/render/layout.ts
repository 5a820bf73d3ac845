/** Board geometry in SVG user units: square size, label margins, square <-> point conversions. */
import { parseSquare, squareName, stepSquare, type BoardSize, type Square } from '../rules';

/** Side of one square in SVG user units. */
export const CELL = 40;
/** Width of the label margin on each of the four edges. */
export const MARGIN = 22;

/** The four sides of a square, as directions to its orthogonal neighbours. */
export type Side = 'N' | 'E' | 'S' | 'W';

/** Total drawing size of a board including its margins. */
export function boardPixels(board: BoardSize): { width: number; height: number } {
  return { width: board.columns * CELL + 2 * MARGIN, height: board.rows * CELL + 2 * MARGIN };
}

/** Top-left corner of a square. */
export function squareOrigin(sq: Square): { x: number; y: number } {
  const c = parseSquare(sq);
  if (!c) return { x: -CELL * 10, y: -CELL * 10 };
  return { x: MARGIN + c.col * CELL, y: MARGIN + c.row * CELL };
}

/** Centre of a square. */
export function squareCentre(sq: Square): { x: number; y: number } {
  const o = squareOrigin(sq);
  return { x: o.x + CELL / 2, y: o.y + CELL / 2 };
}

/** The square under a point in user units, or null outside the board; `side` is the nearest side of it. */
export function squareAt(x: number, y: number, board: BoardSize): { square: Square; side: Side } | null {
  const fx = (x - MARGIN) / CELL;
  const fy = (y - MARGIN) / CELL;
  const col = Math.floor(fx);
  const row = Math.floor(fy);
  if (col < 0 || row < 0 || col >= board.columns || row >= board.rows) return null;
  const lx = fx - col;
  const ly = fy - row;
  const dist: Array<[Side, number]> = [['N', ly], ['S', 1 - ly], ['W', lx], ['E', 1 - lx]];
  dist.sort((a, b) => a[1] - b[1]);
  return { square: squareName(col, row), side: dist[0]![0] };
}

/** The neighbour of a square across one side, or null off the board. */
export function neighbour(sq: Square, side: Side, board: BoardSize): Square | null {
  return stepSquare(sq, side, board);
}

/** End points of the shared side of two orthogonally adjacent squares. */
export function edgeSegment(a: Square, b: Square): { x1: number; y1: number; x2: number; y2: number } | null {
  const p = parseSquare(a);
  const q = parseSquare(b);
  if (!p || !q || Math.abs(p.col - q.col) + Math.abs(p.row - q.row) !== 1) return null;
  if (p.row === q.row) {
    const x = MARGIN + Math.max(p.col, q.col) * CELL;
    const y = MARGIN + p.row * CELL;
    return { x1: x, y1: y, x2: x, y2: y + CELL };
  }
  const y = MARGIN + Math.max(p.row, q.row) * CELL;
  const x = MARGIN + p.col * CELL;
  return { x1: x, y1: y, x2: x + CELL, y2: y };
}
