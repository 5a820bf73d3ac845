/** Board geometry in SVG user units: square size, label margins, square <-> point conversions. */
import { FACING_VECTORS, parseSquare, squareName, stepSquare, type BoardSize, type Facing, type Square } from '../rules';

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

/** A square edge near a point: the edge, how far along it the point lies (0..1) and its distance from it, in squares. */
export interface EdgeHit { edge: [Square, Square]; along: number; distance: number }

/**
 * The inner square edge (one two squares share) nearest a point in user units, or null off the board. Edges on
 * the board's rim join no two squares and are never returned.
 */
export function nearestEdge(x: number, y: number, board: BoardSize): EdgeHit | null {
  const fx = (x - MARGIN) / CELL;
  const fy = (y - MARGIN) / CELL;
  if (fx < 0 || fy < 0 || fx > board.columns || fy > board.rows) return null;
  const hits: EdgeHit[] = [];
  // Vertical lines x = k (1..columns-1) join (k-1, row) and (k, row).
  const row = Math.min(board.rows - 1, Math.floor(fy));
  for (const k of [Math.floor(fx), Math.ceil(fx)]) {
    if (k < 1 || k > board.columns - 1) continue;
    hits.push({ edge: [squareName(k - 1, row), squareName(k, row)], along: fy - row, distance: Math.abs(fx - k) });
  }
  // Horizontal lines y = k (1..rows-1) join (col, k-1) and (col, k).
  const col = Math.min(board.columns - 1, Math.floor(fx));
  for (const k of [Math.floor(fy), Math.ceil(fy)]) {
    if (k < 1 || k > board.rows - 1) continue;
    hits.push({ edge: [squareName(col, k - 1), squareName(col, k)], along: fx - col, distance: Math.abs(fy - k) });
  }
  hits.sort((a, b) => a.distance - b.distance);
  return hits[0] ?? null;
}

/** The two grid corners an edge runs between, as "col,row" keys (for telling which edges touch). */
export function edgeCorners(a: Square, b: Square): [string, string] | null {
  const p = parseSquare(a);
  const q = parseSquare(b);
  if (!p || !q || Math.abs(p.col - q.col) + Math.abs(p.row - q.row) !== 1) return null;
  if (p.row === q.row) {
    const x = Math.max(p.col, q.col);
    return [`${x},${p.row}`, `${x},${p.row + 1}`];
  }
  const y = Math.max(p.row, q.row);
  return [`${p.col},${y}`, `${p.col + 1},${y}`];
}

/**
 * The facing arrow of a counter centred on (cx, cy) whose body reaches `halfW` and `halfH` from its centre: a
 * triangle whose base sits just outside the body in the facing direction, so that it shows whole whichever way the
 * unit faces (a counter is wider than tall: an east or west arrow must start further out), its tip at most a little
 * past the square's edge.
 */
export function facingArrowPoints(cx: number, cy: number, facing: Facing, halfW: number, halfH: number): Array<[number, number]> {
  const [vx, vy] = FACING_VECTORS[facing];
  const len = Math.hypot(vx, vy);
  const ux = vx / len, uy = vy / len;
  const px = -uy, py = ux, half = CELL * 0.125;
  // The base moves out from the centre until both its corners clear the body, then a pixel of air.
  const clear = (x: number, y: number) => Math.abs(x) >= halfW || Math.abs(y) >= halfH;
  let base = 0;
  while (!(clear(ux * base + px * half, uy * base + py * half) && clear(ux * base - px * half, uy * base - py * half))) base += 0.5;
  base += 1;
  // The square's edge along the facing (further on a diagonal), and the tip no more than a little past it.
  const squareEdge = CELL / 2 / Math.max(Math.abs(ux), Math.abs(uy));
  const tip = Math.min(base + CELL * 0.16, squareEdge + CELL * 0.06);
  return [[cx + ux * tip, cy + uy * tip], [cx + ux * base + px * half, cy + uy * base + py * half], [cx + ux * base - px * half, cy + uy * base - py * half]];
}
