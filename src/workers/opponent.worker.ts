/** Web Worker: the computer opponent thinks here, off the page's thread (comlink). */
import { expose } from 'comlink';
import { decide } from './levels';
import type { Action, GameState } from '../rules';

const api = {
  /** The computer's action, its thinking capped at the level's time on this worker's clock. */
  decide: (state: GameState, side: string, level: number, seed: number): Action => decide(state, side, level, seed, () => performance.now()),
};
export type OpponentApi = typeof api;
expose(api);
