/** Movement (section 7 of the digest, rules 6): costs, road bonus, hills, rivers, diagonals, charges, ballistas. */
import type { Square } from './coords';
import type { TroopType } from './troops';
import { unitsAt, withOccupancy, type GameState, type UnitState } from './state';
import { squareIndex } from './core/board';
import { stackFits } from './core/occupancy';

/**
 * Would the unit's side break the stacking limits (2B, 6C-F) by adding `u` (a unit of the state, at `stands` stands,
 * carrying `carried`) to the square? Judged on the occupancy's integer table (occupancy.ts stackFits).
 */
export function stackingAllows(state: GameState, u: UnitState, sq: Square, stands = u.stands, carried?: UnitState): boolean {
  return withOccupancy(state, (occ) => stackFits(occ, squareIndex(occ.board, sq), state.units.indexOf(u), stands, carried ? state.units.indexOf(carried) : -1));
}

/** Does a square hold troops of another side than `side`? */
export function enemyHeld(state: GameState, side: string, sq: Square): boolean {
  return unitsAt(state, sq).some((x) => x.type !== 'ballista' && x.side !== side);
}

/** A lone 1-stand unit a cavalry unit may ride over (10A): in the open, no ballista, not armored infantry. */
export const RUN_OVER_TARGETS: readonly TroopType[] = ['mediumInfantry', 'levyInfantry', 'javelinmen', 'longbowmen', 'crossbowmen', 'ballistarii'];
