/**
 * Occupancy of one state on the integer board (issue 9, fast core), built in one pass over the units: the active
 * units in each square, in the state's unit order, and for each side the squares that hold its enemies' troops.
 * Valid while the state's units do not change (a read-only pass such as listing the legal actions).
 */
import type { GameState, UnitState } from '../state';
import { boardOf, squareIndex, type Board } from './board';

export interface Occupancy {
  board: Board;
  /** The units array it was built from (a state's units are never changed once the state is made, drafts aside). */
  units: readonly UnitState[];
  /** Active units on the board by square index, in the state's unit order (one shared empty array for none). */
  at: ReadonlyArray<readonly UnitState[]>;
  /** The side ids, in the state's order. */
  sides: readonly string[];
  /** By side index: 1 where troops (not ballistas) of another side stand. */
  enemy: readonly Uint8Array[];
  /** By side index: the same squares as a bit per square (32 to a word), for the move memo's checks. */
  enemyBits: readonly Uint32Array[];
}

interface Buffers extends Occupancy {
  at: Array<readonly UnitState[]>;
  sides: string[];
  enemy: Uint8Array[];
  /** By side index: the squares marked in `enemy`, each once (to clear on release). */
  enemySquares: number[][];
  enemyBits: Uint32Array[];
  /** Squares with units, to clear on release. */
  occupied: number[];
}

const NONE: readonly UnitState[] = Object.freeze([]);
/** Released occupancies, reused (allocating the typed arrays costs more than clearing the few squares set). */
const free: Buffers[] = [];

/**
 * The occupancy of a state, built in one pass over its units. Give it back with releaseOccupancy when the pass is
 * over (state.ts withOccupancy does both); it must not be read after that.
 */
export function occupancyOf(state: GameState): Occupancy {
  const board = boardOf(state.scenario);
  const k = free.findIndex((b) => b.board === board);
  const o: Buffers = k >= 0 ? free.splice(k, 1)[0]! : {
    board, units: state.units, at: new Array<readonly UnitState[]>(board.n).fill(NONE), sides: [], enemy: [], enemySquares: [], enemyBits: [], occupied: [],
  };
  o.units = state.units;
  const { at, sides, enemy, enemySquares, enemyBits, occupied } = o;
  for (let s = 0; s < state.sides.length; s++) {
    sides[s] = state.sides[s]!.id;
    enemy[s] ??= new Uint8Array(board.n);
    enemySquares[s] ??= [];
    enemyBits[s] ??= new Uint32Array(board.words);
  }
  sides.length = state.sides.length;
  for (const u of state.units) {
    if (u.status !== 'active' || u.at === null) continue;
    const i = squareIndex(board, u.at);
    if (i < 0) continue;
    const here = at[i]!;
    if (here === NONE) { at[i] = [u]; occupied.push(i); } else (here as UnitState[]).push(u);
    if (u.type === 'ballista') continue;
    for (let s = 0; s < sides.length; s++) {
      if (sides[s] === u.side || enemy[s]![i]) continue;
      enemy[s]![i] = 1;
      enemySquares[s]!.push(i);
      enemyBits[s]![i >> 5]! |= 1 << (i & 31);
    }
  }
  return o;
}

/** Clear an occupancy for reuse (see occupancyOf). */
export function releaseOccupancy(occ: Occupancy): void {
  const o = occ as Buffers;
  for (const i of o.occupied) o.at[i] = NONE;
  o.occupied.length = 0;
  for (let s = 0; s < o.enemy.length; s++) {
    for (const i of o.enemySquares[s]!) o.enemy[s]![i] = 0;
    o.enemySquares[s]!.length = 0;
    o.enemyBits[s]!.fill(0);
  }
  o.units = [];
  if (free.length < 8) free.push(o);
}
/** The index of a unit's side in the occupancy (every unit belongs to one of the state's sides). */
export function sideIndex(occ: Occupancy, side: string): number {
  const s = occ.sides.indexOf(side);
  if (s < 0) throw new Error(`no side ${side}`);
  return s;
}

/** Reused by enemiesOf (its result is valid until the next call). */
let scan = { board: null as Board | null, enemy: new Uint8Array(0), squares: [] as number[], bits: new Uint32Array(0) };

/**
 * Just the squares holding troops of another side than `side` (the `enemy` and `enemyBits` of an occupancy, without
 * the rest): all a single move search needs. Valid until the next call.
 */
export function enemiesOf(state: GameState, board: Board, side: string): { enemy: Uint8Array; bits: Uint32Array } {
  if (scan.board !== board) scan = { board, enemy: new Uint8Array(board.n), squares: [], bits: new Uint32Array(board.words) };
  for (const i of scan.squares) scan.enemy[i] = 0;
  scan.squares.length = 0;
  scan.bits.fill(0);
  for (const u of state.units) {
    if (u.status !== 'active' || u.at === null || u.type === 'ballista' || u.side === side) continue;
    const i = squareIndex(board, u.at);
    if (i < 0 || scan.enemy[i]) continue;
    scan.enemy[i] = 1;
    scan.squares.push(i);
    scan.bits[i >> 5]! |= 1 << (i & 31);
  }
  return scan;
}
