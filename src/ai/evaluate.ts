/**
 * The search's judge of a position, for one side, in [0, 1]: an estimated chance of winning. Before the end it is a
 * logistic model over features of the position (each one "mine minus theirs", so the two sides' values add up to 1),
 * with weights fitted to self-play results by scripts/tune-eval.ts (weights.ts); once the game is over, the result.
 */
import type { GameState } from '../rules/state';
import { allPoints, positionOf } from '../rules/game';
import { ACTIVE, BALLISTA, MOVE, pointsOf, type Position } from '../engine';
import { TROOPS, TROOP_TYPES } from '../rules/troops';
import { EVAL_WEIGHTS } from './weights';
import { moveTurn, objectiveProspects } from './objectives';

/** Points of `side` minus the best other side's points. */
export function pointsMargin(state: GameState, side: string): number {
  const points = state.result?.points ?? allPoints(state);
  let mine = 0, theirs = -Infinity;
  for (const [id, p] of Object.entries(points)) {
    if (id === side) mine = p;
    else theirs = Math.max(theirs, p);
  }
  return mine - (theirs === -Infinity ? 0 : theirs);
}

/**
 * The features, in order. Points are divided by both armies' points now, counts by the units on the board.
 * - margin: points margin (held objectives are in the points; an objective nobody holds counts half its points for the
 *   side whose troops can reach it first before the end: objectiveProspects).
 * - marginLate: the margin times the share of the turn limit played (a lead counts more as the end nears).
 * - threatened: points of the enemy's units that one of mine could reach with a move or charge, minus the same of mine.
 * - inRange: my missile units (and ballistas) with an enemy unit within range, minus theirs.
 * - retiring: points of my retiring units (they only run and defend), minus theirs.
 * - supports: my troop units with another of mine next to them (who could support their melees), minus theirs.
 * - attacking: 1 when my side moves next (the next move phase is mine), -1 when theirs, 0 when the game is over.
 * - threatNext: what the side moving next threatens: points of the enemy's units in reach of mine when I move next,
 *   minus the points of mine in reach of theirs when they do (a threat counts for the side that can carry it out).
 * - standoff: who a game that nobody fights goes to. With a turn limit the side ahead on points at the end wins, so
 *   the side behind must come to blows and the side ahead need not: the lead (the margin as a share of STANDOFF_LEAD,
 *   between -1 and 1: a small lead decides an unfought game as surely as a big one) times how quiet the position is,
 *   the turns until the first blow can come, at most 1. The first blow: a side's troops have an enemy troop within
 *   their reach or range (moving straight at it by their move allowance, the sides moving in turns by turns as
 *   objectiveProspects reads it) and move again. 0 with no turn limit, once troops are within reach, and when the game
 *   is over. The simple policy always comes forward, so its weight is fitted to search players' games as well
 *   (scripts/tune-eval.ts).
 */
export const FEATURES = ['margin', 'marginLate', 'threatened', 'inRange', 'retiring', 'supports', 'attacking', 'threatNext', 'standoff'] as const;
export type Feature = (typeof FEATURES)[number];

/** Reach of each troop type by index: the longest move or charge (an enemy within it can be led against). */
export const REACH = TROOP_TYPES.map((t) => (t === 'ballista' ? 0 : Math.max(TROOPS[t].move, TROOPS[t].charge ?? 0)));
const RANGE = TROOP_TYPES.map((t) => TROOPS[t].range ?? 0);
const MOVE_OF = TROOP_TYPES.map((t) => TROOPS[t].move);
/** The margin (share of both armies' points) at which a lead counts fully in `standoff`. */
export const STANDOFF_LEAD = 1 / 40;
const COST = TROOP_TYPES.map((t) => TROOPS[t].cost);
/** Troop types by index that lead melees (an enemy of one of them within its reach is threatened). */
export const FIGHTS = TROOP_TYPES.map((t) => TROOPS[t].meleeValue > 0 && t !== 'ballistarii');

/**
 * Scratch for features(), by place in the list of units on the board (written afresh each call, never emptied; grown
 * when a position has more units): slot, side, column, row, how far it threatens as a fighter (-1: not at all), its
 * missile range (-1: none), whether it is a troop (not a ballista), and what was found of it (bits): an enemy fighter
 * can reach it, it has an enemy troop in range, a friendly troop beside it.
 */
let on = new Int32Array(64), sides = new Int32Array(64), cols = new Int32Array(64), rows = new Int32Array(64);
let reach = new Float64Array(64), range = new Float64Array(64), troop = new Uint8Array(64), found = new Uint8Array(64);
let contact = new Float64Array(64), pace = new Float64Array(64);
const REACHED = 1, SHOT = 2, FRIEND = 4;

/** Make the scratch hold n units. */
function room(n: number): void {
  if (on.length >= n) return;
  const size = Math.max(n, 2 * on.length);
  on = new Int32Array(size); sides = new Int32Array(size); cols = new Int32Array(size); rows = new Int32Array(size);
  reach = new Float64Array(size); range = new Float64Array(size); troop = new Uint8Array(size); found = new Uint8Array(size);
  contact = new Float64Array(size); pace = new Float64Array(size);
}

/**
 * The features of position p for side index `me` (FEATURES order). Each pair of units on the board is looked at once
 * (the search evaluates every playout's end: this was most of what a search player's game cost).
 */
export function features(p: Position, me: number): number[] {
  const them = 1 - me, c = p.board.columns;
  const mine = pointsOf(p, me), theirs = pointsOf(p, them);
  const scale = Math.max(1, mine + theirs);
  const limit = p.game.rules.turnLimit;
  const played = limit ? Math.min(1, p.turn / limit) : 0.5;
  const threatened = [0, 0], inRange = [0, 0], retiring = [0, 0], supports = [0, 0];
  // The fewest moves (at each unit's own pace) any unit of each side needs to have an enemy troop within its reach or range.
  const need = [Infinity, Infinity];
  room(p.n);
  let m = 0;
  for (let x = 0; x < p.n; x++) {
    const j = p.sq[x]!, t = p.type[x]!;
    if (j < 0) continue;
    on[m] = x; sides[m] = p.side[x]!; cols[m] = j % c; rows[m] = Math.floor(j / c);
    const rc = FIGHTS[t] && !p.retiring[x] ? REACH[t]! : -1, rg = RANGE[t]! > 0 ? RANGE[t]! : -1;
    reach[m] = rc; range[m] = rg;
    contact[m] = p.status[x] === ACTIVE && !p.retiring[x] ? Math.max(rc, rg) : -1; pace[m] = MOVE_OF[t]!;
    troop[m] = t !== BALLISTA ? 1 : 0; found[m] = 0;
    m++;
  }
  // What each unit finds among the others (distances as stepsDistance: a diagonal step 1 1/2): an enemy fighter that
  // can reach it (not retiring), an enemy troop within its own missile range, a friendly troop beside it (1 1/2); and
  // how many moves each unit (not retiring) is from having an enemy troop within its reach or range.
  for (let a = 0; a < m; a++) {
    const sa = sides[a]!, ca = cols[a]!, ra = rows[a]!;
    for (let b = a + 1; b < m; b++) {
      const dx = Math.abs(ca - cols[b]!), dy = Math.abs(ra - rows[b]!);
      if (sides[b] === sa) {
        if (dx <= 1 && dy <= 1) { if (troop[b]) found[a] = found[a]! | FRIEND; if (troop[a]) found[b] = found[b]! | FRIEND; }
        continue;
      }
      const d = dx > dy ? dx - dy + 1.5 * dy : dy - dx + 1.5 * dx;
      if (d <= reach[b]!) found[a] = found[a]! | REACHED;
      if (d <= reach[a]!) found[b] = found[b]! | REACHED;
      if (d <= range[a]! && troop[b]) found[a] = found[a]! | SHOT;
      if (d <= range[b]! && troop[a]) found[b] = found[b]! | SHOT;
      if (troop[b] && contact[a]! >= 0 && sa >= 0) need[sa] = Math.min(need[sa]!, Math.max(0, d - contact[a]!) / pace[a]!);
      if (troop[a] && contact[b]! >= 0 && sides[b]! >= 0) need[sides[b]!] = Math.min(need[sides[b]!]!, Math.max(0, d - contact[b]!) / pace[b]!);
    }
  }
  let units = 0;
  for (let a = 0; a < m; a++) {
    const x = on[a]!, s = p.side[x]!, t = p.type[x]!;
    if (p.status[x] !== ACTIVE || s < 0) continue;
    units++;
    const worth = COST[t]! * (t === BALLISTA ? 1 : p.stands[x]!);
    if (p.retiring[x]) retiring[s]! += worth;
    if (found[a]! & REACHED && t !== BALLISTA) threatened[s]! += worth;
    if (found[a]! & SHOT) inRange[s]!++;
    if (found[a]! & FRIEND && t !== BALLISTA) supports[s]!++;
  }
  const n = Math.max(1, units);
  const prospects = objectiveProspects(p);
  const margin = (mine + prospects[me]! - theirs - prospects[them]!) / scale;
  const over = p.result !== null || p.toAct < 0;
  // The side that moves next: this turn's attacker until its move phase is over, then the other side.
  const nextMover = p.phase <= MOVE ? p.attacker : 1 - p.attacker;
  return [
    margin,
    margin * played,
    (threatened[them]! - threatened[me]!) / scale,
    (inRange[me]! - inRange[them]!) / n,
    (retiring[me]! - retiring[them]!) / scale,
    (supports[me]! - supports[them]!) / n,
    over ? 0 : nextMover === me ? 1 : -1,
    // 0 - x, not -x: no side's value is -0 (the sides' features mirror each other exactly).
    over ? 0 : nextMover === me ? threatened[them]! / scale : (0 - threatened[me]!) / scale,
    // `|| 0`: no side's value is -0 (a lead times a quiet of 0).
    over || !limit ? 0 : lead(margin) * Math.min(1, firstBlow(p, need)) || 0,
  ];
}

/** The margin as a lead between -1 and 1 (STANDOFF_LEAD or more counts fully). */
function lead(margin: number): number {
  return Math.max(-1, Math.min(1, margin / STANDOFF_LEAD));
}

/**
 * The turns until the first blow can come (0: troops are within reach now; Infinity: never): `need` is each side's
 * fewest moves to have an enemy troop within reach or range, made in that side's move phases (objectives.ts moveTurn,
 * a part move counting as a part of the two turns between them), and the blow comes in the move phase after them.
 */
function firstBlow(p: Position, need: readonly number[]): number {
  let soonest = Infinity;
  for (let s = 0; s < 2; s++) {
    const k = need[s]!;
    if (k === Infinity) continue;
    soonest = Math.min(soonest, k <= 0 ? 0 : moveTurn(p, s, 1) - p.turn + 2 * k);
  }
  return soonest;
}

/** The logistic model's chance of winning for these features (weights: EVAL_WEIGHTS, FEATURES order). */
export function winChance(f: readonly number[], weights: readonly number[] = EVAL_WEIGHTS): number {
  let z = 0;
  for (let i = 0; i < f.length; i++) z += weights[i]! * f[i]!;
  return 1 / (1 + Math.exp(-z));
}

/**
 * The value of position p for side index `me`, in [0, 1]. A finished game counts its result (win 1, draw 0.5, loss 0)
 * with a little of the model's value so that bigger wins still rank higher. `weights`: the model's (EVAL_WEIGHTS unless
 * a screen sets others).
 */
export function evaluatePosition(p: Position, me: number, weights: readonly number[] = EVAL_WEIGHTS): number {
  const model = winChance(features(p, me), weights);
  if (!p.result) return model;
  const w = p.result.winner;
  const r = w === p.sides[me] ? 1 : w === null ? 0.5 : 0;
  return 0.9 * r + 0.1 * model;
}

/**
 * The value a choice must beat to count as clearly better than one worth v (0..1): `margin` at an even position
 * (v = 1/2), and about the same step in the model's log-odds elsewhere (the slope of the logistic there is 4v(1-v) of
 * its slope at 1/2), so that near a sure loss or win a clear gain, a small step in value, still counts.
 */
export function clearlyAbove(v: number, margin: number): number {
  return v + margin * 4 * v * (1 - v);
}

/** evaluatePosition of a JSON state for a side id. */
export function evaluate(state: GameState, side: string): number {
  const p = positionOf(state);
  return evaluatePosition(p, p.sides.indexOf(side));
}
