/**
 * Occupancy of one state on the integer board (issue 9, fast core), built in one pass over the units: the active
 * units in each square, in the state's unit order, and for each side the squares that hold its enemies' troops.
 * Valid while the state's units do not change (a read-only pass such as listing the legal actions).
 */
import type { GameState, UnitState } from '../state';
import { boardOf, type Board } from './board';

export interface Occupancy {
  board: Board;
  /** The units array it was built from (a state's units are never changed once the state is made, drafts aside). */
  units: readonly UnitState[];
  /** Active units on the board by square index, in the state's unit order (one shared empty array for none). */
  at: ReadonlyArray<readonly UnitState[]>;
  /** The two side ids, in the state's order. */
  sides: readonly string[];
  /** By side index: 1 where troops (not ballistas) of another side stand. */
  enemy: readonly Uint8Array[];
  /** By side index: the squares marked in `enemy`, each once. */
  enemySquares: readonly number[][];
}

const NONE: readonly UnitState[] = Object.freeze([]);

export function occupancyOf(state: GameState): Occupancy {
  const board = boardOf(state.scenario);
  const at: Array<readonly UnitState[]> = new Array<readonly UnitState[]>(board.n).fill(NONE);
  const sides = state.sides.map((s) => s.id);
  const enemy = sides.map(() => new Uint8Array(board.n));
  const enemySquares = sides.map((): number[] => []);
  for (const u of state.units) {
    if (u.status !== 'active' || u.at === null) continue;
    const i = board.index.get(u.at);
    if (i === undefined) continue;
    const here = at[i]!;
    if (here === NONE) at[i] = [u]; else (here as UnitState[]).push(u);
    if (u.type === 'ballista') continue;
    for (let s = 0; s < sides.length; s++) {
      if (sides[s] === u.side || enemy[s]![i]) continue;
      enemy[s]![i] = 1;
      enemySquares[s]!.push(i);
    }
  }
  return { board, units: state.units, at, sides, enemy, enemySquares };
}

/** The index of a unit's side in the occupancy (every unit belongs to one of the state's sides). */
export function sideIndex(occ: Occupancy, side: string): number {
  const s = occ.sides.indexOf(side);
  if (s < 0) throw new Error(`no side ${side}`);
  return s;
}
