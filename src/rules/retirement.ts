/**
 * Retirement (digest 11, rule 10B, with the readings R-melee-step and R-retire), written plainly. The route a retiring
 * unit takes and where it ends are worked out once, in `retireEnd`, over a small set of questions about squares
 * (`RetireGround`): the game state answers them below (`retirementEnd`), the engine's fast core on its own tables
 * (src/engine/after.ts). The fuzz suite and tests/engine/readable-core.test.ts hold the two grounds' answers equal.
 *
 * - A 1-stand unit of turcopoles, light cavalry, medium or levy infantry retires; so does levy at 2 stands on a roll of
 *   4-6 (rolled once). Retirements are checked after each fire step and after the turn's last melee, never between
 *   melees; a unit still in a melee waiting to be fought is left until it has fought.
 * - A retiring unit makes a full normal move at once, and again on every later move of its side, towards its own back
 *   edge, as fast as possible: if any route its move allows reaches the back edge with a step to spare, it leaves the
 *   board (with no road bonus: a move that ends off the board ends on no road); otherwise it ends on the square nearest
 *   that edge where it may stand, ties going straight back first, then the shorter route, then the square first in
 *   row order. A retiring move is a move: rivers, the diagonal squeeze, hills closed to its type, the road bonus for a
 *   route on one road all the way and the hill penalty all apply. It never enters an enemy's square or a contact
 *   square still to be fought. Units of a side that retire together move nearest-the-edge first.
 */
import { parseSquare, squareName, type Square } from './coords';
import { diagonalBlocked } from './geometry';
import { allowance, enemySquares, stackingAllows } from './movement';
import { resolveBoard, type ResolvedRules } from './scenario';
import type { GameState, UnitState } from './state';
import { isRoadStep, riverBlocks, terrainIndex } from './terrain';
import type { TroopType } from './troops';

/** Types whose unit retires when down to its last stand (10B; levy at 2 stands only on its roll). */
export const RETIRING_TYPES: readonly TroopType[] = ['turcopoles', 'lightCavalry', 'mediumInfantry', 'levyInfantry'];

/**
 * The ground one retiring move is made over, as questions about squares `S` (names over the game state, indices in
 * the fast core). Directions are numbered 0-7 clockwise from north; odd ones are diagonal. Always asked as methods of
 * the ground (the core's answers read their ground as `this`).
 */
export interface RetireGround<S> {
  /** Number of squares on the board; `index` runs from 0 below it. */
  readonly size: number;
  /** The square one step from sq in direction d, or null off the board. */
  next(sq: S, d: number): S | null;
  /** May the retiring unit step from a to b (direction d)? Not into an enemy's square or an unfought contact square, across an uncrossed river, through the diagonal squeeze, or onto a hill closed to its type. */
  canStep(a: S, b: S, d: number): boolean;
  /** Is the step from a to b (direction d) a road step (R-road-step)? */
  roadStep(a: S, b: S, d: number): boolean;
  onRoad(sq: S): boolean;
  hill(sq: S): boolean;
  /** Rows between sq and the unit's own back edge (0 on the back row). */
  rowsToEdge(sq: S): number;
  col(sq: S): number;
  /** The square's place in row order (row * columns + column). */
  index(sq: S): number;
  /** May the unit end its move in sq (stacking)? */
  fits(sq: S): boolean;
}

/** The allowance (in squares) of the retiring unit's move with a route's flags: on one road all the way, touched a hill. */
export type RetireAllowance = (road: boolean, hill: boolean) => number;

/** Path flags of a route: bit 0 on one road all the way, bit 1 touched a hill. */
const ROAD = 1, HILL = 2;

/** Does ranking key a come before b (each part in turn, smaller first)? */
function before(a: readonly number[], b: readonly number[]): boolean {
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return a[k]! < b[k]!;
  return false;
}

/**
 * Where a retiring move from `from` ends: 'off' when it leaves the board, else the square it ends on (`from` itself
 * when it can get no nearer). Every route the move allows is looked at by a cheapest-first search over (square, route
 * flags), costs in half squares (an orthogonal step 2, a diagonal one 3), one bucket per cost.
 */
export function retireEnd<S>(g: RetireGround<S>, from: S, allow: RetireAllowance): S | 'off' {
  const n = g.size;
  const limit = [0, 1, 2, 3].map((f) => Math.floor(2 * allow((f & ROAD) !== 0, (f & HILL) !== 0)));
  const cost = new Int32Array(4 * n).fill(-1);
  const sq: Array<S | undefined> = new Array<S | undefined>(n);
  const startFlags = (g.onRoad(from) ? ROAD : 0) | (g.hill(from) ? HILL : 0);
  const start = startFlags * n + g.index(from);
  cost[start] = 0;
  sq[g.index(from)] = from;
  const buckets: number[][] = [[start]];
  const startCol = g.col(from);
  let best = from, bestKey = [g.rowsToEdge(from), 0, 0, g.index(from)];
  for (let c = 0; c < buckets.length; c++) {
    for (const node of buckets[c] ?? []) {
      if (cost[node] !== c) continue; // reached more cheaply since it was queued
      const i = node % n, f = (node - i) / n, here = sq[i]!;
      if (c > limit[f]!) continue;
      // Off the board across the back edge with an orthogonal step to spare, never with the road bonus.
      if (g.rowsToEdge(here) === 0 && c + 2 <= limit[f & ~ROAD]!) return 'off';
      if (i !== g.index(from) && g.fits(here)) {
        const key = [g.rowsToEdge(here), Math.abs(g.col(here) - startCol), c, i];
        if (before(key, bestKey)) { best = here; bestKey = key; }
      }
      for (let d = 0; d < 8; d++) {
        const to = g.next(here, d);
        if (to === null || !g.canStep(here, to, d)) continue;
        const j = g.index(to);
        const h = (f & ROAD && g.roadStep(here, to, d) ? ROAD : 0) | (f & HILL) | (g.hill(to) ? HILL : 0);
        const nc = c + (d & 1 ? 3 : 2), key = h * n + j;
        if (nc > limit[h]! || (cost[key]! >= 0 && cost[key]! <= nc)) continue;
        cost[key] = nc;
        sq[j] = to;
        (buckets[nc] ??= []).push(key);
      }
    }
  }
  return best;
}

/** Rows between a square and the side's own back edge (0 on the back row). */
export function rowsToBackEdge(s: GameState, side: string, sq: Square): number {
  const edge = s.sides.find((x) => x.id === side)!.edge;
  const row = parseSquare(sq)!.row;
  return edge === 'north' ? row : resolveBoard(s.scenario.board).rows - 1 - row;
}

/** The eight step directions (columns, rows), clockwise from north; rows grow southwards. */
const STEPS: ReadonlyArray<readonly [number, number]> = [[0, -1], [1, -1], [1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1]];

/** The game state's answers for unit u's retiring move. */
function stateGround(s: GameState, u: UnitState): RetireGround<Square> {
  const t = terrainIndex(s.scenario);
  const { columns, rows } = resolveBoard(s.scenario.board);
  const enemies = enemySquares(s, u.side);
  const closed = new Set([...enemies, ...s.melees.filter((m) => !m.fought).map((m) => m.contact)]);
  const banned = s.rules.hills.banned.includes(u.type);
  const enemy = (sq: Square) => enemies.has(sq);
  const river = (a: Square, b: Square) => riverBlocks(t, a, b);
  return {
    size: columns * rows,
    next(sq, d) {
      const p = parseSquare(sq)!, c = p.col + STEPS[d]![0], r = p.row + STEPS[d]![1];
      return c < 0 || r < 0 || c >= columns || r >= rows ? null : squareName(c, r);
    },
    canStep(a, b, d) {
      if (closed.has(b) || (banned && t.hill.has(b))) return false;
      return d & 1 ? !diagonalBlocked(a, b, enemy, river) : !river(a, b);
    },
    roadStep: (a, b) => isRoadStep(t, a, b),
    onRoad: (sq) => t.road.has(sq),
    hill: (sq) => t.hill.has(sq),
    rowsToEdge: (sq) => rowsToBackEdge(s, u.side, sq),
    col: (sq) => parseSquare(sq)!.col,
    index: (sq) => { const p = parseSquare(sq)!; return p.row * columns + p.col; },
    fits: (sq) => stackingAllows(s, u, sq, u.stands),
  };
}

/** The allowance of a retiring move (a normal move: no charge, no ballista carried) with a route's flags. */
export function retireAllowance(rules: ResolvedRules, type: TroopType): RetireAllowance {
  const mover = { type, afterCharge: false, carry: false };
  return (road, hill) => allowance(rules, mover, road, hill, false, false);
}

/** Where unit u's retiring move ends: a square, or 'off' when it leaves the board (its own square when it cannot get nearer). */
export function retirementEnd(s: GameState, u: UnitState): Square | 'off' {
  return retireEnd(stateGround(s, u), u.at!, retireAllowance(s.rules, u.type));
}
