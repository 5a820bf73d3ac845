/**
 * The one place where simulations step a game forward. A policy that carries `sample` (the random policy, via the
 * engine's sampleAction) draws its action without listing them all; the simple policy (which the search's playouts
 * use because it measures far stronger than random play) chooses on the core's position (`onCore`); other policies
 * pick from the legal list of a JSON state.
 */
import type { Action } from '../rules/actions';
import { applyAction, applyInPlace, legalActions, positionOf, workingCopy } from '../rules/game';
import { applyCore, copyPosition, toState, type Position } from '../engine';
import type { GameState } from '../rules/state';

/**
 * A policy: picks one of the listed legal actions. A policy may also carry `sample`, which draws its action
 * without a list (sampleAction); playOut then never lists the legal actions.
 */
export type Policy = ((state: GameState, actions: Action[]) => Action) & {
  sample?: (state: GameState) => Action | null;
  /** The same choice made on the core's position (null when the game is over): playouts then make no JSON states. */
  onCore?: (p: Position) => Action | null;
};

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
 * Sampling on the core (a policy that draws with sampleAction from a generator): registered by the policies that have
 * one, so that a playout can run on the core's position without making a JSON state per action.
 */
export const coreSamplers = new WeakMap<Policy, (p: Position) => Action | null>();

/** A policy's choice on the core: its own `onCore`, or its core sampler; null when it has neither. */
function onCore(policy: Policy): ((p: Position) => Action | null) | null {
  return policy.onCore ?? coreSamplers.get(policy) ?? null;
}

/** One chooser on the core for the side to act, when every side's policy can choose there; else null. */
export function samplerFor(policy: Policy | Record<string, Policy>): ((p: Position) => Action | null) | null {
  if (typeof policy === 'function') return onCore(policy);
  const bySide = new Map<string, (p: Position) => Action | null>();
  for (const [side, p] of Object.entries(policy)) { const f = onCore(p); if (!f) return null; bySide.set(side, f); }
  return (p) => (p.toAct < 0 ? null : bySide.get(p.sides[p.toAct]!)!(p));
}

/**
 * Play on position `p` in place (the search's simulations: no JSON state at all) with `choose` until `stop(p)` says
 * so (null: never), the game ends, or `maxSteps` actions have been played; returns the actions played.
 */
export function playCore(p: Position, choose: (p: Position) => Action | null, stop: ((p: Position) => boolean) | null, maxSteps: number): number {
  let n = 0;
  for (; n < maxSteps && !stop?.(p); n++) {
    const a = choose(p);
    if (!a) break;
    applyCore(p, a);
  }
  return n;
}

/**
 * Play on until `stop(state)` says so (null: never), the game ends, or `maxSteps` actions have been played. `state`
 * is not changed, and the state returned is the caller's own. Sampling policies with no `stop` play on the core's
 * position alone (the end state then carries no events); others on a private working copy (applyInPlace).
 */
export function playUntil(state: GameState, policy: Policy | Record<string, Policy>, stop: ((s: GameState) => boolean) | null, maxSteps: number): GameState {
  const sample = stop === null ? samplerFor(policy) : null;
  if (sample) {
    const p = copyPosition(positionOf(state));
    p.events = null;
    p.log = state.log.slice();
    playCore(p, sample, null, maxSteps);
    return toState(p);
  }
  const s = workingCopy(state);
  for (let n = 0; n < maxSteps && !stop?.(s); n++) {
    const a = choose(s, policy);
    if (!a) break;
    applyInPlace(s, a);
  }
  return s;
}
