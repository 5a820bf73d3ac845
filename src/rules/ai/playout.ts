/**
 * The one place where simulations step a game forward. A policy that carries `sample` (the random policy, via the
 * engine's sampleAction) draws its action without listing them all; other policies (the simple policy, which the
 * search's playouts use because it measures far stronger than random play) pick from the legal list.
 */
import type { Action } from '../actions';
import { applyAction, applyInPlace, legalActions, workingCopy } from '../game';
import type { GameState } from '../state';
import type { Policy } from './basic';

/** The action `policy` (or the side's policy) takes now; null when the game is over. */
export function choose(state: GameState, policy: Policy | Record<string, Policy>): Action | null {
  if (state.phase === 'over') return null;
  const p = typeof policy === 'function' ? policy : policy[state.toAct!]!;
  if (p.sample) return p.sample(state);
  const actions = legalActions(state);
  return actions.length === 0 ? null : p(state, actions);
}

/** One action by `policy` (or the side's policy); null when the game is over. */
export function step(state: GameState, policy: Policy | Record<string, Policy>): { state: GameState; action: Action } | null {
  const action = choose(state, policy);
  return action ? { state: applyAction(state, action), action } : null;
}

/**
 * Play on until `stop(state)` says so, the game ends, or `maxSteps` actions have been played. Plays on a private
 * working copy (applyInPlace): `state` is not changed, and the state returned is the caller's own.
 */
export function playUntil(state: GameState, policy: Policy | Record<string, Policy>, stop: (s: GameState) => boolean, maxSteps: number): GameState {
  const s = workingCopy(state);
  for (let n = 0; n < maxSteps && !stop(s); n++) {
    const a = choose(s, policy);
    if (!a) break;
    applyInPlace(s, a);
  }
  return s;
}
