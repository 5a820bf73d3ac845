/**
 * The search player's choices that need no full search: which candidates to try (move ordering, on the core's
 * position), the secret MDI pick (a mixed strategy) and deployment (a heuristic placement); and the sampled worlds.
 */
import type { Action } from '../rules/actions';
import { squareName } from '../rules/coords';
import { squareDistance } from '../rules/geometry';
import { MDIS, type Mdi } from '../rules/melee';
import { createRng, type RngState } from '../rules/random';
import { defaultFacing } from '../rules/scenario';
import type { GameState } from '../rules/state';
import type { GameView } from '../rules/view';
import { ACTIVE, BALLISTA, MELEE, applyCore, copyPosition, pointsOf, type Position } from '../engine';
import { FIGHTS, REACH } from './evaluate';
import { distanceOf, nearEnemy, simpleChoice, simplePolicy } from './basic';
import { drawFrom, regretMatching } from './mixed';
import { playCore } from './playout';
import type { Deadline } from './clock';
import type { Stream } from './rng';

/** A world consistent with the view: the other side's hidden picks drawn at random, fresh dice. */
export function sampleWorld(view: GameView, r: Stream): GameState {
  let melees = view.melees;
  if (view.hiddenPicks.length > 0 && view.current !== null) {
    const m = view.melees[view.current]!;
    const mdi = { ...m.mdi };
    for (const side of view.hiddenPicks) mdi[side] = MDIS[r.int(MDIS.length)]!;
    melees = view.melees.map((x, i) => (i === view.current ? { ...x, mdi } : x));
  }
  return { ...view, melees, rng: createRng(r.seed()) };
}

/** The sides whose secret MDI pick a view blanks (its `hiddenPicks`). */
export type Hidden = readonly string[];

/**
 * sampleWorld on the core: a copy of the view's position `base` (`hidden`: the view's hiddenPicks) with the other
 * side's hidden picks drawn at random and fresh dice (the same draws as sampleWorld, in the same order). Simulations
 * play on it in place.
 */
export function sampleWorldCore(hidden: Hidden, base: Position, r: Stream): Position {
  const p = copyPosition(base);
  p.events = null;
  p.log = null;
  if (hidden.length > 0 && p.current >= 0) {
    const m = p.melees[p.current]!;
    for (const side of hidden) m.mdi[p.sides.indexOf(side) as 0 | 1] = r.int(MDIS.length);
  }
  p.rng = createRng(r.seed());
  return p;
}

/** The "pass" action of a decision (end the move, hold fire, end supports or facing), if it has one. */
export function passAction(pool: readonly Action[]): Action | undefined {
  return pool.find((a) => a.type === 'endMove' || a.type === 'hold' || a.type === 'ballistaHold' || a.type === 'endSupport' || a.type === 'endFacing');
}

/**
 * A cheap prior for move ordering: leading melees and charges, shooting the nearest target, supporting, closing on
 * the enemy; leaving the board, splitting and facing changes last.
 */
function prior(p: Position, a: Action, near: (j: number) => number): number {
  const enemy = p.enemy[p.toAct]!;
  switch (a.type) {
    case 'move': {
      if (a.split) return -1;
      if (a.to === 'off') return -2; // leaving halves the unit's worth (R-exit)
      const to = p.board.index.get(a.to)!;
      if (a.runOver) return 3; // a free kill on the way (R-run-over)
      if (enemy[to]) return a.charge ? 2.5 : 2;
      const from = p.at[p.index.get(a.unit)!]!;
      return from >= 0 ? Math.min(1, (near(from) - near(to)) / 4) : 0;
    }
    case 'support': return 2;
    case 'fire': { const f = p.at[p.index.get(a.unit)!]!, t = p.at[p.index.get(a.target)!]!; return f >= 0 && t >= 0 ? 2 - distanceOf(p, f, t) / 10 : 1; }
    case 'ballistaFire': return enemy[p.board.index.get(a.target)!] ? 2 : -1;
    case 'destroyBallista': return 1;
    case 'face': return -0.5;
    default: return 0;
  }
}

/**
 * Move ordering on the core: the simple policy's choice (its random picks from `r`) and the "pass" action always
 * first, then the rest by the prior, at most one plain move per unit (its best: a unit's twenty squares would crowd
 * out every other unit), ties in listing order, unless `noise` spreads them: up to k actions.
 */
export function rankedOnCore(p: Position, actions: readonly Action[], k: number, r: RngState, noise?: Stream): Action[] {
  return rankedAfter(p, actions, k, simpleChoice(p, actions, r), noise);
}

/**
 * rankedOnCore with the simple policy's choice `simple` already made (it alone draws from the generator: the planner
 * makes it at every step, and ranks the rest only where a plan departs from it).
 */
export function rankedAfter(p: Position, actions: readonly Action[], k: number, simple: Action, noise?: Stream): Action[] {
  const pass = passAction(actions);
  const near = nearEnemy(p, p.toAct);
  const enemy = p.enemy[p.toAct]!;
  // Each unit's best plain move and safest move, by slot, and the slots in the order first met (ties keep it).
  const plain: Array<Scored | undefined> = new Array<Scored | undefined>(p.n), safe: Array<Scored | undefined> = new Array<Scored | undefined>(p.n);
  const plainOrder: number[] = [], safeOrder: number[] = [];
  const danger = dangerOf(p, p.toAct);
  const scored: Scored[] = [];
  for (const a of actions) {
    if (a === simple || a === pass || a.type === 'concede') continue;
    const v = prior(p, a, near) + (noise ? noise.next() * 0.01 : 0);
    const to = a.type === 'move' && !a.split && a.to !== 'off' ? p.board.index.get(a.to)! : -1;
    if (to >= 0 && !enemy[to]) {
      const x = p.index.get((a as { unit: string }).unit)!;
      const was = plain[x];
      if (!was) plainOrder.push(x);
      if (!was || v > was.v) plain[x] = { a, v };
      // A unit in reach of the enemy's fighters also offers its safest move (out of reach, or onto a friend's square):
      // the best advance alone never lets a plan pull back a lone commander or a beaten unit.
      const from = p.at[x]!;
      const now = from >= 0 ? danger(from) : 0;
      if (now > 0 && p.type[x] !== BALLISTA) {
        const friend = p.cells[to]!.some((y) => y !== x && p.side[y] === p.toAct);
        const safety = now - danger(to) + (friend ? 0.5 : 0);
        if (safety > 0) {
          const sv = SAFE_PRIOR + safety / 100 + (noise ? noise.next() * 0.001 : 0);
          const had = safe[x];
          if (!had) safeOrder.push(x);
          if (!had || sv > had.v) safe[x] = { a, v: sv };
        }
      }
      continue;
    }
    scored.push({ a, v });
  }
  for (const x of plainOrder) scored.push(plain[x]!);
  for (const x of safeOrder) if (plain[x]?.a !== safe[x]!.a) scored.push(safe[x]!);
  scored.sort((x, y) => y.v - x.v);
  const out: Action[] = [simple];
  if (pass && pass !== simple) out.push(pass);
  for (const { a } of scored) { if (out.length >= Math.max(1, k)) break; out.push(a); }
  return out.slice(0, Math.max(1, k));
}

/** An action with its score for the ranking. */
interface Scored { a: Action; v: number }

/** The prior of a unit's safest move (below leads, charges and supports, above plain advances). */
const SAFE_PRIOR = 1.5;

/**
 * Each square's danger for side `side`'s units, worked out when asked: how many of the other side's fighting units
 * (not retiring) could reach it with a move or charge next turn.
 */
export function dangerOf(p: Position, side: number): (j: number) => number {
  const foes: number[] = [];
  for (let y = 0; y < p.n; y++) {
    const t = p.type[y]!;
    if (p.sq[y]! >= 0 && p.status[y] === ACTIVE && p.side[y] === 1 - side && FIGHTS[t] && !p.retiring[y]) foes.push(y);
  }
  const seen = new Float64Array(p.board.n).fill(-1);
  return (j) => {
    let d = seen[j]!;
    if (d < 0) {
      d = 0;
      for (const y of foes) if (distanceOf(p, j, p.sq[y]!) <= REACH[p.type[y]!]!) d++;
      seen[j] = d;
    }
    return d;
  };
}

/** Root candidates of a decision on the view's position `base` (rankedOnCore with a little noise among equals). */
export function orderCandidates(base: Position, pool: Action[], k: number, r: Stream): Action[] {
  return rankedOnCore(base, pool, k, createRng(r.seed()), r);
}

/**
 * The secret MDI pick, on the view's position `base`: estimate each pair's outcome by resolving the melee in
 * `samples` sampled worlds (every pair meets the same worlds and dice), mix by RM+. Past the deadline the remaining pairs count as level, so the pick is
 * still a mix.
 */
export function mdiChoice(base: Position, hidden: Hidden, side: string, r: Stream, clock: Deadline, samples = 1): Action {
  const payoff = mdiPayoff(base, hidden, side, r, clock, samples);
  const { row } = regretMatching(payoff);
  return { type: 'mdi', side, mdi: MDIS[drawFrom(row, r.next())]! };
}

/** mdiChoice's estimated payoff matrix (points margin summed over the worlds; row: my pick, column: theirs). */
export function mdiPayoff(base: Position, hidden: Hidden, side: string, r: Stream, clock: Deadline, samples = 1): number[][] {
  const me = base.sides.indexOf(side), other = 1 - me;
  const cur = base.current;
  const payoff = MDIS.map(() => MDIS.map(() => 0));
  for (let w = 0; w < Math.max(1, samples); w++) {
    // Only whole worlds count: a world cut short by the clock would weigh some pairs more than others.
    if (w > 0 && clock.over()) break;
    const rollout = simplePolicy(r.seed()).onCore!;
    const world = sampleWorldCore(hidden, base, r);
    MDIS.forEach((mine, i) => MDIS.forEach((_theirs: Mdi, j) => {
      if (clock.over()) return;
      payoff[i]![j]! += clock.time(() => {
        const q = copyPosition(world);
        q.melees[cur]!.mdi[other as 0 | 1] = j;
        applyCore(q, { type: 'mdi', side, mdi: mine });
        playCore(q, rollout, (s) => s.current < 0 || s.phase !== MELEE, 40);
        return pointsOf(q, me) - pointsOf(q, other);
      });
    }));
  }
  return payoff;
}

/** Deployment: face the enemy; melee troops towards the middle of the board, missile troops a little behind. */
export function deployChoice(view: GameView, side: string, pool: Action[], r: Stream): Action {
  const me = view.sides.find((s) => s.id === side)!;
  const facing = defaultFacing(me.edge);
  // Any unplaced unit may be placed next; the computer places them in scenario order (the engine lists that one first).
  const first = pool[0]?.type === 'deploy' ? pool[0].unit : null;
  if (first !== null) pool = pool.filter((a) => a.type !== 'deploy' || a.unit === first);
  const faced = pool.filter((a) => a.type === 'deploy' && a.facing === facing);
  const options = faced.length > 0 ? faced : pool;
  const cols = view.board.columns, rows = view.board.rows;
  const centre = squareName(Math.floor(cols / 2), Math.floor(rows / 2));
  let best = options[0]!, bestScore = Infinity;
  for (const a of options) {
    if (a.type !== 'deploy') continue;
    const score = squareDistance(a.at, centre) + r.next() * 0.5;
    if (score < bestScore) { bestScore = score; best = a; }
  }
  return best;
}
