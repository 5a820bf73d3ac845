/**
 * The computer opponent's decision, shared by the Web Worker and tests: it sees only `viewFor(state, side)`.
 * How hard each level plays is settled in `policyFor` alone, so a stronger player can be swapped in there.
 */
import { legalActions, simplePolicy, viewFor, actionKey, type Action, type GameState, type Policy } from '../rules';

export const LEVELS = [
  { id: 1, label: 'Easy' },
  { id: 2, label: 'Normal' },
  { id: 3, label: 'Hard' },
] as const;

/** The policy that plays a level. Today the best available policy (simplePolicy) plays every level. */
export function policyFor(_level: number, seed: number): Policy {
  return simplePolicy(seed);
}

/**
 * The computer's action for `side` in `state`, decided from that side's view only (hidden deployment and the
 * other side's pending MDI pick are blanked before the policy sees them). Deterministic for a seed.
 */
export function decide(state: GameState, side: string, level: number, seed: number): Action {
  const view = viewFor(state, side);
  const actions = legalActions(view);
  if (actions.length === 0) throw new Error(`${side} has nothing to do now`);
  const choice = policyFor(level, (seed + state.log.length * 7919) >>> 0)(view, actions);
  // The view's list is the real list for the side to act (what it cannot see never changes its own options).
  return actions.find((a) => actionKey(a) === actionKey(choice)) ?? choice;
}
