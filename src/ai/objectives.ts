/**
 * What the computer players know of objectives (R-objectives, digest 11; the rule itself is objectives.ts, scored by
 * the core's pointsOf): which squares a side should go for (objectives it may hold and does not hold now, reachable
 * before the end), which of its units hold one alone (moving them away gives it up), and what objectives nobody holds
 * yet are likely worth to each side (the side that can get troops there first, before the end).
 *
 * Everything here is cheap when the scenario has no objectives (an empty list at once): the playouts run it at every
 * move decision.
 */
import { objectiveHolder } from '../rules/objectives';
import type { Objective } from '../rules/scenario';
import { ACTIVE, BALLISTA, MOVE, type Position } from '../engine';
import { TROOPS, TROOP_TYPES } from '../rules/troops';

/** Each objective's square indices by board (-1: not on the board). */
const indices = new WeakMap<Objective, Int32Array>();
const EMPTY: readonly Objective[] = [];

export function objectivesOf(p: Position): readonly Objective[] {
  return p.game.scenario.objectives ?? EMPTY;
}

export function squaresOf(p: Position, o: Objective): Int32Array {
  let idx = indices.get(o);
  if (!idx) {
    idx = Int32Array.from(o.squares, (sq) => p.board.index.get(sq) ?? -1);
    indices.set(o, idx);
  }
  return idx;
}

/** The side (index) that may hold objective o (-1: either). */
export function onlyFor(p: Position, o: Objective): number {
  return o.for === undefined ? -1 : p.sides.indexOf(o.for);
}

/** The side (index) holding objective o now, or -1 (the rule of objectives.ts over the core's troop counts). */
export function holderNow(p: Position, o: Objective): number {
  const idx = squaresOf(p, o);
  return objectiveHolder(idx.length, onlyFor(p, o), (s, i) => idx[i]! >= 0 && p.troops[s as 0 | 1][idx[i]!]! > 0);
}

const MOVES = TROOP_TYPES.map((t) => (t === 'ballista' ? 0 : TROOPS[t].move));

/** Distance (1B: a diagonal step 1 1/2) between squares i and j of a board `c` columns wide. */
function dist(c: number, i: number, j: number): number {
  const dx = Math.abs((i % c) - (j % c)), dy = Math.abs(Math.floor(i / c) - Math.floor(j / c));
  return dx > dy ? dx - dy + 1.5 * dy : dy - dx + 1.5 * dx;
}

/**
 * The turn in which `side` makes its k-th move phase from now (k >= 1; k = 0: now). Sides attack (move) in turns by
 * turns; this turn's move phase counts while it is not over.
 */
export function moveTurn(p: Position, side: number, k: number): number {
  if (k <= 0) return p.turn;
  const first = p.attacker === side ? (p.phase <= MOVE ? p.turn : p.turn + 2) : p.turn + 1;
  return first + 2 * (k - 1);
}

/** The last turn of the game (Infinity: no limit). */
function lastTurn(p: Position): number {
  return p.game.rules.turnLimit ?? Infinity;
}

/**
 * The earliest turn in which troops of `side` could stand on objective o (from their squares, by their move
 * allowance on an open board; Infinity: it has no troops that can move).
 */
export function arrival(p: Position, side: number, o: Objective): number {
  const idx = squaresOf(p, o), c = p.board.columns;
  let best = Infinity;
  for (let x = 0; x < p.n; x++) {
    const j = p.sq[x]!, t = p.type[x]!;
    if (j < 0 || p.side[x] !== side || p.status[x] !== ACTIVE || t === BALLISTA || p.retiring[x]) continue;
    const m = MOVES[t]!;
    if (m <= 0) continue;
    let d = Infinity;
    for (let i = 0; i < idx.length; i++) if (idx[i]! >= 0) d = Math.min(d, dist(c, j, idx[i]!));
    if (d === Infinity) continue;
    const at = moveTurn(p, side, Math.ceil(d / m));
    if (at < best) best = at;
  }
  return best;
}

/**
 * The squares `side` should make for: those of every objective it may hold, does not hold now, and can reach before
 * the end (`mask`: which objectives, as bits of their place in the list, to key caches by). Empty with no objectives.
 */
export function goalSquares(p: Position, side: number): { squares: number[]; mask: number } {
  const list = objectivesOf(p);
  if (list.length === 0) return NO_GOALS;
  const squares: number[] = [];
  let mask = 0;
  const end = lastTurn(p);
  for (let k = 0; k < list.length; k++) {
    const o = list[k]!, only = onlyFor(p, o);
    if ((only >= 0 && only !== side) || holderNow(p, o) === side) continue;
    if (arrival(p, side, o) > end) continue;
    mask += 2 ** Math.min(k, 50);
    for (const j of squaresOf(p, o)) if (j >= 0) squares.push(j);
  }
  return squares.length === 0 ? NO_GOALS : { squares, mask };
}
const NO_GOALS = { squares: [] as number[], mask: 0 };

/**
 * Whether unit x is the only troop unit of its side on an objective its side holds now (it keeps the objective
 * where it stands: moving it gives the objective up).
 */
export function guards(p: Position, x: number): boolean {
  const list = objectivesOf(p);
  if (list.length === 0) return false;
  const j = p.sq[x]!, side = p.side[x]!;
  if (j < 0 || p.type[x] === BALLISTA) return false;
  for (const o of list) {
    const idx = squaresOf(p, o);
    if (!idx.includes(j)) continue;
    if (holderNow(p, o) !== side) continue;
    let mine = 0;
    for (let i = 0; i < idx.length; i++) if (idx[i]! >= 0) mine += p.troops[side as 0 | 1][idx[i]!]!;
    if (mine <= 1) return true;
  }
  return false;
}

/** The share of an objective nobody holds that counts for the side that can get there first (half of it each on a tie). */
export const PROSPECT = 0.5;

/**
 * Points each side (by index) can expect from the objectives nobody holds now: PROSPECT of an objective's points to the
 * side whose troops can first stand on it before the end (each half of that when they arrive in the same turn); held
 * objectives are in the points already (pointsOf).
 */
export function objectiveProspects(p: Position): [number, number] {
  const list = objectivesOf(p);
  const out: [number, number] = [0, 0];
  if (list.length === 0 || p.result !== null) return out;
  const end = lastTurn(p);
  for (const o of list) {
    if (holderNow(p, o) >= 0) continue;
    const only = onlyFor(p, o);
    const a0 = only === 1 ? Infinity : arrival(p, 0, o), a1 = only === 0 ? Infinity : arrival(p, 1, o);
    const r0 = a0 <= end, r1 = a1 <= end;
    if (!r0 && !r1) continue;
    if (r0 && (!r1 || a0 < a1)) out[0] += PROSPECT * o.points;
    else if (r1 && (!r0 || a1 < a0)) out[1] += PROSPECT * o.points;
    else { out[0] += (PROSPECT / 2) * o.points; out[1] += (PROSPECT / 2) * o.points; }
  }
  return out;
}
