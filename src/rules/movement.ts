/** Movement (section 7 of the digest, rules 6): costs, road bonus, hills, rivers, diagonals, charges, ballistas. */
import { parseSquare, squareName, type Square } from './coords';
import { diagonalBlocked } from './geometry';
import { BALLISTA_MOVE, MOVE_AFTER_CHARGE, TROOPS, type TroopType } from './troops';
import { stackingProblem } from './validate';
import { ENGINE_READINGS } from './readings';
import { isProtected, riverBetween, terrainOf, troopsAt, unitsAt, type GameState, type UnitState } from './state';

const ROAD = 1, HILL = 2, PROT = 4;
const STEPS: Array<[number, number]> = [[0, -1], [1, -1], [1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1]];

export interface MoveOption {
  to: Square;
  /** Movement used by the cheapest path. */
  cost: number;
  /** Reachable within the normal move (else only as a charge). */
  normal: boolean;
  /** Reachable as a charge (knights and commanders: path free of protected squares, charge move). */
  charge: boolean;
  /** Direction of the last step of the cheapest path. */
  lastStep: [number, number];
}

/** Knights and commanders charge (6G). */
export function canCharge(type: TroopType): boolean {
  return TROOPS[type].charge !== null;
}

/** True when the unit charged on its side's previous move and is held to 1 1/2 (6G). */
export function afterCharge(state: GameState, u: UnitState): boolean {
  return u.chargedTurn !== null && state.turn - u.chargedTurn === ENGINE_READINGS.turnsUntilAfterCharge;
}

/** Movement allowance for a path with these flags. */
function allowance(state: GameState, u: UnitState, flags: number, mode: 'normal' | 'charge', carry: boolean): number {
  let base = TROOPS[u.type].move;
  if (canCharge(u.type) && afterCharge(state, u)) base = MOVE_AFTER_CHARGE;
  if (mode === 'charge') {
    if (!canCharge(u.type) || afterCharge(state, u) || carry || (flags & PROT)) return -1;
    base = TROOPS[u.type].charge!;
  }
  if (carry) base = Math.min(base, BALLISTA_MOVE);
  if (flags & ROAD) base += 1;
  if (flags & HILL) base -= state.rules.hills.movePenalty;
  return base;
}

/** May a unit of this type enter the square at all (hill bans; a carried ballista keeps out of protected squares)? */
function enterable(state: GameState, type: TroopType, sq: Square, carry: boolean): boolean {
  const t = terrainOf(state.scenario);
  if (t.hill.has(sq) && state.rules.hills.banned.includes(type)) return false;
  if (carry) {
    if (t.protected.has(sq)) return false;
    if (t.hill.has(sq) && state.rules.hills.banned.includes('ballista')) return false;
  }
  return true;
}

/** Would the unit's side break the stacking limits (2B, 6C-F) by adding `u` to the square? */
export function stackingAllows(state: GameState, u: UnitState, sq: Square, stands = u.stands, carried?: UnitState): boolean {
  const own = unitsAt(state, sq).filter((x) => x.id !== u.id && (x.type === 'ballista' ? true : x.side === u.side));
  const specs = own.filter((x) => x.id !== carried?.id).map((x) => ({ id: x.id, type: x.type, stands: x.stands }));
  specs.push({ id: u.id, type: u.type, stands });
  if (carried) specs.push({ id: carried.id, type: 'ballista', stands: 1 });
  return stackingProblem(specs) === null;
}

/** Does a square hold troops of another side than `side`? */
export function enemyHeld(state: GameState, side: string, sq: Square): boolean {
  return state.units.some((x) => x.at === sq && x.status === 'active' && x.type !== 'ballista' && x.side !== side);
}

/**
 * Every square the unit could end a move on (normal or charge), by a search over (square, path flags):
 * road-all-the-way, touched a hill, touched a protected square. Own squares are passed through; enemy
 * squares may be entered (to lead a melee) but not passed.
 */
export function moveOptions(state: GameState, u: UnitState, carry = false): Map<Square, MoveOption> {
  const out = new Map<Square, MoveOption>();
  if (!u.at) return out;
  const t = terrainOf(state.scenario);
  const start = u.at;
  const flagsOf = (sq: Square, prev: number): number =>
    (prev & ROAD && t.road.has(sq) ? ROAD : 0) | (prev & HILL || t.hill.has(sq) ? HILL : 0) | (prev & PROT || isProtected(state, sq) ? PROT : 0);
  const startFlags = (t.road.has(start) ? ROAD : 0) | (t.hill.has(start) ? HILL : 0) | (isProtected(state, start) ? PROT : 0);
  const maxAllow = Math.max(allowance(state, u, ROAD, 'normal', carry), allowance(state, u, ROAD, 'charge', carry));
  const enemy = (sq: Square) => enemyHeld(state, u.side, sq);
  const river = (a: Square, b: Square) => riverBetween(state, a, b);
  const best = new Map<string, number>();
  const last = new Map<string, [number, number]>();
  // Bucket queue over half-squares of cost.
  const buckets: Array<Array<[Square, number]>> = [];
  const push = (sq: Square, f: number, cost: number, step: [number, number]) => {
    const key = sq + '|' + f;
    const old = best.get(key);
    if (old !== undefined && old <= cost) return;
    best.set(key, cost);
    last.set(key, step);
    (buckets[cost * 2] ??= []).push([sq, f]);
  };
  best.set(start + '|' + startFlags, 0);
  buckets[0] = [[start, startFlags]];
  for (let b = 0; b < buckets.length; b++) {
    const list = buckets[b];
    if (!list) continue;
    for (const [sq, f] of list) {
      const cost = b / 2;
      if (best.get(sq + '|' + f) !== cost) continue;
      if (sq !== start) {
        const step = last.get(sq + '|' + f)!;
        const n = allowance(state, u, f, 'normal', carry);
        const c = allowance(state, u, f, 'charge', carry);
        const normal = cost <= n, charge = cost <= c;
        if (normal || charge) {
          const o = out.get(sq);
          if (!o) out.set(sq, { to: sq, cost, normal, charge, lastStep: step });
          else { o.normal ||= normal; o.charge ||= charge; if (cost < o.cost) { o.cost = cost; o.lastStep = step; } }
        }
        if (enemy(sq)) continue; // entered to fight: no further
      }
      const p = parseSquare(sq)!;
      for (const [dx, dy] of STEPS) {
        const c = p.col + dx, r = p.row + dy;
        if (c < 0 || r < 0 || c >= state.board.columns || r >= state.board.rows) continue;
        const nsq = squareName(c, r);
        const diag = dx !== 0 && dy !== 0;
        const nc = cost + (diag ? 1.5 : 1);
        if (nc > maxAllow) continue;
        if (!enterable(state, u.type, nsq, carry)) continue;
        if (carry && enemy(nsq)) continue;
        if (diag ? diagonalBlocked(sq, nsq, enemy, river) : river(sq, nsq)) continue;
        push(nsq, flagsOf(nsq, f), nc, [dx, dy]);
      }
    }
  }
  return out;
}

/** A lone 1-stand unit a cavalry unit may ride over (10A): in the open, no ballista, not armored infantry. */
export const RUN_OVER_TARGETS: readonly TroopType[] = ['mediumInfantry', 'levyInfantry', 'javelinmen', 'longbowmen', 'crossbowmen', 'ballistarii'];

export function runOverTarget(state: GameState, mover: UnitState, sq: Square): UnitState | null {
  if (!['knights', 'turcopoles', 'lightCavalry'].includes(mover.type)) return null;
  const here = unitsAt(state, sq);
  if (here.some((x) => x.type === 'ballista') || isProtected(state, sq)) return null;
  const enemies = here.filter((x) => x.side !== mover.side);
  if (enemies.length !== 1 || here.length !== 1) return null;
  const e = enemies[0]!;
  return e.stands === 1 && RUN_OVER_TARGETS.includes(e.type) ? e : null;
}

/**
 * reachableSquares (public API): every square where the unit could end a move from where it stands,
 * ignoring whose phase it is, mapped to the movement used. Its own square is not included.
 */
export function reachable(state: GameState, unitId: string): Record<Square, number> {
  const u = state.units.find((x) => x.id === unitId);
  const out: Record<Square, number> = {};
  if (!u || u.status !== 'active' || !u.at || u.type === 'ballista') return out;
  for (const o of moveOptions(state, u).values()) {
    if (enemyHeld(state, u.side, o.to) ? !mayLead(state, u, o.to) : !stackingAllows(state, u, o.to)) continue;
    out[o.to] = o.cost;
  }
  return out;
}

/**
 * May the unit lead (or join) a melee in an enemy square (6J)? Ballistarii never lead; a lone commander
 * never leads; a 1-stand javelin/longbow/crossbow unit leads only with its commander there or a declared
 * supporter; the own units already there must leave room.
 */
export function mayLead(state: GameState, u: UnitState, sq: Square): boolean {
  if (u.type === 'ballistarii' || u.retiring) return false;
  const own = troopsAt(state, sq, u.side);
  if (u.type === 'commander' && own.length === 0) return false;
  if (u.stands === 1 && ['javelinmen', 'longbowmen', 'crossbowmen'].includes(u.type)) {
    const melee = state.melees.find((m) => m.contact === sq);
    const supported = melee?.supports.some((s) => s.side === u.side) ?? false;
    if (!own.some((x) => x.type === 'commander') && !supported) return false;
  }
  const specs = own.map((x) => ({ id: x.id, type: x.type, stands: x.stands }));
  specs.push({ id: u.id, type: u.type, stands: u.stands });
  return stackingProblem(specs) === null;
}
