/**
 * Missile fire (digest 9, with the readings R-converging, R-fire-order and R-two-types), written plainly over the game
 * state: who may fire next and at what, the dice each shot rolls, and what its dice destroy in the target square. The
 * hit tables are fire.ts, the targets lineOfFire.ts; the engine's fast core resolves fire on its own tables and the
 * fuzz suite holds its listings and dice to this module; the play view's odds read it.
 *
 * - The missile units able to fire when the phase begins make up the phase's volley, each with the stands it has then
 *   (`state.fires`). The attacker's side fires first, then the defender's; within a side the units fire one at a time
 *   in the order the side chooses, each rolling as it fires, its hits taking effect at once (R-fire-order).
 * - A unit that has not fired yet rolls a die per stand it had when the phase began, even when some or all of those
 *   stands have since been destroyed (return fire stays simultaneous, 9A). It fires from the square it stood on.
 * - One die fewer into a protected square (protected squares, crossing squares, and hills where the scenario says so).
 * - Converging fire counts per square: a shot at a square the side has already shot at this phase adds a die. The first
 *   shot at a square must come from one of the closest units of the side still to fire that can reach it.
 * - A shot is at a square: its dice are read against the row of each type there (a commander and a unit). Where they
 *   would destroy stands of either, the shooting side chooses which, the unit by default (R-two-types).
 */
import type { Square } from './coords';
import { missileHits } from './fire';
import { squareDistance } from './geometry';
import { missileTargetsOf, namesTheShot } from './lineOfFire';
import { ENGINE_READINGS } from './readings';
import type { GameState, UnitState } from './state';
import { terrainIndex } from './terrain';

/** The dice a shooter of `stands` stands rolls: one fewer into a protected square, one more when it converges. */
export function diceOf(stands: number, covered: boolean, converging: boolean): number {
  return Math.max(0, stands - (covered ? ENGINE_READINGS.protectedMinusDice : 0) + (converging ? ENGINE_READINGS.convergingBonusDice : 0));
}

/**
 * May a unit open fire on a square (R-converging, R-fire-order): yes once its side has shot at that square this phase;
 * else only when no other unit of its side still to fire, and able to shoot there, stands closer (`closer`).
 */
export function opensFire(shotAlready: boolean, closer: boolean): boolean {
  return shotAlready || !closer;
}

/** How the dice of one shot are made up. */
export interface MissileDice { dice: number; protected: boolean; converging: boolean }

const unitOf = (s: GameState, id: string) => s.units.find((u) => u.id === id);

/** The side's missile units still to fire this phase, in the volley's order. */
export function stillToFire(s: GameState, side: string): UnitState[] {
  return s.fires.flatMap((f) => {
    const u = unitOf(s, f.unit);
    return u && u.side === side && !s.decided.includes(f.unit) ? [u] : [];
  });
}

/** Has `side` shot at square `at` this phase? */
export function shotAt(s: GameState, side: string, at: Square): boolean {
  return s.fires.some((f) => f.target === at && unitOf(s, f.unit)?.side === side);
}

/** The units `shooter` may fire at now: its targets (lineOfFire.ts) whose square it may open fire on. */
export function fireChoices(s: GameState, shooter: UnitState): UnitState[] {
  const others = stillToFire(s, shooter.side).filter((o) => o.id !== shooter.id).map((o) => ({ o, reach: missileTargetsOf(s, o).map((t) => t.at) }));
  return missileTargetsOf(s, shooter).filter((t) => {
    const range = squareDistance(shooter.at!, t.at!);
    const closer = others.some(({ o, reach }) => reach.includes(t.at) && squareDistance(o.at!, t.at!) < range);
    return opensFire(shotAt(s, shooter.side, t.at!), closer);
  });
}

/** The dice `shooterId` rolls at the square of `targetId`, fired now. */
export function missileDice(s: GameState, shooterId: string, targetId: string): MissileDice | null {
  const shooter = unitOf(s, shooterId), target = unitOf(s, targetId), entry = s.fires.find((f) => f.unit === shooterId);
  if (!shooter?.at || !target?.at || !entry) return null;
  const cover = terrainIndex(s.scenario).cover.has(target.at);
  const converging = shotAt(s, shooter.side, target.at);
  return { dice: diceOf(entry.stands, cover, converging), protected: cover, converging };
}

/**
 * What a shot's dice would destroy in the target square, read against each type's row (R-two-types): the enemy
 * troop units there that would lose stands, each with how many, the unit before the commander (the default first).
 */
export function shotLosses(s: GameState, shooterId: string, at: Square, dice: readonly number[]): Array<{ unit: string; stands: number }> {
  const shooter = unitOf(s, shooterId)!, range = squareDistance(shooter.at!, at);
  return s.units
    .filter((t) => t.at === at && t.status === 'active' && t.side !== shooter.side && t.type !== 'ballista')
    .sort((a, b) => namesTheShot(a.type, b.type))
    .map((t) => ({ unit: t.id, stands: Math.min(t.stands, missileHits(shooter.type, t.type, range, [...dice])) }))
    .filter((x) => x.stands > 0);
}
