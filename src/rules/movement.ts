/**
 * Movement (digest 7, rules 6A-6L, with the readings R-road-step, R-exit, R-missile-lead and the no-dead-ends reading),
 * written plainly over the game state for reading, not for speed: string squares, a relax-until-stable search over
 * (square, road all the way, hill touched, cover touched), no tables, no memo, no shortcuts. This is the movement rule's
 * one statement; the engine's fast core (src/engine) lists the same actions its own way, and the tests and the fuzz
 * suite hold the core to this module at every move-phase position they meet.
 *
 * THE DECLARED EXCEPTION to "one rule, one home" (docs/dev/engine.md): the path search (pathNodes here) has a second,
 * fast implementation in src/engine/search.ts, whose speed is the engine's. The two are held equal by the fuzz
 * suite (tests/engine/fuzz, which compares every move listing with this module's) and tests/engine/move-search.test.ts:
 * whoever changes how a move may go (allowances, steps, rivers, hills, roads, the squeeze) changes both and runs the fuzz.
 *
 * - A unit moves up to its allowance: knights and commanders 3 (a charge 5, the move after a charge 1 1/2), the others
 *   as the troop table says; +1 when the whole move is on one road (each step along a run, or turning at a junction;
 *   a diagonal step is never on the road); the hill penalty when the path touches a hill. A diagonal step costs 1 1/2.
 * - It passes its own troops, never an enemy's; entering an enemy square leads a melee there, and ends the move. A
 *   diagonal step between two enemy squares, or across a river edge on both ways round the corner, is not allowed.
 * - A charge may not begin in, pass or end in a protected square, and must end in a melee (leading or supporting one)
 *   by the end of the movement: it may end beside an enemy square with no melee yet that another unit can still
 *   attack this move (see "7 charges" below).
 * - A unit carrying its ballista moves 1 1/2 (2 1/2 on road), never into a protected square or an enemy's square.
 * - A unit on an edge square may step off the board across that edge with 1 of its allowance left (R-exit).
 * - Run-over (10A, R-run-over): cavalry may ride over a lone 1-stand medium, levy, javelin, longbow, crossbow or
 *   ballistarii unit in the open (no cover: not protected, not a crossing square, not a protected hill; no ballista
 *   there; armored infantry exempt), destroying it without a melee. The run-over is part of any move, a charge included:
 *   its square costs its usual step and the move may end there or go on beyond it with the rest of the allowance (to
 *   lead a melee, support one, or just move). One run-over a move (the digest is silent: the action names the one
 *   square ridden over, and a second lone stand on the way is led against as any enemy is). Not while carrying a
 *   ballista (never into an enemy square) nor splitting, and the move ends on the board (no step off after it).
 * - A lone 1-stand javelin, longbow or crossbow unit leads a melee only with its commander there or a supporter; the
 *   backing may come later in the same move, but the move may not end without it (R-missile-lead). A unit backs one
 *   melee only, so every melee waiting for backing must be able to get a backer of its own.
 * - Facing changes are free in the move (retiring units too); a supporter keeps a facing it can support from.
 * - No dead ends: a move that would leave a unit that charged this turn with no melee to fight is not offered. The
 *   listing of the move phase, with that check and the charges reading, is moveListing.ts.
 */
import { parseSquare, squareName, type Square } from './coords';
import { diagonalBlocked } from './geometry';
import { heldAfterCharge } from './readings';
import { resolveBoard, type ResolvedRules, type Scenario } from './scenario';
import { newTally, tallyAdd, tallyFits } from './stacking';
import { troopsIn } from './support';
import type { GameState, UnitState } from './state';
import { isRoadStep, riverBlocks, terrainIndex } from './terrain';
import { BALLISTA_MOVE, CAVALRY, MOVE_AFTER_CHARGE, TROOPS, type TroopType } from './troops';

/**
 * The moving unit: its type, square, whether it charged on its side's previous move, whether it carries its ballista;
 * `over`: the square of the enemy it rides over on the way (10A, R-run-over), for the search of the moves that do.
 */
export interface Mover { type: TroopType; at: Square; afterCharge: boolean; carry: boolean; over?: Square }

/** A square the unit may end on: by a normal move and/or a charge, and the cheapest movement used (in squares). */
export interface ReachSquare { normal: boolean; charge: boolean; cost: number }

/** A lone 1-stand unit cavalry may ride over without a melee (10A): in the open, no ballista there, not armored infantry. */
export const RUN_OVER_TARGETS: readonly TroopType[] = ['mediumInfantry', 'levyInfantry', 'javelinmen', 'longbowmen', 'crossbowmen', 'ballistarii'];

/** Missile foot that leads a melee at 1 stand only with backing (6J). */
export const NEEDS_BACKING: readonly TroopType[] = ['javelinmen', 'longbowmen', 'crossbowmen'];

/** Where a unit may end a move against enemies on `enemies`, by relaxing paths until nothing improves. */
export function reachByRules(scenario: Scenario, rules: ResolvedRules, enemies: ReadonlySet<Square>, u: Mover): Map<Square, ReachSquare> {
  return relaxed(scenario, rules, enemies, u).reach;
}

/**
 * R-exit: may the unit step off the board in a normal move? Some path reaches a square on a board edge (or starts
 * there), not an enemy's, with 1 of its allowance to spare for the step off.
 */
export function exitByRules(scenario: Scenario, rules: ResolvedRules, enemies: ReadonlySet<Square>, u: Mover): boolean {
  return relaxed(scenario, rules, enemies, u).exit;
}

/** One way of reaching a square: the square, the path's flags (road all the way, hill touched, cover touched) and its cheapest cost. */
export interface PathNode { sq: Square; road: boolean; hill: boolean; cover: boolean; cost: number }

/**
 * The allowance of a unit's move with a path's flags (7): its move, charge, or 1 1/2 after a charge; capped at the
 * ballista's pace when carrying one; +1 on a road all the way; less the hill penalty when it touches a hill. -1: the
 * move may not be a charge at all (no charge for its type, after a charge, carrying, or through cover).
 */
export function allowance(rules: ResolvedRules, u: Pick<Mover, 'type' | 'afterCharge' | 'carry'>, road: boolean, hill: boolean, cover: boolean, charge: boolean): number {
  const spec = TROOPS[u.type];
  if (charge && (spec.charge === null || u.afterCharge || u.carry || cover)) return -1;
  let base = charge ? spec.charge! : spec.charge !== null && u.afterCharge ? MOVE_AFTER_CHARGE : spec.move;
  if (u.carry) base = Math.min(base, BALLISTA_MOVE);
  return base + (road ? 1 : 0) - (hill ? rules.hills.movePenalty : 0);
}

/**
 * Every (square, path flags) the unit's paths reach, at the cheapest cost, relaxing until nothing improves. A path
 * may end in an enemy square (to lead a melee) but not go on from it; squares in `avoid` are never entered (a retiring
 * unit's search: enemies and unresolved contact squares). With `u.over` (R-run-over), the paths that ride over that
 * square: entering it costs its usual step, and from there on its enemy is gone (the path goes on through it, and it
 * no longer closes a diagonal step); only the nodes of paths that rode over it are returned.
 */
export function pathNodes(scenario: Scenario, rules: ResolvedRules, enemies: ReadonlySet<Square>, u: Mover, avoid?: ReadonlySet<Square>): PathNode[] {
  const t = terrainIndex(scenario);
  const { columns, rows } = resolveBoard(scenario.board);
  const { carry, over } = u;
  // No path longer than the most generous allowance (the whole way on road, no hill) can end anywhere.
  const most = Math.max(allowance(rules, u, true, false, false, false), allowance(rules, u, true, false, false, true));
  const banned = (sq: Square) => t.hill.has(sq) && (rules.hills.banned.includes(u.type) || (carry && rules.hills.banned.includes('ballista')));
  // Before the run-over every enemy stands; after it, the one ridden over is gone.
  const before = (sq: Square) => enemies.has(sq), after = (sq: Square) => sq !== over && enemies.has(sq);
  const best = new Map<string, number>();
  const start = `${u.at}|${t.road.has(u.at)}|${t.hill.has(u.at)}|${t.cover.has(u.at)}|false`;
  best.set(start, 0);
  // Relax until nothing improves: a node whose cost went down is looked at again.
  const todo = [start];
  while (todo.length > 0) {
    const node = todo.shift()!;
    const cost = best.get(node)!;
    const [sq, road, hill, cover, rode] = node.split('|') as [Square, string, string, string, string];
    const enemy = rode === 'true' ? after : before;
    if (sq !== u.at && enemy(sq)) continue; // entered to fight: no further
    const p = parseSquare(sq)!;
    for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) {
      const c = p.col + dx, r = p.row + dy;
      if ((dx === 0 && dy === 0) || c < 0 || r < 0 || c >= columns || r >= rows) continue;
      const to = squareName(c, r);
      if (avoid?.has(to) || banned(to) || (carry && (t.protected.has(to) || enemy(to)))) continue;
      if (dx !== 0 && dy !== 0) {
        if (diagonalBlocked(sq, to, enemy, (x, y) => riverBlocks(t, x, y))) continue;
      } else if (riverBlocks(t, sq, to)) continue;
      const next = cost + (dx !== 0 && dy !== 0 ? 1.5 : 1);
      if (next > most) continue;
      const key = `${to}|${road === 'true' && isRoadStep(t, sq, to)}|${hill === 'true' || t.hill.has(to)}|${cover === 'true' || t.cover.has(to)}|${rode === 'true' || to === over}`;
      if ((best.get(key) ?? Infinity) > next) { best.set(key, next); todo.push(key); }
    }
  }
  return [...best].flatMap(([node, cost]) => {
    const [sq, road, hill, cover, rode] = node.split('|');
    return over !== undefined && rode !== 'true' ? [] : [{ sq: sq!, road: road === 'true', hill: hill === 'true', cover: cover === 'true', cost }];
  });
}

/**
 * The allowance of a move that ends off the board (R-exit, or a retirement): it ends on no road square, so it never
 * has the road bonus (7), whatever road it went along to the edge.
 */
export function offBoardAllowance(rules: ResolvedRules, u: Pick<Mover, 'type' | 'afterCharge' | 'carry'>, hill: boolean, cover: boolean): number {
  return allowance(rules, u, false, hill, cover, false);
}

/** Is the square on an edge of the board? */
export function onBoardEdge(scenario: Scenario, sq: Square): boolean {
  const { columns, rows } = resolveBoard(scenario.board);
  const c = parseSquare(sq)!;
  return c.col === 0 || c.row === 0 || c.col === columns - 1 || c.row === rows - 1;
}

function relaxed(scenario: Scenario, rules: ResolvedRules, enemies: ReadonlySet<Square>, u: Mover): { reach: Map<Square, ReachSquare>; exit: boolean } {
  const out = new Map<Square, ReachSquare>();
  let exit = false;
  for (const { sq, road, hill, cover, cost } of pathNodes(scenario, rules, enemies, u)) {
    if (u.over === undefined && onBoardEdge(scenario, sq) && (sq === u.at || !enemies.has(sq)) && cost + 1 <= offBoardAllowance(rules, u, hill, cover)) exit = true;
    if (sq === u.at) continue;
    const normal = cost <= allowance(rules, u, road, hill, cover, false), charge = cost <= allowance(rules, u, road, hill, cover, true);
    if (!normal && !charge) continue;
    const o = out.get(sq) ?? { normal: false, charge: false, cost: Infinity };
    out.set(sq, { normal: o.normal || normal, charge: o.charge || charge, cost: Math.min(o.cost, cost) });
  }
  return { reach: out, exit };
}

// ---- The move phase's listing over unit records.

/** Held to 1 1/2 after charging on its side's previous move (6G)? */
export function movesAfterCharge(s: GameState, u: UnitState): boolean {
  return heldAfterCharge(s.turn, u.chargedTurn);
}

/** The squares troops of the other side hold. */
export function enemySquares(s: GameState, side: string): Set<Square> {
  return new Set(s.units.filter((x) => x.status === 'active' && x.at !== null && x.type !== 'ballista' && x.side !== side).map((x) => x.at!));
}

/** Where unit u may end a move from where it stands (carrying its ballista or not). */
export function unitReach(s: GameState, u: UnitState, carry: boolean): Map<Square, ReachSquare> {
  return reachByRules(s.scenario, s.rules, enemySquares(s, u.side), { type: u.type, at: u.at!, afterCharge: movesAfterCharge(s, u), carry });
}


/** Would the side's stacking limits hold with u (at `stands` stands, carrying ballista `carried`) added to square sq? */
export function stackingAllows(s: GameState, u: UnitState, sq: Square, stands: number, carried?: UnitState): boolean {
  const t = newTally();
  for (const x of s.units) {
    if (x.status !== 'active' || x.at !== sq || x.id === u.id || x.id === carried?.id || (x.type !== 'ballista' && x.side !== u.side)) continue;
    tallyAdd(t, x);
  }
  tallyAdd(t, { type: u.type, stands });
  if (carried) tallyAdd(t, { type: 'ballista', stands: 1 });
  return tallyFits(t);
}

/** 10A: may cavalry unit u ride over the enemy in sq (a lone stand of a listed type in the open, no ballista there)? */
export function runOverTarget(s: GameState, u: UnitState, sq: Square): boolean {
  const here = s.units.filter((x) => x.status === 'active' && x.at === sq);
  return CAVALRY.includes(u.type) && here.length === 1 && here[0]!.side !== u.side && here[0]!.type !== 'ballista'
    && here[0]!.stands === 1 && RUN_OVER_TARGETS.includes(here[0]!.type) && !terrainIndex(s.scenario).cover.has(sq);
}

/** The state with the lone enemy stand on square `over` ridden over (10A): destroyed, off the board. */
export function riddenOver(s: GameState, over: Square): GameState {
  return { ...s, units: s.units.map((x) => (x.status === 'active' && x.at === over ? { ...x, status: 'destroyed' as const, at: null, stands: 0, half: 0 } : x)) };
}

/** 6J: a 1-stand javelin, longbow or crossbow unit leads only with its commander there or a supporter. */
export const needsBacking = (u: UnitState): boolean => needsBackingAt(u.type, u.stands);

/** needsBacking by type and stands (a split mover leads at 1 stand). */
export function needsBackingAt(type: TroopType, stands: number): boolean {
  return stands === 1 && NEEDS_BACKING.includes(type);
}

/**
 * What leading a melee (6J) asks, on any ground: the game state's unit records (below) or the fast core's numbers
 * (src/engine/moverules.ts). `U` a unit, `Q` a square. Always asked as methods of the ground.
 */
export interface LeadGround<U, Q> {
  typeOf(u: U): TroopType;
  retiring(u: U): boolean;
  /** Are troops (not ballistas) of u's side in sq, u not counted? */
  ownTroopsIn(u: U, sq: Q): boolean;
  /** Is a commander of u's side in sq? (One left behind where a unit started does not count, 6J.) */
  commanderIn(u: U, sq: Q): boolean;
  /** Has the first melee at sq a declared supporter of u's side? */
  supportedAt(u: U, sq: Q): boolean;
  /** Would u at `stands` stands and the troops of its side already in sq fit the stacking limits (ballistas aside)? */
  fitsTroops(u: U, stands: number, sq: Q): boolean;
}

/**
 * 6J: may unit u (at `stands` stands) lead or join a melee in the enemy square sq? Ballistarii never lead, nor does a
 * retiring unit or a lone commander; a 1-stand javelin, longbow or crossbow unit only with its commander there or a
 * supporter (`withSupporter`: one declared with the move); and the side's troops there must leave it room.
 */
export function mayLeadOn<U, Q>(g: LeadGround<U, Q>, u: U, stands: number, sq: Q, withSupporter: boolean): boolean {
  const type = g.typeOf(u);
  if (type === 'ballistarii' || g.retiring(u)) return false;
  if (type === 'commander' && !g.ownTroopsIn(u, sq)) return false;
  if (needsBackingAt(type, stands) && !withSupporter && !g.commanderIn(u, sq) && !g.supportedAt(u, sq)) return false;
  return g.fitsTroops(u, stands, sq);
}

/** The game state's answers to what leading asks. */
function stateLead(s: GameState): LeadGround<UnitState, Square> {
  return {
    typeOf: (u) => u.type,
    retiring: (u) => u.retiring,
    ownTroopsIn: (u, sq) => troopsIn(s, sq, u.side).some((x) => x.id !== u.id),
    commanderIn: (u, sq) => troopsIn(s, sq, u.side).some((x) => x.type === 'commander'),
    supportedAt: (u, sq) => s.melees.find((m) => m.contact === sq)?.supports.some((x) => x.side === u.side) ?? false,
    fitsTroops(u, stands, sq) {
      // Stacking in the contact square counts the troops alone (a ballista there does not take the room).
      const t = newTally();
      for (const x of troopsIn(s, sq, u.side)) if (x.id !== u.id) tallyAdd(t, x);
      tallyAdd(t, { type: u.type, stands });
      return tallyFits(t);
    },
  };
}

/** 6J: may unit u lead or join a melee in the enemy square sq (mayLeadOn over the game state, at its own stands)? */
export function mayLead(s: GameState, u: UnitState, sq: Square, withSupporter = false): boolean {
  return mayLeadOn(stateLead(s), u, u.stands, sq, withSupporter);
}

