/**
 * Line of fire and missile targets (digest 5 "Line of fire" reading, rule 9B; digest 9), written plainly over the game
 * state. The engine's fast core lists missile targets on its own tables; the fuzz suite holds every listing to this
 * module (tests/engine/fuzz/oracle.ts), and the play view asks it whether a line is clear.
 *
 * - The line runs between the centres of the two squares. Every square whose inside it crosses, the two end squares
 *   apart, screens when it holds troops of either side or is protected (a protected hill too, a crossing square).
 * - A ballista is not a troop: a square holding only a ballista does not screen (9E).
 * - Where the line passes exactly through a corner point, it is screened only when both squares touching it there
 *   screen. Screening is mutual (the same squares either way).
 * - A missile unit may shoot at an enemy troop unit (never a ballista) within its range and its 90-degree cone, along
 *   a clear line of fire.
 */
import type { Square } from './coords';
import { maxMissileRange } from './fire';
import { inCone, lineClear, squareDistance } from './geometry';
import type { GameState, UnitState } from './state';
import { troopsIn } from './support';
import { terrainIndex } from './terrain';

/** Does square sq screen a line of fire passing through it: troops of either side there, or cover? */
export function screensFire(s: GameState, sq: Square): boolean {
  return terrainIndex(s.scenario).cover.has(sq) || troopsIn(s, sq).length > 0;
}

/** Is the line of fire from one square to another clear (9B reading)? */
export function lineOfFireClear(s: GameState, from: Square, to: Square): boolean {
  return lineClear(from, to, (sq) => screensFire(s, sq));
}

/** The enemy units missile unit `shooter` may shoot at from where it stands: in range, in its cone, along a clear line. */
export function missileTargetsOf(s: GameState, shooter: UnitState): UnitState[] {
  const from = shooter.at;
  if (!from) return [];
  const range = maxMissileRange(shooter.type);
  return s.units.filter((t) => t.side !== shooter.side && t.status === 'active' && t.at !== null && t.type !== 'ballista' && t.at !== from
    && squareDistance(from, t.at) <= range && inCone(from, shooter.facing, t.at) && lineOfFireClear(s, from, t.at));
}
