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
import { FACINGS, SIDE_FACINGS, parseSquare, type Square } from './coords';
import { facingOf, supportGeometry } from './combat';
import { ENGINE_READINGS, markedAfterRetreat } from './readings';
import type { GameState, Melee, UnitState } from './state';
import { CAVALRY, FOOT, TROOPS } from './troops';

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

/**
 * Could unit u support melee m now? With `anyFacing` (the attacker, who may turn freely in its move) any facing the
 * unit may take counts; otherwise only its present facing.
 */
export function canSupport(s: GameState, u: UnitState, m: Melee, anyFacing: boolean): boolean {
  if (m.fought || u.type === 'ballista' || !u.at || u.status !== 'active' || u.retiring || u.stands <= 0) return false;
  if (markedAsRetreated(s, u) || !besideSquare(u.at, m.contact)) return false;
  // One melee at a time: not from a contact square, and not while declared for another melee.
  if (s.melees.some((x) => x.contact === u.at || (!x.fought && x.supports.some((y) => y.unit === u.id)))) return false;
  const own = troopsIn(s, m.contact, u.side);
  if (own.length === 0) return false;
  const p = parseSquare(u.at)!, q = parseSquare(m.contact)!;
  const dir: [number, number] = [q.col - p.col, q.row - p.row];
  if (CAVALRY.includes(u.type)) {
    if (u.side === s.attacker && !own.some((x) => CAVALRY.includes(x.type))) return false;
    // R-cavalry-support: backing foot (no cavalry there), the contact square lies exactly to its left or right.
    if (u.side !== s.attacker && ENGINE_READINGS.defendingCavalryBesideOnly && !own.some((x) => CAVALRY.includes(x.type)) && own.some((x) => FOOT.includes(x.type))) {
      const f = FACINGS.indexOf(u.facing), d = FACINGS.indexOf(facingOf(dir[0], dir[1]));
      if (d !== (f + 2) % 8 && d !== (f + 6) % 8) return false;
    }
  }
  if (u.type === 'commander') {
    const unit = troopsIn(s, u.at, u.side).find((x) => x.id !== u.id);
    return unit ? m.supports.some((x) => x.unit === unit.id) : true;
  }
  if (!anyFacing) return supportGeometry(u.type, u.facing, dir);
  return FACINGS.some((f) => (TROOPS[u.type].support !== 1 || SIDE_FACINGS.includes(f)) && supportGeometry(u.type, f, dir));
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

/**
 * R-support-holds: a unit joining a lone commander that is a declared supporter makes the commander support as that
 * unit does, so the join breaks the support unless the unit could support the same melee from there.
 */
export function breaksSupport(s: GameState, u: UnitState, to: Square): boolean {
  const here = s.units.filter((x) => x.status === 'active' && x.at === to && x.side === u.side && x.type !== 'ballista' && x.id !== u.id);
  if (here.length !== 1 || here[0]!.type !== 'commander') return false;
  const m = s.melees.find((x) => !x.fought && x.supports.some((y) => y.unit === here[0]!.id));
  return !!m && !canSupport(s, { ...u, at: to }, m, true);
}
