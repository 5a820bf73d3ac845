/** Test helpers: the core's rule functions (src/engine) called with JSON states, as the tests write them. */
import type { GameState, Melee, UnitState } from '../../src/rules/state';
import { fromState, toState, type Position } from '../../src/engine';
import { meleeValue } from '../../src/engine/melee';
import { OFF, retreatOptions } from '../../src/engine/retreat';

const slotOf = (p: Position, id: string): number => {
  const x = p.index.get(id);
  if (x === undefined) throw new Error(`no unit ${id}`);
  return x;
};

/** A side's melee value (9F) in a melee of the state. */
export function meleeValueOf(s: GameState, m: Melee, side: string): number {
  const p = fromState(s);
  return meleeValue(p, p.melees[s.melees.indexOf(m)]!, p.sides.indexOf(side)).value;
}

/** The best retreat ends of a unit ('off': off the board). */
export function retreatOptionsOf(s: GameState, u: UnitState): string[] {
  const p = fromState(s);
  return retreatOptions(p, slotOf(p, u.id)).map((j) => (j === OFF ? 'off' : p.board.names[j]!));
}

/** The state after `change` (given the position and a unit's slot by id) is made on the core, read back as JSON. */
export function changed(s: GameState, change: (p: Position, slot: (id: string) => number) => void): GameState {
  const p = fromState(s);
  change(p, (id) => slotOf(p, id));
  return toState(p);
}
