/**
 * Ballista fire (digest 8, rule 7, with the readings R-ballista, R-ballista-stray and R-stand-or-engine), written
 * plainly over the game state: which ballista may fire, where it may aim, where a shot lands and what it hits there.
 * The engine's fast core resolves shots on its own tables; the fuzz suite holds every shot it rolls and every aim and
 * hit it offers to this module; the play view's odds read it.
 *
 * - A ballista fires when the side controlling it has a ballistarii stand in its square and it is not on a crossing
 *   square. It aims at a square within range 6 and its 90-degree cone, never its own square; nothing screens it.
 * - A d6 of 1-3 lands on the aimed square (1-2 when that square is protected: a crossing square counts as protected).
 *   Otherwise a d8 (N, NE, E, SE, S, SW, W, NW) strays the shot one square that way; off the board, beyond range 6 or
 *   back on its own square it misses.
 * - Where it lands, troops lose one stand (the shooter chooses whose); a ballista there is wrecked on a d6 of 6, and a
 *   stand there with it. Troops and a ballista both there: the shooter chooses the stand (certain) or the ballista
 *   (R-stand-or-engine).
 * - A stray landing outside the cone hits only the shooter's own troops there (R-ballista-stray): enemy troops and any
 *   ballista there are safe. Inside the cone it hits whatever stands there, its own side's troops included.
 * - All ballistas fire at once: the losses wait until every shot is rolled.
 */
import { allSquares, FACINGS, stepSquare, type BoardSize, type Facing, type Square } from './coords';
import type { BallistaHitKind } from './events';
import { inCone, squareDistance } from './geometry';
import { ENGINE_READINGS } from './readings';
import type { GameState, SideId, UnitState } from './state';
import { terrainIndex } from './terrain';
import { TROOPS } from './troops';

/** The ballista's range (digest 8: 6). */
const BALLISTA_RANGE = TROOPS.ballista.range!;

/** The side a ballista shoots for: the side controlling it (its own side when nothing says otherwise). */
export function shooterSide(ballista: UnitState): SideId {
  return ballista.controller ?? ballista.side;
}

const onBoard = (u: UnitState) => u.status === 'active' && u.at !== null && u.stands > 0;

/** What "may this ballista fire" asks of a ballista, on any ground: the state's records, or the core's unit numbers. */
export interface CrewGround<U, S> {
  /** The side controlling ballista b when it is a ballista on the board, else null (none, or not one). */
  controller(b: U): S | null;
  /** Does b stand on a crossing square? */
  onCrossing(b: U): boolean;
  /** The units in b's square. */
  with(b: U): Iterable<U>;
  /** Is u a ballistarii unit of side s, on the board with stands left? */
  crewOf(u: U, s: S): boolean;
}

/**
 * May ballista b fire for `side` (7D, 7H), the rule stated once: controlled by that side, on the board, not on a
 * crossing square, with a ballistarii stand of that side in its square.
 */
export function mayFireFor<U, S>(g: CrewGround<U, S>, b: U, side: S): boolean {
  if (g.controller(b) !== side || side === null || g.onCrossing(b)) return false;
  for (const u of g.with(b)) if (g.crewOf(u, side)) return true;
  return false;
}

/** May this ballista fire for the side controlling it (mayFireFor over the state's records)? */
export function mayFireBallista(s: GameState, ballista: UnitState): boolean {
  const ground: CrewGround<UnitState, SideId> = {
    controller: (b) => (b.type === 'ballista' && onBoard(b) && b.controller ? b.controller : null),
    onCrossing: (b) => terrainIndex(s.scenario).crossingSquares.has(b.at!),
    with: (b) => s.units.filter((u) => u.at === b.at),
    crewOf: (u, side) => u.type === 'ballistarii' && onBoard(u) && u.side === side,
  };
  return ballista.controller ? mayFireFor(ground, ballista, ballista.controller) : false;
}

/** The squares a ballista may aim at, in board order: within range 6 and its cone, never its own square (no screening). */
export function ballistaAims(s: GameState, ballista: UnitState): Square[] {
  const from = ballista.at!;
  return allSquares(s.board).filter((sq) => sq !== from && squareDistance(from, sq) <= BALLISTA_RANGE && inCone(from, ballista.facing, sq));
}

/** The d6 faces (1 up to this) that land a shot on the aimed square: 3, or 2 when the square is protected. */
export function onTargetFaces(s: GameState, aim: Square): number {
  return facesOnTarget(terrainIndex(s.scenario).cover.has(aim));
}

/** onTargetFaces for an aimed square that is protected (`covered`) or not. */
export function facesOnTarget(covered: boolean): number {
  return covered ? ENGINE_READINGS.ballistaOnProtectedTarget : ENGINE_READINGS.ballistaOnTarget;
}

/** Where a shot comes down: the square (null: a miss), and whether it is a stray landing outside the cone. */
export interface Landing { lands: Square | null; outsideCone: boolean }

/**
 * Where a shot aimed at `aim` lands for the d6 `roll` (and the d8 `stray`, 1 = N ... 8 = NW, when the d6 missed the
 * aimed square).
 */
export function shotLanding(s: GameState, ballista: UnitState, aim: Square, roll: number, stray?: number): Landing {
  if (roll <= onTargetFaces(s, aim)) return { lands: aim, outsideCone: false };
  return strayLanding(s, ballista, aim, FACINGS[stray! - 1]!);
}

/** Where a shot that missed the aimed square lands, strayed one square towards `direction`. */
export function strayLanding(s: GameState, ballista: UnitState, aim: Square, direction: Facing): Landing {
  return strayFrom(ballista.at!, ballista.facing, aim, direction, s.board);
}

/** strayLanding for a ballista on square `from` facing `facing`, on a board of this size. */
export function strayFrom(from: Square, facing: Facing, aim: Square, direction: Facing, board: BoardSize): Landing {
  const lands = stepSquare(aim, direction, board);
  if (!lands || lands === from || squareDistance(from, lands) > BALLISTA_RANGE) return { lands: null, outsideCone: false };
  return { lands, outsideCone: !inCone(from, facing, lands) };
}

/** What a shot hits where it lands (units named by id, or as `hitsAmong`'s caller names them). */
export interface ShotHit<U = string> {
  /** `none`, `stand` (troops only), `engine` (a ballista only), `choice` (both: the shooter chooses, R-stand-or-engine). */
  kind: BallistaHitKind;
  /** The troop units a stand may be taken from, costliest troop type first, then by id. */
  troops: U[];
  /** The ballista there that may be hit, or null. */
  engine: U | null;
  /** True when the stray landed outside the cone where only enemy troops stood: they are safe (R-ballista-stray). */
  spared: boolean;
}

/** Troop units (not ballistas) standing on a square, costliest troop type first, then by id. */
export function troopsOn(s: GameState, sq: Square): UnitState[] {
  return s.units.filter((u) => onBoard(u) && u.at === sq && u.type !== 'ballista')
    .sort((a, b) => TROOPS[b.type].cost - TROOPS[a.type].cost || a.id.localeCompare(b.id));
}

/** What a shot of this ballista hits where it landed (`landing` from shotLanding). */
export function shotHits(s: GameState, ballista: UnitState, landing: Landing): ShotHit {
  if (!landing.lands) return { kind: 'none', troops: [], engine: null, spared: false };
  const there = troopsOn(s, landing.lands);
  const engine = s.units.find((u) => onBoard(u) && u.at === landing.lands && u.type === 'ballista')?.id ?? null;
  return hitsAmong(there.map((u) => ({ unit: u.id, side: u.side })), engine, landing.outsideCone, shooterSide(ballista));
}

/**
 * shotHits over what stands where the shot landed: the troop units there (costliest first), the ballista there (or
 * null), whether the landing is a stray outside the cone, and the shooter's side. Units are named as the caller names
 * them (ids here, slot numbers in the engine's core).
 */
export function hitsAmong<U>(there: ReadonlyArray<{ unit: U; side: SideId }>, engineThere: U | null, outsideCone: boolean, shooter: SideId): ShotHit<U> {
  // R-ballista-stray: outside the cone only the shooter's own troops may be hit, and no ballista.
  const troops = (outsideCone ? there.filter((x) => x.side === shooter) : there).map((x) => x.unit);
  const engine = outsideCone ? null : engineThere;
  const kind: BallistaHitKind = engine !== null && troops.length > 0 ? 'choice' : engine !== null ? 'engine' : troops.length > 0 ? 'stand' : 'none';
  return { kind, troops, engine, spared: kind === 'none' && there.length > 0 };
}

/** A ballista hit on a ballista wrecks it (and takes a stand there) on this d6 roll. */
export function wrecks(roll: number): boolean {
  return roll >= ENGINE_READINGS.ballistaBreaksOn;
}

/** One way a shot can come down: its chance, where it lands (strayed towards `stray`, or on target) and what it hits. */
export interface ShotOutcome extends Landing { chance: number; stray: Facing | null; hits: ShotHit }

/** Every way a shot at `aim` can come down: on the aimed square, then a stray towards each of the eight directions. */
export function shotOutcomes(s: GameState, ballista: UnitState, aim: Square): ShotOutcome[] {
  const onTarget = onTargetFaces(s, aim) / 6;
  const landed = (landing: Landing, chance: number, stray: Facing | null): ShotOutcome => ({ ...landing, chance, stray, hits: shotHits(s, ballista, landing) });
  return [
    landed({ lands: aim, outsideCone: false }, onTarget, null),
    ...FACINGS.map((f) => landed(strayLanding(s, ballista, aim, f), (1 - onTarget) / FACINGS.length, f)),
  ];
}

/**
 * The shooting side's choices for the hit waiting on it (the first of `s.hits` whose unit is still to be chosen), as
 * unit ids: the troop units there (only its own where the stray landed outside the cone), then the ballista there when
 * it may choose that instead (R-stand-or-engine). Empty when no hit waits for a choice.
 */
export function ballistaHitChoices(s: GameState): string[] {
  const h = s.hits.find((x) => x.unit === null);
  if (!h) return [];
  const troops = troopsOn(s, h.at).filter((u) => !h.ownOnly || u.side === h.side).map((u) => u.id);
  const engine = h.either ? s.units.find((u) => onBoard(u) && u.at === h.at && u.type === 'ballista')?.id : undefined;
  return engine ? [...troops, engine] : troops;
}
