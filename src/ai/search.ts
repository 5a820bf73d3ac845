/**
 * The search player: it decides from what its side sees (`viewFor`) and draws a fresh hidden world consistent with
 * that view (the other side's secret MDI pick, the dice) for every simulation. Simulations run on the engine's core
 * (no JSON state per action), played on by the simple policy for both sides, and are scored by the evaluation.
 *
 * - The move and support phases are planned as a whole: online evolutionary planning (plan.ts) evolves the side's
 *   whole sequence of actions for the phase (which units move where, charge, lead, support), each plan scored after
 *   short playouts to the end of the turn; the best plan is then played action by action.
 * - Other choices (fire targets, which stands to lose) compare a few root candidates on common sampled worlds.
 * - The secret MDI pick is a mixed strategy (regret matching over an estimated 6x6 payoff matrix); deployment uses a
 *   heuristic; forced and trivial choices are decided at once.
 */
import { actionKey, type Action } from '../rules/actions';
import { positionOf } from '../rules/game';
import { DEPLOY, END_TURN, MISSILE, BALLISTA_FIRE, MOVE, OVER, SUPPORT, applyCore, listActions, toState, type Position } from '../engine';
import { createRng } from '../rules/random';
import { positionView, viewFor, type GameView } from '../rules/view';
import { simpleChoice, simplePolicy, type Policy } from './basic';
import { deployChoice, mdiChoice, orderCandidates, sampleWorld, sampleWorldCore, type Hidden } from './choices';
import { deadline, type Deadline } from './clock';
import { clearlyAbove, evaluatePosition } from './evaluate';
import { fingerprint, listedAs, planPhase, type PlanMemory } from './plan';

export type { PlanMemory };
import { playCore } from './playout';
import type { SearchBudget } from './budget';
import { gameSeed, stream, type Stream } from './rng';

export { sampleWorld };
export type { SearchBudget } from './budget';

export type AiLevel = 'easy' | 'normal' | 'hard';


/**
 * The three levels of the computer opponent as budgets (iterations first; a time cap when a clock is given). Measured
 * on the ladder (README), more plans and worlds past a few buy little, so the levels differ in kind: "easy" judges a
 * handful of plans where the phase ends (what its moves threaten and leave exposed, not the melees they start) and
 * keeps to the obvious plan unless another is clearly better; "normal" plays each of a few plans' melees out to the
 * turn's end, choosing among fewer candidates a step; "hard" looks past the turn: each of forty times the plans, with
 * twice the choices a step, is played on through the other side's next turn (the simple policy its model of the
 * reply) in eight worlds of dice. Playouts to the turn's end with more plans and worlds measured no stronger than
 * normal; the look past the turn with eight worlds is what made hard clearly stronger (docs/dev/bench.md, the ladder).
 */
export const AI_LEVELS: Record<AiLevel, SearchBudget> = {
  easy: { candidates: 3, simulations: 8, horizon: 150, turns: 0, localFire: true, timeMs: 250, plans: 4, population: 4, worlds: 1, mdiWorlds: 1, planMargin: 0.05 },
  normal: { candidates: 3, simulations: 24, horizon: 250, turns: 1, localFire: true, timeMs: 1000, plans: 8, population: 4, worlds: 2, mdiWorlds: 4, planMargin: 0.02 },
  hard: { candidates: 6, simulations: 96, horizon: 300, turns: 2, localFire: true, timeMs: 3000, plans: 320, population: 32, worlds: 8, mdiWorlds: 12, planMargin: 0.02 },
};

export interface SearchOptions {
  level?: AiLevel; seed: number; budget?: Partial<SearchBudget>; now?: () => number;
  /**
   * Where the rest of a plan is kept between decisions (by default the policy's own): a caller that makes a fresh
   * policy for every decision (the play view's worker) passes one it keeps, so a phase is planned once, not per action.
   */
  memory?: PlanMemory;
}

/**
 * The search player as a pure policy: deterministic for a seed (and for a budget without a clock). It decides on the
 * position of its side's view; `onCore` makes that position from the game's own (a copy with the other side's pending
 * MDI pick blanked: no JSON state), so a game of search players (balance runs) plays on the core throughout. Both
 * routes make the same decisions (tests/ai/search-same.test.ts).
 */
export function searchPolicy(options: SearchOptions): Policy {
  const budget: SearchBudget = { ...AI_LEVELS[options.level ?? 'normal'], ...options.budget };
  // The rest of the plan last made, by the position each step is for (this player's own: never shared).
  const memory: PlanMemory = options.memory ?? new Map();
  let decision = 0;
  const policy: Policy = (state, actions) => {
    const r = stream(gameSeed(options.seed, decision++));
    const view = viewFor(state, state.toAct!);
    const base = positionOf(view);
    const chosen = decide(base, view.hiddenPicks, listActions(base), () => view, budget, r, options.now, memory);
    // Hand back the caller's own action object (the engine recognises the objects it listed).
    const key = actionKey(chosen);
    return actions.find((a) => actionKey(a) === key) ?? chosen;
  };
  policy.onCore = (p) => {
    if (p.phase === OVER || p.toAct < 0) return null;
    // Hidden set-up blanks the other side's placements: those few decisions are made from the JSON view.
    if (p.phase === DEPLOY) {
      const view = viewFor(toState(p), p.sides[p.toAct]!);
      const base = positionOf(view), all = listActions(base);
      return all.length === 0 ? null : decide(base, view.hiddenPicks, all, () => view, budget, stream(gameSeed(options.seed, decision++)), options.now, memory);
    }
    const { base, hidden } = positionView(p);
    const all = listActions(base);
    if (all.length === 0) return null;
    return decide(base, hidden, all, () => viewFor(toState(p), p.sides[p.toAct]!), budget, stream(gameSeed(options.seed, decision++)), options.now, memory);
  };
  return policy;
}

/**
 * How a decision is made, on `base`, the position of the side to act's view (`hidden`: the sides whose secret pick it
 * blanks; `all`: its legal actions; `view`: the JSON view, asked only for hidden set-up). Forced and trivial ones (one
 * option, ending the turn, turning after a melee) at once by the simple policy; the move and support phases by
 * whole-phase plans; choices settled within the current melee or ballista volley (which stands to lose) by short
 * playouts to its end; everything else by paired playouts.
 */
function decide(base: Position, hidden: Hidden, all: readonly Action[], view: () => GameView, budget: SearchBudget, r: Stream, now: (() => number) | undefined, memory: PlanMemory): Action {
  const pool = all.length > 1 ? all.filter((a) => a.type !== 'concede') : all.slice();
  if (pool.length === 1) return pool[0]!;
  const clock = deadline(budget.timeMs, now);
  const side = base.sides[base.toAct]!;
  if (base.phase === DEPLOY) return deployChoice(view(), side, pool, r);
  if (pool.every((a) => a.type === 'mdi')) return mdiChoice(base, hidden, side, r, clock, budget.mdiWorlds);
  if (base.phase === END_TURN || pool.every((a) => a.type === 'face' || a.type === 'endFacing')) return simpleChoice(base, pool, createRng(r.seed()));
  if ((base.phase === MOVE || base.phase === SUPPORT) && budget.plans > 0) {
    const known = memory.get(fingerprint(base));
    const kept = known && listedAs(pool, known);
    if (kept) return kept;
    memory.clear();
    return planPhase(hidden, base, pool, budget, r, clock, memory);
  }
  const roots = orderCandidates(base, pool, budget.candidates, r);
  if (roots.length === 1) return roots[0]!;
  const turn = base.turn, phase = base.phase, current = base.current;
  const local = isLocal(base, pool, budget);
  const stop = local
    ? (p: Position) => p.phase !== phase || p.current !== current
    : (p: Position) => p.turn >= turn + budget.turns;
  // Choices judged within the phase play short playouts: four times as many of them fit the same time.
  return pairedSearch(hidden, base, roots, local ? LOCAL_FACTOR * budget.simulations : budget.simulations, budget.horizon, stop, r, clock, budget.weights);
}

/**
 * Choices judged by their immediate effect (playouts to the end of the melee or of the fire phase): which stands
 * to lose, and, when the budget says so, fire targets.
 */
function isLocal(base: Position, pool: Action[], budget: SearchBudget): boolean {
  if (pool.every((a) => a.type === 'allocate' || a.type === 'ballistaLoss' || a.type === 'fireLoss')) return true;
  return budget.localFire && (base.phase === MISSILE || base.phase === BALLISTA_FIRE);
}

/**
 * Root candidates compared on common random numbers: each round samples one hidden world and one playout seed
 * and plays every candidate in it, so the comparison is paired and the dice mostly cancel out. Only whole rounds
 * count (the clock may cut one short). The first candidate (the simple policy's choice) keeps its place unless
 * another beats it by a clear margin.
 */
function pairedSearch(hidden: Hidden, base: Position, roots: Action[], simulations: number, horizon: number, stop: (p: Position) => boolean, r: Stream, clock: Deadline, weights?: readonly number[]): Action {
  const me = base.toAct;
  const totals = roots.map(() => 0);
  const rounds = Math.max(1, Math.ceil(simulations / roots.length));
  let played = 0;
  for (let k = 0; k < rounds; k++) {
    const worldSeed = r.seed(), playSeed = r.seed();
    const round: number[] = [];
    for (let i = 0; i < roots.length; i++) {
      if (clock.over()) break;
      const root = roots[i]!;
      round.push(clock.time(() => {
        const p = sampleWorldCore(hidden, base, stream(worldSeed));
        applyCore(p, root);
        playCore(p, simplePolicy(playSeed).onCore!, stop, horizon);
        return evaluatePosition(p, me, weights);
      }));
    }
    if (round.length < roots.length) break;
    for (let i = 0; i < roots.length; i++) totals[i]! += round[i]!;
    played++;
  }
  if (played === 0) return roots[0]!;
  // The margin is asked in the model's log-odds, as the planner's final race asks it: near a sure loss or win every
  // value is squeezed towards 0 or 1, and a fixed step in value would keep the simple choice however much better
  // another is (a javelin volley that takes a 3-point stand rather than a 1-point one, in a lost position).
  let best = 0;
  for (let i = 1; i < roots.length; i++) if (totals[i]! / played > clearlyAbove(totals[best]! / played, MARGIN)) best = i;
  return roots[best]!;
}

/** How many more simulations a choice judged within its phase (fire targets, losses) gets than the budget's. */
const LOCAL_FACTOR = 4;

/** How much better (in mean value, 0..1) a candidate must score to replace the simple policy's choice, at an even position. */
const MARGIN = 0.03;
