/**
 * The page's handle on the opponent worker: start it, ask it for a decision, stop it (cancels any thinking).
 * A worker that fails (`error`, `messageerror`) or does not answer within its level's time cap plus a grace
 * rejects the decision with OpponentStopped, so the page can say so and ask again with a fresh worker.
 */
import { proxy, wrap, type Remote } from 'comlink';
import type { Action, GameState } from '../rules';
import type { HintChoice } from '../ai/hint';
import { withTimeout } from '../stores/db';
import { thinkingCapMs } from './levels';
import type { OpponentApi } from './opponent-api';

export interface Opponent {
  decide(state: GameState, side: string, level: number, seed: number): Promise<Action>;
  /** The side's top three choices with their chances (not capped in time: the page shows `progress` and may stop). */
  hint(state: GameState, side: string, level: number, seed: number, progress?: (done: number, total: number) => void): Promise<HintChoice[]>;
  stop(): void;
}

/** The computer's worker died or stopped answering; the same decision can be asked of a new worker. */
export class OpponentStopped extends Error {}

/** How long past a level's thinking cap an answer may take (starting the worker, messages, one long simulation). */
export const OPPONENT_GRACE_MS = 3000;

/** How long the page waits for a decision of `level` before it calls the worker lost. */
export function answerWithinMs(level: number): number {
  return thinkingCapMs(level) + OPPONENT_GRACE_MS;
}

export function startOpponent(): Opponent {
  const worker = new Worker(new URL('./opponent.worker.ts', import.meta.url), { type: 'module', name: 'opponent' });
  const api: Remote<OpponentApi> = wrap<OpponentApi>(worker);
  let fail: (reason: string) => void = () => {};
  const died = new Promise<never>((_, reject) => { fail = (reason) => reject(new OpponentStopped(`The computer stopped answering (${reason}).`)); });
  died.catch(() => undefined);
  worker.addEventListener('error', (ev) => { ev.preventDefault(); fail(ev.message ? `its worker failed: ${ev.message}` : 'its worker failed'); });
  worker.addEventListener('messageerror', () => { fail('a message from its worker could not be read'); });
  return {
    decide: (state, side, level, seed) => {
      const ms = answerWithinMs(level);
      const late = () => new OpponentStopped(`The computer stopped answering (no decision within ${ms / 1000} s).`);
      return withTimeout(Promise.race([api.decide(state, side, level, seed), died]), ms, late);
    },
    hint: (state, side, level, seed, progress) => Promise.race([api.hint(state, side, level, seed, progress ? proxy(progress) : undefined), died]),
    stop: () => worker.terminate(),
  };
}
