/**
 * The search player: information-set Monte Carlo search from what its side sees (`viewFor`). Each simulation draws
 * a fresh hidden world consistent with the view (the other side's secret MDI pick, the dice), plays the root
 * candidates in it, plays on with the simple policy to the end of the turn (a truncated playout) and scores the
 * result by the points margin; candidates are compared on the same sampled worlds (common random numbers). The secret MDI
 * pick is a mixed strategy (regret matching over an estimated 6x6 payoff matrix); deployment uses a heuristic.
 */
import { actionKey, type Action } from '../actions';
import { applyAction, legalActions } from '../game';
import { squareName } from '../coords';
import { squareDistance } from '../geometry';
import { MDIS, type Mdi } from '../melee';
import { createRng } from '../random';
import { defaultFacing } from '../scenario';
import type { GameState } from '../state';
import { viewFor, type GameView } from '../view';
import { simplePolicy, type Policy } from './basic';
import { armyScale, evaluate, pointsMargin } from './evaluate';
import { drawFrom, regretMatching } from './mixed';
import { playUntil } from './playout';
import { gameSeed, stream, type Stream } from './rng';

export type AiLevel = 'easy' | 'normal' | 'hard';

export interface SearchBudget {
  /** Root candidates kept after move ordering. */
  candidates: number;
  /** Simulations per decision. */
  simulations: number;
  /** Cap on one playout's actions. */
  horizon: number;
  /** Wall-clock cap per decision in ms, used only when a clock is given (the play view); runs stay seeded. */
  timeMs: number;
}

/** The three levels of the computer opponent as budgets (iterations first; a time cap when a clock is given). */
export const AI_LEVELS: Record<AiLevel, SearchBudget> = {
  easy: { candidates: 3, simulations: 6, horizon: 60, timeMs: 250 },
  normal: { candidates: 5, simulations: 24, horizon: 120, timeMs: 1000 },
  hard: { candidates: 8, simulations: 96, horizon: 200, timeMs: 3000 },
};

export interface SearchOptions { level?: AiLevel; seed: number; budget?: Partial<SearchBudget>; now?: () => number }

type World = GameState;

/** A world consistent with the view: the other side's hidden picks drawn at random, fresh dice. */
export function sampleWorld(view: GameView, r: Stream): World {
  let melees = view.melees;
  if (view.hiddenPicks.length > 0 && view.current !== null) {
    const m = view.melees[view.current]!;
    const mdi = { ...m.mdi };
    for (const side of view.hiddenPicks) mdi[side] = MDIS[r.int(MDIS.length)]!;
    melees = view.melees.map((x, i) => (i === view.current ? { ...x, mdi } : x));
  }
  return { ...view, melees, rng: createRng(r.seed()) };
}

/** The search player as a pure policy: deterministic for a seed (and for a budget without a clock). */
export function searchPolicy(options: SearchOptions): Policy {
  const budget: SearchBudget = { ...AI_LEVELS[options.level ?? 'normal'], ...options.budget };
  let decision = 0;
  return (state, actions) => {
    const r = stream(gameSeed(options.seed, decision++));
    const side = state.toAct!;
    const view = viewFor(state, side);
    const chosen = decide(view, side, budget, r, options.now);
    // Hand back the caller's own action object (the engine recognises the objects it listed).
    const key = actionKey(chosen);
    return actions.find((a) => actionKey(a) === key) ?? chosen;
  };
}

function decide(view: GameView, side: string, budget: SearchBudget, r: Stream, now?: () => number): Action {
  const all = legalActions(view);
  const pool = all.length > 1 ? all.filter((a) => a.type !== 'concede') : all;
  if (pool.length === 1) return pool[0]!;
  if (view.phase === 'deploy') return deployChoice(view, side, pool, r);
  if (pool.every((a) => a.type === 'mdi')) return mdiChoice(view, side, r);
  const roots = orderCandidates(view, side, pool, budget.candidates, r);
  if (roots.length === 1) return roots[0]!;
  return pairedSearch(view, side, roots, budget, r, now);
}

/**
 * Root candidates compared on common random numbers: each round samples one hidden world and one playout seed
 * and plays every candidate in it, so the comparison is paired and the dice mostly cancel out. The first
 * candidate (the simple policy's choice) keeps its place unless another beats it by a clear margin.
 */
function pairedSearch(view: GameView, side: string, roots: Action[], budget: SearchBudget, r: Stream, now?: () => number): Action {
  const scale = armyScale(view);
  const totals = roots.map(() => 0);
  const deadline = now ? now() + budget.timeMs : Infinity;
  const turn = view.turn;
  const rounds = Math.max(1, Math.ceil(budget.simulations / roots.length));
  let played = 0;
  for (let k = 0; k < rounds; k++) {
    if (k > 0 && now && now() > deadline) break;
    const worldSeed = r.seed(), playSeed = r.seed();
    for (let i = 0; i < roots.length; i++) {
      const world = sampleWorld(view, stream(worldSeed));
      const start = applyAction(world, roots[i]!);
      const end = playUntil(start, simplePolicy(playSeed), (s) => s.turn > turn, budget.horizon);
      totals[i]! += evaluate(end, side, scale);
    }
    played++;
  }
  let best = 0;
  for (let i = 1; i < roots.length; i++) if (totals[i]! > totals[best]! + MARGIN * played) best = i;
  return roots[best]!;
}

/** How much better (in mean value, 0..1) a candidate must score to replace the simple policy's choice. */
const MARGIN = 0.03;

/**
 * Move ordering: the simple policy's choice and the "pass" action (end the move, hold fire) always stay; the
 * rest are ranked by a cheap prior (leading melees and charges, shooting the nearest target, supporting, closing
 * on the enemy), ties broken at random.
 */
function orderCandidates(view: GameView, side: string, pool: Action[], k: number, r: Stream): Action[] {
  const enemies = view.units.filter((u) => u.side !== side && u.status === 'active' && u.at !== null && u.type !== 'ballista');
  const nearest = (sq: string) => enemies.reduce((m, u) => Math.min(m, squareDistance(sq, u.at!)), Infinity);
  const at = new Map(view.units.map((u) => [u.id, u.at]));
  const enemyAt = new Set(enemies.map((u) => u.at!));
  const prior = (a: Action): number => {
    switch (a.type) {
      case 'move': {
        if (a.split) return -1;
        if (enemyAt.has(a.to)) return a.runOver ? 3 : a.charge ? 2.5 : 2;
        const from = at.get(a.unit);
        return from ? Math.min(1, (nearest(from) - nearest(a.to)) / 4) : 0;
      }
      case 'support': return 2;
      case 'fire': { const f = at.get(a.unit), t = at.get(a.target); return f && t ? 2 - squareDistance(f, t) / 10 : 1; }
      case 'ballistaFire': return enemyAt.has(a.target) ? 2 : -1;
      case 'destroyBallista': return 1;
      default: return 0;
    }
  };
  const simple = simplePolicy(r.seed())(view, pool);
  const pass = pool.find((a) => a.type === 'endMove' || a.type === 'hold' || a.type === 'ballistaHold' || a.type === 'endSupport' || a.type === 'endFacing');
  const ranked = pool.map((a) => ({ a, p: prior(a) + r.next() * 0.01 })).sort((x, y) => y.p - x.p).map((x) => x.a);
  const out: Action[] = [];
  for (const a of [simple, pass, ...ranked]) {
    if (a && !out.includes(a) && out.length < Math.max(1, k)) out.push(a);
  }
  return out;
}

/** The secret MDI pick: estimate each pair's outcome by resolving the melee in a sampled world, mix by RM+. */
function mdiChoice(view: GameView, side: string, r: Stream): Action {
  const cur = view.current!;
  const other = Object.keys(view.melees[cur]!.mdi).find((s) => s !== side)!;
  const rollout = simplePolicy(r.seed());
  const base = sampleWorld(view, r);
  const payoff = MDIS.map((mine) => MDIS.map((theirs: Mdi) => {
    const melees = base.melees.map((m, i) => (i === cur ? { ...m, mdi: { ...m.mdi, [other]: theirs } } : m));
    const start = applyAction({ ...base, melees }, { type: 'mdi', side, mdi: mine });
    const end = playUntil(start, rollout, (s) => s.current === null || s.phase !== 'melee', 40);
    return pointsMargin(end, side);
  }));
  const { row } = regretMatching(payoff);
  return { type: 'mdi', side, mdi: MDIS[drawFrom(row, r.next())]! };
}

/** Deployment: face the enemy; melee troops towards the middle of the board, missile troops a little behind. */
function deployChoice(view: GameView, side: string, pool: Action[], r: Stream): Action {
  const me = view.sides.find((s) => s.id === side)!;
  const facing = defaultFacing(me.edge);
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
