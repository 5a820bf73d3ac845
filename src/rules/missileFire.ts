/**
 * Missile fire's dice (digest 9, with the reading R-converging), written plainly over the game state: how many dice
 * each declared shooter rolls. The hit tables are fire.ts; the engine's fast core resolves fire on its own tables and
 * the fuzz suite holds its dice to this module; the play view's odds read it.
 *
 * - A shooter rolls a die per stand (stands lost this phase still fire: all fire is declared, then resolved at once).
 * - One die fewer into a protected square (protected squares, crossing squares, and hills where the scenario says so).
 * - Shooters at one target fire closest first; the first rolls its own dice, each one after it adds a converging die.
 *   Among equally close first shooters the firing side chooses which goes first (R-converging); until it has, the
 *   order among them goes by unit id.
 */
import { squareDistance } from './geometry';
import { ENGINE_READINGS } from './readings';
import type { GameState, UnitState } from './state';
import { terrainIndex } from './terrain';

/** The shooters declared at a target this phase, in the order they fire, with their ranges. */
export function firingOrder(s: GameState, targetId: string): Array<{ unit: UnitState; range: number }> {
  const target = s.units.find((u) => u.id === targetId);
  if (!target?.at) return [];
  const shots = s.fires.filter((f) => f.target === targetId).flatMap((f) => {
    const unit = s.units.find((u) => u.id === f.unit);
    return unit?.at ? [{ unit, id: unit.id, range: squareDistance(unit.at, target.at!), first: f.first === true }] : [];
  });
  shots.sort(firesBefore);
  return shots.map(({ unit, range }) => ({ unit, range }));
}

/** Which of two shooters at one target fires first (< 0: a): the closer; among equally close, the one its side chose; then by id. */
export function firesBefore(a: { range: number; first: boolean; id: string }, b: { range: number; first: boolean; id: string }): number {
  return a.range - b.range || Number(b.first) - Number(a.first) || a.id.localeCompare(b.id);
}

/** The dice a shooter of `stands` stands rolls: one fewer into a protected square, one more when it is not the first at its target. */
export function diceOf(stands: number, covered: boolean, converging: boolean): number {
  return Math.max(0, stands - (covered ? ENGINE_READINGS.protectedMinusDice : 0) + (converging ? ENGINE_READINGS.convergingBonusDice : 0));
}

/** How the dice of one shot are made up. */
export interface MissileDice { dice: number; protected: boolean; converging: boolean }

/**
 * The dice a declared shooter rolls at its target. For a shot not yet declared, pass the state with it declared (see
 * `withShot`): its place in the order decides the converging die.
 */
export function missileDice(s: GameState, shooterId: string, targetId: string): MissileDice | null {
  const order = firingOrder(s, targetId);
  const i = order.findIndex((x) => x.unit.id === shooterId);
  if (i < 0) return null;
  const target = s.units.find((u) => u.id === targetId)!;
  const cover = terrainIndex(s.scenario).cover.has(target.at!);
  const converging = i > 0;
  const dice = diceOf(order[i]!.unit.stands, cover, converging);
  return { dice, protected: cover, converging };
}

/** The state with one more shot declared (for previews of a shot before it is made). */
export function withShot(s: GameState, shooterId: string, targetId: string): GameState {
  return s.fires.some((f) => f.unit === shooterId) ? s : { ...s, fires: [...s.fires, { unit: shooterId, target: targetId }] };
}
