/** Distances, cones of fire, line-of-fire squares and diagonal-corner tests (rules 1B, 9B, 9L, 6J). */
import { FACING_VECTORS, parseSquare, squareName, type Facing, type Square } from './coords';

function coords(a: Square): { col: number; row: number } {
  const p = parseSquare(a);
  if (!p) throw new Error(`not a square: ${String(a)}`);
  return p;
}

/** Distance for movement, range and cones: orthogonal step 1, diagonal step 1 1/2 (1B). */
export function squareDistance(a: Square, b: Square): number {
  const p = coords(a);
  const q = coords(b);
  return stepsDistance(p.col - q.col, p.row - q.row);
}

/** squareDistance of a grid vector (columns, rows). */
export function stepsDistance(vx: number, vy: number): number {
  const dx = Math.abs(vx), dy = Math.abs(vy);
  return Math.abs(dx - dy) + 1.5 * Math.min(dx, dy);
}

/** Distance for retreats only: a diagonal step counts 1 (9L). */
export function retreatDistance(a: Square, b: Square): number {
  const p = coords(a);
  const q = coords(b);
  return Math.max(Math.abs(p.col - q.col), Math.abs(p.row - q.row));
}

/**
 * True when the centre of `to` lies within 45 degrees either side of `facing`, seen from the centre of
 * `from`; the boundary counts as inside. A unit's own square is never in its cone.
 */
export function inCone(from: Square, facing: Facing, to: Square): boolean {
  const p = coords(from);
  const q = coords(to);
  const [fx, fy] = FACING_VECTORS[facing];
  return inConeOf(fx, fy, q.col - p.col, q.row - p.row);
}

/** inCone by grid vectors: facing (fx, fy), the step (vx, vy) from the centre of one square to another's. */
export function inConeOf(fx: number, fy: number, vx: number, vy: number): boolean {
  if (vx === 0 && vy === 0) return false;
  if (fx === 0 || fy === 0) {
    // Orthogonal facing: the forward component must be at least the sideways one.
    const forward = vx * fx + vy * fy;
    const side = Math.abs(vx * fy - vy * fx);
    return forward > 0 && forward >= side;
  }
  // Diagonal facing: the quadrant between the two orthogonal directions, edges included.
  return vx * fx >= 0 && vy * fy >= 0;
}

/** What lies between two square centres for line of fire (9B, the digest's reading). */
export interface FireLine {
  /** Squares whose interior the segment crosses, the two end squares excluded. */
  crossed: Square[];
  /** Grid corners the segment passes through exactly, each with the two squares it only touches there. */
  corners: Array<[Square, Square]>;
}

/**
 * The squares a line of fire passes between the centres of `from` and `to`. Coordinates are doubled so
 * centres are odd and grid lines even: every test is exact integer arithmetic.
 */
export function fireLine(from: Square, to: Square): FireLine {
  // A pure function of two squares, asked for again and again in play: each line is worked out once.
  const key = `${from}|${to}`;
  let line = fireLines.get(key);
  if (!line) {
    if (fireLines.size >= FIRE_LINES_KEPT) fireLines.clear();
    const traced = traceFireLine(from, to);
    Object.freeze(traced.crossed);
    for (const c of traced.corners) Object.freeze(c);
    Object.freeze(traced.corners);
    fireLines.set(key, (line = Object.freeze(traced)));
  }
  return line;
}

const fireLines = new Map<string, FireLine>();
const FIRE_LINES_KEPT = 50_000;

function traceFireLine(from: Square, to: Square): FireLine {
  const p = coords(from);
  const q = coords(to);
  const x0 = 2 * p.col + 1, y0 = 2 * p.row + 1;
  const x1 = 2 * q.col + 1, y1 = 2 * q.row + 1;
  const dx = x1 - x0, dy = y1 - y0;
  const crossed: Square[] = [];
  const corners: Array<[Square, Square]> = [];
  const cMin = Math.min(p.col, q.col), cMax = Math.max(p.col, q.col);
  const rMin = Math.min(p.row, q.row), rMax = Math.max(p.row, q.row);
  for (let r = rMin; r <= rMax; r++) {
    for (let c = cMin; c <= cMax; c++) {
      if ((c === p.col && r === p.row) || (c === q.col && r === q.row)) continue;
      if (segmentCrossesOpenBox(x0, y0, dx, dy, 2 * c, 2 * r)) crossed.push(squareName(c, r));
    }
  }
  // Interior grid corners exactly on the segment.
  if (dx !== 0 && dy !== 0) {
    const sx = Math.sign(dx), sy = Math.sign(dy);
    for (let gx = 2 * cMin + 2; gx <= 2 * cMax; gx += 2) {
      for (let gy = 2 * rMin + 2; gy <= 2 * rMax; gy += 2) {
        if ((gx - x0) * dy !== (gy - y0) * dx) continue;
        const cx = gx / 2, cy = gy / 2; // the corner between columns cx-1|cx and rows cy-1|cy
        // The segment runs through the (+sx,+sy) and (-sx,-sy) squares; it only touches the other two.
        const a = squareName(sx > 0 ? cx : cx - 1, sy > 0 ? cy - 1 : cy);
        const b = squareName(sx > 0 ? cx - 1 : cx, sy > 0 ? cy : cy - 1);
        corners.push([a, b]);
      }
    }
  }
  return { crossed, corners };
}

/** Does the open segment (t in 0..1) from (x0,y0) along (dx,dy) enter the open box [bx,bx+2]x[by,by+2]? */
function segmentCrossesOpenBox(x0: number, y0: number, dx: number, dy: number, bx: number, by: number): boolean {
  let lo = 0, hi = 1;
  const axes: Array<[number, number, number]> = [[x0, dx, bx], [y0, dy, by]];
  for (const [o, d, b] of axes) {
    if (d === 0) {
      if (!(o > b && o < b + 2)) return false;
      continue;
    }
    // Exact: equal rationals divide to the same correctly rounded double.
    let t1 = (b - o) / d, t2 = (b + 2 - o) / d;
    if (t1 > t2) [t1, t2] = [t2, t1];
    if (t1 > lo) lo = t1;
    if (t2 < hi) hi = t2;
  }
  return lo < hi;
}

/**
 * True when the line of fire between two squares is clear, given which squares screen (hold troops or are
 * protected). A crossed square that screens blocks; at an exact corner both touching squares must screen.
 */
export function lineClear(from: Square, to: Square, screens: (sq: Square) => boolean): boolean {
  const line = fireLine(from, to);
  for (const sq of line.crossed) if (screens(sq)) return false;
  for (const [a, b] of line.corners) if (screens(a) && screens(b)) return false;
  return true;
}

/** For a diagonal step a->d, the two squares at the corner it passes (b shares a's row, c shares a's column). */
export function cornerSquares(a: Square, d: Square): [Square, Square] | null {
  const p = coords(a);
  const q = coords(d);
  if (Math.abs(p.col - q.col) !== 1 || Math.abs(p.row - q.row) !== 1) return null;
  return [squareName(q.col, p.row), squareName(p.col, q.row)];
}

/**
 * The diagonal squeeze (6J), stated once for every ground: a diagonal step from a to d, past the corner squares b and c,
 * is blocked between two enemy-held corner squares, or by a river that separates the squares at that corner: blocked
 * when (a|b or b|d is an uncrossed river edge) and (a|c or c|d is an uncrossed river edge). The game state asks it of
 * square names (diagonalBlocked); the fast core of its square numbers: the rivers once per board (engine/board.ts, with no
 * enemies), the enemies on each step (with no rivers, already left out).
 */
export function squeezed<S>(a: S, b: S, c: S, d: S, enemyHeld: (sq: S) => boolean, riverBetween: (x: S, y: S) => boolean): boolean {
  if (enemyHeld(b) && enemyHeld(c)) return true;
  return (riverBetween(a, b) || riverBetween(b, d)) && (riverBetween(a, c) || riverBetween(c, d));
}

/** No enemy anywhere, no river anywhere: the half of the squeeze a caller has already asked. */
export const NOBODY = (): boolean => false;
export const NO_RIVER = (): boolean => false;

/** The diagonal squeeze (squeezed) of the step a->d over square names; false for a step that is not diagonal. */
export function diagonalBlocked(
  a: Square, d: Square, enemyHeld: (sq: Square) => boolean, riverBetween: (x: Square, y: Square) => boolean,
): boolean {
  const corner = cornerSquares(a, d);
  return corner !== null && squeezed(a, corner[0], corner[1], d, enemyHeld, riverBetween);
}
