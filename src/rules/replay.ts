/** Saved games: {scenario, seed, actions}; replaying the log reproduces the state exactly. */
import type { Scenario } from './scenario';
import type { Action } from './actions';
import { applyAction, createGame } from './game';
import type { GameState } from './state';

export interface SavedGame {
  format: 'nevsky-game';
  version: 1;
  scenario: Scenario;
  seed: number;
  turnLimit?: number | null;
  actions: Action[];
}

/** The saved form of a game. */
export function saveGame(state: GameState): SavedGame {
  return { format: 'nevsky-game', version: 1, scenario: state.scenario, seed: state.seed, turnLimit: state.rules.turnLimit, actions: state.log };
}

/** Replay a saved game from the start; throws RuleError (with the action's index in the message) on an illegal action. */
export function replayGame(saved: Pick<SavedGame, 'scenario' | 'seed' | 'actions'> & { turnLimit?: number | null }): GameState {
  let s = createGame(saved.scenario, { seed: saved.seed, ...(saved.turnLimit !== undefined ? { turnLimit: saved.turnLimit } : {}) });
  saved.actions.forEach((a, i) => {
    try {
      s = applyAction(s, a);
    } catch (err) {
      if (err instanceof Error) err.message = `action ${i + 1} (${a.type}): ${err.message}`;
      throw err;
    }
  });
  return s;
}

/** A short stable hash of a state (FNV-1a over its JSON), for "same game" checks. */
export function stateHash(state: GameState): string {
  const text = JSON.stringify({ ...state, events: [] });
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}
