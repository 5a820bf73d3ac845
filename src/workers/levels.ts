/**
 * The computer opponent's decision, shared by the Web Worker and tests: it sees only `viewFor(state, side)`.
 * How hard each level plays is settled in `policyFor` alone, so a stronger player can be swapped in there.
 */
import { AI_LEVELS, legalActions, searchPolicy, simplePolicy, viewFor, actionKey, type Action, type AiLevel, type GameState, type PlanMemory, type Policy } from '../rules';

/**
 * The levels a player picks from, each with a line on how it plays and how strong it is, from the ladder's paired
 * point margins (issue 43: `npm run bench -- ladder`, generated scenarios no level was tuned on, each pair of games
 * one seed with the level once in each seat, 100 pairs or more a pairing; docs/dev/bench.md). Suggest plays the
 * simple policy.
 */
export const LEVELS = [
  { id: 1, label: 'Easy', about: 'Keeps mostly to the obvious plan. Scores about 40 points more than the player Suggest follows over a pair of games (one on each side). Answers within a quarter of a second.' },
  { id: 2, label: 'Normal', about: 'Plays each plan\'s melees out before choosing. Scores about 24 points more than Easy over a pair of games (one on each side). Up to a second a move.' },
  { id: 3, label: 'Hard', about: 'Looks past its own turn to your reply, over forty times as many plans as Normal. Scores about 19 points more than Normal over a pair of games (one on each side). Up to 3 seconds a move.' },
] as const;

/** Level 0: a quick hint for the player at the screen (the simple policy, fast enough for the page's own thread). */
export const HINT_LEVEL = 0;

const SEARCH_LEVELS: Record<number, AiLevel> = { 1: 'easy', 2: 'normal', 3: 'hard' };

/** The search level a hint is worked out at: the game's level (normal for hot-seat games and the quick hint). */
export function hintLevel(level: number): AiLevel {
  return SEARCH_LEVELS[level] ?? 'normal';
}

/** The wall-clock cap on one decision of a level in the worker (ms; 0 for hints, which are not capped). */
export function thinkingCapMs(level: number): number {
  const search = SEARCH_LEVELS[level];
  return search ? AI_LEVELS[search].timeMs : 0;
}

/**
 * The rest of each level's last plan (by the position each step is for): a policy is made afresh for every decision,
 * and a move phase planned at its first action is then played out without planning again at every action.
 */
const plans = new Map<number, PlanMemory>();

/**
 * The policy that plays a level: the search player with that level's budget (capped in time when a clock is
 * given, as in the worker; iterations only, fully seeded, without one); the simple policy for hints. `spentMs`: time
 * the decision has already taken on that clock (reading the state, listing the actions), taken off the level's cap.
 */
export function policyFor(level: number, seed: number, now?: () => number, spentMs = 0): Policy {
  const search = SEARCH_LEVELS[level];
  if (!search) return simplePolicy(seed);
  let memory = plans.get(level);
  if (!memory) plans.set(level, (memory = new Map()));
  return searchPolicy({ level: search, seed, memory, ...(now ? { now, budget: { timeMs: Math.max(0, AI_LEVELS[search].timeMs - spentMs) } } : {}) });
}

/**
 * The computer's action for `side` in `state`, decided from that side's view only (hidden deployment and the
 * other side's pending MDI pick are blanked before the policy sees them). Deterministic for a seed. `listed`: the
 * side's legal actions when the caller has listed them already (the play view): not listed again.
 */
export function decide(state: GameState, side: string, level: number, seed: number, now?: () => number, listed?: readonly Action[]): Action {
  // The cap counts from here: the view and the listing (slow when the caches are cold) are part of the decision.
  const start = now?.() ?? 0;
  const view = viewFor(state, side);
  const actions = listed ? [...listed] : legalActions(view);
  if (actions.length === 0) throw new Error(`${side} has nothing to do now`);
  const choice = policyFor(level, (seed + state.log.length * 7919) >>> 0, now, now ? now() - start : 0)(view, actions);
  // The view's list is the real list for the side to act (what it cannot see never changes its own options).
  return actions.find((a) => actionKey(a) === actionKey(choice)) ?? choice;
}
