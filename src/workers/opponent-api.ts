/**
 * What the opponent worker does, without the worker (so the bench and tests run it as the worker does): the
 * computer's decisions and the player's hints, each from a structured clone of the game. The clone's scenario,
 * rules and sides are new objects every time, and the engine's caches (the integer board, the move memo, the move
 * and fire tables) are kept per those objects: so the last game's are kept here and put back into a state whose
 * scenario is unchanged, and the caches built for one decision serve the next.
 */
import type { Action, GameState } from '../rules';
import { hint, type HintChoice } from '../ai/hint';
import { decide, hintLevel } from './levels';

/** The parts of a state that stay the same for the whole game (the caches are kept by these objects). */
type Fixed = Pick<GameState, 'scenario' | 'rules' | 'sides' | 'board' | 'seed'>;

/**
 * A function that hands back each state with the last game's fixed parts (the very objects of the first state seen
 * with them) when they are unchanged, so the engine's caches kept by those objects still apply; a state of another
 * game (or scenario) is kept as it is and becomes the last.
 */
export function fixedPartsKeeper(): (state: GameState) => GameState {
  let last: { key: string; fixed: Fixed } | null = null;
  return (state) => {
    const fixed: Fixed = { scenario: state.scenario, rules: state.rules, sides: state.sides, board: state.board, seed: state.seed };
    const key = JSON.stringify(fixed);
    if (last?.key !== key) { last = { key, fixed }; return state; }
    return { ...state, ...last.fixed };
  };
}

/** The opponent's functions, with their caches. `now`: the clock that caps the decisions (the worker's own). */
export function opponentApi(now: () => number) {
  const prepared = fixedPartsKeeper();
  return {
    /** The computer's action, its thinking capped at the level's time on this worker's clock. */
    decide: (state: GameState, side: string, level: number, seed: number): Action => decide(prepared(state), side, level, seed, now),
    /**
     * The top three choices for `side`'s current decision at a level (iterations only: the CLI gives the same
     * numbers). `progress` is told done/total as the work goes on.
     */
    hint: (state: GameState, side: string, level: number, seed: number, progress?: (done: number, total: number) => void): HintChoice[] =>
      hint(prepared(state), side, { level: hintLevel(level), seed, k: 3, ...(progress ? { progress } : {}) }),
  };
}

export type OpponentApi = ReturnType<typeof opponentApi>;
