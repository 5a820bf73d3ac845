/**
 * The one place where simulations step a game forward. A policy that carries `sample` (the random policy, via the
 * engine's sampleAction) draws its action without listing them all; other policies (the simple policy, which the
 * search's playouts use because it measures far stronger than random play) pick from the legal list.
 */
import type { Action } from '../actions';
import { applyAction, legalActions } from '../game';
import type { GameState } from '../state';
import type { Policy } from './basic';

/** One action by `policy` (or the side's policy); null when the game is over. */
export function step(state: GameState, policy: Policy | Record<string, Policy>): { state: GameState; action: Action } | null {
  if (state.phase === 'over') return null;
  const p = typeof policy === 'function' ? policy : policy[state.toAct!]!;
  if (p.sample) {
    const drawn = p.sample(state);
    return drawn ? { state: applyAction(state, drawn), action: drawn } : null;
  }
  const actions = legalActions(state);
  if (actions.length === 0) return null;
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
