/** Heuristic value of a position for one side, in [0, 1]: the points margin, and the result once the game is over. */
import type { GameState } from '../state';
import { allPoints } from '../game';

/** Points of `side` minus the best other side's points. */
export function pointsMargin(state: GameState, side: string): number {
  const points = state.result?.points ?? allPoints(state);
  let mine = 0, theirs = -Infinity;
  for (const [id, p] of Object.entries(points)) {
    if (id === side) mine = p;
    else theirs = Math.max(theirs, p);
  }
  return mine - (theirs === -Infinity ? 0 : theirs);
}

/**
 * 0.5 is level; a margin of a quarter of the armies' points is worth about 0.9. A finished game counts its result
 * (win 1, draw 0.5, loss 0) with a little of the margin so that bigger wins still rank higher.
 */
export function evaluate(state: GameState, side: string, scale: number): number {
  const m = Math.tanh((6 * pointsMargin(state, side)) / Math.max(1, scale));
  const byMargin = 0.5 + 0.5 * m;
  if (!state.result) return byMargin;
  const r = state.result.winner === side ? 1 : state.result.winner === null ? 0.5 : 0;
  return 0.8 * r + 0.2 * byMargin;
}

/** The armies' combined points at a state (the evaluation's scale). */
export function armyScale(state: GameState): number {
  return Object.values(allPoints(state)).reduce((a, b) => a + b, 0);
}
