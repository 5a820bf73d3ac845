/**
 * The one place where simulations step a game forward. Today each step lists the legal actions and asks a policy;
 * when the engine gains `sampleAction(state, rng)` (issue 9), `step` is the only function to change.
 */
import type { Action } from '../actions';
import { applyAction, legalActions } from '../game';
import type { GameState } from '../state';
import type { Policy } from './basic';

/** One action by `policy` (or the side's policy); null when the game is over. */
export function step(state: GameState, policy: Policy | Record<string, Policy>): { state: GameState; action: Action } | null {
  const actions = legalActions(state);
  if (actions.length === 0) return null;
  const p = typeof policy === 'function' ? policy : policy[state.toAct!]!;
  const action = p(state, actions);
  return { state: applyAction(state, action), action };
}

/** Play on until `stop(state)` says so, the game ends, or `maxSteps` actions have been played. */
export function playUntil(state: GameState, policy: Policy | Record<string, Policy>, stop: (s: GameState) => boolean, maxSteps: number): GameState {
  let s = state;
  for (let n = 0; n < maxSteps && !stop(s); n++) {
    const next = step(s, policy);
    if (!next) break;
    s = next.state;
  }
  return s;
}
