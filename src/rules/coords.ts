/** Squares, edges and facings: the grid vocabulary shared by every layer. */

/** A square label such as "A1": column letters, then row number (row 1 is the north edge). */
export type Square = string;

/** The eight facings, clockwise from north. */
export const FACINGS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
export type Facing = (typeof FACINGS)[number];

/** Facings that point at a side of the square (support type 1 units may only use these). */
export const SIDE_FACINGS: readonly Facing[] = ['N', 'E', 'S', 'W'];

/** Unit vector of each facing in grid steps (x grows east, y grows south). */
export const FACING_VECTORS: Record<Facing, readonly [number, number]> = {
  N: [0, -1], NE: [1, -1], E: [1, 0], SE: [1, 1], S: [0, 1], SW: [-1, 1], W: [-1, 0], NW: [-1, -1],
};

/** Zero-based column and row of a square. */
export interface Coord { col: number; row: number }

const SQUARE_RE = /^([A-Z]{1,2})([1-9][0-9]?)$/;
const parseCache = new Map<string, Coord | null>();

/** Column letters for a zero-based column index: 0 -> "A", 25 -> "Z", 26 -> "AA". */
export function columnLabel(col: number): string {
  let n = col + 1;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

/** Parse "C4" to {col: 2, row: 3}; null when it is not a square label. */
export function parseSquare(label: string): Coord | null {
  const hit = parseCache.get(label);
  if (hit !== undefined) return hit;
  const m = typeof label === 'string' ? SQUARE_RE.exec(label) : null;
  let result: Coord | null = null;
  if (m) {
    const letters = m[1]!;
    let col = 0;
    for (let i = 0; i < letters.length; i++) col = col * 26 + (letters.charCodeAt(i) - 64);
    result = { col: col - 1, row: Number(m[2]) - 1 };
  }
  if (parseCache.size < 10000) parseCache.set(label, result);
  return result;
}

/** The label of a zero-based column and row. */
export function squareName(col: number, row: number): Square {
  return columnLabel(col) + String(row + 1);
}

/** Board dimensions in squares. */
export interface BoardSize { columns: number; rows: number }

/** True when the square label names a square on the board. */
export function onBoard(label: Square, board: BoardSize): boolean {
  const c = parseSquare(label);
  return c !== null && c.col < board.columns && c.row < board.rows;
}

/** Every square of the board, row by row from the north-west corner. */
export function allSquares(board: BoardSize): Square[] {
  const out: Square[] = [];
  for (let r = 0; r < board.rows; r++) for (let c = 0; c < board.columns; c++) out.push(squareName(c, r));
  return out;
}

/** Absolute column and row differences between two squares. */
export function delta(a: Square, b: Square): { dx: number; dy: number } {
  const p = parseSquare(a);
  const q = parseSquare(b);
  if (!p || !q) throw new Error(`not a square: ${!p ? a : b}`);
  return { dx: Math.abs(p.col - q.col), dy: Math.abs(p.row - q.row) };
}

/** True when the two squares share a side. */
export function orthogonallyAdjacent(a: Square, b: Square): boolean {
  const p = parseSquare(a);
  const q = parseSquare(b);
  if (!p || !q) return false;
  return Math.abs(p.col - q.col) + Math.abs(p.row - q.row) === 1;
}

/** A key for an edge that does not depend on the order of its two squares. */
export function edgeKey(a: Square, b: Square): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

/** The square one step from `from` in the given direction, or null off the board. */
export function stepSquare(from: Square, facing: Facing, board: BoardSize): Square | null {
  const p = parseSquare(from);
  if (!p) return null;
  const [vx, vy] = FACING_VECTORS[facing];
  const c = p.col + vx;
  const r = p.row + vy;
  if (c < 0 || r < 0 || c >= board.columns || r >= board.rows) return null;
  return squareName(c, r);
}
