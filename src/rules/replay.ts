/** Saved games: {scenario, seed, actions}; replaying the log reproduces the state exactly. */
import type { Scenario } from './scenario';
import type { Action } from './actions';
import { applyAction, createGame } from './game';
import type { GameState } from './state';
import { createRng } from './random';
import type { Message } from '../distance/message';

/** A game played at a distance: its messages and the dice agreed by them (schemas/game.schema.json `distance`). */
export interface DistanceRecord {
  game: string;
  side: string;
  /** Before the action at index `at`, the dice restart from `seed`. */
  dice: Array<{ at: number; seed: number }>;
  messages: Message[];
  closing?: { secrets?: Array<{ n: number; secret: string }>; seals?: Array<{ n: number; salt: string; actions: Action[] }> };
}

/** Who plays a side: a person, or the computer at a level (1 Easy, 2 Normal, 3 Hard). */
export type Player = { kind: 'human' } | { kind: 'computer'; level: number };

/**
 * The saved game format's version. 2: missile fire is one shot at a time, each rolled as it is made (R-fire-order),
 * and a shot's losses between a commander and a unit are chosen (`fireLoss`, R-two-types); `fireFirst` is gone. A
 * version 1 game's `fire` actions would replay with other dice, so such games are refused (readGame). 3: a move's
 * `runOver` names the square ridden over (R-run-over: a run-over is part of any move and may go on beyond it); a
 * version 2 game's `runOver: true` meant its move's own square, and is read so (readGame migrates it).
 */
export const GAME_FORMAT_VERSION = 3;

export interface SavedGame {
  format: 'nevsky-game';
  version: typeof GAME_FORMAT_VERSION;
  scenario: Scenario;
  seed: number;
  turnLimit?: number | null;
  /** Who plays each side, by side id; a game without it is played hot-seat (two people). */
  players?: Record<string, Player>;
  actions: Action[];
  distance?: DistanceRecord;
}

/**
 * The state to apply a saved game's action `index` to: a game played at a distance restarts its dice where its
 * players agreed a seed (every way of replaying a saved game goes through here).
 */
export function diceFor(saved: { distance?: DistanceRecord }, index: number, state: GameState): GameState {
  const agreed = saved.distance?.dice.find((d) => d.at === index);
  return agreed ? { ...state, rng: createRng(agreed.seed) } : state;
}

/** The saved form of a game. */
export function saveGame(state: GameState): SavedGame {
  return { format: 'nevsky-game', version: GAME_FORMAT_VERSION, scenario: state.scenario, seed: state.seed, turnLimit: state.rules.turnLimit, actions: state.log };
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

/**
 * Replay a saved game from the start; throws RuleError (the message made by `actionFault`) on an illegal action.
 * `each` sees every state on the way, the first one included (a log printed as it goes).
 */
export function replayGame(saved: Pick<SavedGame, 'scenario' | 'seed' | 'actions' | 'distance'> & { turnLimit?: number | null }, each?: (s: GameState) => void): GameState {
  let s = createGame(saved.scenario, { seed: saved.seed, ...(saved.turnLimit !== undefined ? { turnLimit: saved.turnLimit } : {}) });
  each?.(s);
  saved.actions.forEach((a, i) => {
    try {
      s = applyAction(diceFor(saved, i, s), a);
    } catch (err) {
      if (err instanceof Error) err.message = actionFault(i, a.type, err.message);
      throw err;
    }
    each?.(s);
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
