/** The page's handle on the opponent worker: start it, ask it for a decision, stop it (cancels any thinking). */
import { wrap, type Remote } from 'comlink';
import type { Action, GameState } from '../rules';
import type { OpponentApi } from './opponent.worker';

export interface Opponent {
  decide(state: GameState, side: string, level: number, seed: number): Promise<Action>;
  stop(): void;
}

export function startOpponent(): Opponent {
  const worker = new Worker(new URL('./opponent.worker.ts', import.meta.url), { type: 'module', name: 'opponent' });
  const api: Remote<OpponentApi> = wrap<OpponentApi>(worker);
  return {
    decide: (state, side, level, seed) => api.decide(state, side, level, seed),
    stop: () => worker.terminate(),
  };
}
