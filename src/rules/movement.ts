/** Movement (section 7 of the digest, rules 6): costs, road bonus, hills, rivers, diagonals, charges, ballistas. */
import type { Square } from './coords';
import type { TroopType } from './troops';
import { stackingFits } from './validate';
import { ENGINE_READINGS } from './readings';
import { isProtected, troopsAt, unitsAt, type GameState, type UnitState } from './state';

/** True when the unit charged on its side's previous move and is held to 1 1/2 (6G). */
export function afterCharge(state: GameState, u: UnitState): boolean {
  return u.chargedTurn !== null && state.turn - u.chargedTurn === ENGINE_READINGS.turnsUntilAfterCharge;
}

/** Would the unit's side break the stacking limits (2B, 6C-F) by adding `u` to the square? */
export function stackingAllows(state: GameState, u: UnitState, sq: Square, stands = u.stands, carried?: UnitState): boolean {
  return stackFits(unitsAt(state, sq), u, stands, carried);
}

/**
 * stackingAllows over a square's units: the same count as stackingProblem over the square's own units (and
 * ballistas), the unit with `stands` and what it carries, without building the list (the move listing's hot path).
 */
export function stackFits(here: readonly UnitState[], u: UnitState, stands: number, carried?: UnitState): boolean {
  let commanders = 0, ballistas = carried ? 1 : 0, knights = 0, crew = 0, others = 0;
  for (let k = -1; k < here.length; k++) {
    const x = k < 0 ? u : here[k]!;
    if (k >= 0 && (x.id === u.id || (x.type !== 'ballista' && x.side !== u.side) || x.id === carried?.id)) continue;
    const n = k < 0 ? stands : x.stands;
    switch (x.type) {
      case 'commander': commanders++; break;
      case 'ballista': ballistas++; break;
      case 'knights': knights += n; break;
      case 'ballistarii': crew += n; break;
      default: others++;
    }
  }
  return commanders <= 1 && ballistas <= 1 && knights <= 2 && crew <= 4 && (knights > 0 ? 1 : 0) + (crew > 0 ? 1 : 0) + others <= 1;
}

/** Does a square hold troops of another side than `side`? */
export function enemyHeld(state: GameState, side: string, sq: Square): boolean {
  return unitsAt(state, sq).some((x) => x.type !== 'ballista' && x.side !== side);
}

/** A lone 1-stand unit a cavalry unit may ride over (10A): in the open, no ballista, not armored infantry. */
export const RUN_OVER_TARGETS: readonly TroopType[] = ['mediumInfantry', 'levyInfantry', 'javelinmen', 'longbowmen', 'crossbowmen', 'ballistarii'];

/** Cavalry that may ride over a lone stand (10A); missile foot that needs backing to lead at 1 stand (6J). */
const RIDERS: readonly TroopType[] = ['knights', 'turcopoles', 'lightCavalry'];
const SKIRMISHERS: readonly TroopType[] = ['javelinmen', 'longbowmen', 'crossbowmen'];

export function runOverTarget(state: GameState, mover: UnitState, sq: Square): UnitState | null {
  if (!RIDERS.includes(mover.type)) return null;
  const here = unitsAt(state, sq);
  if (here.some((x) => x.type === 'ballista') || isProtected(state, sq)) return null;
  const enemies = here.filter((x) => x.side !== mover.side);
  if (enemies.length !== 1 || here.length !== 1) return null;
  const e = enemies[0]!;
  return e.stands === 1 && RUN_OVER_TARGETS.includes(e.type) ? e : null;
}

/** A 1-stand javelin, longbow or crossbow unit: it leads only with a commander or a supporter (6J). */
export function needsBacking(u: UnitState): boolean {
  return u.stands === 1 && SKIRMISHERS.includes(u.type);
}

/**
 * May the unit lead (or join) a melee in an enemy square (6J)? Ballistarii never lead; a lone commander
 * never leads; a 1-stand javelin/longbow/crossbow unit leads only with a commander of its side in the contact
 * square or a declared supporter (`withSupporter`: one is declared with this move); the own units already there must leave room.
 */
export function mayLead(state: GameState, u: UnitState, sq: Square, withSupporter = false): boolean {
  if (u.type === 'ballistarii' || u.retiring) return false;
  const own = troopsAt(state, sq, u.side);
  if (u.type === 'commander' && own.length === 0) return false;
  if (needsBacking(u) && !withSupporter) {
    const melee = state.melees.find((m) => m.contact === sq);
    const supported = melee?.supports.some((s) => s.side === u.side) ?? false;
    // The commander must be in the contact square: one left behind in the square the unit started from does not count.
    const commander = own.some((x) => x.type === 'commander');
    if (!commander && !supported) return false;
  }
  const specs = own.map((x) => ({ id: x.id, type: x.type, stands: x.stands }));
  specs.push({ id: u.id, type: u.type, stands: u.stands });
  return stackingFits(specs);
}
