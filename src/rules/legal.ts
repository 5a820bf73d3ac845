/** reachableSquares (public API): where a unit could end a move, read from the core's move search and listing. */
import type { Square } from './coords';
import type { GameState } from './state';
import { positionOf } from './game';
import { BALLISTA as TYPE_BALLISTA, positionContext, reachOf, unitMoveList } from '../engine';

/**
 * Every square where the unit could end a move from where it stands, ignoring whose phase it is, mapped to the
 * movement used. Its own square is not included.
 */
export function reachable(state: GameState, unitId: string): Record<Square, number> {
  const out: Record<Square, number> = {};
  const p = positionOf(state);
  const x = p.index.get(unitId);
  if (x === undefined || p.sq[x]! < 0 || p.type[x] === TYPE_BALLISTA) return out;
  const ctx = positionContext(p);
  const r = reachOf(ctx, x, false);
  const costs = new Map<Square, number>();
  for (let k = 0; k < r.count; k++) costs.set(p.board.names[r.square[k]!]!, r.cost[k]! / 2);
  for (const a of unitMoveList(ctx, x)) {
    if (a.type !== 'move' || a.to === 'off' || a.carry || a.split || a.runOver) continue;
    out[a.to] = costs.get(a.to)!;
  }
  return out;
}

/**
 * Both sides' melee values at a melee's contact square, attacker first, with how each is made up (9F): the readable
 * rule (meleeValue.ts), which the fuzz suite holds the engine's fight to. Empty when no melee is there.
 */
export { meleeValuesAt as meleeValues } from './meleeValue';
