/**
 * The search player: information-set Monte Carlo search from what its side sees (`viewFor`). Each simulation draws
 * a fresh hidden world consistent with the view (the other side's secret MDI pick, the dice), plays the root
 * candidates in it, plays on with the simple policy for both sides (a truncated playout) and scores the result by
 * the points margin; candidates are compared on the same sampled worlds (common random numbers). Forced and
 * trivial choices are decided at once, so the budget goes to moves, charges, fire targets and melee choices. The
 * secret MDI pick is a mixed strategy (regret matching over an estimated 6x6 payoff matrix); deployment uses a
 * heuristic.
 */
import { actionKey, type Action } from '../actions';
import { applyAction, legalActions } from '../game';
import type { GameState } from '../state';
import { viewFor, type GameView } from '../view';
import { simplePolicy, type Policy } from './basic';
import { deployChoice, mdiChoice, orderCandidates, sampleWorld } from './choices';
import { deadline, type Deadline } from './clock';
import { armyScale, evaluate } from './evaluate';
import { playUntil } from './playout';
import { gameSeed, stream, type Stream } from './rng';

export { sampleWorld };

export type AiLevel = 'easy' | 'normal' | 'hard';

export interface SearchBudget {
  /** Root candidates kept after move ordering. */
  candidates: number;
  /** Simulations per decision (shared among the candidates). */
  simulations: number;
  /** Cap on one playout's actions. */
  horizon: number;
  /** Playouts run to the end of this many turns (1: the current turn; 2: also the other side's next turn). */
  turns: number;
  /** Fire targets judged by the fire phase's own result (cheaper, greedy) rather than by playouts to the turn's end. */
  localFire: boolean;
  /** Wall-clock cap per decision in ms, used only when a clock is given; without one, runs are fully seeded. */
  timeMs: number;
}

/** The three levels of the computer opponent as budgets (iterations first; a time cap when a clock is given). */
export const AI_LEVELS: Record<AiLevel, SearchBudget> = {
  easy: { candidates: 3, simulations: 6, horizon: 80, turns: 1, localFire: true, timeMs: 250 },
  normal: { candidates: 5, simulations: 24, horizon: 250, turns: 2, localFire: true, timeMs: 1000 },
  hard: { candidates: 8, simulations: 64, horizon: 300, turns: 2, localFire: true, timeMs: 3000 },
};

export interface SearchOptions { level?: AiLevel; seed: number; budget?: Partial<SearchBudget>; now?: () => number }

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

/**
 * How a decision is made. Forced and trivial ones (one option, ending the turn, turning after a melee) at once by
 * the simple policy; choices settled within the current melee or ballista volley (which stands to lose) by short
 * playouts to its end; everything else by the full search.
 */
function decide(view: GameView, side: string, budget: SearchBudget, r: Stream, now?: () => number): Action {
  const all = legalActions(view);
  const pool = all.length > 1 ? all.filter((a) => a.type !== 'concede') : all;
  if (pool.length === 1) return pool[0]!;
  const clock = deadline(budget.timeMs, now);
  if (view.phase === 'deploy') return deployChoice(view, side, pool, r);
  if (pool.every((a) => a.type === 'mdi')) return mdiChoice(view, side, r, clock);
  if (view.phase === 'endTurn' || pool.every((a) => a.type === 'face' || a.type === 'endFacing')) return simplePolicy(r.seed())(view, pool);
  const roots = orderCandidates(view, side, pool, budget.candidates, r);
  if (roots.length === 1) return roots[0]!;
  const turn = view.turn, phase = view.phase, current = view.current;
  const stop = isLocal(view, pool, budget)
    ? (s: GameState) => s.phase !== phase || s.current !== current
    : (s: GameState) => s.turn >= turn + budget.turns;
  return pairedSearch(view, side, roots, budget, stop, r, clock);
}

/**
 * Choices judged by their immediate effect (playouts to the end of the melee or of the fire phase): which stands
 * to lose, and, when the budget says so, fire targets.
 */
function isLocal(view: GameView, pool: Action[], budget: SearchBudget): boolean {
  if (pool.every((a) => a.type === 'allocate' || a.type === 'ballistaLoss')) return true;
  return budget.localFire && (view.phase === 'missile' || view.phase === 'ballista');
}

/**
 * Root candidates compared on common random numbers: each round samples one hidden world and one playout seed
 * and plays every candidate in it, so the comparison is paired and the dice mostly cancel out. Only whole rounds
 * count (the clock may cut one short). The first candidate (the simple policy's choice) keeps its place unless
 * another beats it by a clear margin.
 */
function pairedSearch(view: GameView, side: string, roots: Action[], budget: SearchBudget, stop: (s: GameState) => boolean, r: Stream, clock: Deadline): Action {
  const scale = armyScale(view);
  const totals = roots.map(() => 0);
  const rounds = Math.max(1, Math.ceil(budget.simulations / roots.length));
  let played = 0;
  for (let k = 0; k < rounds; k++) {
    const worldSeed = r.seed(), playSeed = r.seed();
    const round: number[] = [];
    for (let i = 0; i < roots.length; i++) {
      if (clock.over()) break;
      const root = roots[i]!;
      round.push(clock.time(() => {
        const start = applyAction(sampleWorld(view, stream(worldSeed)), root);
        return evaluate(playUntil(start, simplePolicy(playSeed), stop, budget.horizon), side, scale);
      }));
    }
    if (round.length < roots.length) break;
    for (let i = 0; i < roots.length; i++) totals[i]! += round[i]!;
    played++;
  }
  let best = 0;
  for (let i = 1; i < roots.length; i++) if (totals[i]! > totals[best]! + MARGIN * played) best = i;
  return roots[best]!;
}

/** How much better (in mean value, 0..1) a candidate must score to replace the simple policy's choice. */
const MARGIN = 0.03;
