/**
 * Melee support (digest 10, rule 9E, with the readings R-cavalry-support and R-support-holds), written plainly over
 * the game state's unit records. The engine's fast core judges the same rule on its integer tables; the fuzz suite
 * and tests/engine/move-core.test.ts hold it to this module. The geometry of each support type lives in combat.ts.
 *
 * - A supporter stands on a square next to the contact square (diagonals count), with troops of its side in the
 *   contact square, and supports one melee only. It may not be in a contact square itself, retiring, or marked as
 *   retreated (it retreated in its side's previous turn).
 * - Type 1 supports straight ahead or directly to a side; type 2 from any side or corner but the one behind; type 3
 *   never; a lone commander (type 4) in any direction, and a joined commander only as its unit does.
 * - Attacking cavalry supports only where cavalry of its side is in the contact square. Defending cavalry backing
 *   foot (no cavalry there) supports only when the contact square lies exactly to its left or right.
 * - A support, once declared, holds as declared: nothing that would leave the supporter unable to support is allowed.
 */
import { FACINGS, parseSquare, type Square } from './coords';
import { facingOf, supportGeometryOf, supportsWithSomeFacing } from './combat';
import { ENGINE_READINGS, markedAfterRetreat } from './readings';
import type { GameState, Melee, UnitState } from './state';
import { CAVALRY, FOOT, TROOP_TYPES } from './troops';

/** Troops (not ballistas) of a side (or of any side) active in a square. */
export function troopsIn(s: GameState, sq: Square, side?: string): UnitState[] {
  return s.units.filter((x) => x.status === 'active' && x.at === sq && x.type !== 'ballista' && (side === undefined || x.side === side));
}

/** Are two squares next to each other (diagonals count), and not the same? */
export function besideSquare(a: Square, b: Square): boolean {
  const p = parseSquare(a)!, q = parseSquare(b)!;
  return a !== b && Math.abs(p.col - q.col) <= 1 && Math.abs(p.row - q.row) <= 1;
}

/** Did the unit retreat in its side's previous turn (so it may not move or support now)? */
export function markedAsRetreated(s: GameState, u: UnitState): boolean {
  return markedAfterRetreat(s.turn, u.retreatedTurn);
}

/** What the support rule asks of the troops of a supporter's side in a square (a bit each): any, cavalry, foot. */
export const OWN_TROOPS = 1, OWN_CAVALRY = 2, OWN_FOOT = 4;

/**
 * What the support rule (9E) asks, on any ground: the game state's unit records (`stateSupport` below) or the fast
 * core's unit and square numbers (src/engine/moverules.ts). `U` a unit, `Q` a square, `M` a melee. Always asked as
 * methods of the ground (the core's answers read their ground as `this`).
 */
export interface SupportGround<U, Q, M> {
  /** Is u troops (not a ballista) active on the board with stands left, neither retiring nor marked as retreated? */
  mayBack(u: U): boolean;
  fought(m: M): boolean;
  contactOf(m: M): Q;
  /** The direction (0-7, clockwise from north) from square a to square b next to it; -1 when b is not next to a. */
  dirTo(a: Q, b: Q): number;
  /** Is sq the contact square of a melee (fought or not)? */
  isContact(sq: Q): boolean;
  /** Is u a declared supporter of a melee still to be fought? */
  declared(u: U): boolean;
  /** Is u a declared supporter of melee m? */
  supports(m: M, u: U): boolean;
  /** The troops of u's side (ballistas not counted) in sq, as OWN_TROOPS | OWN_CAVALRY | OWN_FOOT bits (0: none). */
  ownTroops(u: U, sq: Q): number;
  isAttacker(u: U): boolean;
  /** u's troop type (its index in TROOP_TYPES) and facing (0-7 in FACINGS order). */
  typeOf(u: U): number;
  facingOf(u: U): number;
  /** Another troop unit of u's side on sq (the unit a commander there is joined to), or null. */
  joinedTo(u: U, sq: Q): U | null;
  /** The lone commander of u's side on sq (no other troops of its side there, u not counted), or null. */
  loneCommanderAt(u: U, sq: Q): U | null;
  /** The melee still to be fought that u is a declared supporter of, or null. */
  supportedBy(u: U): M | null;
}

const CAVALRY_TYPE = Uint8Array.from(TROOP_TYPES, (t) => (CAVALRY.includes(t) ? 1 : 0));
const COMMANDER_TYPE = TROOP_TYPES.indexOf('commander');

/**
 * Could unit u, standing on `at`, support melee m (9E)? With `anyFacing` (the attacker, who may turn freely in its
 * move) any facing the unit may take counts; otherwise only its present facing.
 */
export function canSupportOn<U, Q, M>(g: SupportGround<U, Q, M>, u: U, at: Q, m: M, anyFacing: boolean): boolean {
  if (g.fought(m) || !g.mayBack(u)) return false;
  const dir = g.dirTo(at, g.contactOf(m));
  if (dir < 0) return false;
  // One melee at a time: not from a contact square, and not while declared for another melee.
  if (g.isContact(at) || g.declared(u)) return false;
  const own = g.ownTroops(u, g.contactOf(m));
  if (own === 0) return false;
  const type = g.typeOf(u);
  if (CAVALRY_TYPE[type]) {
    const attacker = g.isAttacker(u);
    if (attacker && !(own & OWN_CAVALRY)) return false;
    // R-cavalry-support: defending cavalry backing foot (no cavalry there) supports only with the contact square
    // exactly 90 degrees to its left or right (straight ahead does not count).
    if (!attacker && ENGINE_READINGS.defendingCavalryBesideOnly && !(own & OWN_CAVALRY) && own & OWN_FOOT) {
      const f = g.facingOf(u);
      if (dir !== ((f + 2) & 7) && dir !== ((f + 6) & 7)) return false;
    }
  }
  if (type === COMMANDER_TYPE) {
    // A commander joined to a unit supports only with it.
    const unit = g.joinedTo(u, at);
    return unit === null || g.supports(m, unit);
  }
  return anyFacing ? supportsWithSomeFacing(type, dir) : supportGeometryOf(type, g.facingOf(u), dir);
}

/**
 * R-support-holds, for a move: a unit joining a lone commander of its side that is a declared supporter makes the
 * commander support as that unit does, so the join breaks the support unless the unit could support the same melee
 * from there.
 */
export function breaksSupportOn<U, Q, M>(g: SupportGround<U, Q, M>, u: U, to: Q): boolean {
  const commander = g.loneCommanderAt(u, to);
  if (commander === null) return false;
  const m = g.supportedBy(commander);
  return m !== null && !canSupportOn(g, u, to, m, true);
}

/** The game state's answers to the support rule's questions (units as records, squares as names, melees as records). */
export function stateSupport(s: GameState): SupportGround<UnitState, Square, Melee> {
  const unfoughtOf = (u: UnitState) => s.melees.find((x) => !x.fought && x.supports.some((y) => y.unit === u.id)) ?? null;
  return {
    mayBack: (u) => u.type !== 'ballista' && u.at !== null && u.status === 'active' && !u.retiring && u.stands > 0 && !markedAsRetreated(s, u),
    fought: (m) => m.fought,
    contactOf: (m) => m.contact,
    dirTo(a, b) {
      const p = parseSquare(a)!, q = parseSquare(b)!;
      return besideSquare(a, b) ? FACINGS.indexOf(facingOf(q.col - p.col, q.row - p.row)) : -1;
    },
    isContact: (sq) => s.melees.some((x) => x.contact === sq),
    declared: (u) => unfoughtOf(u) !== null,
    supports: (m, u) => m.supports.some((x) => x.unit === u.id),
    ownTroops(u, sq) {
      const own = troopsIn(s, sq, u.side);
      return (own.length > 0 ? OWN_TROOPS : 0) | (own.some((x) => CAVALRY.includes(x.type)) ? OWN_CAVALRY : 0) | (own.some((x) => FOOT.includes(x.type)) ? OWN_FOOT : 0);
    },
    isAttacker: (u) => u.side === s.attacker,
    typeOf: (u) => TROOP_TYPES.indexOf(u.type),
    facingOf: (u) => FACINGS.indexOf(u.facing),
    joinedTo: (u, sq) => troopsIn(s, sq, u.side).find((x) => x.id !== u.id) ?? null,
    loneCommanderAt(u, sq) {
      const here = troopsIn(s, sq, u.side).filter((x) => x.id !== u.id);
      return here.length === 1 && here[0]!.type === 'commander' ? here[0]! : null;
    },
    supportedBy: unfoughtOf,
  };
}

/**
 * Could unit u support melee m now, from where it stands? With `anyFacing` (the attacker, who may turn freely in its
 * move) any facing the unit may take counts; otherwise only its present facing.
 */
export function canSupport(s: GameState, u: UnitState, m: Melee, anyFacing: boolean): boolean {
  return u.at !== null && canSupportOn(stateSupport(s), u, u.at, m, anyFacing);
}

/** What R-support-holds asks of a declared supporter, on any ground: the state's records, or the core's unit numbers. */
export interface HoldGround<U, Sq, S> {
  /** Is u an active commander of side s on the board? */
  commanderOf(u: U, s: S): boolean;
  /** u's square. */
  squareOf(u: U): Sq;
  /** Do other troops (not ballistas) of side s than u stand in u's square? */
  joined(u: U, s: S): boolean;
}

/**
 * R-support-holds, the squares a retreat of side s may pass but not end in, stated once: those of its lone commanders
 * declared as supporters of melees still to be fought (`pending`: each such melee's declared supporters; the melee
 * being resolved is not one of them, its support has been given). Joining one would make the commander support as
 * the retreated unit, which may not support.
 */
export function heldSquaresOf<U, Sq, S>(g: HoldGround<U, Sq, S>, s: S, pending: Iterable<Iterable<U>>): Sq[] {
  const out: Sq[] = [];
  for (const supports of pending) for (const c of supports) if (g.commanderOf(c, s) && !g.joined(c, s)) out.push(g.squareOf(c));
  return out;
}

/** R-support-holds, for a move (breaksSupportOn): would unit u moving to `to` break a lone commander's declared support there? */
export function breaksSupport(s: GameState, u: UnitState, to: Square): boolean {
  return breaksSupportOn(stateSupport(s), u, to);
}
