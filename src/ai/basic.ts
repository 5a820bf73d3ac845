/** Simple built-in policies for `nevsky play`, the bench and the fuzz suite. */
import type { Action } from '../rules/actions';
import { choose, coreSamplers, playUntil } from './playout';
import { createRng, type RngState } from '../rules/random';
import { randomIndex, sampleAction, sampleIn } from '../rules/sample';
import { stepsDistance } from '../rules/geometry';
import { goalSquares, guards } from './objectives';
import type { GameState } from '../rules/state';
import { MDIS } from '../rules/melee';
import { applyAction, positionOf } from '../rules/game';
import {
  BALLISTA, BALLISTA_FIRE, BALLISTARII, END_TURN, MELEE, MISSILE, MOVE, SUPPORT, actsFor, canMove, endMove, choosingShot, firstBallistaChoices, keptMoves, listActions, waitingToFire,
  missileChoiceList, moveCheck, needsBacking, positionContext, reachOf, supportActions, waitingLeads,
  type MoveContext, type Position,
} from '../engine';

import type { Policy } from './playout';

export type { Policy };

/**
 * Random choice among the legal actions (concession excluded unless it is the only one). Facing changes, which the
 * rules allow without limit in a move (6L), are drawn 1 time in 8 when there is anything else to do, so random games
 * still move and end; otherwise every action is equally likely. Its `sample` draws with sampleAction instead.
 */
export function randomPolicy(seed: number): Policy {
  const r: RngState = createRng(seed);
  const policy: Policy = (_state, actions) => randomPick(r, actions);
  policy.sample = (state) => sampleAction(state, r);
  coreSamplers.set(policy, (p) => sampleIn(p, r));
  return policy;
}

/** randomPolicy's pick from a list, drawn from `r` (the simple policy's random choices too). */
function randomPick(r: RngState, actions: readonly Action[]): Action {
  const n = actions.length;
  if (n <= 1) return actions[0]!;
  // The kind first (a facing change 1 time in 8), then random places in the list until one holds that kind: the same
  // draw as counting the kinds and taking the k-th, without reading every action (move-phase lists run to hundreds,
  // and reading them all cost as much as applying the action).
  const face = randomIndex(r, 8) === 0;
  for (let tries = 0; tries < 16; tries++) {
    const a = actions[randomIndex(r, n)]!;
    if (a.type !== 'concede' && (a.type === 'face') === face) return a;
  }
  // Rarely reached with both kinds listed; always when the kind drawn has none (then any action but conceding).
  return counted(actions, face, r);
}

/**
 * randomPolicy's draw by counting: an action of the kind asked for (a facing change or not) if the list has one,
 * else any; never conceding when there is anything else. Every action of the kind is equally likely.
 */
function counted(actions: readonly Action[], face: boolean, r: RngState): Action {
  let pool = 0, faces = 0;
  for (let i = 0; i < actions.length; i++) { const t = actions[i]!.type; if (t !== 'concede') { pool++; if (t === 'face') faces++; } }
  const size = face ? faces : pool - faces;
  const any = size === 0;
  let k = randomIndex(r, any ? pool : size);
  for (let i = 0; i < actions.length; i++) {
    const t = actions[i]!.type;
    if (t === 'concede' || (!any && (t === 'face') !== face)) continue;
    if (k-- === 0) return actions[i]!;
  }
  return actions[0]!;
}

/**
 * A plain, readable policy: ballistas and missiles shoot the nearest target; the attacker closes on the enemy
 * (leading melees where it can, knights charging), supporters join; MDIs picked at random; default loss order.
 * It reads the engine's position (simpleChoice), so the search's playouts run it on the core without JSON states
 * (its `onCore`); on a JSON state it reads that state's position.
 */
export function simplePolicy(seed: number): Policy {
  const r: RngState = createRng(seed);
  const policy: Policy = (state, actions) => simpleChoice(positionOf(state), actions, r);
  policy.onCore = (p) => {
    const quick = p.phase === MOVE ? simpleMoveOnCore(p) : p.phase === MISSILE ? simpleShotOnCore(p) : p.phase === BALLISTA_FIRE ? simpleBallistaOnCore(p) : null;
    if (quick) return quick;
    const actions = listActions(p);
    return actions.length === 0 ? null : simpleChoice(p, actions, r);
  };
  return policy;
}

/** The simple policy's choice among `actions` (the legal list of position p), its random picks drawn from `r`. */
export function simpleChoice(p: Position, actions: readonly Action[], r: RngState): Action {
  switch (p.phase) {
    case BALLISTA_FIRE: case MISSILE: {
      // A shot's losses between two units (R-two-types): the default, the unit the shot was named after.
      if (actions[0]!.type === 'fireLoss') return actions[0]!;
      const { best, bestDist, hold } = nearestShot(p, actions);
      if (best === null) return hold ?? randomPick(r, actions);
      return bestDist === Infinity ? hold! : best;
    }
    case MOVE: return simpleMove(p, [actions]) ?? randomPick(r, actions);
    case SUPPORT: return actions.find((a) => a.type === 'support') ?? actions.find((a) => a.type === 'endSupport')!;
    case MELEE:
      if (actions.some((a) => a.type === 'mdi')) {
        const k = Math.max(0, actions.indexOf(randomPick(r, actions)));
        return { type: 'mdi', side: p.sides[p.toAct]!, mdi: MDIS[k % MDIS.length]! };
      }
      return actions.find((a) => a.type === 'endFacing') ?? actions.find((a) => a.type !== 'concede')!;
    case END_TURN: return actions.find((a) => a.type === 'endTurn')!;
    default: return randomPick(r, actions.filter((a) => a.type !== 'concede'));
  }
}

/** The first listed shooter's nearest shot among `actions` (the first listed among equals), and the first hold listed. */
function nearestShot(p: Position, actions: readonly Action[]): { best: Action | null; bestDist: number; hold: Action | null } {
  let shooter: string | null = null, best: Action | null = null, bestDist = Infinity, hold: Action | null = null;
  for (const a of actions) {
    if (a.type === 'hold' || a.type === 'ballistaHold') { hold ??= a; continue; }
    if (a.type !== 'fire' && a.type !== 'ballistaFire') continue;
    if (shooter === null) shooter = a.unit;
    else if (a.unit !== shooter) continue;
    const d = shotDistance(p, p.toAct, a);
    if (best === null || d < bestDist) { best = a; bestDist = d; }
  }
  return { best, bestDist, hold };
}

/**
 * The simple policy's missile-phase choice without listing every shooter's choices: the listing starts with the first
 * undecided missile unit's list (listActions), so when that list holds a shot, its nearest shot is the choice made
 * over the whole listing (a missile shot's distance is never Infinity). Else null: the caller lists everything.
 */
function simpleShotOnCore(p: Position): Action | null {
  if (choosingShot(p)) return null;
  for (let x = 0; x < p.n; x++) {
    if (p.side[x] !== p.toAct || !waitingToFire(p, x)) continue;
    const { best, bestDist } = nearestShot(p, missileChoiceList(p, x));
    return best && bestDist !== Infinity ? best : null;
  }
  return null;
}

/**
 * The simple policy's ballista-phase choice without listing every ballista's choices: the listing starts with the
 * first undecided ballista's (firstBallistaChoices), its hold last; so when that ballista has a shot, its nearest shot
 * (or, with no enemy at any, its hold: the first listed) is the choice made over the whole listing. Else null.
 */
function simpleBallistaOnCore(p: Position): Action | null {
  const list = firstBallistaChoices(p);
  if (!list) return null;
  const { best, bestDist, hold } = nearestShot(p, list);
  return best === null ? null : bestDist === Infinity ? hold : best;
}

/**
 * The simple policy's move-phase choice among the actions of `parts` (the listing's order, read part after part):
 * a support declaration, else a lead (a charge first), else the unmoved unit's move that gets closest to the enemy
 * without entering, else ending the move; null when none of them is there (the caller then picks at random).
 */
function simpleMove(p: Position, parts: ReadonlyArray<readonly Action[]>): Action | null {
  let lead: Action | null = null, chargeLead: Action | null = null, end: Action | null = null;
  let best: Action | null = null, bestGain = 0.5;
  const enemy = p.enemy[p.toAct]!, index = p.board.index;
  const near = nearEnemy(p, p.toAct);
  const guard = new Map<string, boolean>();
  const guarding = (id: string): boolean => {
    let g = guard.get(id);
    if (g === undefined) guard.set(id, (g = guards(p, p.index.get(id)!)));
    return g;
  };
  for (const actions of parts) {
    for (const a of actions) {
      if (a.type === 'support') return a;
      if (a.type === 'endMove') { end ??= a; continue; }
      // Leaving the board halves a unit's worth (R-exit): the simple policy never does it.
      if (a.type !== 'move' || a.split || a.to === 'off') continue;
      // The only unit holding an objective stays on it (R-objectives).
      if (guarding(a.unit)) continue;
      const to = index.get(a.to)!;
      if (enemy[to]) { lead ??= a; if (a.charge) chargeLead ??= a; continue; }
      if (lead || a.charge) continue;
      const x = p.index.get(a.unit)!;
      if (p.type[x] === BALLISTARII && !a.carry) continue;
      const gain = near(p.at[x]!) - near(to);
      if (gain > bestGain) { best = a; bestGain = gain; }
    }
  }
  return lead ? chargeLead ?? lead : best ?? end;
}

/**
 * The simple policy's move-phase choice without listing facing changes (which it never picks unless nothing else
 * is there: then null, and the caller lists everything): each unit's moves, the support declarations, ending the move.
 * The same choice as simpleMove over the whole listing, made from as few unit lists as it can: a unit's move search
 * (the squares its moves can end in, a superset of its list's squares) says whether it could lead a melee at all and
 * the most it could gain, so lists are asked only of the units that could lead (in listing order, as the listing
 * reads them) and, when none leads, of the units whose bound can still beat the best gain found (largest bound
 * first). What a unit's list offers is read once per list object (the core hands back the same list while nothing
 * it depends on has changed); while the core checks each move against units anywhere on the board (moveCheck), only
 * the moves that could be chosen are checked, once per decision.
 */
function simpleMoveOnCore(p: Position): Action | null {
  const ctx = positionContext(p), { occ } = ctx, side = p.sides[p.toAct]!;
  decision++;
  const support = supportActions(ctx, side, undefined, true);
  if (support.length > 0) return support[0]!;
  const goals = goalSquares(p, p.toAct);
  const enemies = targetKey(p, enemyKey(p), goals);
  const near = nearField(p, enemies, goals.squares);
  // The units that may still move: those that could lead first, in index order (the listing's unit order).
  let movable = 0, lead: Action | null = null;
  for (let x = 0; x < ctx.n; x++) {
    if (!actsFor(occ, x, p.toAct) || !canMove(occ, x)) continue;
    // The only unit holding an objective stays on it (R-objectives).
    if (p.game.scenario.objectives && guards(p, x)) continue;
    const b = boundOf(p, ctx, x, enemies, near);
    if (b.lead) {
      const o = offerOf(p, ctx, x, enemies, near, true);
      if (o.chargeLead) return o.chargeLead;
      if (o.lead) { lead ??= o.lead; continue; }
    }
    order[movable++] = x;
  }
  if (lead) return lead;
  // No lead: the best advance, largest bound first; a unit is asked for its list only while its bound can still beat
  // the best so far (a gain above it, or the same gain by a unit earlier in the listing).
  sortByBound(movable);
  let best: Action | null = null, bestGain = 0.5, bestUnit = -1;
  for (let i = 0; i < movable; i++) {
    const x = order[i]!, bound = bounds[x]!.gain;
    if (bound < bestGain || (bound === bestGain && (bestUnit < 0 || x > bestUnit))) break;
    const o = offerOf(p, ctx, x, enemies, near, false);
    if (o.best && (o.gain > bestGain || (o.gain === bestGain && bestUnit >= 0 && x < bestUnit))) { best = o.best; bestGain = o.gain; bestUnit = x; }
  }
  return best ?? (ctx.idle.length === 0 && ctx.unbacked.length === 0 ? endMove(side) : null);
}

/** simpleMoveOnCore's decisions so far: what a unit's list offers under the core's checks holds for one decision. */
let decision = 0;

/** Scratch for simpleMoveOnCore: the units still to ask (written by index, never emptied). */
const order: number[] = [];

/** order[0, n) sorted by bound, largest first, then by index (insertion: a side has a few dozen units at most). */
function sortByBound(n: number): void {
  for (let i = 1; i < n; i++) {
    const x = order[i]!, g = bounds[x]!.gain;
    let k = i;
    for (; k > 0; k--) {
      const y = order[k - 1]!, h = bounds[y]!.gain;
      if (h > g || (h === g && y < x)) break;
      order[k] = y;
    }
    order[k] = x;
  }
}

/**
 * What a unit's move search allows it, by slot: whether any square it reaches holds enemy troops (a lead is possible)
 * and the most a move could bring it closer to the enemy. Kept while the unit, its flags, its square's ballistas and
 * the enemy squares stay as they were (the search reads no friends).
 */
interface Bound { memo: MoveContext['memo']; type: number; enemies: number; at: number; flags: number; engine: boolean; lead: boolean; gain: number }
const bounds: Bound[] = [];

function boundOf(p: Position, ctx: MoveContext, x: number, enemies: number, near: Float64Array): Bound {
  const at = p.sq[x]!, flags = p.flags[x]!, type = p.type[x]!, engine = ballistaBeside(p, x, at);
  let b = bounds[x];
  if (b && b.enemies === enemies && b.at === at && b.flags === flags && b.engine === engine && b.type === type && b.memo === ctx.memo) return b;
  b = bounds[x] = { memo: ctx.memo, type, enemies, at, flags, engine, lead: false, gain: -Infinity };
  reachBound(p, b, reachOf(ctx, x, false), near);
  // Carrying its ballista is searched apart (its squares are the list's too).
  if (engine) reachBound(p, b, reachOf(ctx, x, true), near);
  return b;
}

function reachBound(p: Position, b: Bound, r: ReturnType<typeof reachOf>, near: Float64Array): void {
  const enemy = p.enemy[p.toAct]!, from = near[b.at]!;
  for (let k = 0; k < r.count; k++) {
    const j = r.square[k]!;
    if (enemy[j]) { b.lead = true; continue; }
    const d = near[j]!;
    if (from - d > b.gain) b.gain = from - d;
  }
}

/** Does square `at` hold a ballista unit x's side controls (one it might carry)? */
function ballistaBeside(p: Position, x: number, at: number): boolean {
  const here = p.cells[at]!;
  for (let k = 0; k < here.length; k++) { const y = here[k]!; if (p.type[y] === BALLISTA && p.ctrl[y] === p.side[x]) return true; }
  return false;
}

/**
 * What unit x's moves offer: its leads (`leads`) or its best advance. Its kept moves are read again only when the core
 * hands back another list; under the core's checks (moveCheck) or when a lone missile stand may have leads waiting for
 * backing (waitingLeads, worked out from the whole board), for this decision only. Only the moves that would be chosen
 * are checked, in list order, and the waiting leads (never charges, never advances: they come last in the list) are
 * asked for only when its kept moves hold no lead: the same choice as reading the list that passes the checks.
 */
function offerOf(p: Position, ctx: MoveContext, x: number, enemies: number, near: Float64Array, leads: boolean): Offer {
  const list = keptMoves(ctx, x), check = moveCheck(ctx, x), waiting = needsBacking(ctx.occ.type[x]!, ctx.occ.stands[x]!);
  const stamp = check || waiting ? decision : -1;
  let o = offers[x];
  if (!o || o.list !== list || o.enemies !== enemies || o.at !== p.at[x] || o.decision !== stamp) {
    o = offers[x] = { list, enemies, at: p.at[x]!, decision: stamp, leads: false, advance: false, lead: null, chargeLead: null, best: null, gain: -Infinity };
  }
  if (!check && !waiting) { if (!o.leads) scan(p, x, o, o.list, null, true, true, near); return o; }
  if (leads ? o.leads : o.advance) return o;
  scan(p, x, o, o.list, check, leads, !leads, near);
  if (leads && waiting && !o.lead) scan(p, x, o, waitingLeads(ctx, x), check, true, false, near);
  return o;
}

/**
 * What one unit's moves offer the simple policy, by slot (the last read for that slot): read for `decision` (-1: for
 * as long as the list, the enemy squares and the unit's square stay), its leads and/or its best advance so far.
 */
interface Offer {
  list: readonly Action[]; enemies: number; at: number; decision: number; leads: boolean; advance: boolean;
  lead: Action | null; chargeLead: Action | null; best: Action | null; gain: number;
}
const offers: Offer[] = [];

/**
 * The squares holding the enemies of the side to act, as a key: a number that changes whenever they do (the squares
 * last seen for each side are kept to compare; a change back is a new key, which costs only a read again).
 */
function enemyKey(p: Position): number {
  const bits = p.enemyBits[p.toAct]!, seen = seenBits[p.toAct]!;
  let same = seen.length === bits.length;
  for (let w = 0; same && w < bits.length; w++) same = seen[w] === bits[w];
  if (same) return seenKey[p.toAct]!;
  seenBits[p.toAct] = bits.slice();
  return (seenKey[p.toAct] = ++keys);
}

const seenBits = [new Uint32Array(0), new Uint32Array(0)], seenKey = [0, 0];
let keys = 0;

/**
 * The key of what the side to act makes for: its enemies' squares (enemyKey) and, when the scenario has objectives, the
 * objectives it goes for (goalSquares' mask); a new key whenever either changes.
 */
function targetKey(p: Position, enemies: number, goals: { mask: number }): number {
  if (goals.mask === 0 && p.game.scenario.objectives === undefined) return enemies;
  const t = seenTargets[p.toAct]!;
  if (t.enemies === enemies && t.mask === goals.mask && t.objectives === p.game.scenario.objectives) return t.key;
  seenTargets[p.toAct] = { enemies, mask: goals.mask, objectives: p.game.scenario.objectives, key: ++keys };
  return keys;
}
const seenTargets: Array<{ enemies: number; mask: number; objectives: unknown; key: number }> = [
  { enemies: -1, mask: 0, objectives: null, key: 0 }, { enemies: -1, mask: 0, objectives: null, key: 0 },
];


/**
 * Each square's distance (1B) to the nearest enemy troops of the side to act or square of an objective it goes for
 * (goalSquares; Infinity: none), kept for the last such squares (targetKey). The distance of 1B is the cheapest path of straight steps (1) and diagonal ones (1.5) on an open grid, so
 * two raster passes over the board find every square's (a chamfer distance transform; the sums are exact halves).
 */
let field: { board: Position['board'] | null; enemies: number; near: Float64Array } = { board: null, enemies: 0, near: new Float64Array(0) };

function nearField(p: Position, enemies: number, goals: readonly number[]): Float64Array {
  if (field.board === p.board && field.enemies === enemies) return field.near;
  const { columns: w, rows: h, n } = p.board, enemy = p.enemy[p.toAct]!;
  const near = field.board === p.board ? field.near : new Float64Array(n);
  for (let j = 0; j < n; j++) near[j] = enemy[j] ? 0 : Infinity;
  for (const j of goals) near[j] = 0;
  // Forward: from the squares before (west, north-west, north, north-east); backward: from those after.
  for (let r = 0; r < h; r++) for (let c = 0; c < w; c++) {
    const j = r * w + c;
    let d = near[j]!;
    if (c > 0) d = Math.min(d, near[j - 1]! + 1);
    if (r > 0) {
      d = Math.min(d, near[j - w]! + 1);
      if (c > 0) d = Math.min(d, near[j - w - 1]! + 1.5);
      if (c < w - 1) d = Math.min(d, near[j - w + 1]! + 1.5);
    }
    near[j] = d;
  }
  for (let r = h - 1; r >= 0; r--) for (let c = w - 1; c >= 0; c--) {
    const j = r * w + c;
    let d = near[j]!;
    if (c < w - 1) d = Math.min(d, near[j + 1]! + 1);
    if (r < h - 1) {
      d = Math.min(d, near[j + w]! + 1);
      if (c < w - 1) d = Math.min(d, near[j + w + 1]! + 1.5);
      if (c > 0) d = Math.min(d, near[j + w - 1]! + 1.5);
    }
    near[j] = d;
  }
  field = { board: p.board, enemies, near };
  return near;
}

/**
 * Read unit x's moves `list` (its kept moves or its waiting leads) into offer o: its leads (the first and the first
 * charge) and/or its best advance, in list order, each move that would be chosen passing `check` (null: all pass).
 */
function scan(p: Position, x: number, o: Offer, list: readonly Action[], check: ((a: Action) => boolean) | null, leads: boolean, advance: boolean, near: Float64Array): void {
  const enemy = p.enemy[p.toAct]!, index = p.board.index;
  const crew = p.type[x] === BALLISTARII, from = near[p.at[x]!]!;
  for (const a of list) {
    if (a.type !== 'move' || a.split || a.to === 'off') continue;
    const to = index.get(a.to)!;
    if (enemy[to]) {
      if (!leads || (o.lead && !a.charge) || (check && !check(a))) continue;
      o.lead ??= a;
      if (a.charge) { o.chargeLead = a; break; }
      continue;
    }
    if (!advance || a.charge || (crew && !a.carry)) continue;
    const gain = from - near[to]!;
    if (gain > o.gain && (!check || check(a))) { o.best = a; o.gain = gain; }
  }
  if (leads) o.leads = true;
  if (advance) o.advance = true;
}

/** Distance (1B) between two squares of the board by index. */
export function distanceOf(p: Position, i: number, j: number): number {
  const c = p.board.columns;
  return stepsDistance((i % c) - (j % c), Math.floor(i / c) - Math.floor(j / c));
}

/** How far a shot reaches: to its target unit, or for a ballista to a square holding any enemy unit (Infinity: none there). */
function shotDistance(p: Position, side: number, a: Action): number {
  if (a.type === 'fire') return distanceOf(p, p.at[p.index.get(a.unit)!]!, p.at[p.index.get(a.target)!]!);
  if (a.type !== 'ballistaFire') return Infinity;
  const j = p.board.index.get(a.target)!;
  for (let k = 0, here = p.cells[j]!; k < here.length; k++) if (p.side[here[k]!] !== side) return distanceOf(p, p.at[p.index.get(a.unit)!]!, j);
  return Infinity;
}

/**
 * Each square's distance to the nearest square holding enemy troops or belonging to an objective the side goes for
 * (goalSquares; Infinity: none), worked out when asked.
 */
export function nearEnemy(p: Position, side: number): (j: number) => number {
  const enemy = p.enemy[side]!, squares: number[] = [];
  for (let j = 0; j < p.board.n; j++) if (enemy[j]) squares.push(j);
  for (const j of goalSquares(p, side).squares) if (!enemy[j]) squares.push(j);
  const seen = new Float64Array(p.board.n).fill(-1);
  return (j) => {
    let d = seen[j]!;
    if (d < 0) {
      d = Infinity;
      for (const e of squares) d = Math.min(d, distanceOf(p, j, e));
      seen[j] = d;
    }
    return d;
  };
}

/**
 * Play a game to its end with one policy per side (or one for both); a policy's `sample` is used when it has one.
 * The third argument is either how to apply an action (applyAction by default) or a random generator: then a
 * sampling policy draws with sampleAction from that generator (architecture's `playOut(state, policy, rng)`).
 * Without an `apply` of its own and without `onStep`, it plays on a private working copy, in place.
 */
export function playOut(state: GameState, policy: Policy | Record<string, Policy>, applyOrRng: ((s: GameState, a: Action) => GameState) | RngState = applyAction, onStep?: (s: GameState, a: Action) => void): GameState {
  const apply = typeof applyOrRng === 'function' ? applyOrRng : applyAction;
  if (typeof applyOrRng !== 'function') policy = withRng(policy, applyOrRng);
  if (apply === applyAction && !onStep) return playUntil(state, policy, null, Infinity);
  let s = state;
  for (;;) {
    const a = choose(s, policy);
    if (!a) return s;
    s = apply(s, a);
    onStep?.(s, a);
  }
}

/** The policies with their sampling drawn from `rng`. */
function withRng(policy: Policy | Record<string, Policy>, rng: RngState): Policy | Record<string, Policy> {
  const one = (p: Policy): Policy => {
    if (!p.sample) return p;
    const q: Policy = Object.assign((s: GameState, a: Action[]) => p(s, a), { sample: (s: GameState) => sampleAction(s, rng) });
    coreSamplers.set(q, (pos) => sampleIn(pos, rng));
    return q;
  };
  return typeof policy === 'function' ? one(policy) : Object.fromEntries(Object.entries(policy).map(([k, p]) => [k, one(p)]));
}
