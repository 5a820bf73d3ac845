/**
 * Line of fire and missile targets (digest 5 "Line of fire" reading, rule 9B; digest 9; R-two-types), stated once: the
 * fast core (src/engine/fire.ts) asks the same predicates below with its own squares, and this module asks them
 * over the game state; the fuzz suite holds the two listings equal (tests/engine/fuzz/oracle.ts), and the play view
 * asks here whether a line is clear.
 *
 * - The line runs between the centres of the two squares. Every square whose inside it crosses, the two end squares
 *   apart, screens when it holds troops of either side or is protected (a protected hill too, a crossing square).
 * - A ballista is not a troop: a square holding only a ballista does not screen (9E).
 * - Where the line passes exactly through a corner point, it is screened only when both squares touching it there
 *   screen. Screening is mutual (the same squares either way).
 * - A missile unit may shoot at a square holding enemy troops (never a ballista alone) within its range and its
 *   90-degree cone, along a clear line of fire. A shot is at the square: with a commander and a unit there, the dice are
 *   read against both (R-two-types), so one shot is listed for the square, named after the unit (the commander only
 *   when alone; of two units split from one, the first in the game's order).
 */
import type { Facing, Square } from './coords';
import { FACINGS, FACING_VECTORS, parseSquare } from './coords';
import { maxMissileRange } from './fire';
import { inConeOf, lineClear, stepsDistance } from './geometry';
import type { GameState, UnitState } from './state';
import { troopsIn } from './support';
import { terrainIndex } from './terrain';
import { TROOP_TYPES, type TroopType } from './troops';

/** Does a square screen a line of fire: protected (cover) or holding troops of either side? */
export function screens(cover: boolean, troops: boolean): boolean {
  return cover || troops;
}

/** Is a target square, `vx` columns and `vy` rows from a shooter of this type and facing, within its range and cone? */
export function inMissileReach(shooter: TroopType, facing: Facing, vx: number, vy: number): boolean {
  return inMissileReachOf(TROOP_TYPES.indexOf(shooter), FACINGS.indexOf(facing), vx, vy);
}

/** The grid vector of each facing (FACINGS order), as numbers. */
const FX = Int8Array.from(FACINGS, (f) => FACING_VECTORS[f][0]), FY = Int8Array.from(FACINGS, (f) => FACING_VECTORS[f][1]);

/** maxMissileRange by troop type index (read once: the fast core asks it at every square it looks at). */
const RANGE_OF = TROOP_TYPES.map((t) => maxMissileRange(t));

/** inMissileReach by the shooter's type index and facing index (the fast core's numbers). */
export function inMissileReachOf(type: number, facing: number, vx: number, vy: number): boolean {
  return stepsDistance(vx, vy) <= RANGE_OF[type]! && inConeOf(FX[facing]!, FY[facing]!, vx, vy);
}

/** May a unit of this type be shot at by missiles (every troop but the ballista, 9E)? */
export function missileTarget(type: TroopType): boolean {
  return type !== 'ballista';
}

/** Which of two enemy units in one square a shot there is named after (< 0: a): the unit before the commander. */
export function namesTheShot(a: TroopType, b: TroopType): number {
  return Number(a === 'commander') - Number(b === 'commander');
}

/** Does square sq screen a line of fire passing through it: troops of either side there, or cover? */
export function screensFire(s: GameState, sq: Square): boolean {
  return screens(terrainIndex(s.scenario).cover.has(sq), troopsIn(s, sq).length > 0);
}

/** Is the line of fire from one square to another clear (9B reading)? */
export function lineOfFireClear(s: GameState, from: Square, to: Square): boolean {
  return lineClear(from, to, (sq) => screensFire(s, sq));
}


/**
 * The enemy units missile unit `shooter` may shoot at from its square (one per square, the unit before the
 * commander): in range, in its cone, along a clear line. The shooter's square is the one it fires from even when it
 * has since been destroyed (R-fire-order: it still fires with the stands it had when the phase began).
 */
export function missileTargetsOf(s: GameState, shooter: UnitState): UnitState[] {
  const from = shooter.at;
  if (!from) return [];
  const named = new Map<Square, UnitState>();
  for (const t of s.units) {
    if (t.side === shooter.side || t.status !== 'active' || t.at === null || !missileTarget(t.type) || t.at === from) continue;
    const a = parseSquare(from)!, b = parseSquare(t.at)!;
    if (!inMissileReach(shooter.type, shooter.facing, b.col - a.col, b.row - a.row)) continue;
    const other = named.get(t.at);
    if (!other || namesTheShot(t.type, other.type) < 0) named.set(t.at, t);
  }
  return [...named.values()].filter((t) => lineOfFireClear(s, from, t.at!));
}
