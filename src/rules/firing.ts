/** Line of fire (9B), public: the core's reading (core/fire.ts) on a state's position. */
import type { Square } from './coords';
import type { GameState } from './state';
import { positionOf } from './game';
import { fireClear } from './core';

/**
 * Line of fire (9B reading): crossed squares screen when they hold troops or are protected; exact corners need
 * both. A ballista is not a troop: a square holding only a ballista does not screen (9E).
 */
export function lineOfFireClear(state: GameState, from: Square, to: Square): boolean {
  const p = positionOf(state);
  return fireClear(p, p.board.index.get(from)!, p.board.index.get(to)!);
}
