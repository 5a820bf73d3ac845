/** Saved games: {scenario, seed, actions}; replaying the log reproduces the state exactly. */
import type { Scenario } from './scenario';
import type { Action } from './actions';
import { applyAction, createGame } from './game';
import type { GameState } from './state';

/** Who plays a side: a person, or the computer at a level (1 Easy, 2 Normal, 3 Hard). */
export type Player = { kind: 'human' } | { kind: 'computer'; level: number };

export interface SavedGame {
  format: 'nevsky-game';
  version: 1;
  scenario: Scenario;
  seed: number;
  turnLimit?: number | null;
  /** Who plays each side, by side id; a game without it is played hot-seat (two people). */
  players?: Record<string, Player>;
  actions: Action[];
}

/** The saved form of a game. */
export function saveGame(state: GameState): SavedGame {
  return { format: 'nevsky-game', version: 1, scenario: state.scenario, seed: state.seed, turnLimit: state.rules.turnLimit, actions: state.log };
}

/**
 * Where an action of a saved game went wrong, as every message about one says it: its index in the file's action
 * list, its JSON pointer and its type ("action 151 (/actions/151, a move): ..."), so it can be found in the file.
 */
export function actionFault(index: number, type: unknown, message: string, pointer = `/actions/${index}`): string {
  // The type is named only when it is a plain word: the file's own text could be anything.
  const kind = typeof type === 'string' && /^[A-Za-z]{1,20}$/.test(type) ? `, ${/^[aeiou]/i.test(type) ? 'an' : 'a'} ${type}` : '';
  return `action ${index} (${pointer}${kind}): ${message}`;
}

/** Replay a saved game from the start; throws RuleError (the message made by `actionFault`) on an illegal action. */
export function replayGame(saved: Pick<SavedGame, 'scenario' | 'seed' | 'actions'> & { turnLimit?: number | null }): GameState {
  let s = createGame(saved.scenario, { seed: saved.seed, ...(saved.turnLimit !== undefined ? { turnLimit: saved.turnLimit } : {}) });
  saved.actions.forEach((a, i) => {
    try {
      s = applyAction(s, a);
    } catch (err) {
      if (err instanceof Error) err.message = actionFault(i, a.type, err.message);
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
