/**
 * The integer board (issue 9, fast core): a scenario's squares numbered row by row (index = row * columns + col),
 * each square's neighbour in each of the eight directions, terrain flags and river blocking per step, all derived
 * once per scenario object from the terrain index and never changed.
 */
import { squareName, type Square } from '../rules/coords';
import { resolveBoard, type Scenario } from '../rules/scenario';
import { isRoadStep, riverBlocks, terrainIndex } from '../rules/terrain';
import { NOBODY, squeezed } from '../rules/geometry';

/** Directions clockwise from north, as the facings: odd indices are the diagonals. */
export const DX: readonly number[] = [0, 1, 1, 1, 0, -1, -1, -1];
export const DY: readonly number[] = [-1, -1, 0, 1, 1, 1, 0, -1];

/** The direction index of a grid step (dx, dy) with each part -1, 0 or 1 (-1: no step). */
export function dirOf(dx: number, dy: number): number {
  return DIR_BY_STEP[(dy + 1) * 3 + dx + 1]!;
}
const DIR_BY_STEP = [7, 0, 1, 6, -1, 2, 5, 4, 3];

/** The direction index from square i to an adjacent square j, or -1 when they are not adjacent. */
export function dirBetween(board: Board, i: number, j: number): number {
  const c = board.columns;
  const dx = (j % c) - (i % c), dy = ((j - (j % c)) - (i - (i % c))) / c;
  if (dx < -1 || dx > 1 || dy < -1 || dy > 1) return -1;
  return dirOf(dx, dy);
}

/**
 * Terrain flags of a square: on a road; a hill; cover (protected, crossing or protected hill); a protected square as
 * listed; a crossing (ford or bridge: no ballista fires from one, 7H; the attacker fights at -1, 9F).
 */
export const T_ROAD = 1, T_HILL = 2, T_COVER = 4, T_PROTECTED = 8, T_CROSSING = 16;

export interface Board {
  columns: number;
  rows: number;
  /** Number of squares. */
  n: number;
  /** Square names by index. */
  names: readonly Square[];
  /** Index by square name. */
  index: ReadonlyMap<Square, number>;
  /** step[i * 8 + d]: the square one step from i in direction d, or -1 off the board. */
  step: Int32Array;
  /** Terrain flags (T_*) by square. */
  terrain: Uint8Array;
  /**
   * blocked[i * 8 + d]: rivers stop the step from i in direction d. An orthogonal step is stopped by an uncrossed
   * river edge; a diagonal one when both ways round its corner (through either corner square) cross one.
   */
  blocked: Uint8Array;
  /**
   * roadStep[i * 8 + d]: the step from i in direction d is a road step (terrain.ts isRoadStep, reading R-road-step):
   * along one run of a road; never a diagonal one.
   */
  roadStep: Uint8Array;
  /** Words (32 squares each) of a bit set over the squares. */
  words: number;
  /** around[i * words + w]: word w of the bit set of square i and the squares next to it. */
  around: Uint32Array;
}

const boards = new WeakMap<Scenario, Board>();

/** The integer board of a scenario, built once per scenario object (scenarios are never changed in place). */
export function boardOf(scenario: Scenario): Board {
  let b = boards.get(scenario);
  if (!b) boards.set(scenario, (b = buildBoard(scenario)));
  return b;
}

function buildBoard(scenario: Scenario): Board {
  const { columns, rows } = resolveBoard(scenario.board);
  const n = columns * rows;
  const t = terrainIndex(scenario);
  const names: Square[] = [];
  const index = new Map<Square, number>();
  for (let r = 0; r < rows; r++) for (let c = 0; c < columns; c++) { index.set(squareName(c, r), names.length); names.push(squareName(c, r)); }
  const step = new Int32Array(n * 8).fill(-1);
  const terrain = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const c0 = i % columns, r0 = (i - c0) / columns;
    for (let d = 0; d < 8; d++) {
      const c = c0 + DX[d]!, r = r0 + DY[d]!;
      if (c >= 0 && r >= 0 && c < columns && r < rows) step[i * 8 + d] = r * columns + c;
    }
    const sq = names[i]!;
    terrain[i] = (t.road.has(sq) ? T_ROAD : 0) | (t.hill.has(sq) ? T_HILL : 0) | (t.cover.has(sq) ? T_COVER : 0) | (t.protected.has(sq) ? T_PROTECTED : 0)
      | (t.crossingSquares.has(sq) ? T_CROSSING : 0);
  }
  const river = (a: number, b: number) => riverBlocks(t, names[a]!, names[b]!);
  const blocked = new Uint8Array(n * 8);
  for (let i = 0; i < n; i++) {
    for (let d = 0; d < 8; d++) {
      const j = step[i * 8 + d]!;
      if (j < 0) continue;
      if ((d & 1) === 0) { blocked[i * 8 + d] = river(i, j) ? 1 : 0; continue; }
      // The two corner squares of a diagonal step: across in x first, or in y first (both on the board). The squeeze's
      // river half (geometry.ts squeezed, no enemies asked); its enemy half is asked on each step.
      const bx = i + DX[d]!, by = i + DY[d]! * columns;
      blocked[i * 8 + d] = squeezed(i, bx, by, j, NOBODY, river) ? 1 : 0;
    }
  }
  const roadStep = new Uint8Array(n * 8);
  for (let i = 0; i < n; i++) {
    for (let d = 0; d < 8; d += 2) {
      const j = step[i * 8 + d]!;
      if (j >= 0 && isRoadStep(t, names[i]!, names[j]!)) roadStep[i * 8 + d] = 1;
    }
  }
  const words = (n + 31) >> 5;
  const around = new Uint32Array(n * words);
  for (let i = 0; i < n; i++) {
    around[i * words + (i >> 5)]! |= 1 << (i & 31);
    for (let d = 0; d < 8; d++) { const j = step[i * 8 + d]!; if (j >= 0) around[i * words + (j >> 5)]! |= 1 << (j & 31); }
  }
  return { columns, rows, n, names, index, step, terrain, blocked, roadStep, words, around };
}
